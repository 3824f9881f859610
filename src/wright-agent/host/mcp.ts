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
 * - any other method is -32601; notifications get no reply; a batch is -32600 (MCP 2025-06-18
 *   removed batching, and no version of ours needs it); an id must be a string or an integer.
 */
import { JsonParseError, parseJson, setOwn, type JsonValue, type ValidationError, type Validator } from "../../json/index.js";
import { createRpcEngine, RpcCode, RpcError, type MethodSpec } from "../../rpc/index.js";
import { contractDocument, MCP_TOOLS, OPERATION_NAMES, operationEntry, type McpToolEntry, type Schema } from "../contract.js";
import { parseToolRequest } from "../request.js";
import type { ToolService } from "../service.js";
import { deriveInputSchema } from "../tool-schema.js";
import { toolDescription } from "../tools.js";
import { MAX_LINE_BYTES, readLines, writeLine } from "./lines.js";
import type { LineIo } from "./stdio.js";

/** Newest first: the versions the published implementation accepts. */
export const MCP_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;
export type McpProtocolVersion = (typeof MCP_PROTOCOL_VERSIONS)[number];

export function negotiateProtocolVersion(requested: string): McpProtocolVersion {
  return (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(requested) ? (requested as McpProtocolVersion) : MCP_PROTOCOL_VERSIONS[0];
}

/**
 * SEP-1303 (MCP 2025-11-25): tool input-validation errors are tool results with isError, so the
 * model sees them and can correct itself. Earlier versions: a JSON-RPC protocol error (-32602).
 * Versions are dates: they compare as strings.
 */
export function inputErrorsAreToolResults(version: McpProtocolVersion): boolean {
  return version >= "2025-11-25";
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

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
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
  const operations = "result" in response ? (response.result as { operations?: unknown } | null)?.operations : undefined;
  if (!Array.isArray(operations)) return service.operations;
  return operations.filter((op): op is string => typeof op === "string" && (OPERATION_NAMES as readonly string[]).includes(op));
}

// Params are checked by the handlers, which name the offending member in the message; the engine
// only sees to the envelope (an object, or absent).
const anyValue: Validator<unknown> = Object.assign(((_: unknown) => true) as Validator<unknown>, { errors: null as ValidationError[] | null });
const INVALID_PARAMS = { code: RpcCode.InvalidParams, message: "Invalid params" } as const;
const method = (name: string): MethodSpec => ({ name, paramStructure: "by-name", params: [], validateParams: anyValue, validateResult: anyValue, errors: [], invalidParams: INVALID_PARAMS });
const invalidParams = (message: string, data?: unknown) => new RpcError(RpcCode.InvalidParams, message, data as JsonValue | undefined);

const textResult = (payload: unknown, isError: boolean): CallToolResult => ({ content: [{ type: "text", text: JSON.stringify(payload) }], ...(isError ? { isError: true as const } : {}) });

/** Why a JSON-RPC message is refused before the engine sees it (MCP narrows JSON-RPC 2.0). */
function screen(value: unknown): { reply: Record<string, unknown> } | { drop: true } | undefined {
  const refuse = (id: string | number | null, code: number, message: string, reason: string) => ({ reply: { jsonrpc: "2.0", id, error: { code, message, data: { reason } } } });
  if (Array.isArray(value)) return refuse(null, RpcCode.InvalidRequest, "Invalid Request", value.length ? "JSON-RPC batches are not supported by MCP" : "empty batch");
  if (!isPlainObject(value)) return undefined; // the engine refuses it
  const id = value.id;
  const idOk = typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id));
  if (!hasOwn(value, "method")) {
    // A response: we send the client no requests, so there is nothing to match it with.
    return value.jsonrpc === "2.0" && idOk && (hasOwn(value, "result") || hasOwn(value, "error")) ? { drop: true } : undefined;
  }
  if (hasOwn(value, "id") && !idOk && value.jsonrpc === "2.0" && typeof value.method === "string") {
    return refuse(null, RpcCode.InvalidRequest, "Invalid Request", "id must be a string or an integer");
  }
  if (hasOwn(value, "params") && Array.isArray(value.params)) {
    return hasOwn(value, "id") ? refuse(idOk ? (id as string | number) : null, RpcCode.InvalidParams, "Invalid params", "params must be an object") : { drop: true };
  }
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
  const capabilities = { tools: { listChanged: false } };
  const serverInfo = options.serverInfo ?? { name: "wright", version: "0.0.0" };
  let negotiated: McpProtocolVersion = MCP_PROTOCOL_VERSIONS[0];
  // Each tool's definition is derived once per session (not per module: a process-wide cache
  // outlived the code that filled it, e.g. across the mutation check runner's runs).
  const tools = new Map<string, McpTool>();
  const toolFor = (entry: McpToolEntry): McpTool => {
    let t = tools.get(entry.tool);
    if (!t) tools.set(entry.tool, (t = mcpTool(entry)));
    return t;
  };
  const listed = async (): Promise<McpToolEntry[]> => {
    const advertised = await advertisedOperations(service);
    return MCP_TOOLS.filter((t) => advertised.includes(t.op));
  };

  const handlers = {
    async initialize(p: Record<string, unknown>) {
      const info = p.clientInfo;
      if (typeof p.protocolVersion !== "string") throw invalidParams("initialize: protocolVersion must be a string");
      if (!isPlainObject(p.capabilities)) throw invalidParams("initialize: capabilities must be an object");
      if (!isPlainObject(info) || typeof info.name !== "string" || typeof info.version !== "string") throw invalidParams("initialize: clientInfo must be {name, version}");
      negotiated = negotiateProtocolVersion(p.protocolVersion);
      return { protocolVersion: negotiated, capabilities, serverInfo };
    },
    ping: async () => ({}),
    async "tools/list"(p: Record<string, unknown>) {
      if (p.cursor !== undefined && typeof p.cursor !== "string") throw invalidParams("tools/list: cursor must be a string");
      return { tools: (await listed()).map(toolFor) };
    },
    async "tools/call"(p: Record<string, unknown>): Promise<CallToolResult> {
      const { name, arguments: args } = p;
      if (typeof name !== "string") throw invalidParams("tools/call: name must be a string");
      if (args !== undefined && args !== null && !isPlainObject(args)) throw invalidParams("tools/call: arguments must be an object");
      const entry = (await listed()).find((t) => t.tool === name);
      // An unknown tool is a protocol error in every version (SEP-1303 keeps it one).
      if (!entry) throw invalidParams(`unknown tool ${JSON.stringify(name)}; tools/list names the tools`);
      // The tool name carries op; omitted fields are not part of the tool and are ignored like any unknown field.
      const request: Record<string, unknown> = {};
      // setOwn: an argument named __proto__ stays a member (dropped later as unknown), never the request's prototype.
      for (const [k, v] of Object.entries(args ?? {})) if (k !== "op" && !entry.omit.includes(k)) setOwn(request, k, v);
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
  const engine = createRpcEngine({
    methods: Object.fromEntries(Object.keys(handlers).map((name) => [name, method(name)])),
    handlers,
    // ping answers {} whatever its (object) params; an array is refused by screen() first.
    ignoresParams: (m) => m === "ping",
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
        return JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: RpcCode.ParseError, message: "Parse error", data: { reason: e instanceof JsonParseError ? e.message : String(e) } } });
      }
      const screened = screen(value);
      if (screened) return "reply" in screened ? JSON.stringify(screened.reply) : undefined;
      const out = await engine.handleMessage(value);
      return out === undefined ? undefined : JSON.stringify(out);
    },
  };
}

/** Serves MCP on a line pair until the input ends; every request is answered, in order. */
export async function serveMcp(service: ToolService, io: LineIo, options: McpHostOptions = {}): Promise<void> {
  const host = createMcpHost(service, options);
  for await (const item of readLines(io.input)) {
    const reply =
      "oversize" in item
        ? JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: RpcCode.ParseError, message: "Parse error", data: { reason: `line of ${item.oversize} bytes exceeds the ${MAX_LINE_BYTES}-byte limit` } } })
        : await host.handleLine(item.line);
    if (reply !== undefined) await writeLine(io.output, reply);
  }
}
