/**
 * A huge `enum` (issue 32): comparing n values against the other side's enum is linear (a set), not
 * n validations of n values each. 20,000 values answer within seconds; 200,000 finish (quadratic,
 * 20,000 took 22 s and 200,000 did not finish).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runChild } from "./run.js";

const tmp = mkdtempSync(join(tmpdir(), "security-enum-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Old has v0..v(n-1); new drops v0 and adds w. */
function pair(n: number): [string, string] {
  const doc = (values: string[]) =>
    JSON.stringify({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { k: { type: "string", enum: values } },
      required: ["k"],
    });
  const values = Array.from({ length: n }, (_, i) => `v${i}`);
  const a = join(tmp, `${n}-old.json`);
  const b = join(tmp, `${n}-new.json`);
  writeFileSync(a, doc(values));
  writeFileSync(b, doc([...values.slice(1), "w"]));
  return [a, b];
}

describe("diff on a huge enum", () => {
  it("20,000 values: the removed value is found, within seconds and the memory budget", async () => {
    const [a, b] = pair(20_000);
    const r = await runChild(["diff", a, b, "--format", "json"]);
    expect(r.code, r.stderr).toBe(1);
    const kinds = JSON.parse(r.stdout).findings.map((f: { kind: string; subject: unknown }) => f.kind);
    expect(kinds).toContain("enum-value-removed");
    // Under 3 s on a quiet machine; generous here so the test is not a timed benchmark.
    expect(r.seconds).toBeLessThan(20);
    expect(r.peakMb).toBeLessThan(400);
  });

  it("200,000 values finish (a quadratic comparison would take hours)", async () => {
    const [a, b] = pair(200_000);
    const r = await runChild(["diff", a, b, "--format", "json"], { timeoutMs: 90_000 });
    expect(r.code, r.stderr).toBe(1);
    expect(JSON.parse(r.stdout).verdict).toBe("breaking");
    expect(r.peakMb).toBeLessThan(400);
  }, 120_000);
});
