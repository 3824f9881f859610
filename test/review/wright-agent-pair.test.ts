/**
 * The wright-agent pair (upstream 48499628 against ours, ~700 changes; the diff.large benchmark's
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
import { shownAtChange } from "../../src/review/finding.js";

const DIR = join(import.meta.dirname, "fixtures/wright-agent-pair");
/**
 * Shares measured on this pair (docs/review.md, "Counterexamples"). Since each change is one finding
 * (decision 248: two members made required at one `required` are two findings, a type narrowed one
 * way and widened the other is one): 321 breaking counterexamples, 321/321 shown at the change,
 * 289/321 fail first there (289/289 where one can), 266/266 isolated. Before: 228 breaking counterexamples
 * (367 before members an open object did not name became one change each, decision 240; 389 before
 * union branches were paired by identity, decision 126):
 * - shown at the change (`shownAtChange`): 228/228 (359/367 before decision 171). The first error names
 *   the change, or the payload fails first only at members where the versions share no value
 *   (`atChange.apart`), and with those members as the rejecting version has them its error names the change.
 * - first error at the change (ajv's order): 202/228 (a ratchet: 306/367 before 171, 308/367 after). The
 *   other 26 carry `unavoidable`, a proof (first-failure.ts, decision 171) that no payload the accepting
 *   version takes fails first at the change: a member beside it is required, checked first and shares no
 *   value: `origin` (object vs string) ×6, `result/program` (its `origin`) ×4, the closed edit objects
 *   (`text` vs `new_text`) ×7, `transaction` (those edits, checked before the change) ×7, `knownLimits`
 *   (string vs array) ×2.
 * - first error at the change where one can be (no `unavoidable` proof): 202/202.
 * - of those built as a one-member edit of a payload both versions accept (`isolated`): 186/186.
 */
const SHOWN_AT_CHANGE = 1;
const AT_CHANGE = 0.885;
const POSSIBLE_AT_CHANGE = 1;
const ISOLATED_AT_CHANGE = 1;

let report: DiffReport;
beforeAll(async () => {
  report = await diffDocuments(join(DIR, "old.schema.json"), join(DIR, "new.schema.json"));
}, 600_000);

describe("the wright-agent pair", () => {
  it("reports exactly the pinned changes and verdicts", () => {
    const pinned = readFileSync(join(DIR, "verdicts.txt"), "utf8").trim().split("\n");
    const now = report.findings.map((c) => `${c.verdict} ${c.kind} ${c.path}`);
    expect(now.filter((l) => !pinned.includes(l))).toEqual([]);
    expect(pinned.filter((l) => !now.includes(l))).toEqual([]);
    // As many findings of each line as pinned (two members made required at one `required` are two lines).
    expect([...now].sort()).toEqual([...pinned].sort());
  });

  it("breaking counterexamples fail first at the changed member", () => {
    const shown = report.findings.filter((c) => c.verdict === "breaking" && c.counterexample);
    const at = shown.filter((c) => errorInside(c.counterexample!, c.at ?? ""));
    const isolated = shown.filter((c) => c.counterexample!.isolated === true);
    const isolatedAt = isolated.filter((c) => errorInside(c.counterexample!, c.at ?? ""));
    const named = shown.filter((c) => shownAtChange(c.counterexample!, c.at ?? ""));
    // Where a first failure at the change can exist: all but those proved impossible.
    const possible = shown.filter((c) => !c.counterexample!.unavoidable);
    console.log(
      `wright-agent pair: ${named.length}/${shown.length} breaking counterexamples shown at the change; ${at.length}/${shown.length} fail first there (${at.length}/${possible.length} where one can); ${isolatedAt.length}/${isolated.length} of the one-member edits of a payload both versions accept`,
    );
    expect(shown.length).toBeGreaterThan(200);
    expect(named.length / shown.length).toBeGreaterThanOrEqual(SHOWN_AT_CHANGE);
    expect(at.length / shown.length).toBeGreaterThanOrEqual(AT_CHANGE);
    expect(at.length / possible.length).toBeGreaterThanOrEqual(POSSIBLE_AT_CHANGE);
    // A proof of impossibility only where the first error is elsewhere, at the member it names or inside it, beside the change.
    for (const c of shown.filter((x) => x.counterexample!.unavoidable)) {
      const { member } = c.counterexample!.unavoidable!;
      expect(errorInside(c.counterexample!, c.at ?? "")).toBe(false);
      expect(errorInside(c.counterexample!, member)).toBe(true);
      expect((c.at ?? "").startsWith(`${member}/`) || c.at === member).toBe(false);
    }
    // An `atChange` only where the first error is elsewhere, and its `apart` members never contain the change.
    for (const c of shown.filter((x) => x.counterexample!.atChange)) {
      expect(errorInside(c.counterexample!, c.at ?? "")).toBe(false);
      for (const p of c.counterexample!.atChange!.apart)
        expect((c.at ?? "").startsWith(`${p}/`) || p === c.at).toBe(false);
    }
    expect(isolatedAt.length / isolated.length).toBeGreaterThanOrEqual(ISOLATED_AT_CHANGE);
  });
});
