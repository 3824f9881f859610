/**
 * The three ways to reach a wright-agent/v1 server, behind one interface: send a ToolRequest, get
 * a ToolResponse ({result} xor {error}). Transport-level failures stay distinct: a JSON-RPC or MCP
 * protocol error is a ProtocolError (code + message), a dead or misbehaving server a
 * TransportError. Each channel also exposes its raw exchange for conformance checks.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  EmptyResultSchema,
  McpError,
  type CallToolResult,
  type JSONRPCMessage,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { validateToolResponse } from "../../generated/wright-agent/validators.js";
import type { CapabilitiesResult, ToolResponse } from "../../generated/wright-agent/types.js";
import { JsonParseError, parseJson } from "../../json/index.js";
import { RpcClient, RpcResponseError, type RpcOutcome } from "../../rpc/client.js";
import { mcpToolEntry, toolName } from "../contract.js";
import type { ToolService } from "../service.js";
import { commandLine, LineProcess, Mutex, TransportError, type Command, type SpawnOptions } from "./process.js";

export { TransportError } from "./process.js";

export type TransportName = "stdio" | "jsonrpc" | "mcp" | "in-process";

/** What negotiation learned: the advertised operations, plus capabilities where the transport has them. */
export interface Discovery {
  operations: string[];
  /** The capabilities result (stdio, JSON-RPC, in-process); MCP has no capabilities tool. */
  capabilities?: CapabilitiesResult;
  /** MCP: the negotiated protocol version and the listed tools. */
  protocolVersion?: string;
  tools?: Tool[];
}

export type ToolRequestLike = { op: string } & Record<string, unknown>;

export interface ToolChannel {
  readonly transport: TransportName;
  discover(): Promise<Discovery>;
  send(request: ToolRequestLike): Promise<ToolResponse>;
  close(): Promise<void>;
}

/** A JSON-RPC / MCP error response (never a service refusal). */
export class ProtocolError extends Error {
  override readonly name = "ProtocolError";
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export interface ChannelOptions extends SpawnOptions {
  /** Per-exchange timeout. Default 30 s. */
  timeoutMs?: number;
}

function parseLine(line: string, what: string): unknown {
  try {
    return parseJson(line);
  } catch (e) {
    throw new TransportError(
      `${what} is not JSON: ${e instanceof JsonParseError ? e.message : String(e)}: ${line.slice(0, 200)}`,
    );
  }
}

/**
 * The transport's check: the ToolResponse envelope ({result} xor {error: ToolErrorInfo}, open), with
 * `result` any object or array. Whether a result is its operation's result is the caller's question
 * (the typed client, conform's results-validate): ToolResponse's `result` is the union of every
 * operation's result (AgentResult), and a foreign server's result in another shape must reach the
 * check that names it, not fail the channel.
 */
function isToolResponseEnvelope(value: unknown): boolean {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const hasResult = Object.prototype.hasOwnProperty.call(value, "result");
  const hasError = Object.prototype.hasOwnProperty.call(value, "error");
  if (hasResult === hasError) return false;
  const v = value as { result?: unknown; error?: unknown };
  return hasResult ? v.result !== null && typeof v.result === "object" : validateToolResponse({ error: v.error });
}

function asToolResponse(value: unknown, what: string): ToolResponse {
  if (!isToolResponseEnvelope(value))
    throw new TransportError(
      `${what} is not a ToolResponse ({result} xor {error: {code, message}}): ${JSON.stringify(value).slice(0, 300)}`,
    );
  return value as ToolResponse;
}

async function capabilitiesDiscovery(channel: ToolChannel): Promise<Discovery> {
  const response = await channel.send({ op: "capabilities" });
  if (!("result" in response))
    throw new TransportError(`capabilities was refused: ${response.error.code}: ${response.error.message}`);
  const caps = response.result as unknown as CapabilitiesResult;
  return { operations: Array.isArray(caps?.operations) ? [...caps.operations] : [], capabilities: caps };
}

/** stdio: one JSON request per line, one ToolResponse per line, in order. */
export class StdioChannel implements ToolChannel {
  readonly transport = "stdio" as const;
  private readonly mutex = new Mutex();
  constructor(
    readonly process: LineProcess,
    private readonly timeoutMs = 30_000,
  ) {}

  static spawn(command: Command, options: ChannelOptions = {}): StdioChannel {
    return new StdioChannel(new LineProcess(command, options), options.timeoutMs);
  }

  private broken?: string;

  /**
   * Sends one raw line and returns the next line the server writes. stdio replies carry no id, so
   * after a missing reply the session cannot be trusted to line up again: the channel is broken.
   */
  exchange(line: string): Promise<string> {
    return this.mutex.run(async () => {
      if (this.broken) throw new TransportError(this.broken);
      this.process.send(line);
      const reply = await this.process.next(this.timeoutMs);
      if (reply === undefined) {
        this.broken = await this.process.noReply(this.timeoutMs);
        throw new TransportError(this.broken);
      }
      return reply;
    });
  }

