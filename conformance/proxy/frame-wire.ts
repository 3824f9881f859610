/**
 * `contract-suite proxy frame-wire`: an HTTP proxy on loopback in front of a frame-wire server. It
 * forwards every request and every answer as it arrives, bytes unchanged (only the Host header is
 * the upstream's, as for any reverse proxy), and checks on the way (decision 312):
 * - the request of the streaming operation: its body against the request schema, its
 *   Authorization header;
 * - the answer: a status the operation declares, the declared media type;
 * - the stream, event by event as it arrives: data-only framing, each frame one JSON FrameEvent,
 *   the sender rules (conformance/frame-wire/sender-rules.ts: a delta only for an opened index,
 *   seq increasing per index, nothing after done or error), and the running fold (the 1.3.0
 *   receiver rules: every abort and discard the reference fold would make, at its event), then
 *   the completed turn's checks at the stream's end.
 * With a recorder, each stream becomes a frame-wire vector (the events, and the outcome our fold
 * gives them), so `conform frame-wire --replay FILE` replays the session against any fold.
 */
import http from "node:http";
import https from "node:https";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { createFold, EVENT_PARSE, foldEvents } from "../../src/frame-wire/fold.js";
import { isFrameWireCode, isMessagePinned } from "../../src/frame-wire/codes.js";
import { tryParseJson } from "../../src/json/index.js";
import { keepCopy } from "../../src/io/body.js";
import { createGuardedServer } from "../../src/io/http-server.js";
import { validateFrameEvent } from "../../src/generated/frame-wire/validators.js";
import { frameWireApiOperations } from "../../src/generated/frame-wire-api/operations.js";
import { validateStreamTurnRequestBody } from "../../src/generated/frame-wire-api/validators.js";
import { firstSchemaError, type Violation, type ViolationLog } from "./log.js";
import type { FrameWireVector } from "../frame-wire/vectors.js";

const OP = frameWireApiOperations.streamTurn;
const DECLARED: Record<string, { contentType: string }> = OP.responses;
/** The most of a request body that is kept for checking (the body is forwarded whole regardless). */
const MAX_CHECKED_BODY = 1024 * 1024;

/** Where in an event each fold code points. */
const FOLD_POINTERS: Record<string, string | null> = {
  malformed_event: null,
  block_start_after_done: "/type",
  event_after_done: "/type",
  block_delta_unknown_index: "/index",
  block_id_mismatch: "/block_id",
  stale_seq: "/seq",
  element_append_not_array: "/delta/path",
  block_kind_not_string: "/delta/value",
  stream_without_done: null,
  block_start_index_gap: null,
};
const foldPointer = (code: string) => (code in FOLD_POINTERS ? FOLD_POINTERS[code]! : "/delta/path");

type Report = (v: Omit<Violation, "transport" | "exchange">) => void;

/** The checks on one stream, fed as its bytes arrive. */
export class StreamChecker {
  private readonly fold = createFold({
    onDiscard: (d) =>
      this.report({
        kind: `fold/${d.code}`,
        side: "server",
        message: `${d.message} (a receiver discards it silently)`,
        index: d.at,
        pointer: foldPointer(d.code),
        value: this.values[d.at],
      }),
  });
  private readonly parser = createParser({
    onEvent: (m) => this.frame(m),
    onRetry: () =>
      this.report({
        kind: "data-only",
        side: "server",
        message: "the stream sets retry; frames are data-only",
        index: null,
        pointer: null,
      }),
  });
  private readonly decoder = new TextDecoder();
  private lastChar = "";
  private abortReported = false;
  private readonly opened = new Set<number>();
  private readonly lastSeq = new Map<number, number>();
  private terminalAt: number | null = null;
  /** Each frame's event (or its raw data when it is not JSON), in order. */
  readonly values: unknown[] = [];
  allJson = true;

  constructor(private readonly report: Report) {}

  feed(chunk: Uint8Array): void {
    const text = this.decoder.decode(chunk, { stream: true });
    this.parser.feed(text);
    if (text.length) this.lastChar = text[text.length - 1]!;
  }

  /** The end of the stream: the completed turn's checks. */
  end(): void {
    this.parser.feed(this.decoder.decode());
    if (this.lastChar === "\r") this.parser.feed("\n");
    this.fold.finish();
    this.checkAbort();
  }

