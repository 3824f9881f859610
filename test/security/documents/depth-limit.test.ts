/**
 * The structural pass's depth limit (issue 32 item 4, decisions 255 and 270): a change below 48 nested
 * schema pairs is not judged, so it is `undecided` (diff exits 1, check wants a major bump) with the
 * limit in its evidence, unless the registry waives it (decision 253).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runChild } from "./run.js";

const tmp = mkdtempSync(join(tmpdir(), "security-depth-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * Deep: `chain` objects, each naming the next in `next`, end in C, an object nested `inner` levels
 * (member `v`) around a string of `maxLength` max. 45 + 10 levels is past the limit; 5 + 10 is not.
 */
function doc(chain: number, inner: number, max: number): string {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < chain; i++)
    defs[`L${i}`] = {
      type: "object",
      properties: { next: { $ref: i + 1 < chain ? `#/$defs/L${i + 1}` : "#/$defs/C" } },
    };
  let c: unknown = { type: "string", maxLength: max };
  for (let i = 0; i < inner; i++) c = { type: "object", properties: { v: c } };
  defs.C = c;
  return JSON.stringify({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    properties: { deep: { $ref: "#/$defs/L0" } },
    $defs: defs,
  });
}

let n = 0;
/** The pair as files; the change loosens maxLength 3 -> 5, which no payload can show as a break. */
function pair(chain: number): [string, string] {
  const dir = join(tmp, `p${n++}`);
  mkdirSync(join(dir, "history"), { recursive: true });
  writeFileSync(join(dir, "history/deep.json"), doc(chain, 10, 3));
  writeFileSync(join(dir, "deep.json"), doc(chain, 10, 5));
  return [join(dir, "history/deep.json"), join(dir, "deep.json")];
}

/** A registry holding the pair as contract `deep` 1.1.0 (history 1.0.0), with the given top-level members. */
function registry(chain: number, version: string, extra: Record<string, unknown> = {}): string {
  const [old] = pair(chain);
  const dir = join(old, "../..");
  writeFileSync(
    join(dir, "index.json"),
    JSON.stringify({
      contracts: [
        {
          name: "deep",
          kind: "json-schema",
          version,
          entry: "deep.json",
          history: [{ version: "1.0.0", entry: "history/deep.json" }],
        },
      ],
      ...extra,
    }),
  );
  writeFileSync(join(dir, "lint.json"), JSON.stringify({ rules: {} }));
  return dir;
}

const REASON = "maxLength only grew; the limit cut the comparison, reviewed by hand";
const stage = (stdout: string) =>
  (JSON.parse(stdout).stages as { stage: string; ok: boolean; details: string[] }[]).find((s) => s.stage === "compat")!;

describe("the structural pass's depth limit fails closed", () => {
  it("a change past 48 nested pairs is undecided, with the limit in its evidence: diff exits 1", async () => {
    const r = await runChild(["diff", ...pair(45), "--format", "json"]);
    expect(r.code, r.stderr).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.verdict).toBe("undecided");
    expect(out.findings).toHaveLength(1);
    expect(out.findings[0]).toMatchObject({ kind: "nesting-too-deep", verdict: "undecided" });
    expect(out.findings[0].evidence).toContain("nesting too deep for the structural pass");
    expect(out.findings[0].evidence).toContain("undecided: the structural pass judges at most 48 nested schema pairs");
  });

  it("the same change within the limit is judged: compatible, exit 0", async () => {
    const r = await runChild(["diff", ...pair(5), "--format", "json"]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.verdict).toBe("compatible");
    expect(JSON.stringify(out)).not.toContain("too deep");
  });

  it("check asks for a major bump, and a registry waiver by kind lets a minor one pass", async () => {
    const minor = await runChild(["check", "--registry", registry(45, "1.1.0"), "--format", "json"]);
    expect(minor.code, minor.stdout).toBe(1);
    expect(stage(minor.stdout).details.join("\n")).toContain("undecided nesting-too-deep");
    const major = await runChild(["check", "--registry", registry(45, "2.0.0"), "--format", "json"]);
    expect(major.code, major.stdout).toBe(0);
    // The cut has a kind of its own: waiving the changed keywords the pass cannot decide does not waive it.
    const broad = registry(45, "1.1.0", {
      waivers: [{ contract: "deep", kind: "constraint-changed", reason: REASON }],
    });
    const notWaived = await runChild(["check", "--registry", broad, "--format", "json"]);
    expect(notWaived.code, notWaived.stdout).toBe(1);
    const dir = registry(45, "1.1.0", {
      waivers: [{ contract: "deep", kind: "nesting-too-deep", reason: REASON }],
    });
    const waived = await runChild(["check", "--registry", dir, "--format", "json"]);
    expect(waived.code, waived.stdout).toBe(0);
    const d = await runChild(["diff", join(dir, "history/deep.json"), join(dir, "deep.json"), "--registry", dir]);
    expect(d.code, d.stderr).toBe(0);
    expect(d.stdout).toContain(REASON);
  });
});
