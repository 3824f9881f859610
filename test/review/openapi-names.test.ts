/**
 * Definition names that need JSON Pointer escaping (`/` -> `~1`, `~` -> `~0`): the bundle must
 * register `#/components/schemas/a~1b`, the pointer a `$ref` to it uses, or the definition is
 * registered twice and the diff's model cannot find it (an unreached component would then not be
 * compared at all).
 */
import { describe, expect, it } from "vitest";
import type { LoadedContract } from "../../src/contracts/index.js";
import { buildBundle } from "../../src/schema/bundle.js";
import { diff, json, kinds, openapi } from "./openapi-helpers.js";

const doc = (t: string) =>
  openapi({
    paths: {
      "/a": {
        get: { responses: { "200": { description: "ok", ...json({ $ref: "#/components/schemas/v1~1Thing" }) } } },
      },
    },
    components: {
      schemas: {
        "v1/Thing": { type: "object", properties: { n: { $ref: "#/components/schemas/a~0b" } } },
        "a~b": { type: "integer" },
        "old/Unused": { type: t },
      },
    },
  });

function jsonSchema(root: Record<string, unknown>): LoadedContract {
  const path = "/virtual/s.json";
  return {
    entry: { name: "s", kind: "json-schema", version: "", entry: path },
    doc: { path, root, files: new Map([[path, root]]), bytes: new Map() },
    problems: [],
  };
}

describe("definition names with / and ~", () => {
  it("the bundle registers each one once, at its escaped pointer", () => {
    const { bundle } = buildBundle(doc("string"));
    const origins = Object.values(bundle.origins).map((o) => o.slice(o.indexOf("#")));
    expect(origins).toEqual(
      expect.arrayContaining([
        "#/components/schemas/v1~1Thing",
        "#/components/schemas/a~0b",
        "#/components/schemas/old~1Unused",
      ]),
    );
    // One definition per component, none registered twice under a second name.
    expect(origins.filter((o) => o.startsWith("#/components/schemas/"))).toHaveLength(3);
  });
  it("a JSON Schema $defs name with / is registered at its escaped pointer too", () => {
    const { bundle } = buildBundle(jsonSchema({ $defs: { "a/b": { type: "string" } }, $ref: "#/$defs/a~1b" }));
    expect(Object.values(bundle.origins).filter((o) => o.includes("$defs"))).toEqual(["/virtual/s.json#/$defs/a~1b"]);
  });
  it("a change of an unreached component named with / is found (fires)", () => {
    const r = diff(doc("string"), doc("integer"));
    expect(r.verdict).toBe("breaking");
    const c = r.findings.find((x) => x.verdict === "breaking")!;
    expect(c.kind).toBe("type-narrowed");
    expect(c.path).toBe("#/components/schemas/old~1Unused/type");
  });
  it("the same document against itself is unchanged, and a change under a~b is found through the reference (quiet / fires)", () => {
    expect(diff(doc("string"), doc("string")).verdict).toBe("compatible");
    const widened = openapi({
      paths: {
        "/a": {
          get: { responses: { "200": { description: "ok", ...json({ $ref: "#/components/schemas/v1~1Thing" }) } } },
        },
      },
      components: {
        schemas: {
          "v1/Thing": { type: "object", properties: { n: { $ref: "#/components/schemas/a~0b" } } },
          "a~b": { type: ["integer", "string"] },
          "old/Unused": { type: "string" },
        },
      },
    });
    // A response may not grow: a string `n` is new.
    expect(kinds(diff(doc("string"), widened), "breaking")).toContain("type-widened");
  });
});