  async send(request: ToolRequestLike): Promise<ToolResponse> {
    return asToolResponse(parseLine(await this.exchange(JSON.stringify(request)), "stdio reply"), "stdio reply");
  }

  discover(): Promise<Discovery> {
    return capabilitiesDiscovery(this);
  }

  close(): Promise<void> {
    return this.process.close();
  }
}

export type JsonRpcOutcome = RpcOutcome;

/** A response to an earlier numeric id of ours. */
function isStale(reply: unknown, id: number): boolean {
  const r = reply as { jsonrpc?: unknown; id?: unknown } | null;
  return (
    r !== null &&
    typeof r === "object" &&
    !Array.isArray(r) &&
    r.jsonrpc === "2.0" &&
    typeof r.id === "number" &&
    r.id < id
  );
}

/**
 * Newline-delimited JSON-RPC 2.0: method `request`, refusals inside the result. The request and the
 * envelope rule are src/rpc's client core (RpcClient, `readResponse`); this channel is its transport
 * over the child's stdio lines.
 */
export class JsonRpcChannel implements ToolChannel {
  readonly transport = "jsonrpc" as const;
  private readonly mutex = new Mutex();
  private nextId = 1;
  /** The id of the call in flight (set by the core's id generator), for skipping late replies. */
  private pending = 0;
  /** The last reply line read, quoted when the core refuses it. */
  private lastReply = "";
  private readonly rpc = new RpcClient(
    { send: (body) => this.lineExchange(body) },
    { nextId: () => (this.pending = this.nextId++) },
  );
  constructor(
    readonly process: LineProcess,
    private readonly timeoutMs = 30_000,
  ) {}

  static spawn(command: Command, options: ChannelOptions = {}): JsonRpcChannel {
    return new JsonRpcChannel(new LineProcess(command, options), options.timeoutMs);
  }

  /**
   * Sends one raw line. With `reply: true` returns the next line; with `reply: false` waits
   * `settleMs` and returns whatever arrived (undefined when nothing did: a notification).
   */
  exchange(line: string, options: { reply?: boolean; settleMs?: number } = {}): Promise<string | undefined> {
    return this.mutex.run(() => this.exchangeNow(line, options));
  }

  private async exchangeNow(
    line: string,
    options: { reply?: boolean; settleMs?: number } = {},
  ): Promise<string | undefined> {
    this.process.send(line);
    const reply = await this.process.next(options.reply === false ? (options.settleMs ?? 300) : this.timeoutMs);
    if (reply === undefined && options.reply !== false)
      throw new TransportError(await this.process.noReply(this.timeoutMs));
    return reply;
  }

  /** The core's transport: one request line out, the reply line to it back (late answers skipped). */
  private async lineExchange(body: string): Promise<string> {
    const id = this.pending;
    let line = (await this.exchangeNow(body))!;
    // A late answer to an earlier request (one that timed out) is skipped, not taken for ours.
    for (let skipped = 0; isStale(parseLine(line, "JSON-RPC reply"), id) && skipped < 100; skipped++) {
      const next = await this.process.next(this.timeoutMs);
      if (next === undefined) throw new TransportError(`no reply to request ${id} within ${this.timeoutMs} ms`);
      line = next;
    }
    this.lastReply = line;
    return line;
  }

  /** Calls a method and returns its JSON-RPC outcome (result or error member). */
  call(method: string, params?: unknown): Promise<JsonRpcOutcome> {
    return this.mutex.run(async () => {
      try {
        return await this.rpc.outcome(method, params);
      } catch (e) {
        // A reply the core refuses is the server misbehaving: a transport failure for this channel.
        if (e instanceof RpcResponseError) throw new TransportError(`${e.message}: ${this.lastReply.slice(0, 300)}`);
        throw e;
      }
    });
  }

  /** The JSON-RPC result of method request: the whole ToolResponse ({result} or {error}), checked. */
  static toToolResponse(result: unknown): ToolResponse {
    return asToolResponse(result, "the JSON-RPC result of request");
  }

  async send(request: ToolRequestLike): Promise<ToolResponse> {
    const outcome = await this.call("request", request);
    if ("error" in outcome) throw new ProtocolError(outcome.error.code, outcome.error.message, outcome.error.data);
    return JsonRpcChannel.toToolResponse(outcome.result);
  }

  discover(): Promise<Discovery> {
    return capabilitiesDiscovery(this);
  }

  close(): Promise<void> {
    return this.process.close();
  }
}

/**
 * Wraps the SDK's stdio transport to record the negotiated protocol version and, for conformance,
 * to offer a different version in initialize than the SDK's own.
 */
class NegotiationTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  negotiated?: string;
  private initializeId?: string | number;

