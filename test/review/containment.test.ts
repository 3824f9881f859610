/**
 * The structural pass: targeted cases (refactors it must prove, changes it must not) and a
 * soundness property over random schema pairs: whenever it says "old ⊆ new proved", no sampled
 * payload valid under old is invalid under new (real ajv on both sides).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ArbitraryBuilder } from "../../src/review/arbitrary.js";
import { Containment } from "../../src/review/schema/containment.js";
import { SchemaContext } from "../../src/review/schema/context.js";
import { sameSchema } from "../../src/review/schema/equal.js";

const SEED = 4242;
const ctx = (defs: Record<string, unknown>) => new SchemaContext(structuredClone(defs) as never);
const proved = (a: unknown, ca: SchemaContext, b: unknown, cb: SchemaContext) =>
  new Containment(ca, cb).check(a as never, b as never).length === 0;
const JSONV = {
  oneOf: [
    { type: "null" },
    { type: "boolean" },
    { type: "number" },
    { type: "string" },
    { type: "array", items: { $ref: "#/$defs/J" } },
    { type: "object", additionalProperties: { $ref: "#/$defs/J" } },
  ],
};

describe("structural containment", () => {
  it("proves an inline schema equal to a $ref to the same content, in both directions", () => {
    const item = {
      type: "object",
      required: ["id"],
      properties: { id: { type: "string" } },
      additionalProperties: false,
    };
    const a = ctx({ L: { type: "array", items: item } });
    const b = ctx({ Item: item, L: { type: "array", items: { $ref: "#/$defs/Item" } } });
    expect(sameSchema({ $ref: "#/$defs/L" }, a, { $ref: "#/$defs/L" }, b)).toBe(true);
  });
  it("proves a single-branch oneOf wrap equivalent (oasdiff reports it as breaking)", () => {
    const a = ctx({ X: { type: "string", maxLength: 3 } });
    const b = ctx({ X: { oneOf: [{ type: "string", maxLength: 3 }] } });
    expect(proved({ $ref: "#/$defs/X" }, a, { $ref: "#/$defs/X" }, b)).toBe(true);
    expect(proved({ $ref: "#/$defs/X" }, b, { $ref: "#/$defs/X" }, a)).toBe(true);
  });
  it("proves a typeless schema and the six-branch JsonValue equivalent (recursion is co-inductive)", () => {
    const a = ctx({ V: { description: "any value" } });
    const b = ctx({ J: JSONV, V: { $ref: "#/$defs/J" } });
    expect(proved({ $ref: "#/$defs/V" }, a, { $ref: "#/$defs/V" }, b)).toBe(true);
    expect(proved({ $ref: "#/$defs/V" }, b, { $ref: "#/$defs/V" }, a)).toBe(true);
  });
  it("does not prove number inside integer, nor a oneOf whose branches overlap", () => {
    const a = ctx({ N: { type: "number" } });
    const b = ctx({ N: { type: "integer" }, O: { oneOf: [{ type: "number" }, { type: "integer" }] } });
    expect(proved({ $ref: "#/$defs/N" }, a, { $ref: "#/$defs/N" }, b)).toBe(false);
    expect(proved({ type: "integer" }, a, { $ref: "#/$defs/O" }, b)).toBe(false);
  });
  it("proves discriminated unions branch by branch, in any order", () => {
    const branch = (t: string) => ({
      type: "object",
      required: ["type"],
      properties: { type: { const: t }, n: { type: "integer" } },
    });
    const a = ctx({ U: { oneOf: [branch("a"), branch("b")] } });
    const b = ctx({ U: { oneOf: [branch("b"), branch("a"), branch("c")] } });
    expect(proved({ $ref: "#/$defs/U" }, a, { $ref: "#/$defs/U" }, b)).toBe(true);
    expect(proved({ $ref: "#/$defs/U" }, b, { $ref: "#/$defs/U" }, a)).toBe(false);
  });
});

/** A small schema language: enough keywords for containment to be interesting, all of them exact in ajv. */
const schemaArb: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ s: Record<string, unknown> }>((tie) => ({
  s: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record(
      {
        type: fc.constant("string"),
        minLength: fc.integer({ min: 0, max: 3 }),
        maxLength: fc.integer({ min: 2, max: 6 }),
      },
      { requiredKeys: ["type"] },
    ),
    fc.record(
      {
        type: fc.constantFrom("integer", "number"),
        minimum: fc.integer({ min: -3, max: 3 }),
        maximum: fc.integer({ min: 2, max: 9 }),
      },
      { requiredKeys: ["type"] },
    ),
    fc.record({
      enum: fc.uniqueArray(fc.constantFrom("a", "b", "c", 1, 2, null, true), { minLength: 1, maxLength: 4 }),
    }),
    fc.record({ type: fc.constantFrom("boolean", "null", ["string", "null"], ["integer", "string"]) }),
    fc.constant({}),
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.record({ a: tie("s"), b: tie("s") }, { requiredKeys: [] }),
        required: fc.subarray(["a", "b"]),
        additionalProperties: fc.oneof(fc.constant(false), fc.constant(true), tie("s")),
      },
      { requiredKeys: ["type", "properties"] },
    ),
    fc.record(
      {
        type: fc.constant("array"),
        items: tie("s"),
        minItems: fc.integer({ min: 0, max: 2 }),
        maxItems: fc.integer({ min: 1, max: 4 }),
        uniqueItems: fc.boolean(),
      },
      { requiredKeys: ["type", "items"] },
    ),
    fc
      .record({ kw: fc.constantFrom("oneOf", "anyOf"), branches: fc.array(tie("s"), { minLength: 1, maxLength: 3 }) })
      .map(({ kw, branches }) => ({ [kw]: branches })),
    // The applicator family: not, conditionals and conditional object keywords.
    fc.record({ not: tie("s") }),
    fc.record({ if: tie("s"), then: tie("s"), else: tie("s") }, { requiredKeys: ["if"] }),
    fc.record(
      {
        type: fc.constant("object"),
        dependentSchemas: fc.record({ a: tie("s") }),
        dependentRequired: fc.constant({ b: ["a"] }),
      },
      { requiredKeys: ["type"] },
    ),
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.record({ a: tie("s"), xb: tie("s") }, { requiredKeys: [] }),
        patternProperties: fc.record({ "^x": tie("s") }),
        propertyNames: fc.constantFrom({ maxLength: 2 }, { pattern: "^[a-x]+$" }),
        additionalProperties: fc.boolean(),
      },
      { requiredKeys: ["type"] },
    ),
  ),
})).s;

