import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadContract, loadRegistry, RegistryError, type ContractEntry } from "../../src/contracts/index.js";

function withRegistry(
  files: Record<string, unknown>,
  contracts: Partial<ContractEntry>[],
  fn: (dir: string) => Promise<void>,
) {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), "reg-"));
    try {
      for (const [name, content] of Object.entries(files)) {
        mkdirSync(join(dir, name, ".."), { recursive: true });
        writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
      }
      writeFileSync(join(dir, "index.json"), JSON.stringify({ contracts }));
      await fn(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

async function problemsOf(dir: string, name: string) {
  const reg = loadRegistry(dir);
  return (await loadContract(reg, reg.contracts.find((c) => c.name === name)!)).problems;
}

describe("contract loading and meta-schema validation", () => {
  it("the bundled registry is valid", async () => {
    const reg = loadRegistry();
    for (const c of reg.contracts) expect((await loadContract(reg, c)).problems, c.name).toEqual([]);
  });

  it(
    "reports a bad JSON Schema with file, pointer and rule",
    withRegistry(
      {
        "s.json": {
          $schema: "https://json-schema.org/draft/2020-12/schema",
          $defs: { A: { type: "strnig" }, B: { minLength: -1 } },
        },
      },
      [{ name: "s", kind: "json-schema", version: "1", entry: "s.json" }],
      async (dir) => {
        const problems = await problemsOf(dir, "s");
        expect(
          problems.some(
            (p) =>
              p.file.endsWith("s.json") && p.pointer.startsWith("/$defs/A/type") && p.rule.startsWith("metaschema:"),
          ),
        ).toBe(true);
        expect(problems.some((p) => p.pointer === "/$defs/B/minLength")).toBe(true);
      },
    ),
  );

  it(
    "reports unresolvable references, local and across files, and follows good relative-file refs",
    withRegistry(
      {
        "a.json": { $defs: { A: { $ref: "./b.json" }, C: { $ref: "./missing.json" }, D: { $ref: "#/$defs/Nope" } } },
        "b.json": { $defs: { X: { type: "string" } }, $ref: "#/$defs/X" },
      },
      [{ name: "a", kind: "json-schema", version: "1", entry: "a.json" }],
      async (dir) => {
        const problems = (await problemsOf(dir, "a")).filter((p) => p.rule === "unresolved-ref");
        expect(problems.map((p) => p.pointer).sort()).toEqual(["/$defs/C", "/$defs/D"]);
      },
    ),
  );

  it(
    "refuses other JSON Schema dialects",
    withRegistry(
      { "s.json": { $schema: "http://json-schema.org/draft-07/schema#", type: "object" } },
      [{ name: "s", kind: "json-schema", version: "1", entry: "s.json" }],
      async (dir) => {
        expect((await problemsOf(dir, "s"))[0]).toMatchObject({ pointer: "/$schema", rule: "dialect" });
      },
    ),
  );

  it(
    "reports an invalid OpenRPC document with a pointer",
    withRegistry(
      { "o.json": { openrpc: "1.4.0", info: { version: "1" }, methods: [] } },
      [{ name: "o", kind: "openrpc", version: "1", entry: "o.json" }],
      async (dir) => {
        const problems = await problemsOf(dir, "o");
        expect(problems).toContainEqual(expect.objectContaining({ pointer: "/info", rule: "metaschema:required" }));
      },
    ),
  );

  it(
    "OpenAPI 3.0 against the published 3.0 schema: nullable, boolean bounds and example accepted; misspelled ones refused",
    withRegistry(
      {
        "ok.json": {
          openapi: "3.0.3",
          info: { title: "t", version: "1" },
          paths: {},
          components: {
            schemas: {
              N: { type: "string", nullable: true, example: "x" },
              B: { type: "number", minimum: 0, exclusiveMinimum: true },
            },
          },
        },
        "bad.json": {
          openapi: "3.0.3",
          info: { title: "t", version: "1" },
          paths: {},
          components: { schemas: { N: { type: "string", nullable: "yes" }, B: { exclusiveMinimum: 0 } } },
        },
      },
      [
        { name: "ok", kind: "openapi", version: "1", entry: "ok.json" },
        { name: "bad", kind: "openapi", version: "1", entry: "bad.json" },
      ],
      async (dir) => {
        expect(await problemsOf(dir, "ok")).toEqual([]);
        const bad = await problemsOf(dir, "bad");
        expect(bad.some((p) => p.pointer === "/components/schemas/N/nullable")).toBe(true);
        expect(bad.some((p) => p.pointer === "/components/schemas/B/exclusiveMinimum")).toBe(true);
      },
    ),
  );

  it(
    "OpenAPI 3.1 references to components (headers, responses) are uri-references, not URIs",
    withRegistry(
      {
        "api.json": {
          openapi: "3.1.0",
          info: { title: "t", version: "1" },
          paths: {
            "/x": {
              get: {
                responses: {
                  "200": { description: "ok", headers: { "X-Rate": { $ref: "#/components/headers/X-Rate" } } },
                  "429": { $ref: "#/components/responses/Limited" },
                },
              },
            },
          },
          components: {
            headers: { "X-Rate": { schema: { type: "integer" } } },
            responses: { Limited: { description: "slow down" } },
          },
        },
      },
      [{ name: "api", kind: "openapi", version: "1", entry: "api.json" }],
      async (dir) => expect(await problemsOf(dir, "api")).toEqual([]),
    ),
  );

  it(
    "validates OpenAPI 3.1 from YAML and reports violations",
    withRegistry(
      {
        "good.yaml":
          "openapi: 3.1.0\ninfo: { title: t, version: '1' }\npaths:\n  /x:\n    get:\n      responses:\n        '200': { description: ok }\n",
        "bad.yaml":
          "openapi: 3.1.0\ninfo: { version: '1' }\npaths:\n  /x:\n    get:\n      responses:\n        '200': { }\n",
        "old.yaml": "openapi: 2.0.0\ninfo: { title: t, version: '1' }\npaths: {}\n",
        "dup.yaml": "openapi: 3.1.0\nopenapi: 3.1.0\n",
      },
      [
        { name: "good", kind: "openapi", version: "1", entry: "good.yaml" },
        { name: "bad", kind: "openapi", version: "1", entry: "bad.yaml" },
        { name: "old", kind: "openapi", version: "1", entry: "old.yaml" },
        { name: "dup", kind: "openapi", version: "1", entry: "dup.yaml" },
      ],
      async (dir) => {
        expect(await problemsOf(dir, "good")).toEqual([]);
        const bad = await problemsOf(dir, "bad");
        expect(bad.some((p) => p.pointer === "/info" && p.rule === "metaschema:required")).toBe(true);
        expect(bad.some((p) => p.pointer === "/paths/~1x/get/responses/200")).toBe(true);
        expect((await problemsOf(dir, "old")).some((p) => p.rule === "version")).toBe(true);
        expect((await problemsOf(dir, "dup"))[0]).toMatchObject({ rule: "parse" });
      },
    ),
  );

  it(
    "validates OpenAPI 3.2 against its own published schema: itemSchema is a 3.2 keyword, its Schema Objects are checked too",
    withRegistry(
      {
        "stream32.yaml":
          "openapi: 3.2.0\ninfo: { title: t, version: '1' }\npaths:\n  /s:\n    post:\n      responses:\n        '200':\n          description: ok\n          content:\n            text/event-stream:\n              itemSchema: { type: object, properties: { data: { type: string, contentMediaType: application/json, contentSchema: { type: object } } } }\n",
        "stream31.yaml":
          "openapi: 3.1.0\ninfo: { title: t, version: '1' }\npaths:\n  /s:\n    post:\n      responses:\n        '200':\n          description: ok\n          content:\n            text/event-stream:\n              itemSchema: { type: object }\n",
        "badschema32.yaml":
          "openapi: 3.2.0\ninfo: { title: t, version: '1' }\npaths:\n  /s:\n    post:\n      responses:\n        '200':\n          description: ok\n          content:\n            text/event-stream:\n              itemSchema: { type: 5 }\n",
        "badstruct32.yaml":
          "openapi: 3.2.0\ninfo: { title: t, version: '1' }\npaths:\n  /s:\n    post:\n      responses:\n        '200':\n          description: ok\n          content:\n            text/event-stream:\n              itemEncoding: 7\n",
        "future.yaml": "openapi: 3.3.0\ninfo: { title: t, version: '1' }\npaths: {}\n",
      },
      [
        { name: "stream32", kind: "openapi", version: "1", entry: "stream32.yaml" },
        { name: "stream31", kind: "openapi", version: "1", entry: "stream31.yaml" },
        { name: "badschema32", kind: "openapi", version: "1", entry: "badschema32.yaml" },
        { name: "badstruct32", kind: "openapi", version: "1", entry: "badstruct32.yaml" },
        { name: "future", kind: "openapi", version: "1", entry: "future.yaml" },
      ],
      async (dir) => {
        expect(await problemsOf(dir, "stream32")).toEqual([]);
        // 3.1's media type has no itemSchema: the same document as 3.1.0 is refused.
        expect((await problemsOf(dir, "stream31")).some((p) => p.message.includes("itemSchema"))).toBe(true);
        expect((await problemsOf(dir, "badschema32")).some((p) => p.pointer.endsWith("/itemSchema/type"))).toBe(true);
        expect((await problemsOf(dir, "badstruct32")).some((p) => p.pointer.includes("text~1event-stream"))).toBe(true);
        expect((await problemsOf(dir, "future"))[0]).toMatchObject({ rule: "version" });
      },
    ),
  );

  it(
    "rejects a malformed registry",
    withRegistry({}, [{ name: "Bad Name", kind: "json-schema", version: "1", entry: "x.json" }], async (dir) => {
      expect(() => loadRegistry(dir)).toThrow(RegistryError);
    }),
  );
  it(
    "rejects duplicate names and unknown mirrors",
    withRegistry(
      {},
      [
        { name: "a", kind: "json-schema", version: "1", entry: "x.json" },
        { name: "a", kind: "openapi", version: "1", entry: "y.yaml", mirrors: "zzz" },
      ],
      async (dir) => {
        expect(() => loadRegistry(dir)).toThrow(/twice/);
      },
    ),
  );
});
