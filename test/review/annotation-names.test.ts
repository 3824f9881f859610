/**
 * The annotation walk of `diff` (description, default, deprecated ... edits) compares two documents
 * member by member; under a name map a key is a name, not a keyword. A discriminator `mapping`
 * entry called `default` or an OAuth scope called `description` is a name whose value is a string:
 * read as a keyword it became a `default-changed` (breaking on a request) or a `description-changed`
 * finding. The name maps are walk.ts's, one table for every document walk (decision 177).
 */
import { describe, expect, it } from "vitest";
import { diff, json, openapi } from "./openapi-helpers.js";

const pet = (mappingDefault: string, scopeText: string) =>
  openapi({
    paths: {
      "/pets": {
        post: {
          security: [{ oauth: ["default"] }],
          requestBody: { ...json({ $ref: "#/components/schemas/Pet" }) },
          responses: { "204": { description: "ok" } },
        },
      },
    },
    components: {
      securitySchemes: {
        oauth: {
          type: "oauth2",
          flows: {
            clientCredentials: {
              tokenUrl: "https://x.example/token",
              scopes: { default: "read pets", description: scopeText },
            },
          },
        },
      },
      schemas: {
        Pet: {
          oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
          discriminator: {
            propertyName: "kind",
            mapping: { default: mappingDefault, cat: "#/components/schemas/Cat" },
          },
        },
        Cat: { type: "object", required: ["kind"], properties: { kind: { type: "string" } } },
        Dog: { type: "object", required: ["kind"], properties: { kind: { type: "string" } } },
      },
    },
  });

describe("annotation edits under name maps", () => {
  it("a mapping entry named `default` is a name: retargeting it is not a default-changed finding", () => {
    const r = diff(pet("#/components/schemas/Cat", "x"), pet("#/components/schemas/Dog", "x"));
    expect(r.findings.filter((c) => c.kind === "default-changed")).toEqual([]);
  });
  it("a scope named `description` is a name: editing its text is not a description-changed finding", () => {
    const r = diff(pet("#/components/schemas/Cat", "old words"), pet("#/components/schemas/Cat", "new words"));
    expect(r.findings.filter((c) => c.kind === "description-changed")).toEqual([]);
  });
  it("a real default and a real description under those objects are still found", () => {
    const a = pet("#/components/schemas/Cat", "x");
    const b = pet("#/components/schemas/Cat", "x");
    const schemas = (b.doc.root as any).components.schemas;
    schemas.Cat.properties.kind.default = "cat";
    schemas.Cat.description = "a cat";
    const kinds = diff(a, b).findings.map((c) => `${c.kind} ${c.path}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        "default-changed #/components/schemas/Cat/properties/kind/default",
        "description-changed #/components/schemas/Cat/description",
      ]),
    );
  });
});
