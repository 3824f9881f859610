/**
 * The MCP stdio framing (newline-delimited JSON-RPC 2.0) as an SDK `Transport`, used instead of
 * the SDK's StdioServerTransport because that one silently drops what it cannot parse. Here a
 * line that is not JSON answers -32700, anything that is not a JSON-RPC 2.0 message (a batch
 * included: MCP 2025-06-18 removed batching) -32600, and a request whose params are not an object
 * -32602 — all with `id: null` unless the request's id could be read. Valid messages go to the
 * SDK's protocol engine unchanged. The transport closes once its input ended AND every request it
 * forwarded has been answered, so no reply is lost at end of input.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { JsonParseError, parseJson } from "../../json/index.js";
import { MAX_LINE_BYTES, readLines, writeLine, type LineItem } from "./lines.js";
import type { LineIo } from "./stdio.js";

type Id = string | number;
const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const isId = (v: unknown): v is Id => typeof v === "string" || (typeof v === "number" && Number.isSafeInteger(v));

export type Screened = { message: JSONRPCMessage } | { reply: Record<string, unknown> } | { drop: true };

function errorReply(id: Id | null, code: number, message: string, reason: string): Screened {
  return { reply: { jsonrpc: "2.0", id, error: { code, message, data: { reason } } } };
}

/** Classifies one line: a message for the protocol engine, a framing error reply, or nothing. */
export function screenLine(item: LineItem): Screened {
  if ("oversize" in item) return errorReply(null, ErrorCode.ParseError, "Parse error", `line of ${item.oversize} bytes exceeds the ${MAX_LINE_BYTES}-byte limit`);
  if (item.line.trim() === "") return { drop: true };
  let value: unknown;
  try {
    value = parseJson(item.line, { maxBytes: MAX_LINE_BYTES });
  } catch (e) {
    return errorReply(null, ErrorCode.ParseError, "Parse error", e instanceof JsonParseError ? e.message : String(e));
  }
  if (Array.isArray(value)) return errorReply(null, ErrorCode.InvalidRequest, "Invalid Request", value.length ? "JSON-RPC batches are not supported by MCP" : "empty batch");
  if (value === null || typeof value !== "object") return errorReply(null, ErrorCode.InvalidRequest, "Invalid Request", "a message must be a JSON object");
  const msg = value as Record<string, unknown>;
  const id = isId(msg.id) ? msg.id : null;
  const isRequest = hasOwn(msg, "id");
  if (msg.jsonrpc !== "2.0") return errorReply(id, ErrorCode.InvalidRequest, "Invalid Request", 'jsonrpc must be "2.0"');
  if (hasOwn(msg, "method")) {
    if (typeof msg.method !== "string") return isRequest ? errorReply(id, ErrorCode.InvalidRequest, "Invalid Request", "method must be a string") : { drop: true };
    if (isRequest && id === null) return errorReply(null, ErrorCode.InvalidRequest, "Invalid Request", "id must be a string or an integer");
    if (hasOwn(msg, "params") && (msg.params === null || typeof msg.params !== "object" || Array.isArray(msg.params))) {
      return isRequest ? errorReply(id, ErrorCode.InvalidParams, "Invalid params", "params must be an object") : { drop: true };
    }
  }
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (!parsed.success) return isRequest || !hasOwn(msg, "method") ? errorReply(id, ErrorCode.InvalidRequest, "Invalid Request", "not a JSON-RPC 2.0 request, notification or response") : { drop: true };
  return { message: parsed.data };
}

export class NdjsonServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly pending = new Set<Id>();
  private inputEnded = false;
  private isClosed = false;
  private resolveClosed!: () => void;
  /** Resolves when the session is over (input ended and every forwarded request answered). */
  readonly closed = new Promise<void>((resolve) => (this.resolveClosed = resolve));

  constructor(private readonly io: LineIo) {}

  async start(): Promise<void> {
    void this.pump();
  }

  private async pump(): Promise<void> {
    try {
      for await (const item of readLines(this.io.input)) {
        const screened = screenLine(item);
        if ("reply" in screened) await this.write(screened.reply);
        else if ("message" in screened) {
          const m = screened.message as { id?: Id; method?: string };
          if (m.method !== undefined && m.id !== undefined) this.pending.add(m.id);
          this.onmessage?.(screened.message);
        }
      }
    } catch (e) {
      this.onerror?.(e instanceof Error ? e : new Error(String(e)));
    }
    this.inputEnded = true;
    this.maybeClose();
  }

  private write(message: object): Promise<void> {
    return writeLine(this.io.output, JSON.stringify(message));
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.isClosed) return;
    await this.write(message);
    const m = message as { id?: Id; method?: string };
    if (m.method === undefined && m.id !== undefined) this.pending.delete(m.id);
    this.maybeClose();
  }

  private maybeClose(): void {
    if (this.inputEnded && this.pending.size === 0) void this.close();
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.onclose?.();
    this.resolveClosed();
  }
}
