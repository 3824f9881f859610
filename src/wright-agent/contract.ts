/**
 * The committed wright-agent/v1 contract document and the catalog it carries (x-operations, x-mcp),
 * loaded once. Validation, dispatch, capabilities and (later) the MCP adapter and tool emitter read
 * the operation list from here, so nothing restates it.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

export const CONTRACT_PATH = fileURLToPath(new URL("../../contracts/wright-agent/wright-agent-v1.schema.json", import.meta.url));
export const FIXTURE_SCHEMA_PATH = fileURLToPath(new URL("../../contracts/wright-agent/wright-agent-fixture-v1.schema.json", import.meta.url));

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

export interface OperationEntry {
  op: string;
  /** Name of the request definition in $defs. */
  request: string;
  /** Name of the result definition in $defs. */
  result: string;
  program: ProgramUse;
}

export interface McpToolEntry {
  op: string;
  tool: string;
  /** Request fields the MCP tool's inputSchema drops (besides op). */
  omit: string[];
}

/** Annotation keywords the contract uses; registered so strict ajv accepts them. */
export const ANNOTATION_KEYWORDS = ["x-version", "x-operations", "x-mcp", "x-selection", "x-removed-fields", "x-invalid-code", "x-exactly-one-of"] as const;

export const contractDocument: ContractDocument = JSON.parse(readFileSync(CONTRACT_PATH, "utf8")) as ContractDocument;
export const CONTRACT_ID = contractDocument.$id;

const toolRequest = contractDocument.$defs.ToolRequest as Schema & { "x-operations": OperationEntry[]; "x-mcp": { toolPrefix: string; tools: McpToolEntry[] } };
export const OPERATIONS: readonly OperationEntry[] = toolRequest["x-operations"];
export const OPERATION_NAMES: readonly string[] = OPERATIONS.map((o) => o.op);
export const MCP_TOOLS: readonly McpToolEntry[] = toolRequest["x-mcp"].tools;

export function operationEntry(op: string): OperationEntry | undefined {
  return OPERATIONS.find((o) => o.op === op);
}

/** Absolute URI of a definition, as capabilities.result_schemas reports it. */
export function definitionUri(name: string): string {
  return `${CONTRACT_ID}#/$defs/${name}`;
}

/** A strict 2020-12 ajv instance that knows the contract's annotations and holds the document. */
export function createContractAjv(options: { allErrors?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: options.allErrors ?? true });
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword });
  ajv.addSchema(contractDocument as object);
  return ajv;
}

let shared: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

/** A compiled validator for one definition (compiled once per process). */
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
