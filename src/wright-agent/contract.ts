/**
 * The wright-agent/v1 contract as the runtime sees it. The operation list and the MCP table come
 * from the GENERATED catalog (src/generated/wright-agent/catalog.ts, built by `gen` from
 * ToolRequest's x-operations and x-mcp), so capabilities, request validation, the MCP adapter and
 * the tool emitter cannot drift from each other or from the schema. The contract document itself
 * is still loaded: tool input schemas are cut from its request definitions, and a full-error ajv
 * (allErrors) explains a request the generated validator rejected.
 */
import { readFileSync } from "node:fs";
import { assetPath } from "../assets.js";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import {
  wrightAgentCatalog,
  wrightAgentToolPrefix,
  type WrightAgentCatalogEntry,
  type WrightAgentOperation,
} from "../generated/wright-agent/catalog.js";

export const CONTRACT_PATH = assetPath("contracts/wright-agent/wright-agent-v1.schema.json");
export const FIXTURE_SCHEMA_PATH = assetPath("contracts/wright-agent/wright-agent-fixture-v1.schema.json");

export const AGENT_CONTRACT = "wright-agent/v1";
export const RESULT_CONTRACT = "wright-result/v1";

export type Schema = Record<string, unknown>;

export interface ContractDocument {
  $id: string;
  $defs: Record<string, Schema>;
  [key: string]: unknown;
}

/** How an operation relates to the session's program (x-operations[].program). */
export type ProgramUse = "never" | "always" | "workflow" | "without-documents";

/** One operation of the generated catalog (op, request/result definition names, validators, mcp). */
export type OperationEntry = WrightAgentCatalogEntry & { readonly op: WrightAgentOperation };

export interface McpToolEntry {
  op: WrightAgentOperation;
  tool: string;
  /** Request fields the MCP tool's inputSchema drops (besides op). */
  omit: readonly string[];
}

/** Annotation keywords the contract uses; registered so strict ajv accepts them. */
export const ANNOTATION_KEYWORDS = [
  "x-version",
  "x-operations",
  "x-mcp",
  "x-selection",
  "x-removed-fields",
  "x-invalid-code",
  "x-exactly-one-of",
] as const;

export const contractDocument: ContractDocument = JSON.parse(readFileSync(CONTRACT_PATH, "utf8")) as ContractDocument;
export const CONTRACT_ID = contractDocument.$id;

/** Every operation, in contract (seed) order: the generated catalog. */
export const OPERATIONS = wrightAgentCatalog as readonly OperationEntry[];
export const OPERATION_NAMES: readonly WrightAgentOperation[] = OPERATIONS.map((o) => o.op);
export const MCP_TOOL_PREFIX = wrightAgentToolPrefix;
/** The MCP table: one tool per operation the seed's MCP table lists. */
export const MCP_TOOLS: readonly McpToolEntry[] = OPERATIONS.flatMap((o) =>
  o.mcp ? [{ op: o.op, tool: o.mcp.tool, omit: o.mcp.omit }] : [],
);

const byOp = new Map<string, OperationEntry>(OPERATIONS.map((o) => [o.op, o]));
const byTool = new Map<string, McpToolEntry>(MCP_TOOLS.map((t) => [t.tool, t]));

export function operationEntry(op: string): OperationEntry | undefined {
  return byOp.get(op);
}

export function mcpToolEntry(tool: string): McpToolEntry | undefined {
  return byTool.get(tool);
}

/** `wright_` + the operation in snake case (the MCP and client-tool naming rule). */
export function toolName(op: string): string {
  return MCP_TOOL_PREFIX + op.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Absolute URI of a definition, as capabilities.result_schemas reports it. */
export function definitionUri(name: string): string {
  return `${CONTRACT_ID}#/$defs/${name}`;
}

/**
 * A strict 2020-12 ajv instance that knows the contract's annotations and holds the document.
 * strictRequired stays off: ToolResponse's `not: {required: ["error"]}` (upstream's spelling, decision
 * 126) names a member only to forbid it, which that rule would refuse as undeclared.
 */
export function createContractAjv(options: { allErrors?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    allErrors: options.allErrors ?? true,
  });
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword });
  ajv.addSchema(contractDocument as object);
  return ajv;
}

let shared: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

/**
 * A runtime-compiled validator for one definition reporting ALL errors (compiled lazily, once per
 * process). The hot path uses the generated validators; this one explains failures.
 */
export function definitionValidator(name: string): ValidateFunction {
  let v = validators.get(name);
  if (!v) {
    shared ??= createContractAjv();
    v = shared.getSchema(definitionUri(name));
    if (!v) throw new Error(`wright-agent contract has no definition ${name}`);
    validators.set(name, v);
  }
  return v;
}
