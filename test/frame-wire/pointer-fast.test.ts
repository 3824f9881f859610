/** The fold's allocation-free pointer path answers only where src/json (receiver mode) agrees. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluatePointer, resolveTarget, type JsonValue } from "../../src/json/index.js";
import { fastAppendTarget, fastFieldSetTarget } from "../../src/frame-wire/pointer-fast.js";
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
  rows: fc.array(fc.array(fc.oneof(fc.integer(), fc.array(fc.integer(), { maxLength: 2 })), { maxLength: 3 }), { maxLength: 3 }),
});

describe("pointer-fast", () => {
  it("agrees with src/json whenever it answers, and answers often", () => {
    let setAnswers = 0;
    let appendAnswers = 0;
    let total = 0;
    fc.assert(
      fc.property(doc, fc.oneof(fc.array(token, { minLength: 1, maxLength: 4 }), fc.constantFrom(["items"], ["rows"], ["rows", "0"], ["rows", "1", "0"], ["meta", "a"])), (d, tokens) => {
        const document = d as unknown as JsonValue;
        total++;
        const reference = resolveTarget(document, tokens, RECEIVER);
        expect(receiverSafe(tokens)).toBe(!(reference.ok === false && reference.error.code === "forbidden-member"));
        if (!receiverSafe(tokens)) return;
        const fast = fastFieldSetTarget(document, tokens);
        if (fast !== undefined) {
          setAnswers++;
          expect(reference.ok).toBe(true);
          if (!reference.ok) return;
          if (fast.array) {
            expect(reference.value).toMatchObject({ kind: "array", index: fast.index });
            expect(reference.value.parent).toBe(fast.parent);
            expect(fast.index).toBeLessThanOrEqual(fast.parent.length);
          } else {
            expect(reference.value).toMatchObject({ kind: "object", key: fast.key });
            expect(reference.value.parent).toBe(fast.parent);
          }
        }
        const arr = fastAppendTarget(document, tokens);
        if (arr !== undefined) {
          appendAnswers++;
          const r = evaluatePointer(document, tokens, RECEIVER);
          expect(r.ok && r.value).toBe(arr);
        }
      }),
      { seed: 4242, numRuns: process.env.CONTRACT_SUITE_FULL ? 50_000 : 3_000 },
    );
    expect(setAnswers / total).toBeGreaterThan(0.2);
    expect(appendAnswers / total).toBeGreaterThan(0.05);
  });

  it("declines what src/json rejects: leading zeros on arrays, inherited members, indices past the end", () => {
    const d = { kind: "k", items: [1, 2], m: { "01": 1 } } as unknown as JsonValue;
    expect(fastFieldSetTarget(d, ["items", "01"])).toBeUndefined();
    expect(fastFieldSetTarget(d, ["toString", "x"])).toBeUndefined();
    expect(fastFieldSetTarget(d, ["items", "3"])).toBeUndefined();
    expect(fastAppendTarget(d, ["hasOwnProperty"])).toBeUndefined();
    expect(fastFieldSetTarget(d, ["m", "01"])).toMatchObject({ array: false, key: "01" });
    expect(fastFieldSetTarget(d, ["items", "2"])).toMatchObject({ array: true, index: 2 });
    expect(fastFieldSetTarget(d, ["items", "-"])).toMatchObject({ array: true, index: 2 });
    expect(receiverSafe(["a", "constructor"])).toBe(false);
  });
});
