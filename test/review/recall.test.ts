/**
 * The misses issue 34 item 4 names, each fixed with a pair where the change fires (its verdict, its
 * kind, a counterexample both versions' validators confirm where one exists) and a pair where it
 * stays quiet (the relaxation or equal rewrite judged compatible). Documents are built in memory and
 * diffed by the real engine.
 */
import { describe, expect, it } from "vitest";
import type { LoadedContract } from "../../src/contracts/index.js";
import { diffContracts } from "../../src/review/run-diff.js";
import type { DiffReport } from "../../src/review/diff.js";
import { requestChange, responseChange } from "../../src/review/kinds/examples.js";
import type { DocPair } from "../../src/review/kinds/kind.js";

function contract(doc: Record<string, unknown>, path: string): LoadedContract {
  return {
    entry: { name: "example", kind: "openapi", version: "", entry: path },
    doc: { path, root: doc, files: new Map([[path, doc]]), bytes: new Map() },
    problems: [],
  };
}

function diff(p: DocPair): DiffReport {
  return diffContracts(contract(p.old, "/virtual/old.json"), contract(p.new, "/virtual/new.json"), { samples: 100 });
}

/** The (kind, verdict) pairs of a report, and the first breaking finding's counterexample payload. */
function summary(r: DiffReport) {
  return {
    verdict: r.verdict,
    findings: r.findings.map((f) => `${f.verdict} ${f.kind}`),
    payload: r.findings.find((f) => f.verdict === "breaking")?.counterexample?.payload,
  };
}

const member = (schema: unknown) => ({ type: "object", properties: { s: schema } });
const str = (pattern: string) => member({ type: "string", pattern });

describe("pattern changes are decided by inclusion (decision 276)", () => {
  it("a tightened pattern on a request is breaking, shown with the shortest string only the old one matches (fires)", () => {
    expect(summary(diff(requestChange(str("^[a-z0-9]+$"), str("^[a-z]+$"))))).toEqual({
      verdict: "breaking",
      findings: ["breaking pattern-changed"],
      payload: { s: "0" },
    });
    expect(summary(diff(requestChange(str("^(cat|dog|bird)$"), str("^(cat|dog)$")))).payload).toEqual({ s: "bird" });
  });

  it("a relaxed pattern on a request is compatible: prefix shortened, class widened, alternative added, range widened (quiet)", () => {
    for (const [a, b] of [
      ["^abc", "^ab"],
      ["^[a-z]+$", "^[a-z0-9]+$"],
      ["^(cat|dog)$", "^(cat|dog|bird)$"],
      ["^[0-9]{3}$", "^[0-9]{3,5}$"],
    ])
      expect(summary(diff(requestChange(str(a!), str(b!)))).verdict, `${a} -> ${b}`).toBe("compatible");
  });

  it("on a response the directions swap: a relaxation is breaking, a tightening compatible", () => {
    expect(summary(diff(responseChange(str("^[a-z]+$"), str("^[a-z0-9]+$"))))).toMatchObject({
      verdict: "breaking",
      payload: { s: "0" },
    });
    expect(summary(diff(responseChange(str("^[a-z0-9]+$"), str("^[a-z]+$")))).verdict).toBe("compatible");
  });

  it("a pattern change the inclusion walk cannot decide is undecided with the reason, not breaking", () => {
    const r = diff(requestChange(str("^a\\b"), str("^a")));
    expect(summary(r).findings).toEqual(["undecided pattern-changed"]);
    expect(r.findings[0]!.evidence).toMatch(/undecided: the inclusion walk does not model .*word boundary/);
  });
});
