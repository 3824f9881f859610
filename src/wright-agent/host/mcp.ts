/**
 * wright-agent over MCP (stdio: newline-delimited JSON-RPC 2.0) on our own JSON-RPC engine
 * (src/rpc), like the JSON-RPC transport — one engine, one framing, no second protocol stack
 * (decision 124; upstream's adapter is hand-written on its JSON-RPC framing too).
 *
 * - initialize: protocol-version negotiation over MCP_PROTOCOL_VERSIONS — a listed client version
 *   is echoed, anything else gets the newest; malformed params are -32602. The session remembers
 *   the negotiated version (before any initialize: the newest).
 * - ping answers {}; tools/list: one tool per operation of the MCP table that
 *   capabilities.operations advertises (independent of whether the project loads); inputSchema =
 *   request schema minus op and the table's omitted fields (tool-schema.ts).
 * - tools/call: an unknown (or unlisted) tool, or params that are not a CallToolRequest (name not a
 *   string, arguments not an object), are -32602 in every version. Arguments the tool's request
 *   schema rejects depend on the negotiated version (decision 124): up to 2025-06-18 -32602 (the
 *   prose: "malformed arguments ... are JSON-RPC error responses"); from 2025-11-25 (SEP-1303) an
 *   isError tool result whose text is the refusal stdio answers, {code: malformed-request, message}.
 *   A service result is the text content (compact JSON); a service refusal is `isError: true` with
 *   the refusal object as text (decision 076).
 * - any other method is -32601; notifications get no reply; an id must be a string or an integer.
 * - batches follow the negotiated version (decision 217): 2025-03-26 ("MCP implementations MAY
 *   support sending JSON-RPC batches, but MUST support receiving JSON-RPC batches") serves a
 *   non-empty batch member by member, in order, one array of the responses (nothing when none is
 *   due); an initialize inside it is -32600 with its id ("The initialize request MUST NOT be part
 *   of a JSON-RPC batch"), a notification of it nothing. Every other version (2025-06-18 removed batching; 2024-11-05 and
 *   2025-11-25 have no batch message), and a session before initialize, answers a batch with one
 *   -32600, id null. An empty batch is -32600 in every version (JSON-RPC 2.0).
 */
import {
  isJsonObject,
  JsonParseError,
  parseJson,
  setOwn,
  type JsonValue,
  type ValidationError,
  type Validator,
} from "../../json/index.js";
import { createRpcEngine, RpcCode, RpcError, type HandlerContext, type MethodSpec } from "../../rpc/index.js";
import {
  contractDocument,
  MCP_TOOLS,
  OPERATION_NAMES,
  operationEntry,
  type McpToolEntry,
  type Schema,
} from "../contract.js";
import { parseToolRequest } from "../request.js";
import type { ToolService } from "../service.js";
import { deriveInputSchema } from "../tool-schema.js";
import { toolDescription } from "../tools.js";
import { parseErrorReply, serveRpcLines } from "./jsonrpc.js";
import { MAX_LINE_BYTES } from "../../io/lines.js";
import type { LineIo } from "./stdio.js";

/** Newest first: the versions the published implementation accepts. */
export const MCP_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;
export type McpProtocolVersion = (typeof MCP_PROTOCOL_VERSIONS)[number];

export function negotiateProtocolVersion(requested: string): McpProtocolVersion {
  return (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(requested)
    ? (requested as McpProtocolVersion)
    : MCP_PROTOCOL_VERSIONS[0];
}

/**
 * SEP-1303 (MCP 2025-11-25): tool input-validation errors are tool results with isError, so the
 * model sees them and can correct itself. Earlier versions: a JSON-RPC protocol error (-32602).
 * Versions are dates: they compare as strings.
 */
export function inputErrorsAreToolResults(version: McpProtocolVersion): boolean {
  return version >= "2025-11-25";
}

/**
 * The one version whose JSON-RPC messages include batches (its schema's JSONRPCMessage lists
 * JSONRPCBatchRequest and JSONRPCBatchResponse): 2025-03-26. 2025-06-18 removed them ("Remove
 * support for JSON-RPC batching"); 2024-11-05's messages never had them.
 */
export function servesBatches(version: McpProtocolVersion): boolean {
  return version === "2025-03-26";
}

export interface McpHostOptions {
  serverInfo?: { name: string; version: string };
}

/** An MCP tool definition as tools/list lists it. */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: Schema;
}

/** A tools/call result. */
export interface CallToolResult {
  content: { type: "text"; text: string }[];
  isError?: true;
}

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** The MCP tool of one table entry. */
export function mcpTool(entry: McpToolEntry): McpTool {
  const op = operationEntry(entry.op)!;
  const { description: _d, ...inputSchema } = deriveInputSchema(contractDocument, op.request, { omit: entry.omit });
  return { name: entry.tool, description: toolDescription(op), inputSchema };
}

