/**
 * Hostile patterns (issue 32, decision 252): `diff` never runs a document's pattern with a
 * backtracking engine. A pattern changed to `^(a+)+$` answers quickly with its counterexample; a
 * pattern no linear engine can run makes the change undecided (exit 1) with the reason.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runChild } from "./run.js";

const tmp = mkdtempSync(join(tmpdir(), "security-patterns-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function pair(name: string, oldPattern: string, newPattern: string): [string, string] {
  const doc = (pattern: string) =>
    JSON.stringify({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { name: { type: "string", pattern } },
      required: ["name"],
    });
  const a = join(tmp, `${name}-old.json`);
  const b = join(tmp, `${name}-new.json`);
  writeFileSync(a, doc(oldPattern));
  writeFileSync(b, doc(newPattern));
  return [a, b];
}

describe("diff on hostile patterns", () => {
  it("a pattern changed to ^(a+)+$ is breaking, shown with a payload, within seconds", async () => {
    // Old payloads are 25+ a's then '!': a backtracking engine takes minutes on each (did not finish in 100 s).
    const [a, b] = pair("redos", "^a{25}a*!?$", "^(a+)+$");
    const r = await runChild(["diff", a, b, "--format", "json"]);
    expect(r.code, r.stderr).toBe(1);
    const [finding] = JSON.parse(r.stdout).findings;
    expect(finding).toMatchObject({ kind: "pattern-changed", verdict: "breaking" });
    expect(finding.counterexample.payload.name).toMatch(/^a{25,}/);
    // The budget is 5 s on a quiet machine; generous here so the test is not a timed benchmark.
    expect(r.seconds).toBeLessThan(20);
  });

  it("a pattern with a lookahead or a backreference is undecided with its reason, never run", async () => {
    for (const [name, pattern, reason] of [
      ["lookahead", "^(?=a)(a+)+$", "it uses a lookahead"],
      ["backref", "^(a+)+\\1$", "it uses a backreference"],
    ]) {
      const [a, b] = pair(name!, "^a{25}a*!?$", pattern!);
      const r = await runChild(["diff", a, b, "--format", "json"]);
      expect(r.code, r.stderr).toBe(1);
      const out = JSON.parse(r.stdout);
      expect(out.verdict).toBe("undecided");
      expect(out.findings[0].evidence).toContain(`undecidable: pattern ${JSON.stringify(pattern)}: ${reason}`);
      expect(r.seconds).toBeLessThan(20);
    }
  });
});
