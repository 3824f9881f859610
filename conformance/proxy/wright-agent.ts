/**
 * `contract-suite proxy wright-agent --transport T -- <server command>`: the proxy is the command a
 * client starts. It starts the server, relays the client's stdin to the server's and the server's
 * stdout to the client's, bytes unchanged as they arrive (the server's stderr passes through to
 * ours), and checks each line both ways (decision 312): the request against the contract (stdio: a
 * ToolRequest; jsonrpc and mcp: the JSON-RPC envelope, a ToolRequest in `request`'s params, a known
 * tool and its arguments in tools/call), the answer against it (stdio: a ToolResponse; JSON-RPC: the
 * envelope, the id of a pending request), a result against its operation's result schema, and at
 * the end every request that got no answer. Exchange N is the client's N-th request line.
 */
import { spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { tryParseJson, type ValidationError } from "../../src/json/index.js";
import { UsageError } from "../../src/usage-error.js";
import { validateToolRequest, validateToolResponse } from "../../src/generated/wright-agent/validators.js";
import { wrightAgentCatalog } from "../../src/generated/wright-agent/catalog.js";
import { LineSplitter, firstSchemaError, type Violation, type ViolationLog } from "./log.js";

export type WrightAgentTransport = "stdio" | "jsonrpc" | "mcp";

const byOp = new Map(wrightAgentCatalog.map((e) => [e.op, e]));
const byTool = new Map(wrightAgentCatalog.flatMap((e) => (e.mcp ? [[e.mcp.tool, e] as const] : [])));

/** One recorded exchange: a client line and the server lines that followed it, before the next client line. */
export interface RecordedExchange {
  request: string;
  responses: unknown[];
}

export interface WrightAgentVector {
  name: string;
  transport: WrightAgentTransport;
  exchanges: RecordedExchange[];
}

type V = Omit<Violation, "transport">;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

interface Pending {
  exchange: number;
  /** stdio: the operation; JSON-RPC: the method. */
  method: string;
  /** The operation whose result the answer carries (stdio and `request`: the op; an alias: itself; tools/call: the tool's). */
  op?: string;
}

/** The checks of one session, line by line in each direction. */
export class SessionChecker {
  private requests = 0;
  private responses = 0;
  private readonly fifo: Pending[] = [];
  private readonly byId = new Map<string, Pending>();

  constructor(
    private readonly transport: WrightAgentTransport,
    private readonly report: (v: V) => void,
  ) {}

  /** Request lines seen (exchanges). */
  get exchanges(): number {
    return this.requests;
  }

  clientLine(line: string | { oversize: number }): void {
    if (typeof line === "string" && line.trim() === "") return;
    const exchange = ++this.requests;
    const index = exchange - 1;
    const v = (kind: string, message: string, pointer: string | null, value?: unknown) =>
      this.report({
        exchange,
        kind,
        side: "client",
        message,
        index,
        pointer,
        ...(value === undefined ? {} : { value }),
      });
    if (typeof line !== "string") {
      v("request-json", `a request line of ${line.oversize} bytes is over the 16 MiB line limit`, null);
      if (this.transport === "stdio") this.fifo.push({ exchange, method: "" });
      return;
    }
    const parsed = tryParseJson(line);
    if (!parsed.ok) {
      v("request-json", `the request line is not JSON (${parsed.error.kind})`, null, line.slice(0, 600));
      // stdio answers every line; JSON-RPC answers a parse error with id null.
      if (this.transport === "stdio") this.fifo.push({ exchange, method: "" });
      return;
    }
    const value = parsed.value;
    if (this.transport === "stdio") {
      const op = isObject(value) && typeof value.op === "string" ? value.op : undefined;
      if (!validateToolRequest(value)) {
        const e = firstSchemaError(validateToolRequest.errors);
        v("request-schema", `not a ToolRequest: ${e.message}`, e.pointer, value);
      }
      this.fifo.push({ exchange, method: op ?? "", ...(op && byOp.has(op) ? { op } : {}) });
      return;
    }
    const members = Array.isArray(value) ? value : [value];
    members.forEach((m, i) => this.rpcRequest(m, Array.isArray(value) ? `/${i}` : "", exchange, v));
  }

  private rpcRequest(
    m: unknown,
    at: string,
    exchange: number,
    v: (kind: string, message: string, pointer: string | null, value?: unknown) => void,
  ): void {
    if (!isObject(m)) return v("request-envelope", "a JSON-RPC request is an object", at, m);
    if (m.jsonrpc !== "2.0") return v("request-envelope", 'a JSON-RPC request has jsonrpc "2.0"', `${at}/jsonrpc`, m);
    if (typeof m.method !== "string")
      return v("request-envelope", "a JSON-RPC request has a string method", `${at}/method`, m);
    if (hasOwn(m, "id") && !(typeof m.id === "string" || typeof m.id === "number" || m.id === null))
      return v("request-envelope", "a JSON-RPC id is a string, a number or null", `${at}/id`, m);
    if (hasOwn(m, "params") && (m.params === null || typeof m.params !== "object"))
      return v("request-envelope", "JSON-RPC params are an object or an array", `${at}/params`, m);
    const method = m.method;
    let op: string | undefined;
    if (this.transport === "jsonrpc") {
      if (method === "request") {
        if (!validateToolRequest(m.params)) {
          const e = firstSchemaError(validateToolRequest.errors, `${at}/params`);
          v("request-schema", `request's params are not a ToolRequest: ${e.message}`, e.pointer, m);
        }
        op = isObject(m.params) && typeof m.params.op === "string" ? m.params.op : undefined;
      } else if (byOp.has(method)) op = method;
    } else if (method === "tools/call") {
      const p = m.params;
      const entry = isObject(p) && typeof p.name === "string" ? byTool.get(p.name) : undefined;
      if (!isObject(p) || typeof p.name !== "string" || !isObject(p.arguments ?? {}))
        v("request-schema", "tools/call takes {name, arguments}", `${at}/params`, m);
      else if (!entry)
        v(
          "request-schema",
          `tools/call names ${JSON.stringify(p.name)}, which is no wright-agent tool`,
          `${at}/params/name`,
          m,
        );
      else {
        const request = { ...(isObject(p.arguments) ? p.arguments : {}), op: entry.op };
        if (!entry.validateRequest(request)) {
          const e = firstSchemaError(entry.validateRequest.errors, `${at}/params/arguments`);
          v("request-schema", `the arguments of ${p.name} are not a ${entry.request}: ${e.message}`, e.pointer, m);
        }
        op = entry.op;
      }
    }
    if (hasOwn(m, "id") && m.id !== null)
      this.byId.set(JSON.stringify(m.id), { exchange, method, ...(op && byOp.has(op) ? { op } : {}) });
  }

  serverLine(line: string | { oversize: number }): void {
    if (typeof line === "string" && line.trim() === "") return;
    const index = this.responses++;
    const pending = this.transport === "stdio" ? this.fifo.shift() : undefined;
    const exchangeOf = (p: Pending | undefined) => p?.exchange ?? this.requests;
    const v = (p: Pending | undefined, kind: string, message: string, pointer: string | null, value?: unknown) =>
      this.report({
        exchange: exchangeOf(p),
        kind,
        side: "server",
        message,
        index,
        pointer,
        ...(value === undefined ? {} : { value }),
      });
    if (this.transport === "stdio" && pending === undefined)
      v(undefined, "response-unexpected", "an answer line with no request waiting for it", null, line);
    if (typeof line !== "string") return v(pending, "response-json", `an answer line of ${line.oversize} bytes`, null);
    const parsed = tryParseJson(line);
    if (!parsed.ok)
      return v(
        pending,
        "response-json",
        `the answer line is not JSON (${parsed.error.kind})`,
        null,
        line.slice(0, 600),
      );
    const value = parsed.value;
    if (this.transport === "stdio")
      return this.toolResponse(pending?.op, value, "", (k, msg, ptr) => v(pending, k, msg, ptr, value));
    const members = Array.isArray(value) ? value : [value];
    members.forEach((m, i) => this.rpcResponse(m, Array.isArray(value) ? `/${i}` : "", v));
  }

  private rpcResponse(
    m: unknown,
    at: string,
    v: (p: Pending | undefined, kind: string, message: string, pointer: string | null, value?: unknown) => void,
  ): void {
    if (!isObject(m)) return v(undefined, "response-envelope", "a JSON-RPC answer is an object", at, m);
    // A server may send requests and notifications of its own (MCP): not answers.
    if (typeof m.method === "string" && !hasOwn(m, "result") && !hasOwn(m, "error")) return;
    const pending = hasOwn(m, "id") && m.id !== null ? this.byId.get(JSON.stringify(m.id)) : undefined;
    const bad = (message: string, pointer: string) => v(pending, "response-envelope", message, pointer, m);
    if (m.jsonrpc !== "2.0") return bad('a JSON-RPC answer has jsonrpc "2.0"', `${at}/jsonrpc`);
    if (!hasOwn(m, "id")) return bad("a JSON-RPC answer has an id (null when the request's could not be read)", at);
    if (hasOwn(m, "result") === hasOwn(m, "error"))
      return bad("a JSON-RPC answer has exactly one of result and error", at);
    if (hasOwn(m, "error")) {
      const e = m.error;
      if (!isObject(e) || !Number.isInteger(e.code) || typeof e.message !== "string")
        return bad("a JSON-RPC error has an integer code and a string message", `${at}/error`);
    }
    if (m.id === null) return;
    if (!pending)
      return v(
        undefined,
        "response-id",
        `an answer with id ${JSON.stringify(m.id)}, which no pending request has`,
        `${at}/id`,
        m,
      );
    this.byId.delete(JSON.stringify(m.id));
    if (!hasOwn(m, "result") || !pending.op) return;
    const report = (k: string, msg: string, ptr: string) => v(pending, k, msg, ptr, m);
    if (this.transport === "jsonrpc") {
      if (pending.method === "request") this.toolResponse(pending.op, m.result, `${at}/result`, report);
      else if (!(isObject(m.result) && hasOwn(m.result, "error") && Object.keys(m.result).length === 1))
        this.checkResult(pending.op, m.result, `${at}/result`, report);
      return;
    }
    // MCP tools/call: {content: [{type: "text", text}], isError?}; a result's text is the operation's result.
    const r = m.result;
    const content = isObject(r) && Array.isArray(r.content) ? r.content : undefined;
    const first = content?.[0];
    if (!content || !isObject(first) || first.type !== "text" || typeof first.text !== "string")
      return report("response-schema", 'a tools/call result has content [{type: "text", text}]', `${at}/result`);
    if (r && (r as { isError?: unknown }).isError === true) return;
    const text = tryParseJson(first.text);
    if (!text.ok) return report("response-schema", "the tool result's text is not JSON", `${at}/result/content/0/text`);
    this.checkResult(pending.op, text.value, `${at}/result/content/0/text`, report);
  }

  /**
   * A ToolResponse: `{result}` judged against its operation's result schema (the precise error),
   * anything else against ToolResponse.
   */
  private toolResponse(
    op: string | undefined,
    value: unknown,
    at: string,
    report: (k: string, m: string, p: string) => void,
  ): void {
    if (op && isObject(value) && hasOwn(value, "result") && Object.keys(value).length === 1)
      return this.checkResult(op, value.result, `${at}/result`, report);
    if (!validateToolResponse(value)) {
      const e = firstSchemaError(validateToolResponse.errors, at);
      report("response-schema", `not a ToolResponse: ${e.message}`, e.pointer);
    }
  }

  private checkResult(
    op: string,
    result: unknown,
    at: string,
    report: (k: string, m: string, p: string) => void,
  ): void {
    const entry = byOp.get(op);
    if (!entry || entry.validateResult(result)) return;
    const e = firstSchemaError(entry.validateResult.errors as ValidationError[] | null, at);
    report("result-schema", `the result of ${op} is not a ${entry.result}: ${e.message}`, e.pointer);
  }

  /** The session is over: every request still waiting got no answer. */
  end(): void {
    const left = [...this.fifo, ...this.byId.values()];
    for (const p of left)
      this.report({
        exchange: p.exchange,
        kind: "unanswered",
        side: "server",
        message: `${p.method ? `${p.method}: ` : ""}the session ended without an answer to this request`,
        index: p.exchange - 1,
        pointer: null,
      });
  }
}

export interface WrightAgentProxyOptions {
  transport: WrightAgentTransport;
  /** The server command, as words (no shell). */
  command: string[];
  input: Readable;
  output: Writable;
  /** Where the server's stderr goes. */
  errors: Writable;
  log: ViolationLog;
  onSession?(vector: WrightAgentVector): void;
  /** Resolves when the proxy is told to stop (SIGINT/SIGTERM): the server gets SIGTERM, the session ends with it. */
  stop?: Promise<unknown>;
}

export interface SessionEnd {
  exchanges: number;
  /** The server's exit code (null: a signal). */
  code: number | null;
}

/** Runs one proxied session until the server exits; a command that cannot start is a UsageError. */
export async function runWrightAgentProxy(options: WrightAgentProxyOptions): Promise<SessionEnd> {
  const [file, ...args] = options.command;
  if (!file) throw new UsageError("proxy wright-agent needs the server command after --");
  const child = spawn(file, args, { stdio: ["pipe", "pipe", "pipe"] });
  await new Promise<void>((resolve, reject) => {
    child.once("spawn", resolve);
    child.once("error", (e: NodeJS.ErrnoException) =>
      reject(new UsageError(`the server command ${JSON.stringify(file)} did not start (${e.code ?? e.message})`)),
    );
  });
  const checker = new SessionChecker(options.transport, (v) => options.log.report({ transport: "wright-agent", ...v }));
  const exchanges: RecordedExchange[] = [];
  const clientLines = new LineSplitter((line) => {
    checker.clientLine(line);
    if (typeof line === "string" && line.trim() !== "") exchanges.push({ request: line, responses: [] });
  });
  const serverLines = new LineSplitter((line) => {
    checker.serverLine(line);
    if (typeof line !== "string" || line.trim() === "") return;
    const parsed = tryParseJson(line);
    const into = exchanges.at(-1) ?? (exchanges[0] = { request: "", responses: [] });
    into.responses.push(parsed.ok ? parsed.value : line);
  });
  child.stdin.on("error", () => undefined); // a server that exits before reading everything
  // Forwarded first, checked after: a line's check never holds its bytes back.
  options.input.pipe(child.stdin);
  options.input.on("data", (c: Buffer) => clientLines.feed(Buffer.isBuffer(c) ? c : Buffer.from(c)));
  options.input.on("end", () => clientLines.end());
  child.stdout.pipe(options.output, { end: false });
  child.stdout.on("data", (c: Buffer) => serverLines.feed(c));
  child.stderr.pipe(options.errors, { end: false });
  void options.stop?.then(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  });
  const code = await new Promise<number | null>((resolve) => child.once("close", (c) => resolve(c)));
  options.input.unpipe(child.stdin);
  // The session is over: a client still holding its end open must not keep this process alive.
  options.input.destroy();
  clientLines.end();
  serverLines.end();
  checker.end();
  options.onSession?.({ name: "session", transport: options.transport, exchanges });
  return { exchanges: checker.exchanges, code };
}