describe("cost follows the document", () => {
  // L0 -> L1 -> ... -> L24 with two members each naming the next level: 2^24 instance paths reach the
  // one changed enum at the bottom. Each schema pair is judged once and a difference is reported once
  // (on its first path), not once per path: the check below would list 16 million differences otherwise.
  const chain = (values: string[]) => {
    const defs: Record<string, unknown> = { L24: { type: "string", enum: values } };
    for (let i = 23; i >= 0; i--) {
      const next = { $ref: `#/$defs/L${i + 1}` };
      defs[`L${i}`] = { type: "object", properties: { left: next, right: next } };
    }
    return ctx(defs);
  };
  it("a change reached along exponentially many paths is one difference, on its first path", () => {
    const a = chain(["x", "y"]);
    const b = chain(["x"]);
    const fs = new Containment(a, b).check({ $ref: "#/$defs/L0" }, { $ref: "#/$defs/L0" });
    expect(fs).toHaveLength(1);
    expect(fs[0]).toMatchObject({ aspect: "enum", certain: true, subject: '"y"' });
    expect(fs[0]!.steps).toEqual(Array.from({ length: 24 }, () => ({ kind: "prop", name: "left" })));
    expect(new Containment(b, a).check({ $ref: "#/$defs/L0" }, { $ref: "#/$defs/L0" })).toEqual([]);
  });
});

describe("soundness", () => {
  it("whatever the structural pass proves, sampled payloads confirm (old ⊆ new)", () => {
    let provedCount = 0;
    fc.assert(
      fc.property(schemaArb, schemaArb, fc.boolean(), (s1, s2, widen) => {
        // Half the pairs compare a schema with a loosened copy of itself, so proofs happen often.
        const s2b = widen ? { anyOf: [s1, s2] } : s2;
        const a = ctx({ S: s1 });
        const b = ctx({ S: s2b });
        const node = { $ref: "#/$defs/S" };
        if (!proved(node, a, node, b)) return true;
        provedCount++;
        const samples = fc.sample(new ArbitraryBuilder(a).of(node), { seed: SEED, numRuns: 60 });
        for (const v of samples) if (a.valid(node, v) && !b.valid(node, v)) return false;
        return true;
      }),
      { seed: SEED, numRuns: process.env.CONTRACT_SUITE_FULL ? 3000 : 200 },
    );
    expect(provedCount).toBeGreaterThan(30);
  });
});
