/**
 * `contract-suite proxy wit`: an HTTP server on a Unix socket (or loopback TCP) in front of a Wit
 * daemon's socket. It forwards each request and its answer, bytes unchanged, and checks each
 * exchange of `POST /rpc` against the OpenRPC document (decision 312): the request's JSON-RPC
 * envelope with `witVersion`, a method the document has, params against its schema; the answer's
 * envelope, the id of a request, a result against the method's result schema, an error the method
 * declares (or one of the envelope's), and every request of the body answered.
 */
import http from "node:http";
import { tryParseJson } from "../../src/json/index.js";
import { keepCopy } from "../../src/io/body.js";
import { createGuardedServer } from "../../src/io/http-server.js";
import { witMethods, witErrors } from "../../src/generated/wit/methods.js";
import type { MethodSpec } from "../../src/rpc/types.js";
import { firstSchemaError, type Violation, type ViolationLog } from "./log.js";

const ENVELOPE = { witVersion: "1" } as const;
const RPC_PATH = "/rpc";
const DISCOVER = "rpc.discover";
/** Errors any method may answer: the envelope's refusals and JSON-RPC's own. */
const ENVELOPE_ERRORS = [witErrors.InvalidRequest, witErrors.MethodNotFound, { code: -32700, message: "Parse error" }];
const MAX_CHECKED = 9 * 1024 * 1024;
const METHODS = witMethods as unknown as Record<string, MethodSpec>;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

type Report = (v: Omit<Violation, "transport" | "exchange">) => void;

/** One recorded exchange: the request body as sent, the answer as JSON (null: no body). */
export interface WitVector {
  name: string;
  request: string;
  status: number;
  response: unknown;
}

/** Checks one POST /rpc exchange. */
export function checkWitExchange(requestBody: string, status: number, responseBody: string, report: Report): void {
  const pending = new Map<string, string>();
  const req = tryParseJson(requestBody);
  if (!req.ok)
    report({
      kind: "request-json",
      side: "client",
      message: `the body is not JSON (${req.error.kind})`,
      index: null,
      pointer: null,
      value: requestBody.slice(0, 600),
    });
  else {
    const list = Array.isArray(req.value) ? req.value : [req.value];
    list.forEach((m, i) => {
      const at = Array.isArray(req.value) ? `/${i}` : "";
      const bad = (kind: string, message: string, pointer: string) =>
        report({ kind, side: "client", message, index: null, pointer, value: m });
      if (!isObject(m)) return bad("request-envelope", "a JSON-RPC request is an object", at);
      if (m.jsonrpc !== "2.0") return bad("request-envelope", 'a request has jsonrpc "2.0"', `${at}/jsonrpc`);
      if (typeof m.method !== "string") return bad("request-envelope", "a request has a string method", `${at}/method`);
      if (m.method !== DISCOVER && m.witVersion !== ENVELOPE.witVersion)
        return bad("request-envelope", 'every Wit request carries witVersion "1"', `${at}/witVersion`);
      if (hasOwn(m, "id") && m.id !== null) pending.set(JSON.stringify(m.id), m.method);
      if (m.method === DISCOVER) return;
      const spec = hasOwn(METHODS, m.method) ? METHODS[m.method] : undefined;
      if (!spec) return bad("request-method", `${m.method} is no method of the Wit document`, `${at}/method`);
      if (m.method !== "ping" && !spec.validateParams(m.params ?? {})) {
        const e = firstSchemaError(spec.validateParams.errors, `${at}/params`);
        bad("request-params", `${m.method}'s params do not match its schema: ${e.message}`, e.pointer);
      }
    });
  }
  if (status === 204 || responseBody.trim() === "") return void unanswered(pending, report);
  const res = tryParseJson(responseBody);
  if (!res.ok)
    return report({
      kind: "response-json",
      side: "server",
      message: `HTTP ${status} with a body that is not JSON (${res.error.kind})`,
      index: null,
      pointer: null,
      value: responseBody.slice(0, 600),
    });
  const answers = Array.isArray(res.value) ? res.value : [res.value];
  answers.forEach((a, i) => {
    const at = Array.isArray(res.value) ? `/${i}` : "";
    const bad = (kind: string, message: string, pointer: string) =>
      report({ kind, side: "server", message, index: null, pointer, value: a });
    if (!isObject(a)) return bad("response-envelope", "a JSON-RPC answer is an object", at);
    if (a.jsonrpc !== "2.0") return bad("response-envelope", 'an answer has jsonrpc "2.0"', `${at}/jsonrpc`);
    if (a.witVersion !== ENVELOPE.witVersion)
      return bad("response-envelope", 'every Wit answer carries witVersion "1"', `${at}/witVersion`);
    if (!hasOwn(a, "id")) return bad("response-envelope", "an answer has an id", at);
    if (hasOwn(a, "result") === hasOwn(a, "error"))
      return bad("response-envelope", "an answer has exactly one of result and error", at);
    const method = a.id === null ? undefined : pending.get(JSON.stringify(a.id));
    if (a.id !== null && method === undefined)
      return bad(
        "response-id",
        `an answer with id ${JSON.stringify(a.id)}, which no request of the body has`,
        `${at}/id`,
      );
    if (a.id !== null) pending.delete(JSON.stringify(a.id));
    const spec = method && hasOwn(METHODS, method) ? METHODS[method] : undefined;
    if (hasOwn(a, "error")) {
      const e = a.error;
      if (!isObject(e) || !Number.isInteger(e.code) || typeof e.message !== "string")
        return bad("response-envelope", "an error has an integer code and a string message", `${at}/error`);
      const declared = [...(spec?.errors ?? []), ...ENVELOPE_ERRORS];
      if (!declared.some((d) => d.code === e.code && d.message === e.message))
        bad(
          "error-undeclared",
          `${method ?? "the request"} answered ${e.code} ${JSON.stringify(e.message)}, an error it does not declare`,
          `${at}/error`,
        );
      return;
    }
    if (spec && !spec.validateResult(a.result)) {
      const e = firstSchemaError(spec.validateResult.errors, `${at}/result`);
      bad("result-schema", `${method}'s result does not match its schema: ${e.message}`, e.pointer);
    }
  });
  unanswered(pending, report);
}

