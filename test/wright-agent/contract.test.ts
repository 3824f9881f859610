import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import {
  ANNOTATION_KEYWORDS,
  contractDocument as doc,
  createContractAjv,
  definitionValidator,
  MCP_TOOLS,
  OPERATIONS,
  type ContractDocument,
  type Schema,
} from "../../src/wright-agent/contract.js";
import { findRecursion, reachableDefinitions } from "../../src/wright-agent/schema-walk.js";

// The seed's operation table, restated here as the independent source of truth.
const SEED_OPERATIONS = [
  "capabilities",
  "compile",
  "check",
  "analyze",
  "inspect",
  "project",
  "rules",
  "symbols",
  "references",
  "usage",
  "cfg",
  "findings",
  "persistentObjects",
  "lint",
  "lintRules",
  "callGraph",
  "costEstimate",
  "targetMetadata",
  "validateEditTransaction",
  "providerValidateEdit",
  "editStatements",
  "lookup",
  "listEntries",
  "simulate",
];
// The seed's MCP table (21 tools) and the fields each tool drops.
const SEED_MCP: Record<string, string[]> = {
  project: [],
  rules: [],
  symbols: [],
  references: [],
  usage: [],
  cfg: [],
  findings: [],
  persistentObjects: [],
  callGraph: [],
  check: [],
  analyze: [],
  inspect: [],
  lint: [],
  lintRules: [],
  costEstimate: [],
  targetMetadata: [],
  validateEditTransaction: ["sources"],
  providerValidateEdit: ["documents", "sources"],
  editStatements: ["sources"],
  lookup: [],
  simulate: [],
};
// Request fields per the seed's table (required ones marked with !).
const SEED_FIELDS: Record<string, string[]> = {
  capabilities: [],
  compile: ["output", "force", "to"],
  check: ["all"],
  analyze: ["severity", "rule", "file", "max", "all"],
  inspect: ["all"],
  project: [],
  rules: ["rule", "file", "max", "content", "snapshot"],
  symbols: ["kind", "file", "max", "all"],
  references: ["symbol!", "snapshot", "kind", "rule", "file", "max", "all"],
  usage: ["symbol!", "snapshot"],
  cfg: ["rule!", "snapshot", "kind", "max", "all"],
  findings: ["severity", "rule", "file", "max", "all"],
  persistentObjects: ["all"],
  lint: ["severity", "rule", "file", "max", "all"],
  lintRules: [],
  callGraph: ["caller", "callee", "max", "all"],
  costEstimate: ["severity", "file", "max", "rule", "all"],
  targetMetadata: [],
  validateEditTransaction: ["transaction!", "sources"],
  providerValidateEdit: ["language_id!", "transaction!", "documents", "sources", "project_root"],
  editStatements: ["inputIdentity!", "edits!", "sources", "snapshot"],
  lookup: ["language!", "query", "kind", "within", "locale", "limit"],
  listEntries: ["language!", "kind!", "within", "locale", "pageSize", "cursor"],
  simulate: ["inputIdentity!", "seconds", "scenario", "sources"],
};

const defs = doc.$defs;
const pascal = (op: string) => op[0]!.toUpperCase() + op.slice(1);
const props = (name: string) => (defs[name]!.properties ?? {}) as Record<string, Schema>;

/** Every schema node with the path leading to it. */
function* nodes(schema: unknown, path: string, nameMap = false): Generator<[string, Schema, boolean]> {
  if (Array.isArray(schema)) {
    for (const [i, s] of schema.entries()) yield* nodes(s, `${path}/${i}`);
    return;
  }
  if (schema === null || typeof schema !== "object") return;
  if (!nameMap) yield [path, schema as Schema, false];
  for (const [k, v] of Object.entries(schema as Schema)) {
    if (!nameMap && (k === "const" || k === "enum" || k.startsWith("x-"))) continue;
    if (nameMap) {
      yield [`${path}/${k}`, v as Schema, true];
      yield* nodes(v, `${path}/${k}`);
    } else yield* nodes(v, `${path}/${k}`, k === "properties" || k === "$defs");
  }
}

