/**
 * Client tool definitions for code-executing agents (`contract-suite tools wright-agent`, the
 * seed's `wright agent tools`): one tool per advertised operation, built from the generated
 * catalog and the contract's request definitions, so they cannot drift from capabilities or the
 * MCP adapter. Output is deterministic: catalog order, sorted local `$defs`, compact JSON.
 *
 * - `messages`: `{"contract":"wright-agent/v1","tools":[{name, description, input_schema,
 *   allowed_callers}]}` (Anthropic Messages API client tools callable from the code execution tool).
 *   input_schema keeps every caller-meaningful field, `sources` included (the MCP surface drops it).
 * - `json-schema`: `{"contract":"wright-agent/v1","schemas":{op: standalone schema}}`.
 */
import {
  AGENT_CONTRACT,
  contractDocument,
  OPERATIONS,
  toolName,
  type ContractDocument,
  type Schema,
} from "./contract.js";
import { checkStandalone, deriveInputSchema, ToolSchemaError } from "./tool-schema.js";

export const TOOL_FORMATS = ["messages", "json-schema"] as const;
export type ToolFormat = (typeof TOOL_FORMATS)[number];

/** The code execution tool version that may call the emitted tools. */
export const ALLOWED_CALLERS = ["code_execution_20260120"] as const;

export interface ClientTool {
  name: string;
  description: string;
  input_schema: Schema;
  allowed_callers: string[];
}

/** What the emitter reads: the catalog entries and the document holding their request schemas. */
export interface ToolSource {
  catalog: readonly { op: string; request: string; description: string; resultDescription: string }[];
  document: ContractDocument;
}

const GENERATED: ToolSource = { catalog: OPERATIONS, document: contractDocument };

/** The tool description: what the operation does, then what it answers. Both must be present. */
export function toolDescription(entry: ToolSource["catalog"][number]): string {
  const what = entry.description?.trim();
  const result = entry.resultDescription?.trim();
  if (!what) throw new ToolSchemaError(`operation ${entry.op} has no description`);
  if (!result) throw new ToolSchemaError(`operation ${entry.op} has no result description`);
  return `${what} Result: ${result}`;
}

function selected(source: ToolSource, operations: readonly string[] | undefined) {
  if (!operations) return source.catalog;
  for (const op of operations)
    if (!source.catalog.some((e) => e.op === op)) throw new ToolSchemaError(`unknown operation ${op}`);
  return source.catalog.filter((e) => operations.includes(e.op));
}

/** A tool input schema without its top-level description (the tool's description carries it). */
function inputSchema(source: ToolSource, entry: ToolSource["catalog"][number]): Schema {
  const { description: _description, ...schema } = deriveInputSchema(source.document, entry.request);
  const problems = checkStandalone(schema);
  if (problems.length) throw new ToolSchemaError(`${entry.op}: ${problems.join("; ")}`);
  return schema;
}

/** One Messages API client tool per operation (default: every operation, in catalog order). */
export function clientTools(operations?: readonly string[], source: ToolSource = GENERATED): ClientTool[] {
  return selected(source, operations).map((entry) => ({
    name: toolName(entry.op),
    description: toolDescription(entry),
    input_schema: inputSchema(source, entry),
    allowed_callers: [...ALLOWED_CALLERS],
  }));
}

/** Operation -> standalone JSON Schema of its request (op removed), with the description inside. */
export function requestSchemas(operations?: readonly string[], source: ToolSource = GENERATED): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const entry of selected(source, operations)) {
    out[entry.op] = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      title: toolName(entry.op),
      description: toolDescription(entry),
      ...inputSchema(source, entry),
    };
  }
  return out;
}

/** The exact bytes `contract-suite tools wright-agent --format <format>` prints. */
export function renderToolDefinitions(
  format: ToolFormat,
  operations?: readonly string[],
  source: ToolSource = GENERATED,
): string {
  const body =
    format === "messages"
      ? { contract: AGENT_CONTRACT, tools: clientTools(operations, source) }
      : { contract: AGENT_CONTRACT, schemas: requestSchemas(operations, source) };
  return JSON.stringify(body) + "\n";
}
