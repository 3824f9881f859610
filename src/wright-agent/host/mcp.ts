/**
 * wright-agent over MCP (stdio), on the SDK's LOW-LEVEL `Server` with our own initialize,
 * tools/list and tools/call handlers. (The high-level McpServer answers unknown tools and invalid
 * arguments with isError tool results; this contract wants JSON-RPC errors for both.)
 *
 * - initialize: protocol-version negotiation over MCP_PROTOCOL_VERSIONS — a listed client version
 *   is echoed, anything else gets the newest; malformed params are -32602.
 * - tools/list: one tool per operation of the MCP table that capabilities.operations advertises
 *   (independent of whether the project loads); inputSchema = request schema minus op and the
 *   table's omitted fields (tool-schema.ts).
 * - tools/call: an unknown (or unlisted) tool, arguments that are not an object, or arguments the
 *   request schema rejects are -32602; a service result is the text content (compact JSON); a
 *   service refusal is `isError: true` with the refusal object as text (decision 076).
 * - ping answers {}; any other method is -32601 (the SDK's protocol engine).
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  RequestSchema,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { setOwn } from "../../json/index.js";
import { contractDocument, MCP_TOOLS, OPERATION_NAMES, operationEntry, type McpToolEntry } from "../contract.js";
import { parseToolRequest } from "../request.js";
import type { ToolService } from "../service.js";
import { deriveInputSchema } from "../tool-schema.js";
import { toolDescription } from "../tools.js";
import { NdjsonServerTransport } from "./mcp-transport.js";
import type { LineIo } from "./stdio.js";

/** Newest first: the versions the published implementation accepts. */
export const MCP_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;

export function negotiateProtocolVersion(requested: string): string {
  return (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(requested) ? requested : MCP_PROTOCOL_VERSIONS[0];
}

export interface McpHostOptions {
  serverInfo?: { name: string; version: string };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

// The SDK parses params with the method's schema BEFORE our handler runs and reports a mismatch as
// -32603; with params loosened to "any object" the handlers validate and answer -32602 themselves.
const looseParams = { params: RequestSchema.shape.params };
const LooseInitialize = InitializeRequestSchema.extend(looseParams);
const LooseListTools = ListToolsRequestSchema.extend(looseParams);
const LooseCallTool = CallToolRequestSchema.extend(looseParams);

/** A JSON-RPC error the SDK sends as is (McpError would prefix "MCP error -32602: " to the message). */
class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const invalidParams = (message: string, data?: unknown) => new ProtocolError(ErrorCode.InvalidParams, message, data);

/** The MCP tool of one table entry. */
export function mcpTool(entry: McpToolEntry): Tool {
  const op = operationEntry(entry.op)!;
  const { description: _d, ...inputSchema } = deriveInputSchema(contractDocument, op.request, { omit: entry.omit });
  return { name: entry.tool, description: toolDescription(op), inputSchema: inputSchema as Tool["inputSchema"] };
}

const TOOLS = new Map<string, Tool>();
function toolFor(entry: McpToolEntry): Tool {
  let t = TOOLS.get(entry.tool);
  if (!t) TOOLS.set(entry.tool, (t = mcpTool(entry)));
  return t;
}

/** The operations capabilities advertises (the service's configured set when it will not say). */
export async function advertisedOperations(service: ToolService): Promise<readonly string[]> {
  if (!service.operations.includes("capabilities")) return service.operations;
  const response = await service.handle({ op: "capabilities" });
  const operations = "result" in response ? (response.result as { operations?: unknown } | null)?.operations : undefined;
  if (!Array.isArray(operations)) return service.operations;
  return operations.filter((op): op is string => typeof op === "string" && (OPERATION_NAMES as readonly string[]).includes(op));
}

export function createMcpServer(service: ToolService, options: McpHostOptions = {}): Server {
  const capabilities = { tools: { listChanged: false } };
  const server = new Server(options.serverInfo ?? { name: "wright", version: "0.0.0" }, { capabilities });
  const listed = async (): Promise<McpToolEntry[]> => {
    const advertised = await advertisedOperations(service);
    return MCP_TOOLS.filter((t) => advertised.includes(t.op));
  };

  server.setRequestHandler(LooseInitialize, async (request) => {
    const p = request.params as Record<string, unknown> | undefined;
    const info = p?.clientInfo as Record<string, unknown> | undefined;
    if (!p || typeof p.protocolVersion !== "string") throw invalidParams("initialize: protocolVersion must be a string");
    if (!isPlainObject(p.capabilities)) throw invalidParams("initialize: capabilities must be an object");
    if (!isPlainObject(info) || typeof info.name !== "string" || typeof info.version !== "string") throw invalidParams("initialize: clientInfo must be {name, version}");
    return { protocolVersion: negotiateProtocolVersion(p.protocolVersion), capabilities, serverInfo: options.serverInfo ?? { name: "wright", version: "0.0.0" } };
  });

  server.setRequestHandler(LooseListTools, async (request) => {
    const cursor = (request.params as Record<string, unknown> | undefined)?.cursor;
    if (cursor !== undefined && typeof cursor !== "string") throw invalidParams("tools/list: cursor must be a string");
    return { tools: (await listed()).map(toolFor) };
  });

  server.setRequestHandler(LooseCallTool, async (request): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params as { name: string; arguments?: Record<string, unknown> };
    const entry = (await listed()).find((t) => t.tool === name);
    if (!entry) {
      const message = `unknown tool ${JSON.stringify(name)}; tools/list names the tools`;
      throw invalidParams(message);
    }
    // The tool name carries op; omitted fields are not part of the tool and are ignored like any unknown field.
    const request_: Record<string, unknown> = {};
    // setOwn: an argument named __proto__ stays a member (dropped later as unknown), never the request's prototype.
    for (const [k, v] of Object.entries(args ?? {})) if (k !== "op" && !entry.omit.includes(k)) setOwn(request_, k, v);
    request_.op = entry.op;
    const parsed = parseToolRequest(request_, { operations: service.operations });
    if (!parsed.ok && (parsed.reason === "schema" || parsed.reason === "exactly-one-of" || parsed.reason === "not-a-request")) {
      throw invalidParams(`invalid arguments for ${name}: ${parsed.error.message}`, parsed.error);
    }
    const response = await service.handle(request_);
    if ("result" in response) {
      return { content: [{ type: "text", text: JSON.stringify(response.result) }] };
    }
    return { content: [{ type: "text", text: JSON.stringify(response.error) }], isError: true };
  });

  return server;
}

/** Serves MCP on a line pair until the input ends and every request has been answered. */
export async function serveMcp(service: ToolService, io: LineIo, options: McpHostOptions = {}): Promise<void> {
  const server = createMcpServer(service, options);
  const transport = new NdjsonServerTransport(io);
  await server.connect(transport);
  await transport.closed;
}
