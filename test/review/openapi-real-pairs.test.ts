/**
 * Real OpenAPI change pairs from public API descriptions (test/review/real-pairs/, sources and
 * trimming in SOURCES.md): `diff` runs on every pair; its verdict must equal the hand verdict and
 * every expected breaking change must be among its breaking changes (same place, an accepted kind).
 * Pairs `diff` gets wrong are listed as known misses with the reason: such a pair must still be
 * wrong, so a fix shows up here and the list stays honest. Recall and precision are printed.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { diffDocuments } from "../../src/review/run-diff.js";
import type { DiffReport } from "../../src/review/diff.js";

interface ExpectedBreak {
  /** Path prefix (or alternatives) of the change in the report. */
  at: string | string[];
  /** Accepted change kinds; any kind when absent. */
  kinds?: string[];
}
interface Pair {
  id: string;
  source: { repo: string; path: string; old: string; new: string; operations: string[] };
  openapi: string;
  verdict: "breaking" | "needs-review" | "compatible";
  breaking: ExpectedBreak[];
  argument: string;
  knownMiss?: string;
}

const dir = join(dirname(fileURLToPath(import.meta.url)), "real-pairs");
const { pairs } = JSON.parse(readFileSync(join(dir, "pairs.json"), "utf8")) as { pairs: Pair[] };

function judge(p: Pair, r: DiffReport): { ok: boolean; why: string[]; found: number } {
  const why: string[] = [];
  if (r.verdict !== p.verdict) why.push(`verdict ${r.verdict}, expected ${p.verdict}`);
  let found = 0;
  for (const e of p.breaking) {
    const prefixes = Array.isArray(e.at) ? e.at : [e.at];
    const hit = r.findings.some(
      (c) =>
        c.verdict === "breaking" &&
        prefixes.some((a) => c.path.startsWith(a)) &&
        (!e.kinds || e.kinds.includes(c.kind)),
    );
    if (hit) found++;
    else why.push(`no breaking ${e.kinds?.join("|") ?? "change"} at ${prefixes.join(" or ")}`);
  }
  return { ok: why.length === 0, why, found };
}

const results = new Map<
  string,
  { expected: Pair["verdict"]; got: DiffReport["verdict"]; expectedBreaks: number; found: number }
>();

describe("real OpenAPI change pairs", () => {
  it("has at least 40 pairs from at least 3 public API descriptions, OpenAPI 3.0 and 3.1, each with both files and a hand argument", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(40);
    expect(new Set(pairs.map((p) => p.source.repo)).size).toBeGreaterThanOrEqual(3);
    expect(pairs.some((p) => p.openapi.startsWith("3.0"))).toBe(true);
    expect(pairs.some((p) => p.openapi.startsWith("3.1"))).toBe(true);
    expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
    for (const p of pairs) {
      expect(p.argument.length, p.id).toBeGreaterThan(10);
      expect(p.source.old, p.id).toMatch(/^[0-9a-f]{40}$/);
      expect(p.source.new, p.id).toMatch(/^[0-9a-f]{40}$/);
      // A breaking verdict names what breaks; the others name nothing.
      expect(p.breaking.length > 0, p.id).toBe(p.verdict === "breaking");
    }
  });

  for (const p of pairs) {
    it(`${p.id}: ${p.verdict}${p.knownMiss ? " (known miss)" : ""}`, { timeout: 240_000 }, async () => {
      const r = await diffDocuments(join(dir, p.id, "old.json"), join(dir, p.id, "new.json"), { samples: 200 });
      const j = judge(p, r);
      results.set(p.id, { expected: p.verdict, got: r.verdict, expectedBreaks: p.breaking.length, found: j.found });
      if (p.knownMiss)
        expect(j.ok, `${p.id} is listed as a known miss but diff now gets it right: remove knownMiss`).toBe(false);
      else expect(j.why, `${p.id}: ${p.argument}`).toEqual([]);
    });
  }

  afterAll(() => {
    const rows = [...results.values()];
    if (rows.length < pairs.length) return; // a filtered run
    const expectedBreaking = rows.filter((x) => x.expected === "breaking");
    const reportedBreaking = rows.filter((x) => x.got === "breaking");
    const both = rows.filter((x) => x.expected === "breaking" && x.got === "breaking");
    const agree = rows.filter((x) => x.expected === x.got);
    const changes = expectedBreaking.reduce((n, x) => n + x.expectedBreaks, 0);
    const foundChanges = expectedBreaking.reduce((n, x) => n + x.found, 0);
    console.log(
      `real pairs: ${agree.length}/${rows.length} verdicts agree; breaking recall ${both.length}/${expectedBreaking.length} pairs, ` +
        `precision ${both.length}/${reportedBreaking.length} pairs; expected breaking changes found ${foundChanges}/${changes}`,
    );
  });
});
