import { describe, expect, it } from "vitest";
import { adoptJson, isJsonValue, jsonKind, MAX_VALUE_DEPTH, NOT_JSON } from "../../src/json/index.js";

describe("isJsonValue", () => {
  it("accepts JSON and rejects what JSON cannot carry", () => {
    expect(isJsonValue({ a: [1, "x", null, { b: false }] })).toBe(true);
    expect(isJsonValue(Object.create(null))).toBe(true);
    for (const bad of [undefined, NaN, Infinity, () => 1, 1n, new Date(), [, 1], { a: undefined }])
      expect(isJsonValue(bad)).toBe(false);
  });
  it("nesting is bounded (MAX_VALUE_DEPTH, decision 263): 1,024 levels pass, 100,000 are refused without overflowing the stack", () => {
    const nest = (depth: number) => {
      let v: unknown = 1;
      for (let i = 0; i < depth; i++) v = [v];
      return v;
    };
    expect(isJsonValue(nest(MAX_VALUE_DEPTH))).toBe(true);
    expect(isJsonValue(nest(MAX_VALUE_DEPTH + 1))).toBe(false);
    expect(isJsonValue(nest(100_000))).toBe(false);
  });
  it("a cycle is refused; a container reached twice serialises as a tree and is accepted", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(isJsonValue(cyclic)).toBe(false);
    const shared = { x: 1 };
    expect(isJsonValue({ a: shared, b: [shared] })).toBe(true);
  });
  it("symbol-keyed and inherited members are not part of the value", () => {
    expect(isJsonValue({ a: 1, [Symbol("s")]: () => 1 })).toBe(true);
    expect(isJsonValue(Object.assign(Object.create(null), { a: 1 }))).toBe(true);
    expect(isJsonValue(Object.create({ inherited: () => 1 }))).toBe(false); // a non-plain prototype
  });
  it("adoptJson copies without aliasing, keeps __proto__ as data, and returns the value itself when not copying", () => {
    const src = JSON.parse('{"a":[1,{"b":2}],"__proto__":{"x":1}}');
    const copy = adoptJson(src, true) as Record<string, unknown>;
    expect(copy).toEqual(src);
    expect(copy.a).not.toBe(src.a);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(copy, "__proto__")).toBe(true);
    expect(adoptJson(src, false)).toBe(src);
    expect(adoptJson({ f: () => 1 }, true)).toBe(NOT_JSON);
  });
  it("names the six kinds", () => {
    expect([null, true, 1, "s", [], {}].map((v) => jsonKind(v as never))).toEqual([
      "null",
      "boolean",
      "number",
      "string",
      "array",
      "object",
    ]);
  });
});
