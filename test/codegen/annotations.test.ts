/**
 * One list of annotation keywords (src/schema/walk.ts) for every generator: a `$ref` whose siblings
 * only annotate it (OpenAPI's `example`, `externalDocs`, `xml`, `x-` extensions included) is the
 * referenced type, not a structural copy of it under another name.
 */
import { describe, expect, it } from "vitest";
import { generateTypes } from "../../codegen/types.js";
import type { SchemaBundle } from "../../codegen/bundle.js";
import { isAnnotation } from "../../src/schema/walk.js";

const bundle = (alias: Record<string, unknown>): SchemaBundle =>
  ({
    id: "urn:contract-suite:annotations",
    origins: {},
    defs: {
      Target: { type: "object", properties: { a: { type: "string" } } },
      Alias: { $ref: "#/$defs/Target", ...alias },
    },
  }) as never;

describe("annotations beside a $ref", () => {
  for (const [name, alias] of Object.entries({
    example: { example: { a: "x" } },
    externalDocs: { externalDocs: { url: "https://example.com/docs" } },
    xml: { xml: { name: "target" } },
    extension: { "x-internal": true },
    description: { description: "the target, again" },
  }))
    it(`${name}: the alias is the referenced type`, async () => {
      const ts = await generateTypes(bundle(alias), "Root");
      expect(ts).toMatch(/export type Alias = Target;/);
      expect(ts).not.toMatch(/export interface Alias\b/);
    });

  it("a constraint beside the $ref is no annotation: the alias is a type of its own", async () => {
    const ts = await generateTypes(bundle({ required: ["a"] }), "Root");
    expect(ts).not.toMatch(/export type Alias = Target;/);
    expect(isAnnotation("required")).toBe(false);
    expect(isAnnotation("x-anything")).toBe(true);
  });
});
