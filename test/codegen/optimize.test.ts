import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { loadContract, loadRegistry } from "../../src/contracts/index.js";
import { buildBundle, type SchemaBundle } from "../../codegen/bundle.js";
import { discriminatorOf, isJsonValueOneOf, optimizeBundle } from "../../codegen/optimize.js";
import { mutations } from "../../src/review/mirror.js";
import { vectorSamples } from "../../conformance/frame-wire/vectors.js";
import type { JsonValue } from "../../src/json/index.js";

const registry = loadRegistry();

function compiled(bundle: SchemaBundle, discriminator: boolean) {
  const ajv = new Ajv2020({ strict: false, logger: false, discriminator });
  addFormats.default(ajv);
  ajv.addSchema({ $id: bundle.id, $defs: bundle.defs });
  return (name: string) => ajv.getSchema(`${bundle.id}#/$defs/${name}`)!;
}

const witSamples: JsonValue[] = [
  { type: "DEP_CHAIN", intentSymbol: "a:b", lockedCallee: "c:d", heldBy: "s" },
  { type: "INTENT_OVERLAP", overlappingIntentId: "i", overlappingSessionId: "s", description: "d" },
  { type: "LOCK_INTERSECTION", symbolPath: "a:b", heldBy: "s", expiresAt: "2026-01-01T00:00:00Z" },
  { hasConflicts: true, items: [{ type: "DEP_CHAIN", intentSymbol: "a:b", lockedCallee: "c:d", heldBy: "s" }] },
];

describe("validator rewrites keep every verdict", () => {
  for (const name of registry.contracts.map((c) => c.name)) {
    it(`${name}: rewritten (generated path) and original schemas agree on samples and mutations`, async () => {
      const contract = await loadContract(registry, registry.contracts.find((c) => c.name === name)!);
      const { bundle } = buildBundle(contract);
      const original = compiled(bundle, false);
      const rewritten = compiled(optimizeBundle(bundle), true);
      const seeds: JsonValue[] = [
        ...vectorSamples(),
        ...witSamples,
        ...(fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed: 3, numRuns: 60 }) as JsonValue[]),
      ];
      let compared = 0;
      for (const def of Object.keys(bundle.defs)) {
        const a = original(def);
        const b = rewritten(def);
        for (const seed of seeds) {
          for (const v of [seed, ...mutations(seed)].slice(0, 40)) {
            compared++;
            if (a(v) !== b(v))
              expect.fail(`${name}/${def} disagrees on ${JSON.stringify(v)}: original ${a(v)}, rewritten ${b(v)}`);
          }
        }
      }
      expect(compared).toBeGreaterThan(1000);
    });
  }
});

describe("rewrite rules", () => {
  const bundle = (defs: Record<string, unknown>): SchemaBundle => ({
    id: "urn:contract-suite:test",
    defs: defs as never,
    origins: {},
  });
  const obj = (tag: unknown, required = true) => ({
    type: "object",
    required: required ? ["t"] : [],
    properties: { t: tag },
  });

  it("a discriminator needs a required, pinned, distinct string tag on every branch", () => {
    expect(discriminatorOf(bundle({}), [obj({ const: "a" }), obj({ enum: ["b"] })])).toBe("t");
    expect(discriminatorOf(bundle({}), [obj({ const: "a" }), obj({ const: "b" }, false)])).toBeUndefined();
    expect(discriminatorOf(bundle({}), [obj({ const: "a" }), obj({ const: "a" })])).toBeUndefined();
    expect(discriminatorOf(bundle({}), [obj({ const: "a" }), obj({ type: "string" })])).toBeUndefined();
    expect(discriminatorOf(bundle({}), [obj({ const: "a" }), { type: "string" }])).toBeUndefined();
    expect(discriminatorOf(bundle({ A: obj({ const: "a" }) }), [{ $ref: "#/$defs/A" }, obj({ const: "b" })])).toBe("t");
  });

  it("a branch is read through its whole chain of references; a dangling reference or a loop disqualifies it", () => {
    const b = obj({ const: "b" });
    // B -> A -> the object: the chain's end is the branch.
    const chain = bundle({ A: obj({ const: "a" }), B: { $ref: "#/$defs/A" } });
    expect(discriminatorOf(chain, [{ $ref: "#/$defs/B" }, b])).toBe("t");
    // The walk's own loop, dangling and non-schema ends.
    expect(
      discriminatorOf(bundle({ L: { $ref: "#/$defs/M" }, M: { $ref: "#/$defs/L" } }), [{ $ref: "#/$defs/L" }, b]),
    ).toBeUndefined();
    expect(discriminatorOf(bundle({}), [{ $ref: "#/$defs/Missing" }, b])).toBeUndefined();
    expect(discriminatorOf(bundle({ T: true }), [{ $ref: "#/$defs/T" }, b])).toBeUndefined();
  });

  it("adds type: object with the discriminator (ajv lets non-objects through otherwise) and drops unqualified ones", () => {
    const out = optimizeBundle(
      bundle({
        E: { oneOf: [obj({ const: "a" }), obj({ const: "b" })] },
        F: { oneOf: [{ type: "string" }, { type: "number" }], discriminator: { propertyName: "t" } },
      }),
    );
    expect(out.defs.E).toMatchObject({ type: "object", discriminator: { propertyName: "t" } });
    expect(out.defs.F!.discriminator).toBeUndefined();
    const v = compiled(out, true)("E");
    expect([v(5), v(null), v({ t: "a" }), v({ t: "c" })]).toEqual([false, false, true, false]);
  });

  it("recognises only the exact self-referencing six-branch JsonValue", () => {
    const jv = (selfRef: string) => ({
      oneOf: [
        { type: "null" },
        { type: "boolean" },
        { type: "number" },
        { type: "string" },
        { type: "array", items: { $ref: selfRef } },
        { type: "object", additionalProperties: { $ref: selfRef } },
      ],
    });
    expect(isJsonValueOneOf(jv("#/$defs/J") as never, "J")).toBe(true);
    expect(isJsonValueOneOf(jv("#/$defs/Other") as never, "J")).toBe(false);
    const withInteger = jv("#/$defs/J");
    withInteger.oneOf[2] = { type: "integer" };
    expect(isJsonValueOneOf(withInteger as never, "J")).toBe(false);
    const constrained = jv("#/$defs/J") as { oneOf: Record<string, unknown>[] };
    constrained.oneOf[3] = { type: "string", minLength: 1 };
    expect(isJsonValueOneOf(constrained as never, "J")).toBe(false);
  });
});
