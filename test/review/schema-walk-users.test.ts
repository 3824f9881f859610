/**
 * The review's schema equality and site index walk subschemas through src/schema/walk.ts (one keyword
 * table), and definition references are unescaped with src/json's RFC 6901 rules (issue 14 item 7).
 */
import { describe, expect, it } from "vitest";
import { SchemaContext } from "../../src/review/schema/context.js";
import { sameSchema } from "../../src/review/schema/equal.js";

const ctx = (defs: Record<string, unknown>) => new SchemaContext(structuredClone(defs) as never);
const same = (a: unknown, b: unknown, defsA: Record<string, unknown> = {}, defsB: Record<string, unknown> = defsA) =>
  sameSchema(a as never, ctx(defsA), b as never, ctx(defsB));

describe("sameSchema over the walker's subschema table", () => {
  it("compares map keywords by member name in any order, and array keywords by position", () => {
    expect(
      same(
        { properties: { a: { type: "string" }, b: { type: "integer" } } },
        { properties: { b: { type: "integer" }, a: { type: "string" } } },
      ),
    ).toBe(true);
    expect(same({ properties: { a: { type: "string" } } }, { properties: { b: { type: "string" } } })).toBe(false);
    expect(
      same(
        { prefixItems: [{ type: "string" }, { type: "integer" }] },
        { prefixItems: [{ type: "integer" }, { type: "string" }] },
      ),
    ).toBe(false);
    expect(
      same({ anyOf: [{ type: "string" }, { type: "integer" }] }, { anyOf: [{ type: "string" }, { type: "integer" }] }),
    ).toBe(true);
  });
  it("follows $ref inside every subschema keyword the walker knows (dependentSchemas, unevaluatedProperties, if/then)", () => {
    const defs = { S: { type: "string", minLength: 2 } };
    for (const kw of ["dependentSchemas", "unevaluatedProperties", "then", "propertyNames"]) {
      const wrap = (inner: unknown) =>
        kw === "dependentSchemas"
          ? { [kw]: { a: inner } }
          : kw === "then"
            ? { if: { required: ["a"] }, then: inner }
            : { [kw]: inner };
      expect(same(wrap({ $ref: "#/$defs/S" }), wrap({ type: "string", minLength: 2 }), defs)).toBe(true);
      expect(same(wrap({ $ref: "#/$defs/S" }), wrap({ type: "string", minLength: 3 }), defs)).toBe(false);
    }
  });
  it("reads contentSchema as an annotation (2020-12), so changing it alone keeps schemas equal", () => {
    expect(
      same({ type: "string", contentSchema: { type: "object" } }, { type: "string", contentSchema: { type: "array" } }),
    ).toBe(true);
    expect(same({ type: "string" }, { type: "integer" })).toBe(false);
  });
});

describe("the site index and definition references", () => {
  it("knows where nested subschemas sit, escaped pointers included, but not inside annotations", () => {
    const inner = { type: "integer" };
    const hidden = { type: "null" };
    const c = new SchemaContext({
      "a/b~c": { type: "object", properties: { "x/y": inner }, $defs: { H: hidden } },
    } as never);
    expect(c.site(inner)).toEqual({ def: "a/b~c", pointer: "/properties/x~1y" });
    expect(c.site(hidden)).toBeUndefined();
  });
  it("resolves ~1 and ~0 in a definition reference, and a malformed escape names nothing (no throw)", () => {
    const c = new SchemaContext({ "a/b~c": { type: "integer" } } as never);
    expect(c.refTarget("#/$defs/a~1b~0c")?.name).toBe("a/b~c");
    expect(c.refTarget("#/$defs/a~2b")).toBeUndefined();
    expect(c.valid({ $ref: "#/$defs/a~1b~0c" }, 3)).toBe(true);
    expect(c.valid({ $ref: "#/$defs/a~1b~0c" }, "3")).toBe(false);
  });
});
