/**
 * The `$ref` graph's one walk (src/schema/refs.ts): the loader's ref-cycle check and the OpenRPC
 * conformance arbitrary both follow reference chains through it.
 */
import { describe, expect, it } from "vitest";
import { derefLocal, followRefs, type RefStep } from "../../src/schema/refs.js";

const defs: Record<string, unknown> = {
  a: { $ref: "b" },
  b: { type: "string" },
  loop1: { $ref: "loop2" },
  loop2: { $ref: "loop1" },
  into: { $ref: "loop1" },
  self: { $ref: "self" },
  dangling: { $ref: "nowhere" },
};
const resolve = (ref: string, depth: number): RefStep<number> | undefined =>
  Object.hasOwn(defs, ref) ? { key: ref, value: defs[ref], at: depth + 1 } : undefined;

describe("followRefs", () => {
  it("ends at the first value that is not a reference, with where it was reached", () => {
    expect(followRefs({ $ref: "a" }, 0, resolve)).toEqual({ kind: "schema", value: { type: "string" }, at: 2 });
    expect(followRefs({ type: "integer" }, 0, resolve)).toEqual({ kind: "schema", value: { type: "integer" }, at: 0 });
    expect(followRefs(true, 0, resolve)).toEqual({ kind: "schema", value: true, at: 0 });
  });

  it("names a reference that does not resolve", () => {
    expect(followRefs({ $ref: "dangling" }, 0, resolve)).toEqual({ kind: "dangling", ref: "nowhere", at: 1 });
  });

  it("returns the loop's own targets, also when the chain enters it from outside", () => {
    expect(followRefs({ $ref: "loop1" }, 0, resolve)).toEqual({ kind: "loop", keys: ["loop1", "loop2"] });
    expect(followRefs({ $ref: "into" }, 0, resolve)).toEqual({ kind: "loop", keys: ["loop1", "loop2"] });
    expect(followRefs({ $ref: "self" }, 0, resolve)).toEqual({ kind: "loop", keys: ["self"] });
  });

  it("takes only a string $ref on an object as a reference", () => {
    for (const v of [{ $ref: 1 }, [{ $ref: "a" }], null, "a"])
      expect(followRefs(v, 0, resolve)).toEqual({ kind: "schema", value: v, at: 0 });
  });
});

describe("derefLocal (one document's #/ references, the OpenRPC conformance arbitrary's)", () => {
  const doc = {
    components: {
      schemas: {
        "a/b": { $ref: "#/components/schemas/C" },
        C: { type: "string" },
        X: { $ref: "#/components/schemas/Y" },
        Y: { $ref: "#/components/schemas/X" },
      },
    },
  };
  it("follows the chain to the schema, unescaping each pointer token", () => {
    expect(derefLocal({ $ref: "#/components/schemas/a~1b" }, doc)).toEqual({ type: "string" });
    expect(derefLocal({ type: "integer" }, doc)).toEqual({ type: "integer" });
  });
  it("refuses a reference that is not local, does not resolve, or loops", () => {
    expect(() => derefLocal({ $ref: "other.json#/x" }, doc)).toThrow("only local $refs are supported: other.json#/x");
    expect(() => derefLocal({ $ref: "#/components/schemas/none" }, doc)).toThrow(
      "unresolved $ref #/components/schemas/none",
    );
    expect(() => derefLocal({ $ref: "#/components/schemas/X" }, doc)).toThrow(
      "$ref loop: #/components/schemas/X -> #/components/schemas/Y",
    );
  });
});
