/** The fold's allocation-free pointer path applies a delta only where src/json (receiver mode) would, with the same result. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluatePointer, resolveTarget, type JsonValue } from "../../src/json/index.js";
import { fastApply } from "../../src/frame-wire/pointer-fast.js";
import { isReceiverSafe as receiverSafe } from "../../src/json/index.js";

const RECEIVER = { mode: "receiver" } as const;
const token = fc.oneof(
  fc.constantFrom("items", "meta", "rows", "a", "b", "0", "1", "2", "3", "-", "01", "00", "-1", "x", ""),
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "length"),
  fc.string({ maxLength: 3 }),
);
const doc = fc.record({
  kind: fc.constant("k"),
  items: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  meta: fc.dictionary(fc.constantFrom("a", "b", "0", "01", "items"), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  rows: fc.array(fc.array(fc.oneof(fc.integer(), fc.array(fc.integer(), { maxLength: 2 })), { maxLength: 3 }), {
    maxLength: 3,
  }),
});

/**
 * What the fold's reference path does with a receiver-safe delta: the document after it, or
 * undefined where it refuses (src/json's error, an index past the end, a target that is not an array).
 */
function referenceApply(
  document: JsonValue,
  tokens: readonly string[],
  append: boolean,
  value: JsonValue,
): JsonValue | undefined {
  const d = structuredClone(document);
  if (append) {
    const r = evaluatePointer(d, tokens, RECEIVER);
    if (!r.ok || !Array.isArray(r.value)) return undefined;
    r.value.push(value);
    return d;
  }
  const r = resolveTarget(d, tokens, RECEIVER);
  if (!r.ok) return undefined;
  if (r.value.kind === "object") r.value.parent[r.value.key] = value;
  else {
    if (r.value.index > r.value.parent.length) return undefined;
    r.value.parent[r.value.index] = value;
  }
  return d;
}

describe("pointer-fast", () => {
  it("applies only what src/json would apply, with the same result, and leaves the rest untouched; it applies often", () => {
    const applied = { set: 0, append: 0 };
    let total = 0;
    fc.assert(
      fc.property(
        doc,
        fc.oneof(
          fc.array(token, { minLength: 1, maxLength: 4 }),
          fc.constantFrom(["items"], ["rows"], ["rows", "0"], ["rows", "1", "0"], ["meta", "a"], ["items", "-"]),
        ),
        fc.boolean(),
        fc.jsonValue({ maxDepth: 1 }),
        (d, tokens, append, value) => {
          const document = d as unknown as JsonValue;
          total++;
          const reference = resolveTarget(document, tokens, RECEIVER);
          expect(receiverSafe(tokens)).toBe(!(reference.ok === false && reference.error.code === "forbidden-member"));
          if (!receiverSafe(tokens)) return;
          const fast = structuredClone(document);
          const v = value as JsonValue;
          if (fastApply(fast, tokens, append, v)) {
            applied[append ? "append" : "set"]++;
            expect(fast).toEqual(referenceApply(document, tokens, append, v));
          } else expect(fast).toEqual(document);
        },
      ),
      { seed: 4242, numRuns: process.env.CONTRACT_SUITE_FULL ? 50_000 : 3_000 },
    );
    expect(applied.set / total).toBeGreaterThan(0.1);
    expect(applied.append / total).toBeGreaterThan(0.02);
  });

  it("declines what src/json rejects: leading zeros on arrays, inherited members, indices past the end, '-' for append", () => {
    const d = () => ({ kind: "k", items: [1, [2]], m: { "01": 1 } }) as unknown as JsonValue;
    for (const [tokens, append] of [
      [["items", "01"], false],
      [["toString", "x"], false],
      [["items", "3"], false],
      [["hasOwnProperty"], true],
      [["items", "-"], true],
      [["items", "2"], true],
      [["items", "0"], true],
    ] as const) {
      const doc0 = d();
      expect(fastApply(doc0, tokens, append, 9), tokens.join("/")).toBe(false);
      expect(doc0).toEqual(d());
    }
    const doc1 = d();
    expect(fastApply(doc1, ["m", "01"], false, 9)).toBe(true);
    expect(fastApply(doc1, ["items", "2"], false, 3)).toBe(true);
    expect(fastApply(doc1, ["items", "-"], false, 4)).toBe(true);
    expect(fastApply(doc1, ["items", "1"], true, 5)).toBe(true);
    expect(doc1).toEqual({ kind: "k", items: [1, [2, 5], 3, 4], m: { "01": 9 } });
    expect(receiverSafe(["a", "constructor"])).toBe(false);
  });

  it("never reads an array element past the end, even where Array.prototype has one", () => {
    const proto = Array.prototype as unknown as Record<string, unknown>;
    proto["5"] = [];
    try {
      const d = { kind: "k", items: [1] } as unknown as JsonValue;
      expect(fastApply(d, ["items", "5"], true, 1)).toBe(false);
      expect(proto["5"]).toEqual([]);
    } finally {
      delete proto["5"];
    }
  });
});