  private frame(m: EventSourceMessage): void {
    const index = this.values.length;
    if (m.event !== undefined || m.id !== undefined)
      this.report({
        kind: "data-only",
        side: "server",
        message: `frame ${index} has ${m.event !== undefined ? `an event field (${JSON.stringify(m.event)})` : `an id field (${JSON.stringify(m.id)})`}; frames are data-only`,
        index,
        pointer: null,
        value: m.data,
      });
    const parsed = tryParseJson(m.data, EVENT_PARSE);
    if (!parsed.ok) {
      this.values.push(m.data);
      this.allJson = false;
      this.report({
        kind: "frame-json",
        side: "server",
        message: `frame ${index} is not JSON (${parsed.error.kind})`,
        index,
        pointer: null,
        value: m.data,
      });
      this.fold.abortAt("malformed_event", `SSE frame ${index} is not JSON (${parsed.error.kind})`);
      this.checkAbort();
      return;
    }
    const event = parsed.value;
    this.values.push(event);
    if (!validateFrameEvent(event)) {
      const e = firstSchemaError(validateFrameEvent.errors);
      this.report({
        kind: "frame-event",
        side: "server",
        message: `frame ${index} is not a FrameEvent: ${e.message}`,
        index,
        pointer: e.pointer,
        value: event,
      });
    } else this.senderRules(event as Record<string, unknown>, index);
    this.fold.push(event);
    this.checkAbort();
  }

  /** What a conforming sender owes (a receiver is lenient where a sender may not be). */
  private senderRules(e: Record<string, unknown>, index: number): void {
    if (this.terminalAt !== null)
      this.report({
        kind: "after-terminal",
        side: "server",
        message: `frame ${index} (${String(e.type)}) follows the done or error at frame ${this.terminalAt}; nothing may follow it`,
        index,
        pointer: "/type",
        value: e,
      });
    if (e.type === "block_start") this.opened.add(e.index as number);
    else if (e.type === "block_delta") {
      const i = e.index as number;
      if (!this.opened.has(i))
        this.report({
          kind: "delta-opened-index",
          side: "server",
          message: `frame ${index} is a block_delta for index ${i}, which no earlier block_start opened`,
          index,
          pointer: "/index",
          value: e,
        });
      const prev = this.lastSeq.get(i);
      const seq = e.seq as number;
      if (prev !== undefined && seq <= prev)
        this.report({
          kind: "seq-increasing",
          side: "server",
          message: `frame ${index}: seq ${seq} at index ${i} after seq ${prev}; a receiver discards it as stale, so its change is lost`,
          index,
          pointer: "/seq",
          value: e,
        });
      this.lastSeq.set(i, Math.max(seq, prev ?? -1));
    } else if ((e.type === "done" || e.type === "error") && this.terminalAt === null) this.terminalAt = index;
  }

  /** The fold's abort, once, when it is one of the receiver rules' (an error event's own code is the server's answer, not a fault). */
  private checkAbort(): void {
    const abort = this.fold.abort;
    if (abort === null || this.abortReported) return;
    this.abortReported = true;
    if (!isFrameWireCode(abort.code) || abort.code === "malformed_event") return;
    this.report({
      kind: `fold/${abort.code}`,
      side: "server",
      message: abort.message,
      index: abort.at,
      pointer:
        abort.code === "invalid_event" ? firstSchemaError(validateFrameEvent.errors).pointer : foldPointer(abort.code),
      ...(abort.at === null ? {} : { value: this.values[abort.at] }),
    });
  }
}

/** A recorded stream as a frame-wire vector: the events and what our fold makes of them. */
export function vectorOfStream(
  name: string,
  request: { path: string; body: string },
  values: unknown[],
  allJson: boolean,
): FrameWireVector & { request: { path: string; body: string } } {
  const stdin = values.map((v) => (typeof v === "string" && !allJson ? v : JSON.stringify(v)) + "\n").join("");
  const expected = allJson ? foldEvents(values) : foldLines(values);
  const description = `Recorded by contract-suite proxy: the stream answering POST ${request.path}.`;
  return {
    name,
    description,
    covers: [],
    ...(allJson ? { level: "fold" as const, events: values } : { level: "command" as const, stdin }),
    expected: JSON.parse(JSON.stringify(expected)) as FrameWireVector["expected"],
    message_pinned: expected.abort === null || isMessagePinned(expected.abort.code),
    request,
  };
}

/** The fold command's reading of a stream with a frame that is not JSON (it aborts there). */
function foldLines(values: unknown[]) {
  const fold = createFold();
  for (const v of values) {
    if (typeof v === "string") {
      const parsed = tryParseJson(v, EVENT_PARSE);
      if (!parsed.ok) {
        fold.abortAt("malformed_event", `line ${fold.position + 1} is not JSON (${parsed.error.kind})`);
        break;
      }
      if (!fold.push(parsed.value)) break;
    } else if (!fold.push(v)) break;
  }
  return fold.finish();
}

export interface FrameWireProxyOptions {
  /** The upstream server: its origin, and a path prefix in front of the operation's path if it has one. */
  upstream: URL;
  log: ViolationLog;
  /** Called with each completed stream's vector (for --record). */
  onVector?(vector: FrameWireVector): void;
  /** Notes for people (an upstream that failed a request): not violations. */
  note?(message: string): void;
}

/** The upstream URL a request path goes to: the upstream's origin plus its prefix (the path without the operation's own). */
export function upstreamFor(upstream: URL, requestPath: string): URL {
  const prefix = upstream.pathname.endsWith(OP.path)
    ? upstream.pathname.slice(0, -OP.path.length)
    : upstream.pathname.replace(/\/$/, "");
  return new URL(prefix + requestPath, upstream.origin);
}

