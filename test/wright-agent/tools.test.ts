import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { contractDocument, OPERATIONS, toolName, type ContractDocument } from "../../src/wright-agent/contract.js";
import {
  checkStandalone,
  deriveInputSchema,
  stripAnnotations,
  ToolSchemaError,
} from "../../src/wright-agent/tool-schema.js";
import { ALLOWED_CALLERS, clientTools, renderToolDefinitions, type ToolSource } from "../../src/wright-agent/tools.js";

const BIN = fileURLToPath(new URL("../../bin/contract-suite.mjs", import.meta.url));
const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8" });

const source = (): ToolSource => ({
  catalog: OPERATIONS.map((o) => ({ ...o })),
  document: structuredClone(contractDocument),
});

describe("client tool definitions (tools wright-agent)", () => {
  it("--format messages: one tool per operation, wright_ + snake case, result described, allowed_callers, sources kept", () => {
    const out = JSON.parse(renderToolDefinitions("messages"));
    expect(out.contract).toBe("wright-agent/v1");
    expect(out.tools.map((t: { name: string }) => t.name)).toEqual(OPERATIONS.map((o) => toolName(o.op)));
    expect(out.tools).toHaveLength(24);
    for (const [i, tool] of out.tools.entries()) {
      const op = OPERATIONS[i]!;
      expect(Object.keys(tool)).toEqual(["name", "description", "input_schema", "allowed_callers"]);
      expect(tool.allowed_callers).toEqual([...ALLOWED_CALLERS]);
      expect(tool.description).toContain(op.description);
      expect(tool.description).toContain(`Result: ${op.resultDescription}`);
      expect(tool.input_schema.type).toBe("object");
      expect(tool.input_schema.properties).not.toHaveProperty("op");
      expect(checkStandalone(tool.input_schema)).toEqual([]);
      expect(JSON.stringify(tool.input_schema)).not.toMatch(/"x-/);
    }
    const byName = Object.fromEntries(out.tools.map((t: { name: string }) => [t.name, t]));
    expect(byName.wright_validate_edit_transaction.input_schema.properties).toHaveProperty("sources");
    expect(byName.wright_provider_validate_edit.input_schema.properties).toHaveProperty("documents");
    expect(byName.wright_list_entries.input_schema.required).toEqual(["language", "kind"]);
    expect(byName.wright_capabilities.input_schema).not.toHaveProperty("required");
    expect(byName.wright_capabilities.input_schema).not.toHaveProperty("$defs");
    expect(Object.keys(byName.wright_rules.input_schema.$defs)).toEqual(
      [...Object.keys(byName.wright_rules.input_schema.$defs)].sort(),
    );
  });

  it("every emitted schema compiles under strict ajv and accepts the requests the mock accepts (minus op)", () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    const tools = Object.fromEntries(clientTools().map((t) => [t.name, ajv.compile(t.input_schema)]));
    const ok = (op: string, fields: object) =>
      expect(tools[toolName(op)]!(fields), `${op} ${JSON.stringify(fields)}`).toBe(true);
    ok("capabilities", {});
    ok("rules", { rule: "Tick#2#1", content: true, max: 3 });
    ok("references", { symbol: "globalVariable:score", kind: "write", rule: 1, snapshot: 4 });
    ok("validateEditTransaction", {
      transaction: {
        edits: [
          {
            kind: "replace",
            source: "main.ws",
            source_identity: "0".repeat(64),
            range: { start_line: 1, start_col: 1, end_line: 1, end_col: 1 },
            new_text: "",
          },
        ],
      },
      sources: { "main.ws": "x" },
    });
    ok("simulate", { inputIdentity: "a".repeat(64), seconds: 2 });
    // inputIdentity is a plain string (a wrong identity is refused at run time, not by the schema).
    expect(tools.wright_simulate!({ inputIdentity: 2, seconds: 2 })).toBe(false);
    expect(tools.wright_validate_edit_transaction!({ transaction: { edits: [] } })).toBe(false);
    expect(tools.wright_usage!({})).toBe(false);
    expect(tools.wright_symbols!({ max: "x" })).toBe(false);
  });

  it("--format json-schema: op -> standalone schema with its description inside", () => {
    const out = JSON.parse(renderToolDefinitions("json-schema"));
    expect(Object.keys(out)).toEqual(["contract", "schemas"]);
    expect(Object.keys(out.schemas)).toEqual(OPERATIONS.map((o) => o.op));
    const cfg = out.schemas.cfg;
    expect(cfg.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(cfg.description).toContain("Result:");
    expect(cfg.required).toEqual(["rule"]);
    const { $schema: _s, title: _t, description: _d, ...rest } = cfg;
    expect(rest).toEqual(clientTools(["cfg"])[0]!.input_schema);
  });

  it("is deterministic: identical bytes across runs and processes", () => {
    const a = cli("tools", "wright-agent", "--format", "messages");
    const b = cli("tools", "wright-agent");
    expect(a.status, a.stderr).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toBe(renderToolDefinitions("messages"));
    expect(a.stdout.endsWith("}\n")).toBe(true);
    const c = cli("tools", "wright-agent", "--format", "json-schema", "--operations", "cfg", "usage");
    expect(c.status).toBe(0);
    expect(Object.keys(JSON.parse(c.stdout).schemas)).toEqual(["usage", "cfg"]); // catalog order, not argument order
  });

  it("usage errors exit 2: unknown format, unknown operation", () => {
    expect(cli("tools", "wright-agent", "--format", "yaml").status).toBe(2);
    const r = cli("tools", "wright-agent", "--operations", "nope");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown operation/);
  });

  describe("a catalog change that would ship a broken tool fails", () => {
    it("a dropped description", () => {
      const s = source();
      (s.catalog[6] as { description: string }).description = "";
      expect(() => clientTools(undefined, s)).toThrow(/rules has no description/);
      const t = source();
      (t.catalog[3] as { resultDescription: string }).resultDescription = " ";
      expect(() => renderToolDefinitions("json-schema", undefined, t)).toThrow(/analyze has no result description/);
    });

    it("a dropped request schema", () => {
      const s = source();
      delete s.document.$defs.CfgRequest;
      expect(() => clientTools(undefined, s)).toThrow(ToolSchemaError);
      expect(() => clientTools(undefined, s)).toThrow(/no request definition CfgRequest/);
    });

    it("a recursive $ref, directly or through a shared definition", () => {
      const s = source();
      const edit = s.document.$defs.SourceEdit as { properties: Record<string, unknown> };
      edit.properties.nested = { $ref: "#/$defs/EditTransaction", description: "recursion" };
      expect(() => clientTools(["validateEditTransaction"], s)).toThrow(
        /recursive \$ref: EditTransaction -> SourceEdit -> EditTransaction/,
      );
      expect(() => clientTools(["capabilities", "cfg"], s)).not.toThrow();
    });

    it("a reference to a missing definition, and a non-local $ref", () => {
      const s = source();
      (s.document.$defs.CfgRequest as { properties: Record<string, unknown> }).properties.extra = {
        $ref: "#/$defs/Nope",
      };
      expect(() => clientTools(["cfg"], s)).toThrow(/missing definition Nope/);
      expect(checkStandalone({ type: "object", properties: { a: { $ref: "other.json#/x" } } })).toEqual([
        "non-local $ref other.json#/x",
      ]);
      expect(checkStandalone({ type: "object", properties: { a: { $ref: "#/$defs/A" } } })).toEqual([
        "$ref to #/$defs/A does not resolve locally",
      ]);
    });
  });

  it("derivation: op and omitted fields go, required disappears when empty, annotations are stripped but property names kept", () => {
    const doc: ContractDocument = {
      $id: "urn:x",
      $defs: {
        R: {
          type: "object",
          description: "r",
          required: ["op", "b"],
          properties: { op: { const: "r" }, b: { $ref: "#/$defs/B" }, "x-name": { type: "string" } },
          additionalProperties: false,
          "x-selection": "S",
        },
        B: { type: "string", description: "b", "x-invalid-code": "invalid-selection" },
      },
    };
    expect(deriveInputSchema(doc, "R")).toEqual({
      type: "object",
      description: "r",
      required: ["b"],
      properties: { b: { $ref: "#/$defs/B" }, "x-name": { type: "string" } },
      additionalProperties: false,
      $defs: { B: { type: "string", description: "b" } },
    });
    expect(deriveInputSchema(doc, "R", { omit: ["b"] })).toEqual({
      type: "object",
      description: "r",
      properties: { "x-name": { type: "string" } },
      additionalProperties: false,
    });
    expect(() => deriveInputSchema(doc, "R", { omit: ["c"] })).toThrow(/no field c/);
    expect(stripAnnotations({ enum: [{ "x-keep": 1 }], const: { "x-keep": 2 } })).toEqual({
      enum: [{ "x-keep": 1 }],
      const: { "x-keep": 2 },
    });
  });

  it("a request property named __proto__ stays a property of the derived schema (never its prototype)", () => {
    const properties = JSON.parse(
      '{"op":{"const":"r"},"__proto__":{"type":"string","x-note":1},"a":{"type":"integer"}}',
    );
    const doc = { $defs: { R: { type: "object", description: "r", properties } } } as unknown as ContractDocument;
    const derived = deriveInputSchema(doc, "R") as { properties: Record<string, unknown> };
    expect(Object.getPrototypeOf(derived.properties)).toBe(Object.prototype);
    expect(Object.keys(derived.properties)).toEqual(["__proto__", "a"]);
    expect(Object.getOwnPropertyDescriptor(derived.properties, "__proto__")?.value).toEqual({ type: "string" });
  });
});