/** The operations capabilities advertises (the service's configured set when it will not say). */
export async function advertisedOperations(service: ToolService): Promise<readonly string[]> {
  if (!service.operations.includes("capabilities")) return service.operations;
  const response = await service.handle({ op: "capabilities" });
  const operations =
    "result" in response ? (response.result as { operations?: unknown } | null)?.operations : undefined;
  if (!Array.isArray(operations)) return service.operations;
  return operations.filter(
    (op): op is string => typeof op === "string" && (OPERATION_NAMES as readonly string[]).includes(op),
  );
}

// Params are checked by the handlers, which name the offending member in the message; the engine
// only sees to the envelope (an object, or absent).
const anyValue: Validator<unknown> = Object.assign(((_: unknown) => true) as Validator<unknown>, {
  errors: null as ValidationError[] | null,
});
const INVALID_PARAMS = { code: RpcCode.InvalidParams, message: "Invalid params" } as const;
const method = (name: string): MethodSpec => ({
  name,
  paramStructure: "by-name",
  params: [],
  validateParams: anyValue,
  validateResult: anyValue,
  errors: [],
  invalidParams: INVALID_PARAMS,
});
const invalidParams = (message: string, data?: unknown) =>
  new RpcError(RpcCode.InvalidParams, message, data as JsonValue | undefined);

/** Why params are refused (-32602): our wording. */
const WHY = {
  protocolVersion: "initialize: protocolVersion must be a string",
  capabilities: "initialize: capabilities must be an object",
  clientInfo: "initialize: clientInfo must be {name, version}",
  cursor: "tools/list: cursor must be a string",
  name: "tools/call: name must be a string",
  arguments: "tools/call: arguments must be an object",
} as const;

const textResult = (payload: unknown, isError: boolean): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(payload) }],
  ...(isError ? { isError: true as const } : {}),
});

type Reply = Record<string, unknown>;

/** What the engine hands a handler (as its context's transport) for a member of a batch. */
const IN_BATCH = Symbol();

/** An error response of the host's own (the engine's are its own). */
function refusal(id: string | number | null, code: number, message: string, reason: string): Reply {
  const data = { reason };
  return { jsonrpc: "2.0", id, error: { code, message, data } };
}

/**
 * Why one JSON-RPC message (not a batch) is refused before the engine sees it (MCP narrows
 * JSON-RPC 2.0): the reply to send, null to send nothing (a response of the client's), or
 * undefined to let the engine answer.
 */
function screen(value: unknown): Reply | null | undefined {
  if (!isJsonObject(value)) return undefined; // the engine refuses it
  const id = value.id;
  const idOk = typeof id === "string" || Number.isSafeInteger(id);
  if (!hasOwn(value, "method")) {
    // A response: we send the client no requests, so there is nothing to match it with.
    return value.jsonrpc === "2.0" && idOk && (hasOwn(value, "result") || hasOwn(value, "error")) ? null : undefined;
  }
  if (hasOwn(value, "id") && !idOk && value.jsonrpc === "2.0" && typeof value.method === "string") {
    return refusal(null, RpcCode.InvalidRequest, "Invalid Request", "id must be a string or an integer");
  }
  // By-position params: the engine answers -32602 (the methods are by-name), a notification nothing.
  return undefined;
}

export interface McpHost {
  /** The reply for one line (undefined: nothing to send — a notification, a blank line, a response). */
  handleLine(line: string): Promise<string | undefined>;
  /** The version the session negotiated (the newest until initialize). */
  readonly protocolVersion: McpProtocolVersion;
}

