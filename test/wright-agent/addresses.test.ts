import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RuleAddressBook, resolveSymbolName } from "../../src/wright-agent/mock/addresses.js";

describe("rule address grammar", () => {
  it("the seed's cases: lone a#2 resolves literally; a, a, a#2 makes a#2 ambiguous; a#2#1 selects the literal", () => {
    const lone = new RuleAddressBook(["x", "a#2"]);
    expect(lone.resolve("a#2")).toEqual([1]);
    expect(lone.canonical(1)).toBe("a#2");

    const book = new RuleAddressBook(["a", "a", "a#2"]);
    expect(book.resolve("a")).toEqual([0, 1]);
    expect(book.resolve("a#1")).toEqual([0]);
    expect(book.resolve("a#2")).toEqual([1, 2]);
    expect(book.resolve("a#2#1")).toEqual([2]);
    expect(book.resolve("a#3")).toEqual([]);
    expect([0, 1, 2].map((i) => book.canonical(i))).toEqual(["a#1", "a#2", "a#2#1"]);
  });

  it("NAME#N is 1-based without leading zeroes; unnamed rules are #N", () => {
    const book = new RuleAddressBook(["b", "", "b", ""]);
    expect(book.resolve("b#01")).toEqual([]);
    expect(book.resolve("b#0")).toEqual([]);
    expect(book.resolve("b#2")).toEqual([2]);
    expect(book.resolve("#2")).toEqual([3]);
    expect(book.resolve("")).toEqual([]);
    expect([0, 1, 2, 3].map((i) => book.canonical(i))).toEqual(["b#1", "#1", "b#2", "#2"]);
  });

  it("a unique name is its own address, even when it contains #", () => {
    const book = new RuleAddressBook(["x#y", "Init", "c#"]);
    expect([0, 1, 2].map((i) => book.canonical(i))).toEqual(["x#y", "Init", "c#"]);
    expect(book.suggest("Inti")).toBe("Init");
  });

  it("property: a canonical address always selects its rule, and uniquely when no name contains #", () => {
    const name = fc.stringMatching(/^[ab#12]{0,4}$/);
    fc.assert(
      fc.property(fc.array(name, { maxLength: 8 }), (names) => {
        const book = new RuleAddressBook(names);
        names.forEach((n, i) => {
          const found = book.resolve(book.canonical(i));
          expect(found).toContain(i);
          if (!names.some((m) => m.includes("#"))) expect(found).toEqual([i]);
        });
      }),
      { seed: 20260129, numRuns: 400 },
    );
  });
});

describe("symbol names", () => {
  const symbols = [
    { name: "score", kind: "globalVariable" },
    { name: "score", kind: "playerVariable" },
    { name: "Run", kind: "subroutine" },
    { name: "Run", kind: "rule" },
  ];
  it("NAME matches non-rule symbols across kinds; KIND:NAME selects one kind", () => {
    expect(resolveSymbolName("score", symbols)).toEqual([0, 1]);
    expect(resolveSymbolName("playerVariable:score", symbols)).toEqual([1]);
    expect(resolveSymbolName("Run", symbols)).toEqual([2]);
    expect(resolveSymbolName("rule:Run", symbols)).toEqual([]);
    expect(resolveSymbolName("subroutine:score", symbols)).toEqual([]);
  });
});
