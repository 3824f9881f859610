/** src/schema/pattern.ts: a document's pattern, run in linear time or said undecidable (decision 252). */
import { describe, expect, it } from "vitest";
import { compilePattern, linearRegExp, patternMatches, UndecidablePattern } from "../../src/schema/pattern.js";

/** Pairs on which the linear matcher must agree with ECMAScript's `u` semantics. */
const AGREES: Array<[string, string[]]> = [
  ["^[a-z0-9._-]+$", ["ab.c", "a-b_c", "A", "", "a b"]],
  ["^[a-c-]$", ["-", "b", "d"]],
  ["\\s", [" ", "\u00a0", "\u2028", "\ufeff", "x"]],
  ["^\\S+$", ["ab", "a b", "a\u3000b"]],
  ["^.$", ["😀", "\n", "\r", "\u2028", "a"]],
  ["^\\u{1F600}$", ["😀", "x"]],
  ["^\\uD83D\\uDE00$", ["😀"]],
  ["^\\p{L}+$", ["héllo", "h1"]],
  ["^\\p{Lu}\\P{Lu}$", ["Ab", "AB"]],
  ["^\\p{Letter}+$", ["héllo", "h1"]],
  ["^\\p{Script=Greek}+$", ["αβ", "ab"]],
  ["^[^]$", ["x", "\n"]],
  ["^[]$", ["x", ""]],
  ["(?<year>\\d{4})-\\d{2}", ["2020-12", "20-12"]],
  ["^\\/a\\.b$", ["/a.b", "/axb"]],
  ["^[\\x41-\\x43]$", ["B", "D"]],
  ["^\\x41\\cJ\\0$", ["A\n\0", "A\n"]],
  ["^[\\b]$", ["\b", "b"]],
  ["^a{2,3}?$", ["aa", "aaaa"]],
  ["^[\\s\\S]{1200,}:", [`${"x".repeat(1200)}:`, `${"x".repeat(1199)}:`]],
  ["^(?:ab){999,1001}$", ["ab".repeat(1000), "ab".repeat(1002)]],
  ["^a(bc){2}d{1500,2500}$", [`abcbc${"d".repeat(2000)}`, `abcbc${"d".repeat(2501)}`]],
  ["\\bword\\b", ["a word here", "swordfish"]],
  ["^(?:ab|cd)*$", ["abcdab", "abc"]],
  ["^[\\d\\s-]+$", ["1 2-3", "1a"]],
  ["^\\w+@\\w+\\.com$", ["me@x.com", "me@x.org"]],
];

describe("compilePattern", () => {
  for (const [pattern, inputs] of AGREES)
    it(`agrees with ECMAScript on ${pattern}`, () => {
      const c = compilePattern(pattern);
      expect(c.kind).toBe("linear");
      for (const s of inputs) expect([s, patternMatches(pattern, s)]).toEqual([s, new RegExp(pattern, "u").test(s)]);
    });

  it("runs ^(a+)+$ on a long refused input in linear time", () => {
    const started = performance.now();
    expect(patternMatches("^(a+)+$", `${"a".repeat(200_000)}!`)).toBe(false);
    expect(patternMatches("^(a+)+$", "a".repeat(200_000))).toBe(true);
    // A backtracking engine takes minutes at 30 characters; generous so the test is not a benchmark.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it.each([
    ["(a)\\1", "a backreference (\\1)"],
    ["(?<x>a)\\k<x>", "a backreference (\\k<name>)"],
    ["^(?=.*[A-Z]).{8,}$", "a lookahead"],
    ["(?!x)y", "a lookahead"],
    ["(?<=a)b", "a lookbehind"],
    ["(?<!a)b", "a lookbehind"],
    ["a{5001}", "a repeat count over 5000"],
    ["\\p{Script_Extensions=Latin}", "Unicode property"],
  ])("%s is undecidable: %s", (pattern, reason) => {
    const c = compilePattern(pattern);
    expect(c.kind).toBe("undecidable");
    expect(c.kind === "undecidable" && c.reason).toContain(reason);
    expect(() => patternMatches(pattern, "a")).toThrow(UndecidablePattern);
    expect(() => patternMatches(pattern, "a")).toThrow(/^undecidable: pattern /);
  });

  it("an invalid pattern is invalid, not undecidable; ajv's engine throws on it at compile time", () => {
    expect(compilePattern("(").kind).toBe("invalid");
    expect(compilePattern("\\-").kind).toBe("invalid");
    expect(() => linearRegExp("(", "u")).toThrow(SyntaxError);
    // Without the u flag (a document ajv compiles without it) the same text is a pattern.
    expect(compilePattern("\\-", false).kind).toBe("linear");
  });

  it("ajv's engine compiles an undecidable pattern and refuses to judge a value against it", () => {
    const re = linearRegExp("(a)\\1", "u");
    expect(() => re.test("aa")).toThrow(UndecidablePattern);
    expect(linearRegExp("^a+$", "u").test("aaa")).toBe(true);
  });
});

describe("linearRegExp in ajv", () => {
  it("keeps each pattern of a schema apart (ajv keys compiled patterns by their text)", async () => {
    const { Ajv2020 } = await import("ajv/dist/2020.js");
    const ajv = new Ajv2020({ code: { regExp: linearRegExp } });
    const v = ajv.compile({
      type: "object",
      properties: { a: { type: "string", pattern: "^a+$" }, b: { type: "string", pattern: "^b+$" } },
    });
    expect(v({ a: "aa", b: "bb" })).toBe(true);
    expect(v({ a: "aa", b: "aa" })).toBe(false);
  });
});
