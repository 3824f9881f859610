/**
 * The wright-agent pair (upstream 48499628 against ours, ~900 changes; the diff.large benchmark's
 * input): the set of changes and their verdicts is pinned (verdicts.txt, one `verdict kind path`
 * line per change), so caching and other speed work cannot change what the diff says; and the
 * breaking counterexamples are measured for where they fail first (issue 14 item 6).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { diffDocuments } from "../../src/review/run-diff.js";
import type { DiffReport } from "../../src/review/diff.js";
import { errorInside } from "../../src/review/diff.js";
import { shownAtChange } from "../../src/review/change.js";

const DIR = join(import.meta.dirname, "fixtures/wright-agent-pair");
/**
 * Shares measured on this pair (docs/review.md, "Counterexamples"), 367 breaking counterexamples
 * (389 before union branches were paired by identity, decision 126: 22 were pairings across definitions):
 * - shown at the change (`shownAtChange`): 359/367. The first error names the change, or the
 *   payload fails first only at members where the versions share no value (`atChange.apart`: `origin`
 *   an object in the old version and a string in the new one, required in both; the closed edit
 *   objects requiring `new_text` vs `text`), and with those members as the rejecting version has them
 *   its error names the change. The 8 others: SelectionSummary below a result whose program `origin`
 *   differs (6), ProviderValidateEditRequest's transaction (2).
 * - first error at the change (ajv's order): 306/367 (a ratchet: 315/389 before decision 168, 328/389 after; the rest
 *   fail first at such a disjoint member, which ajv checks before the change, and cannot do otherwise).
 * - of those built as a one-member edit of a payload both versions accept (`isolated`): 281/281.
 */
const SHOWN_AT_CHANGE = 0.95;
const AT_CHANGE = 0.83;
const ISOLATED_AT_CHANGE = 0.99;

let report: DiffReport;
beforeAll(async () => {
  report = await diffDocuments(join(DIR, "old.schema.json"), join(DIR, "new.schema.json"));
}, 600_000);

describe("the wright-agent pair", () => {
  it("reports exactly the pinned changes and verdicts", () => {
    const pinned = readFileSync(join(DIR, "verdicts.txt"), "utf8").trim().split("\n");
    const now = report.changes.map((c) => `${c.verdict} ${c.kind} ${c.path}`);
    expect(now.filter((l) => !pinned.includes(l))).toEqual([]);
    expect(pinned.filter((l) => !now.includes(l))).toEqual([]);
    expect(now.length).toBe(pinned.length);
  });

  it("breaking counterexamples fail first at the changed member", () => {
    const shown = report.changes.filter((c) => c.verdict === "breaking" && c.counterexample);
    const at = shown.filter((c) => errorInside(c.counterexample!, c.at ?? ""));
    const isolated = shown.filter((c) => c.counterexample!.isolated === true);
    const isolatedAt = isolated.filter((c) => errorInside(c.counterexample!, c.at ?? ""));
    const named = shown.filter((c) => shownAtChange(c.counterexample!, c.at ?? ""));
    console.log(`wright-agent pair: ${named.length}/${shown.length} breaking counterexamples shown at the change; ${at.length}/${shown.length} fail first there; ${isolatedAt.length}/${isolated.length} of the one-member edits of a payload both versions accept`);
    expect(shown.length).toBeGreaterThan(300);
    expect(named.length / shown.length).toBeGreaterThanOrEqual(SHOWN_AT_CHANGE);
    expect(at.length / shown.length).toBeGreaterThanOrEqual(AT_CHANGE);
    // An `atChange` only where the first error is elsewhere, and its `apart` members never contain the change.
    for (const c of shown.filter((x) => x.counterexample!.atChange)) {
      expect(errorInside(c.counterexample!, c.at ?? "")).toBe(false);
      for (const p of c.counterexample!.atChange!.apart) expect((c.at ?? "").startsWith(`${p}/`) || p === c.at).toBe(false);
    }
    expect(isolatedAt.length / isolated.length).toBeGreaterThanOrEqual(ISOLATED_AT_CHANGE);
  });
});