function unanswered(pending: Map<string, string>, report: Report): void {
  for (const [id, method] of pending)
    report({
      kind: "unanswered",
      side: "server",
      message: `${method} (id ${id}) got no answer`,
      index: null,
      pointer: null,
    });
}

export interface WitProxyOptions {
  /** The daemon's socket. */
  socket: string;
  log: ViolationLog;
  onVector?(vector: WitVector): void;
  note?(message: string): void;
}

export function createWitProxy(options: WitProxyOptions): http.Server & { exchanges(): number } {
  let exchanges = 0;
  const refusalBody = (status: number, reason: string) =>
    JSON.stringify({
      jsonrpc: "2.0",
      ...ENVELOPE,
      id: null,
      error: { ...witErrors.InvalidRequest, data: { httpStatus: status, reason } },
    });
  const server = createGuardedServer({ refusalBody }, (req, res) => {
    const exchange = ++exchanges;
    const report: Report = (v) => options.log.report({ transport: "wit", exchange, ...v });
    const up = http.request({
      socketPath: options.socket,
      method: req.method,
      path: req.url,
      headers: req.rawHeaders as unknown as http.OutgoingHttpHeaders,
      setHost: false,
    });
    const body = keepCopy(req, MAX_CHECKED);
    req.pipe(up);
    res.on("close", () => {
      if (!res.writableFinished) up.destroy();
    });
    up.on("error", (e) => {
      options.note?.(`exchange ${exchange}: the daemon failed: ${e.message}`);
      if (!res.headersSent) {
        const text = refusalBody(502, `the daemon failed: ${e.message}`);
        res.writeHead(502, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) });
        res.end(text);
      } else res.destroy();
      options.log.close(exchange);
    });
    up.on("response", (upRes) => {
      const status = upRes.statusCode ?? 0;
      res.writeHead(status, upRes.statusMessage, upRes.rawHeaders as unknown as http.OutgoingHttpHeaders);
      const answer = keepCopy(upRes, MAX_CHECKED);
      upRes.pipe(res);
      upRes.on("end", () => {
        const isRpc = req.method === "POST" && new URL(req.url ?? "/", "http://x").pathname === RPC_PATH;
        if (isRpc && body.whole && answer.whole) {
          const requestText = body.text();
          const answerText = answer.text();
          checkWitExchange(requestText, status, answerText, report);
          const parsed = tryParseJson(answerText);
          options.onVector?.({
            name: `exchange-${exchange}`,
            request: requestText,
            status,
            response: answerText.trim() === "" ? null : parsed.ok ? parsed.value : answerText,
          });
        }
        options.log.close(exchange);
      });
    });
  });
  return Object.assign(server, { exchanges: () => exchanges });
}