/** One MCP session over a service. */
export function createMcpHost(service: ToolService, options: McpHostOptions = {}): McpHost {
  const capabilities = {
    tools: { listChanged: false },
  };
  const serverInfo = options.serverInfo ?? { name: "wright", version: "0.0.0" };
  let negotiated: McpProtocolVersion = MCP_PROTOCOL_VERSIONS[0];
  // Each tool's definition is derived once per session (not per module: a process-wide cache
  // outlived the code that filled it, e.g. across the mutation check runner's runs).
  const tools = new Map<string, McpTool>();
  const derive = (entry: McpToolEntry): McpTool => {
    const t = mcpTool(entry);
    tools.set(entry.tool, t);
    return t;
  };
  const toolFor = (entry: McpToolEntry): McpTool => tools.get(entry.tool) ?? derive(entry);
  const listed = async (): Promise<McpToolEntry[]> => {
    const advertised = await advertisedOperations(service);
    return MCP_TOOLS.filter((t) => advertised.includes(t.op));
  };

  const handlers = {
    async initialize(p: Record<string, unknown>, context: HandlerContext) {
      // "The initialize request MUST NOT be part of a JSON-RPC batch" (2025-03-26): refused with its
      // id, never renegotiating mid-batch (decision 217); a notification of it gets nothing anyway.
      if (context.transport === IN_BATCH)
        throw new RpcError(RpcCode.InvalidRequest, "Invalid Request", {
          reason: "initialize must not be part of a JSON-RPC batch",
        });
      const info = p.clientInfo;
      if (typeof p.protocolVersion !== "string") throw invalidParams(WHY.protocolVersion);
      if (!isJsonObject(p.capabilities)) throw invalidParams(WHY.capabilities);
      if (!isJsonObject(info) || typeof info.name !== "string" || typeof info.version !== "string")
        throw invalidParams(WHY.clientInfo);
      negotiated = negotiateProtocolVersion(p.protocolVersion);
      return { protocolVersion: negotiated, capabilities, serverInfo };
    },
    ping: async () => ({}),
    async "tools/list"(p: Record<string, unknown>) {
      if (p.cursor !== undefined && typeof p.cursor !== "string") throw invalidParams(WHY.cursor);
      return { tools: (await listed()).map(toolFor) };
    },
    async "tools/call"(p: Record<string, unknown>): Promise<CallToolResult> {
      const { name } = p;
      const args = p.arguments ?? undefined; // null arguments are no arguments
      if (typeof name !== "string") throw invalidParams(WHY.name);
      if (args !== undefined && !isJsonObject(args)) throw invalidParams(WHY.arguments);
      const entry = (await listed()).find((t) => t.tool === name);
      // An unknown tool is a protocol error in every version (SEP-1303 keeps it one).
      if (!entry) throw invalidParams(`unknown tool ${JSON.stringify(name)}; tools/list names the tools`);
      // The tool name carries op; omitted fields are not part of the tool and are ignored like any unknown field.
      const request: Record<string, unknown> = {};
      // setOwn: an argument named __proto__ stays a member (dropped later as unknown), never the request's prototype.
      const given = Object.entries(args ?? {});
      for (const [k, v] of given) if (k !== "op" && !entry.omit.includes(k)) setOwn(request, k, v);
      request.op = entry.op;
      const parsed = parseToolRequest(request, { operations: service.operations });
      if (!parsed.ok && (parsed.reason === "schema" || parsed.reason === "exactly-one-of")) {
        if (inputErrorsAreToolResults(negotiated)) return textResult(parsed.error, true);
        throw invalidParams(`invalid arguments for ${name}: ${parsed.error.message}`, parsed.error);
      }
      const response = await service.handle(request);
      return "result" in response ? textResult(response.result, false) : textResult(response.error, true);
    },
  };
  // Batches (decision 217) are the engine's: each member screened and served as if it came on its
  // own line, one after the other (the service is stateful), one array of the responses, nothing
  // when none is due; no size limit beyond the line's. IN_BATCH tells initialize where it is.
  const engine = createRpcEngine({
    methods: Object.fromEntries(Object.keys(handlers).map((name) => [name, method(name)])),
    handlers,
    screen,
    batchInOrder: true,
    maxBatch: Number.POSITIVE_INFINITY,
  });

  return {
    get protocolVersion() {
      return negotiated;
    },
    async handleLine(line) {
      if (line.trim() === "") return undefined;
      let value: unknown;
      try {
        value = parseJson(line, { maxBytes: MAX_LINE_BYTES });
      } catch (e) {
        // A member named twice is well-formed JSON readers disagree on: -32600, as the engine answers it.
        if (e instanceof JsonParseError && e.kind === "duplicate-key")
          return JSON.stringify(refusal(null, RpcCode.InvalidRequest, "Invalid Request", e.message));
        return parseErrorReply(e instanceof JsonParseError ? e.message : String(e));
      }
      if (Array.isArray(value) && value.length > 0 && !servesBatches(negotiated)) {
        // Every version but 2025-03-26, and a session before initialize: one -32600, nothing served.
        return JSON.stringify(
          refusal(
            null,
            RpcCode.InvalidRequest,
            "Invalid Request",
            `JSON-RPC batches are not part of MCP ${negotiated} (only 2025-03-26 has them)`,
          ),
        );
      }
      const out = await engine.handleMessage(value, Array.isArray(value) ? IN_BATCH : undefined);
      return out && JSON.stringify(out);
    },
  };
}

/** Serves MCP on a line pair until the input ends; every request is answered, in order. */
export async function serveMcp(service: ToolService, io: LineIo, options: McpHostOptions = {}): Promise<void> {
  const host = createMcpHost(service, options);
  await serveRpcLines(io, (line) => host.handleLine(line));
}
