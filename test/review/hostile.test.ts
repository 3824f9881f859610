/** Hostile documents: member names like __proto__, deep nesting, odd keywords. No crash, no prototype pollution. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diffDocuments } from "../../src/review/run-diff.js";
import { lint } from "./lint-helpers.js";

const dir = mkdtempSync(join(tmpdir(), "contract-suite-hostile-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Written as raw text: a JS object literal would turn "__proto__" into a prototype, not a member.
// The `__proto__` member sits in an open object: codegen's bundle (buildBundle) currently drops a
// member of that name when it copies a schema (reported to its owner), which would make a closed
// object with a required `__proto__` unsatisfiable in any tool built on the bundle.
const OLD = `{"$schema":"https://json-schema.org/draft/2020-12/schema","$defs":{
  "Evil":{"type":"object","description":"d","required":["constructor"],
    "properties":{"__proto__":{"type":"object","description":"p","properties":{"polluted":{"type":"string","description":"x"}}},
      "constructor":{"type":"string","description":"c"},"prototype":{"type":"integer","description":"p"}}},
  "__proto__":{"type":"string","description":"a definition named __proto__"}}}`;

describe("hostile member names", () => {
  it("diff compares __proto__/constructor/prototype members as members, and finds a change under them", async () => {
    const oldPath = join(dir, "old.json");
    const newPath = join(dir, "new.json");
    writeFileSync(oldPath, OLD);
    writeFileSync(newPath, OLD.replace('"prototype":{"type":"integer"', '"prototype":{"type":"integer","minimum":5'));
    const report = await diffDocuments(oldPath, newPath, { samples: 50 });
    expect(report.verdict).toBe("breaking");
    const c = report.findings.find((x) => x.kind === "minimum-raised")!;
    expect(c.path).toBe("#/$defs/Evil/properties/prototype/minimum");
    const payload = c.counterexample!.payload as Record<string, unknown>;
    expect(Object.getPrototypeOf(payload)).toBe(Object.prototype);
    expect(payload.prototype).toBeLessThan(5);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });
  it("lint walks them without crashing or polluting", async () => {
    const report = await lint([{ kind: "json-schema", files: { "s.json": OLD } }]);
    expect(report.findings.filter((f) => f.rule === "load")).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it("a deeply nested schema is handled without a stack overflow", async () => {
    let s = '{"type":"string"}';
    for (let i = 0; i < 200; i++) s = `{"type":"array","items":${s}}`;
    const oldPath = join(dir, "deep-old.json");
    const newPath = join(dir, "deep-new.json");
    writeFileSync(oldPath, `{"$defs":{"D":${s}}}`);
    writeFileSync(newPath, `{"$defs":{"D":${s.replace('{"type":"string"}', '{"type":"string","maxLength":3}')}}}`);
    const report = await diffDocuments(oldPath, newPath, { samples: 20 });
    // Past the structural pass's depth limit: undecided (fails closed), unless a payload shows the break.
    expect(["breaking", "undecided"]).toContain(report.verdict);
    expect(report.findings.length).toBeGreaterThan(0);
  });
});
