import { describe, expect, it } from "vitest";
import { isJsonValue, jsonKind } from "../../src/json/index.js";

describe("isJsonValue", () => {
  it("accepts JSON and rejects what JSON cannot carry", () => {
    expect(isJsonValue({ a: [1, "x", null, { b: false }] })).toBe(true);
    expect(isJsonValue(Object.create(null))).toBe(true);
    for (const bad of [undefined, NaN, Infinity, () => 1, 1n, new Date(), [, 1], { a: undefined }])
      expect(isJsonValue(bad)).toBe(false);
  });
  it("is iterative: 100,000-deep arrays do not overflow the stack", () => {
    let v: unknown = 1;
    for (let i = 0; i < 100_000; i++) v = [v];
    expect(isJsonValue(v)).toBe(true);
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