describe("wright-agent/v1 schema document", () => {
  it("is valid JSON Schema 2020-12 and compiles under strict ajv (typos in keywords fail)", () => {
    const meta = new Ajv2020({ strict: false });
    expect(meta.validateSchema(doc as object), JSON.stringify(meta.errors)).toBe(true);
    const ajv = createContractAjv();
    for (const name of Object.keys(defs)) expect(() => definitionValidator(name), name).not.toThrow();
    expect(ajv.getSchema(`${doc.$id}#/$defs/ToolRequest`)).toBeTypeOf("function");
  });

  it("strict mode rejects a misspelled keyword (the check can fail)", () => {
    const ajv = new Ajv2020({ strict: true });
    for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword });
    expect(() => ajv.compile({ type: "object", properties: { a: { type: "string", minLenght: 1 } } })).toThrow(
      /unknown keyword/,
    );
  });

  it("records its id, version and the two contract ids", () => {
    expect(doc.$id).toBe("urn:contract-suite:wright-agent");
    expect(doc["x-version"]).toMatch(/^1\.\d+\.\d+$/);
    expect((props("CapabilitiesResult").agent_contract as Schema).const).toBe("wright-agent/v1");
    expect((props("CapabilitiesResult").contract as Schema).const).toBe("wright-result/v1");
  });

  it("has a request and a result definition, with descriptions, for every operation of the seed", () => {
    expect(OPERATIONS.map((o) => o.op)).toEqual(SEED_OPERATIONS);
    const oneOf = (defs.ToolRequest!.oneOf as Schema[]).map((s) => s.$ref);
    expect(oneOf).toEqual(SEED_OPERATIONS.map((op) => `#/$defs/${pascal(op)}Request`));
    for (const o of OPERATIONS) {
      expect(o.request).toBe(`${pascal(o.op)}Request`);
      expect(o.result).toBe(`${pascal(o.op)}Result`);
      const req = defs[o.request]!;
      expect((req.properties as Record<string, Schema>).op!.const, o.op).toBe(o.op);
      expect(req.additionalProperties, o.op).toBe(false);
      expect(String(req.description).length, o.op).toBeGreaterThan(20);
      expect(String(defs[o.result]!.description).length, o.op).toBeGreaterThan(5);
    }
  });

  it("request fields are exactly the seed's, required as the seed says", () => {
    for (const op of SEED_OPERATIONS) {
      const req = defs[`${pascal(op)}Request`]!;
      const expected = SEED_FIELDS[op]!;
      expect(Object.keys(req.properties as object).sort(), op).toEqual(
        ["op", ...expected.map((f) => f.replace("!", ""))].sort(),
      );
      expect([...(req.required as string[])].sort(), op).toEqual(
        ["op", ...expected.filter((f) => f.endsWith("!")).map((f) => f.slice(0, -1))].sort(),
      );
    }
  });

  it("every definition and every member carries a description", () => {
    const missing: string[] = [];
    for (const [name, schema] of Object.entries(defs)) {
      if (typeof schema.description !== "string" || !schema.description) missing.push(name);
      for (const [path, node, isMember] of nodes(schema, name))
        if (isMember && typeof node.description !== "string") missing.push(path);
    }
    expect(missing).toEqual([]);
  });

  it("every member has a type (or is a $ref / const / enum / union of typed branches)", () => {
    const untyped: string[] = [];
    const typed = (s: Schema): boolean =>
      s.type !== undefined ||
      s.$ref !== undefined ||
      s.const !== undefined ||
      s.enum !== undefined ||
      (["anyOf", "oneOf"] as const).some((k) => Array.isArray(s[k]) && (s[k] as Schema[]).every(typed));
    for (const [name, schema] of Object.entries(defs)) {
      if (!typed(schema)) untyped.push(name);
      for (const [path, node, isMember] of nodes(schema, name)) if (isMember && !typed(node)) untyped.push(path);
      for (const [path, node] of nodes(schema, name)) {
        if (node.items !== undefined && !typed(node.items as Schema)) untyped.push(`${path}/items`);
        if (typeof node.additionalProperties === "object" && !typed(node.additionalProperties as Schema))
          untyped.push(`${path}/additionalProperties`);
      }
    }
    expect(untyped).toEqual([]);
  });

  it("no recursive $ref is reachable from any request schema (JsonValue appears only in results)", () => {
    for (const o of OPERATIONS) {
      expect(findRecursion(doc, o.request), o.request).toBeUndefined();
      expect(reachableDefinitions(doc, o.request), o.request).not.toContain("JsonValue");
    }
    expect(findRecursion(doc, "ToolRequest")).toBeUndefined();
    // The results may recurse (free JSON), and the walk sees it.
    expect(findRecursion(doc, "RulesResult")).toEqual(["JsonValue", "JsonValue"]);
  });

  it("the recursion check finds an indirect cycle in a bad document", () => {
    const bad: ContractDocument = {
      $id: "urn:test",
      $defs: {
        Req: { type: "object", properties: { a: { $ref: "#/$defs/A" } } },
        A: { type: "object", properties: { b: { type: "array", items: { $ref: "#/$defs/B" } } } },
        B: { anyOf: [{ $ref: "#/$defs/A" }, { type: "null" }] },
      },
    };
    expect(findRecursion(bad, "Req")).toEqual(["A", "B", "A"]);
  });

  it("result schemas are open for additive fields", () => {
    for (const o of OPERATIONS) {
      const result = defs[o.result]!;
      const branches = (result.anyOf as Schema[] | undefined)?.map((b) =>
        b.$ref ? defs[String(b.$ref).split("/").pop()!]! : b,
      ) ?? [result];
      for (const b of branches) expect(b.additionalProperties, o.result).not.toBe(false);
    }
    const accepts = definitionValidator("FindingsResult")({ findings: [], snapshot: 1, somethingNew: { x: 1 } });
    expect(accepts).toBe(true);
  });

  it("the seed's example requests validate, and malformed ones do not", () => {
    const request = definitionValidator("ToolRequest");
    for (const r of [
      { op: "capabilities" },
      { op: "findings" },
      { op: "check" },
      { op: "findings", severity: "warning", rule: "repeated-value", file: "main.ws", max: 3 },
      { op: "symbols", max: 0 },
      { op: "references", symbol: "globalVariable:score", kind: "write", rule: "Tick#1" },
      { op: "references", symbol: 4, snapshot: 2 },
      { op: "cfg", rule: "a#2#1", kind: "if" },
      { op: "callGraph", caller: "Init", callee: "ResetRound" },
      { op: "costEstimate", rule: "Init" },
      { op: "compile", output: "out.ow", force: true, to: "de-DE" },
      { op: "simulate", inputIdentity: "a".repeat(64), seconds: 10 },
      {
        op: "validateEditTransaction",
        transaction: {
          edits: [
            {
              kind: "replace",
              source: "main.ws",
              source_identity: "b".repeat(64),
              range: { start_line: 1, start_col: 1, end_line: 1, end_col: 4 },
              new_text: "x",
            },
          ],
        },
      },
      {
        op: "validateEditTransaction",
        sources: null,
        transaction: {
          edits: [
            {
              kind: "replace",
              source: "main.ws",
              source_identity: "not-checked-by-the-schema",
              range: { start_line: 1, start_col: 1, end_line: 1, end_col: 1 },
              new_text: "",
            },
          ],
        },
      },
      { op: "symbols", kind: null },
      { op: "lookup", language: "workshop", query: null, kind: null, within: null, locale: null, limit: null },
      { op: "listEntries", language: "workshop", kind: "action", pageSize: 5 },
    ]) {
      expect(request(r), JSON.stringify(r) + JSON.stringify(request.errors)).toBe(true);
    }
    for (const r of [
      {},
      { op: "nope" },
      { op: "findings", bogus: 1 },
      { op: "findings", severity: "fatal" },
      { op: "references" },
      { op: "symbols", max: -1 },
      {
        op: "validateEditTransaction",
        transaction: {
          edits: [
            {
              kind: "delete",
              source: "main.ws",
              source_identity: "XYZ",
              range: { start_line: 0, start_col: 1, end_line: 1, end_col: 1 },
              new_text: "",
            },
          ],
        },
      },
      { op: "validateEditTransaction", transaction: { edits: [] } },
      { op: "lookup", language: "workshop", limit: 11 },
      { op: "lookup", language: "python" },
    ]) {
      expect(request(r), JSON.stringify(r)).toBe(false);
    }
  });

  it("ToolResponse is {result} xor {error:{code,message}}", () => {
    const response = definitionValidator("ToolResponse");
    // result is one of the operations' results (AgentResult), as upstream's: not any object.
    expect(response({ result: { rules: [], snapshot: 0 } })).toBe(true);
    expect(response({ result: [] })).toBe(true); // an unselected callGraph edge list
    expect(response({ result: { anything: [1] } })).toBe(false);
    expect(response({ result: null })).toBe(false);
    // Open to additive members (upstream's own test shape).
    expect(response({ error: { code: "x", message: "m", details: {} }, future_metadata: { a: 1 } })).toBe(true);
    expect(response({ result: [], future_metadata: 1 })).toBe(true);
    expect(response({ error: { code: "stale-id", message: "m" } })).toBe(true);
    expect(
      response({
        error: { code: "ambiguous-rule", message: "m", candidates: [{ address: "a#2", id: 1 }], snapshot: 3 },
      }),
    ).toBe(true);
    expect(response({ result: {}, error: { code: "x", message: "m" } })).toBe(false);
    expect(response({})).toBe(false);
    expect(response({ error: { code: "x" } })).toBe(false);
  });

  it("the MCP annotation lists the seed's 21 tools with the fields each drops", () => {
    expect(MCP_TOOLS).toHaveLength(21);
    expect(Object.fromEntries(MCP_TOOLS.map((t) => [t.op, t.omit]))).toEqual(SEED_MCP);
    for (const t of MCP_TOOLS) {
      expect(t.tool).toBe(`wright_${t.op.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`);
      for (const field of t.omit) expect(props(`${pascal(t.op)}Request`), `${t.op}.${field}`).toHaveProperty(field);
    }
    expect(SEED_OPERATIONS.filter((op) => !MCP_TOOLS.some((t) => t.op === op))).toEqual([
      "capabilities",
      "compile",
      "listEntries",
    ]);
    expect(MCP_TOOLS.find((t) => t.op === "validateEditTransaction")!.tool).toBe("wright_validate_edit_transaction");
  });

  it("requests carrying a selection list exactly their selection variant's fields, with the same schemas", () => {
    const annotated = OPERATIONS.filter((o) => defs[o.request]!["x-selection"] !== undefined);
    expect(annotated.map((o) => o.op).sort()).toEqual([
      "analyze",
      "callGraph",
      "cfg",
      "costEstimate",
      "findings",
      "lint",
      "references",
      "rules",
      "symbols",
    ]);
    for (const o of annotated) {
      const variant = props(String(defs[o.request]!["x-selection"]));
      for (const [field, schema] of Object.entries(variant))
        expect(props(o.request)[field], `${o.op}.${field}`).toEqual(schema);
    }
  });

  it("x-invalid-code sits only on enum-valued fields; x-removed-fields and x-exactly-one-of name real intent", () => {
    for (const o of OPERATIONS) {
      for (const [field, schema] of Object.entries(props(o.request))) {
        if (schema["x-invalid-code"] === undefined) continue;
        const target = schema.$ref ? defs[String(schema.$ref).split("/").pop()!]! : schema;
        expect(target.enum, `${o.op}.${field}`).toBeDefined();
      }
    }
    expect(Object.keys(defs.RulesRequest!["x-removed-fields"] as object)).toEqual(["name"]);
    for (const def of ["AnalyzeRequest", "InspectRequest", "LintRequest"])
      expect(Object.keys(defs[def]!["x-removed-fields"] as object)).toEqual(["brief"]);
    expect(props("RulesRequest")).not.toHaveProperty("name");
    expect(defs.SimulateRequest!["x-exactly-one-of"]).toEqual(["seconds", "scenario"]);
  });

  it("results name every member the seed gives them", () => {
    const required = (name: string) => defs[name]!.required as string[];
    expect(required("CapabilitiesResult")).toEqual(
      expect.arrayContaining([
        "name",
        "version",
        "agent_contract",
        "contract",
        "operations",
        "result_schemas",
        "languages",
        "profiles",
        "athena_version",
      ]),
    );
    expect(required("Reference")).toEqual(
      expect.arrayContaining(["kind", "span", "rule", "action", "value", "owningRule"]),
    );
    expect(required("RuleRef")).toEqual(["id", "name", "address", "span"]);
    expect(required("CostEstimateSummary")).toEqual(
      expect.arrayContaining(["exact", "elementCount", "findings", "skipped"]),
    );
    expect(props("CostEstimateSummary")).toHaveProperty("elementCountUnavailable");
    expect(props("ExactCounts")).toHaveProperty("emittedBytesUnavailable");
    expect(required("CostEstimateRuleDrillDown")).toEqual(["rule", "statements", "byNode"]);
    expect(required("CallGraphEdge")).toEqual(["caller", "callerAddress", "callee"]);
    expect(required("LintResult")).toEqual(
      expect.arrayContaining([
        "inputIdentity",
        "config",
        "ok",
        "exit",
        "counts",
        "findings",
        "rules",
        "skipped",
        "snapshot",
      ]),
    );
    expect(required("SelectionSummary")).toEqual(["total", "withheld", "byCode"]);
    expect(required("Truncation")).toEqual(["total", "shown", "withheld", "expand"]);
    expect(required("RepeatedValue")).toEqual(["expression", "count", "spanKind"]);
    expect(required("FindingFix")).toEqual(["kind", "summary", "transaction"]);
    expect(required("ProjectResult")).toEqual(
      expect.arrayContaining([
        "origin",
        "inputIdentity",
        "files",
        "rules",
        "symbols",
        "sourceFiles",
        "findings",
        "settings",
        "snapshot",
      ]),
    );
    expect(required("CompileResult")).toEqual(["wright", "command", "ok", "exit", "diagnostics", "result"]);
    expect(required("SourceEdit")).toEqual(["kind", "source", "source_identity", "range", "new_text"]);
    expect(required("EditRange")).toEqual(["start_line", "start_col", "end_line", "end_col"]);
    for (const op of [
      "symbols",
      "rules",
      "references",
      "usage",
      "findings",
      "lint",
      "lintRules",
      "persistentObjects",
      "project",
    ]) {
      expect(props(`${pascal(op)}Result`), op).toHaveProperty("snapshot");
    }
    for (const op of ["analyze", "inspect"]) expect(required(`${pascal(op)}Result`), op).toContain("snapshot");
    // Every canonical address an output reports shares one definition.
    for (const [def, member] of [
      ["RuleRef", "address"],
      ["RuleEntry", "address"],
      ["CallGraphEdge", "callerAddress"],
      ["SkippedEvaluation", "ruleAddress"],
      ["RuleElementCount", "address"],
      ["ConditionTree", "ruleAddress"],
    ] as const) {
      expect(props(def)[member]!.$ref, `${def}.${member}`).toBe("#/$defs/CanonicalRuleAddress");
    }
  });
});