function mediaType(value: string | undefined): string | undefined {
  return value?.split(";")[0]!.trim().toLowerCase();
}

/** The raw header list with Host replaced by the upstream's. */
function forwardedHeaders(raw: string[], host: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() !== "host") out.push(raw[i]!, raw[i + 1]!);
  out.push("Host", host);
  return out;
}

export function createFrameWireProxy(options: FrameWireProxyOptions): http.Server {
  let exchanges = 0;
  const agentModule = options.upstream.protocol === "https:" ? https : http;
  const refusalBody = (status: number, reason: string) =>
    JSON.stringify({ error: status === 408 ? "request_timeout" : "bad_request", message: reason });
  const server = createGuardedServer({ refusalBody }, (req, res) => {
    const exchange = ++exchanges;
    const report: Report = (v) => options.log.report({ transport: "frame-wire", exchange, ...v });
    const path = req.url ?? "/";
    const isOperation = new URL(path, "http://x").pathname === OP.path && req.method === OP.method;
    const target = upstreamFor(options.upstream, path);
    const up = agentModule.request(target, {
      method: req.method,
      headers: forwardedHeaders(req.rawHeaders, options.upstream.host) as unknown as http.OutgoingHttpHeaders,
      setHost: false,
    });
    const body = keepCopy(req, MAX_CHECKED_BODY);
    req.pipe(up);
    const bodyText = () => body.text();
    req.on("end", () => {
      if (!isOperation) return;
      if (req.headers.authorization === undefined)
        report({
          kind: "request-authorization",
          side: "client",
          message: `${OP.method} ${OP.path} takes an Authorization header (bearer token); the request has none`,
          index: null,
          pointer: null,
        });
      if (!body.whole) return;
      const parsed = tryParseJson(bodyText());
      if (!parsed.ok)
        report({
          kind: "request-body",
          side: "client",
          message: `the request body is not JSON (${parsed.error.kind})`,
          index: null,
          pointer: null,
          value: bodyText().slice(0, 600),
        });
      else if (!validateStreamTurnRequestBody(parsed.value)) {
        const e = firstSchemaError(validateStreamTurnRequestBody.errors);
        report({
          kind: "request-body",
          side: "client",
          message: `the request body does not match the request schema: ${e.message}`,
          index: null,
          pointer: e.pointer,
          value: parsed.value,
        });
      }
    });
    // A client that leaves mid-stream ends the exchange: the stream's end is not the server's fault.
    let clientLeft = false;
    res.on("close", () => {
      if (res.writableFinished) return;
      clientLeft = true;
      up.destroy();
    });
    up.on("error", (e) => {
      options.note?.(`exchange ${exchange}: the upstream failed: ${e.message}`);
      if (!res.headersSent) {
        const text = JSON.stringify({ error: "bad_gateway", message: `the upstream failed: ${e.message}` });
        res.writeHead(502, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) });
        res.end(text);
      } else res.destroy();
      options.log.close(exchange);
    });
    up.on("response", (upRes) => {
      const status = upRes.statusCode ?? 0;
      res.writeHead(status, upRes.statusMessage, upRes.rawHeaders as unknown as http.OutgoingHttpHeaders);
      let checker: StreamChecker | undefined;
      if (isOperation) {
        const declared = DECLARED[String(status)];
        const type = mediaType(upRes.headers["content-type"]);
        if (!declared)
          report({
            kind: "status",
            side: "server",
            message: `HTTP ${status} is not a status ${OP.method} ${OP.path} declares (${Object.keys(DECLARED).join(", ")})`,
            index: null,
            pointer: null,
          });
        else if (type !== declared.contentType)
          report({
            kind: "content-type",
            side: "server",
            message: `HTTP ${status} with Content-Type ${JSON.stringify(upRes.headers["content-type"] ?? null)}, not ${declared.contentType}`,
            index: null,
            pointer: null,
          });
        if (status === 200 && type === "text/event-stream") checker = new StreamChecker(report);
      }
      // Forwarded first, checked after: a chunk's check never holds the chunk back.
      upRes.pipe(res);
      upRes.on("data", (c: Buffer) => checker?.feed(c));
      let ended = false;
      const finish = () => {
        if (ended) return;
        ended = true;
        if (checker && !clientLeft) {
          checker.end();
          options.onVector?.(
            vectorOfStream(`exchange-${exchange}`, { path, body: bodyText() }, checker.values, checker.allJson),
          );
        }
        options.log.close(exchange);
      };
      upRes.on("end", finish);
      upRes.on("close", finish);
    });
  });
  (server as http.Server & { exchanges?: () => number }).exchanges = () => exchanges;
  return server;
}

/** Exchanges a proxy server has seen. */
export function exchangesOf(server: http.Server): number {
  return (server as http.Server & { exchanges?: () => number }).exchanges?.() ?? 0;
}
