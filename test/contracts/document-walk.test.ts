/**
 * src/contracts' traversals run on src/schema/walk.ts's document walk: collectRefs finds every
 * reference (a member *named* `$ref` included) and none in data; OpenAPI meta-schema validation
 * sees the Schema Objects of webhooks, component headers and callbacks, and takes no example data
 * or media type named `schema` for one.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectRefs, loadContract, loadRegistry } from "../../src/contracts/index.js";

describe("collectRefs", () => {
  it("finds references in schemas and document objects, with escaped pointers, in document order", () => {
    const doc = {
      paths: {
        "/a/{id}": {
          get: {
            parameters: [{ $ref: "#/components/parameters/P" }],
            responses: { default: { $ref: "#/components/responses/E" } },
          },
        },
      },
      components: { schemas: { "A/B": { properties: { x: { $ref: "#/components/schemas/C" } } } } },
    };
    expect(collectRefs(doc)).toEqual([
      { pointer: "/paths/~1a~1{id}/get/parameters/0", ref: "#/components/parameters/P" },
      { pointer: "/paths/~1a~1{id}/get/responses/default", ref: "#/components/responses/E" },
      { pointer: "/components/schemas/A~1B/properties/x", ref: "#/components/schemas/C" },
    ]);
  });

  it("walks a member named `$ref` (or `enum`, `default`) like any other member", () => {
    const doc = {
      $defs: {
        A: {
          type: "object",
          properties: {
            $ref: { $ref: "#/$defs/B" },
            enum: { $ref: "#/$defs/C" },
            default: { items: { $ref: "#/$defs/D" } },
          },
        },
      },
    };
    expect(collectRefs(doc).map((s) => s.ref)).toEqual(["#/$defs/B", "#/$defs/C", "#/$defs/D"]);
  });

  it("takes no `$ref` inside data (enum, const, default, example, an Example Object's value) for a reference", () => {
    const doc = {
      $defs: {
        A: {
          type: "object",
          enum: [{ $ref: "x" }],
          const: { $ref: "y" },
          default: { $ref: "z" },
          example: { $ref: "w" },
        },
      },
      components: { examples: { E: { value: { $ref: "v" } }, F: { $ref: "#/components/examples/E" } } },
    };
    expect(collectRefs(doc).map((s) => s.ref)).toEqual(["#/components/examples/E"]);
  });

  it("keeps the references of OpenRPC example pairings (a list of `examples`)", () => {
    const doc = {
      openrpc: "1.3.2",
      methods: [
        {
          name: "m",
          examples: [
            {
              name: "e",
              params: [{ $ref: "#/components/examples/two" }],
              result: { $ref: "#/components/examples/four" },
            },
          ],
        },
      ],
    };
    expect(collectRefs(doc).map((s) => s.pointer)).toEqual([
      "/methods/0/examples/0/params/0",
      "/methods/0/examples/0/result",
    ]);
  });

  // JSON Schema's `examples` is a list of instances: data, whatever they look like.
  const refShaped = { $ref: "#/$defs/NotAReference" };

  it("takes no `$ref`-shaped instance of a JSON Schema `examples` list for a reference", () => {
    const doc = {
      $defs: {
        A: {
          type: "object",
          examples: [refShaped],
          properties: { b: { $ref: "#/$defs/B", examples: [{ x: refShaped }] } },
        },
        B: {},
      },
    };
    expect(collectRefs(doc).map((s) => s.pointer)).toEqual(["/$defs/A/properties/b"]);
  });

  it("reads `examples` in an OpenAPI document by place: data inside schemas, Example Objects (maybe references) outside", () => {
    const doc = {
      openapi: "3.1.0",
      paths: {
        "/a": {
          get: {
            parameters: [
              {
                name: "q",
                in: "query",
                schema: { type: "object", examples: [refShaped] },
                examples: { one: { $ref: "#/components/examples/Q" }, two: { value: refShaped } },
              },
            ],
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { $ref: "#/components/schemas/S" },
                    examples: { e: { $ref: "#/components/examples/E" } },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: { S: { type: "object", examples: [refShaped] } },
        examples: { E: { dataValue: refShaped }, Q: { value: refShaped } },
      },
    };
    expect(collectRefs(doc).map((s) => s.ref)).toEqual([
      "#/components/examples/Q",
      "#/components/schemas/S",
      "#/components/examples/E",
    ]);
  });

  it("reads `examples` in an OpenRPC document by place: pairings outside schemas (their Example values are data), instances inside", () => {
    const doc = {
      openrpc: "1.3.2",
      methods: [
        {
          name: "m",
          params: [{ name: "p", schema: { type: "object", examples: [refShaped] } }],
          result: { name: "r", schema: { $ref: "#/components/schemas/R" } },
          examples: [
            { name: "e", params: [{ name: "p", value: refShaped }], result: { name: "r", value: refShaped } },
            { $ref: "#/components/examplePairingObjects/P" },
          ],
        },
      ],
      components: { schemas: { R: { examples: [refShaped] } }, examples: { X: { value: refShaped } } },
    };
    expect(collectRefs(doc).map((s) => s.ref)).toEqual([
      "#/components/schemas/R",
      "#/components/examplePairingObjects/P",
    ]);
  });
});

describe("OpenAPI Schema Objects under meta-schema validation", () => {
  async function problems(doc: unknown) {
    const dir = mkdtempSync(join(tmpdir(), "walk-"));
    try {
      writeFileSync(
        join(dir, "api.json"),
        JSON.stringify({ openapi: "3.1.0", info: { title: "t", version: "1" }, ...(doc as object) }),
      );
      writeFileSync(
        join(dir, "index.json"),
        JSON.stringify({ contracts: [{ name: "api", kind: "openapi", version: "1", entry: "api.json" }] }),
      );
      const reg = loadRegistry(dir);
      return (await loadContract(reg, reg.contracts[0]!)).problems.filter((p) => p.rule.startsWith("metaschema"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const bad = { type: "strnig" };

  it("finds a bad schema in a webhook, a component header and a callback", async () => {
    const op = (schema: unknown) => ({
      post: {
        requestBody: { content: { "application/json": { schema } } },
        responses: { "200": { description: "ok" } },
      },
    });
    const found = await problems({
      webhooks: { ping: op(bad) },
      paths: { "/a": { post: { ...op({}).post, callbacks: { cb: { "{$request.body#/url}": op(bad) } } } } },
      components: { headers: { H: { schema: bad } } },
    });
    const at = found.map((p) => p.pointer);
    expect(at.some((p) => p.startsWith("/webhooks/ping/post/requestBody/content/application~1json/schema"))).toBe(true);
    expect(at.some((p) => p.startsWith("/components/headers/H/schema"))).toBe(true);
    expect(at.some((p) => p.startsWith("/paths/~1a/post/callbacks/cb/"))).toBe(true);
  });

  it("stays quiet on example data shaped like a schema and on a media type named `schema`", async () => {
    const found = await problems({
      paths: {
        "/a": {
          get: {
            responses: {
              "200": {
                description: "ok",
                // `example` and `examples` are mutually exclusive (the published 3.1 schema checks it): one media type each.
                content: {
                  "application/json": { schema: { type: "object" }, example: { schema: bad } },
                  "application/x-ndjson": { schema: { type: "object" }, examples: { e: { value: { schema: bad } } } },
                },
              },
            },
          },
        },
      },
      components: { schemas: { S: { type: "string", examples: [{ schema: bad }] } } },
    });
    expect(found).toEqual([]);
  });
});

describe("bundle definition references (src/schema/bundle.ts)", () => {
  it("escape and unescape the definition name as a pointer token, and name nothing for other references", async () => {
    const { definitionName, definitionRef } = await import("../../src/schema/bundle.js");
    expect(definitionRef("A/B~C")).toBe("#/$defs/A~1B~0C");
    expect(definitionName(definitionRef("A/B~C"))).toBe("A/B~C");
    expect(definitionName("#/$defs/~01")).toBe("~1");
    for (const other of [
      "#/$defs/A/properties/x",
      "#/$defs/",
      "#/$defs/a~2",
      "#/components/schemas/A",
      "other.json#/$defs/A",
      5,
      undefined,
    ])
      expect(definitionName(other)).toBeUndefined();
  });
});
