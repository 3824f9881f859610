/**
 * The two change kinds no OpenAPI pair can show: `param-structure-changed` (OpenRPC) and
 * `document-kind-changed` (a document that changes kind). Each fires on its pair and stays quiet
 * where nothing of the kind changed.
 */
import { describe, expect, it } from "vitest";
import type { LoadedContract } from "../../src/contracts/index.js";
import { diff, openapi } from "./openapi-helpers.js";

function loaded(
  kind: LoadedContract["entry"]["kind"],
  root: Record<string, unknown>,
  path = "/virtual/doc.json",
): LoadedContract {
  return {
    entry: { name: "doc", kind, version: "", entry: path },
    doc: { path, root, files: new Map([[path, root]]), bytes: new Map() },
    problems: [],
  };
}

const rpc = (paramStructure?: string) =>
  loaded("openrpc", {
    openrpc: "1.3.2",
    info: { title: "t", version: "1" },
    methods: [
      {
        name: "get",
        ...(paramStructure ? { paramStructure } : {}),
        params: [{ name: "id", required: true, schema: { type: "string" } }],
        result: { name: "r", schema: { type: "string" } },
      },
    ],
  });
const structureChanges = (a: LoadedContract, b: LoadedContract) =>
  diff(a, b, 50).findings.filter((c) => c.kind === "param-structure-changed");

describe("param-structure-changed", () => {
  it("by-name -> by-position fires, needs review: requests in the old structure may be refused", () => {
    const [c] = structureChanges(rpc("by-name"), rpc("by-position"));
    expect(c).toMatchObject({ verdict: "needs-review", direction: "request", path: "#/methods/get/paramStructure" });
    expect(diff(rpc("by-name"), rpc("by-position"), 50).verdict).toBe("needs-review");
  });
  it("becoming `either` (also the default when absent) is compatible: every old request is still accepted", () => {
    expect(structureChanges(rpc("by-name"), rpc("either")).map((c) => c.verdict)).toEqual(["compatible"]);
    expect(structureChanges(rpc("by-position"), rpc()).map((c) => c.verdict)).toEqual(["compatible"]);
  });
  it("stays quiet when the structure is unchanged, spelled out or by default", () => {
    expect(structureChanges(rpc("by-name"), rpc("by-name"))).toEqual([]);
    expect(structureChanges(rpc("either"), rpc())).toEqual([]);
  });
});

describe("document-kind-changed", () => {
  const schema = loaded("json-schema", {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $defs: { Thing: { type: "object", properties: { a: { type: "string" } } } },
  });
  const api = openapi({
    components: { schemas: { Thing: { type: "object", properties: { a: { type: "string" } } } } },
  });
  it("a JSON Schema document that becomes an OpenAPI document fires, needs review, and is still compared where surfaces match", () => {
    const r = diff(schema, api, 50);
    expect(r.findings[0]).toMatchObject({ kind: "document-kind-changed", verdict: "needs-review", path: "#" });
    expect(r.verdict).toBe("needs-review");
    // The definition is paired by name across kinds: unchanged, so nothing else is reported against it.
    expect(r.findings.filter((c) => c.kind === "definition-removed")).toEqual([]);
  });
  it("a breaking change across the kind change stays breaking", () => {
    const narrowed = openapi({
      components: { schemas: { Thing: { type: "object", properties: { a: { type: "integer" } } } } },
    });
    expect(diff(schema, narrowed, 50).verdict).toBe("breaking");
  });
  it("stays quiet between two documents of one kind", () => {
    expect(diff(api, api, 50).findings.map((c) => c.kind)).not.toContain("document-kind-changed");
    expect(diff(schema, schema, 50).findings.map((c) => c.kind)).not.toContain("document-kind-changed");
  });
});
