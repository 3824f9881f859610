/**
 * The construction memo lives per schema context, across requests: a member not found because the
 * depth limit cut one search short must not be remembered as "no value exists" for the next one.
 */
import { describe, expect, it } from "vitest";
import { commonExample, MAX_DEPTH } from "../../src/review/common-example.js";
import { nearExample } from "../../src/review/near-example.js";
import { SchemaContext } from "../../src/review/schema/context.js";

/** `levels` nested objects, each requiring member `k`, around `leaf`. */
function nest(levels: number, leaf: unknown): unknown {
  let s = leaf;
  for (let i = 0; i < levels; i++) s = { type: "object", required: ["k"], properties: { k: s } };
  return s;
}

// X needs 6 levels; Root reaches X only below MAX_DEPTH - 4 levels, so X's search there is cut short.
const defs = { X: nest(6, { type: "integer" }), Root: nest(MAX_DEPTH - 4, { $ref: "#/$defs/X" }) };
const root = { $ref: "#/$defs/Root" };
const x = { $ref: "#/$defs/X" };
const context = () => new SchemaContext(structuredClone(defs) as never);

describe("construction memo and the depth limit", () => {
  it("common: X is found after a request that reached X past the depth limit", () => {
    const ctx = context();
    expect(commonExample([{ node: root, ctx }], []).found).toBe(false); // 34 levels: beyond the limit
    expect(commonExample([{ node: x, ctx }], [])).toEqual({
      found: true,
      value: { k: { k: { k: { k: { k: { k: 0 } } } } } },
    });
  });

  it("near: the same through the near-example memo", () => {
    const ctx = context();
    const never = { node: { type: "string" } as never, ctx };
    expect(nearExample([{ node: root, ctx }], [never], []).found).toBe(false);
    expect(nearExample([{ node: x, ctx }], [never], []).found).toBe(true);
  });
});
