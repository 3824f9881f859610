/** src/review/schema/pattern-inclusion.ts: is every string one pattern matches matched by another (decision 276)? */
import { describe, expect, it } from "vitest";
import { patternIncluded } from "../../src/review/schema/pattern-inclusion.js";
import { patternMatches } from "../../src/schema/pattern.js";

/** [A, B]: every string matching A matches B. */
const CONTAINED: Array<[string, string]> = [
  ["^abc", "^ab"], // anchored prefix shortened
  ["^[a-z]+$", "^[a-z0-9]+$"], // character class widened
  ["^(cat|dog)$", "^(cat|dog|bird)$"], // alternative added
  ["^[0-9]{3}$", "^[0-9]{3,5}$"], // repeat range widened
  ["^\\d+$", "^[0-9]+$"], // the same language spelled differently
  ["^\\w+$", "^[A-Za-z0-9_]+$"],
  ["abc", "b"], // unanchored: a string containing abc contains b
  ["^sk-[A-Za-z0-9]{20,}$", "^sk-"],
  ["^\\p{Lu}+$", "^\\p{L}+$"],
  ["x", ""], // the empty pattern matches every string
];

/** [A, B]: some string matches A and not B. */
const REFUTED: Array<[string, string]> = [
  ["^ab", "^abc"],
  ["^[a-z0-9]+$", "^[a-z]+$"],
  ["^(cat|dog|bird)$", "^(cat|dog)$"],
  ["^[0-9]{3,5}$", "^[0-9]{3}$"],
  ["b", "abc"],
  ["^.+$", "^[^:]+:[^:]+$"],
  ["^\\p{L}*$", "^\\p{L}+$"],
  ["^a|b", "^a"], // an alternative of A that B lost
];

describe("patternIncluded", () => {
  for (const [a, b] of CONTAINED) it(`${a} ⊆ ${b}`, () => expect(patternIncluded(a, b)).toEqual({ kind: "contained" }));

  for (const [a, b] of REFUTED)
    it(`${a} ⊄ ${b}, with a witness the linear matcher confirms`, () => {
      const r = patternIncluded(a, b);
      expect(r.kind).toBe("refuted");
      const w = (r as { witness: string }).witness;
      expect([w, patternMatches(a, w), patternMatches(b, w)]).toEqual([w, true, false]);
    });

  it("witnesses are short and readable: the shortest string, printable characters first", () => {
    expect(patternIncluded("^[a-z0-9]+$", "^[a-z]+$")).toEqual({ kind: "refuted", witness: "0" });
    expect(patternIncluded("^(cat|dog|bird)$", "^(cat|dog)$")).toEqual({ kind: "refuted", witness: "bird" });
    expect(patternIncluded("^[^:]+:[^:]+$", "^[a-z]+:[a-z]+$")).toEqual({ kind: "refuted", witness: "a:0" });
  });

  it("says undecided, with the reason, what it cannot walk: lookahead, word boundaries, case folding, too many states", () => {
    const reason = (a: string, b: string) => {
      const r = patternIncluded(a, b);
      expect(r.kind, `${a} vs ${b}`).toBe("undecided");
      return (r as { reason: string }).reason;
    };
    expect(reason("^(?=a)", "^a")).toMatch(/lookahead/);
    expect(reason("^a\\b", "^a")).toMatch(/word boundary/);
    expect(reason("^[\\s\\S]{3000}$", "^.{3000}$|\\n")).toMatch(/more than \d+ states/);
  });
});