  constructor(
    readonly inner: StdioClientTransport,
    private readonly offer?: string,
  ) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (e) => this.onerror?.(e);
    inner.onmessage = (m) => {
      const msg = m as { id?: string | number; result?: { protocolVersion?: unknown } };
      if (msg.id !== undefined && msg.id === this.initializeId && typeof msg.result?.protocolVersion === "string")
        this.negotiated = msg.result.protocolVersion;
      this.onmessage?.(m);
    };
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage): Promise<void> {
    const m = message as { method?: string; id?: string | number; params?: Record<string, unknown> };
    if (m.method === "initialize") {
      this.initializeId = m.id;
      if (this.offer !== undefined)
        message = { ...message, params: { ...m.params, protocolVersion: this.offer } } as JSONRPCMessage;
    }
    return this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

export interface McpChannelOptions extends ChannelOptions {
  /** Protocol version to offer in initialize (default: the SDK's newest). */
  protocolVersion?: string;
  clientInfo?: { name: string; version: string };
}

/** MCP over stdio through the SDK's own Client: one tool per operation, refusals as isError results. */
export class McpChannel implements ToolChannel {
  readonly transport = "mcp" as const;
  private listed?: Tool[];
  private constructor(
    readonly client: Client,
    private readonly negotiation: NegotiationTransport,
    private readonly timeoutMs: number,
  ) {}

  static async connect(command: Command, options: McpChannelOptions = {}): Promise<McpChannel> {
    const { command: cmd, args } = commandLine(command);
    const env = Object.fromEntries(
      Object.entries(options.env ?? process.env).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    const inner = new StdioClientTransport({ command: cmd, args, cwd: options.cwd, env, stderr: "pipe" });
    inner.stderr?.on("data", () => {}); // drain: a chatty server must not block on a full pipe
    const negotiation = new NegotiationTransport(inner, options.protocolVersion);
    const client = new Client(options.clientInfo ?? { name: "contract-suite", version: "0.1.0" }, { capabilities: {} });
    const timeoutMs = options.timeoutMs ?? 30_000;
    try {
      await client.connect(negotiation, { timeout: timeoutMs });
    } catch (e) {
      await client.close().catch(() => {});
      throw McpChannel.error(e);
    }
    return new McpChannel(client, negotiation, timeoutMs);
  }

  /** SDK errors as ProtocolError (JSON-RPC error responses) or TransportError (anything else). */
  static error(e: unknown): Error {
    if (e instanceof McpError && e.code !== -32000 && e.code !== -32001)
      return new ProtocolError(e.code, e.message.replace(/^MCP error -?\d+: /, ""), e.data);
    return new TransportError(e instanceof Error ? e.message : String(e));
  }

  get protocolVersion(): string | undefined {
    return this.negotiation.negotiated;
  }

  get serverCapabilities() {
    return this.client.getServerCapabilities();
  }

  get serverInfo() {
    return this.client.getServerVersion();
  }

  async listTools(): Promise<Tool[]> {
    try {
      const tools: Tool[] = [];
      let cursor: string | undefined;
      do {
        const page = await this.client.listTools(cursor === undefined ? {} : { cursor }, { timeout: this.timeoutMs });
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      this.listed = tools;
      return tools;
    } catch (e) {
      throw McpChannel.error(e);
    }
  }

  /** tools/call, raw: the CallToolResult, or a ProtocolError. */
  async callTool(name: string, args?: unknown): Promise<CallToolResult> {
    try {
      return (await this.client.callTool({ name, arguments: args as Record<string, unknown> }, undefined, {
        timeout: this.timeoutMs,
      })) as CallToolResult;
    } catch (e) {
      throw McpChannel.error(e);
    }
  }

  /** Any other request (ping, an unknown method), raw. */
  async request(method: string, params?: Record<string, unknown>): Promise<unknown> {
    try {
      return await this.client.request({ method, ...(params ? { params } : {}) }, EmptyResultSchema.passthrough(), {
        timeout: this.timeoutMs,
      });
    } catch (e) {
      throw McpChannel.error(e);
    }
  }

  /** A tool result as a ToolResponse: isError is a refusal; the text content is the JSON payload. */
  static toToolResponse(result: CallToolResult): ToolResponse {
    const texts = (result.content ?? []).filter((c): c is { type: "text"; text: string } => c.type === "text");
    if (texts.length !== 1)
      throw new TransportError(
        `a wright tool result carries exactly one text content, got ${JSON.stringify(result.content).slice(0, 300)}`,
      );
    const payload = parseLine(texts[0]!.text, "tool result text");
    if (result.isError === true) return asToolResponse({ error: payload }, "isError tool result");
    return { result: payload as never };
  }

  async send(request: ToolRequestLike): Promise<ToolResponse> {
    const { op, ...args } = request;
    return McpChannel.toToolResponse(await this.callTool(toolName(op), args));
  }

  async discover(): Promise<Discovery> {
    const tools = this.listed ?? (await this.listTools());
    const operations = tools.flatMap((t) => {
      const entry = mcpToolEntry(t.name);
      return entry ? [entry.op as string] : [];
    });
    return { operations, protocolVersion: this.protocolVersion, tools };
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => {});
  }
}

/** An in-process channel over a ToolService (tests, embedding). */
export function serviceChannel(service: ToolService): ToolChannel {
  const channel: ToolChannel = {
    transport: "in-process",
    send: (request) => service.handle(request),
    discover: () => capabilitiesDiscovery(channel),
    close: async () => {},
  };
  return channel;
}
