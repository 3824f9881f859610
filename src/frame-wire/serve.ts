/**
 * A mock frame-wire streaming endpoint for client teams: POST /v1/turns/stream on loopback, checks
 * the bearer token and the request body against the contract, then streams either a conformance
 * vector's events (`?vector=<name>`) or a random valid turn, at a chosen pace.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { loadContract, loadRegistry } from "../contracts/index.js";
import { readCappedBody } from "../io/body.js";
import { answerAndClose, createGuardedServer } from "../io/http-server.js";
import { tryParseJson } from "../json/index.js";
import type { ValidationError } from "../json/validator.js";
import { frameWireApiOperations } from "../generated/frame-wire-api/operations.js";
import { validateStreamTurnRequestBody } from "../generated/frame-wire-api/validators.js";
import { buildBundle } from "../schema/bundle.js";
import { normalizeBundle, normalizeState } from "../schema/dialect.js";
import { encodeSseEvent } from "./sse.js";

export interface FrameWireServerOptions {
  /** Accepted bearer token. */
  token: string;
  /** Milliseconds between frames. Default 0. */
  paceMs?: number;
  /** Seed for random turns (a request may pass `?seed=`). */
  seed?: number;
  /** Event streams a request can ask for by name (`?vector=NAME`), e.g. the conformance vectors. */
  vectors?: ReadonlyMap<string, readonly unknown[]>;
  /** Largest accepted request body. Default 1 MiB. */
  maxBodyBytes?: number;
  /** An origin (`http://127.0.0.1:5173`) whose pages may call the endpoint: CORS headers and preflight. */
  cors?: string;
}

/** mulberry32: a tiny deterministic PRNG, so `?seed=` reproduces a turn exactly. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ["frame", "wire", "turn", "block", "delta", "stream", "fold", "the", "a", "renders"];

/** A random valid turn: blocks opened in order, text streamed by field_set, list items appended, a tool call, done. */
export function randomTurn(seed: number): unknown[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const events: unknown[] = [];
  const blocks = 1 + Math.floor(rnd() * 3);
  for (let index = 0; index < blocks; index++) {
    const block_id = `b${seed}-${index}`;
    const list = rnd() < 0.4;
    events.push({
      type: "block_start",
      index,
      block_id,
      block: list ? { kind: "list", items: [] } : { kind: "text", text: "" },
    });
    let text = "";
    const steps = 1 + Math.floor(rnd() * 6);
    for (let seq = 0; seq < steps; seq++) {
      if (list)
        events.push({
          type: "block_delta",
          index,
          block_id,
          seq,
          delta: { op: "element_append", path: "/items", value: { label: pick(WORDS), n: seq } },
        });
      else {
        text += (text ? " " : "") + pick(WORDS);
        events.push({
          type: "block_delta",
          index,
          block_id,
          seq,
          delta: { op: "field_set", path: "/text", value: text },
        });
      }
    }
  }
  if (rnd() < 0.5)
    events.push({
      type: "tool_call",
      call: { id: `call-${seed}`, name: "lookup", arguments: { q: pick(WORDS), limit: 3 } },
    });
  events.push({ type: "done", finish_reason: "done" });
  return events;
}

/**
 * Every response the mock sends on its operation is one the OpenAPI document declares: 200 (the
 * stream), 400, 401 (with `WWW-Authenticate`), 405 (with `Allow`), 408, 413, 431 and 500, each
 * error with the declared `{error, message}` body (the shared server setup, src/io/http-server.ts,
 * sends 400, 408 and 431 itself, with the same body). Outside the operation a path gets 404 with
 * the same body, and a CORS preflight is answered 204 without one.
 */
type ErrorStatus = 400 | 401 | 404 | 405 | 408 | 413 | 431 | 500;

const ERROR_NAMES: Record<ErrorStatus, string> = {
  400: "bad_request",
  401: "unauthorized",
  404: "not_found",
  405: "method_not_allowed",
  408: "request_timeout",
  413: "too_large",
  431: "headers_too_large",
  500: "internal_error",
};

function errorBody(error: string, message: string): string {
  return JSON.stringify({ error, message });
}

function sendError(
  res: ServerResponse,
  status: ErrorStatus,
  error: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...headers, "content-type": "application/json" }).end(errorBody(error, message));
}

function sendEmpty(res: ServerResponse, status: 204, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers).end();
}

/** RFC 9110 §11.6.1 requires a challenge on every 401; RFC 6750 §3 names the Bearer scheme and, for a token that was sent, the error. */
function bearerChallenge(tokenSent: boolean): string {
  return tokenSent ? 'Bearer realm="frame-wire", error="invalid_token"' : 'Bearer realm="frame-wire"';
}

/**
 * CORS for one configured origin (`--cors <origin>`): a page served from that origin may POST with
 * an Authorization header, which makes the browser send a preflight first. Other origins get no
 * CORS headers, so the browser keeps them out.
 */
function corsHeaders(options: FrameWireServerOptions, req: IncomingMessage): Record<string, string> {
  if (!options.cors || req.headers.origin !== options.cors) return options.cors ? { vary: "Origin" } : {};
  return {
    "access-control-allow-origin": options.cors,
    "access-control-expose-headers": "WWW-Authenticate",
    vary: "Origin",
  };
}

function isPreflight(req: IncomingMessage): boolean {
  return (
    req.method === "OPTIONS" &&
    typeof req.headers.origin === "string" &&
    typeof req.headers["access-control-request-method"] === "string"
  );
}

export function createFrameWireServer(options: FrameWireServerOptions): Server {
  const vectors = options.vectors ?? new Map<string, readonly unknown[]>();
  const op = frameWireApiOperations.streamTurn;
  let turnCounter = 0;
  const refusalBody = (status: number, reason: string) =>
    errorBody(ERROR_NAMES[status as ErrorStatus] ?? "bad_request", reason);
  return createGuardedServer({ refusalBody }, async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      const cors = corsHeaders(options, req);
      if (url.pathname !== op.path)
        return sendError(res, 404, "not_found", `no such path: the mock serves ${op.method} ${op.path}`, cors);
      if (options.cors && isPreflight(req)) {
        const allowed = cors["access-control-allow-origin"]
          ? {
              ...cors,
              "access-control-allow-methods": op.method,
              "access-control-allow-headers": "authorization, content-type",
              "access-control-max-age": "600",
            }
          : cors;
        return sendEmpty(res, 204, allowed);
      }
      if (req.method !== op.method)
        return sendError(res, 405, "method_not_allowed", `use ${op.method}`, { ...cors, allow: op.method });
      // Node keeps only the first of two Authorization headers: which one a proxy in front of the
      // mock would have checked is anyone's guess, so two are refused (RFC 9110 §5.3 allows one).
      if ((req.headersDistinct.authorization ?? []).length > 1)
        return answerAndClose(req, res, 400, errorBody("bad_request", "more than one Authorization header"), cors);
      const auth = req.headers.authorization;
      if (auth !== `Bearer ${options.token}`) {
        return sendError(
          res,
          401,
          "unauthorized",
          auth === undefined ? "no bearer token" : "the bearer token is not accepted",
          { ...cors, "www-authenticate": bearerChallenge(auth !== undefined) },
        );
      }
      const limit = options.maxBodyBytes ?? 1024 * 1024;
      const read = await readCappedBody(req, limit, { declaredLength: req.headers["content-length"] });
      if (read.kind === "too-large")
        return answerAndClose(req, res, 413, errorBody("too_large", `request body larger than ${limit} bytes`), cors);
      // A broken body (the client went away, a malformed chunk): the shared server setup answers it.
      if (read.kind === "aborted") return;
      const parsed = tryParseJson(read.bytes);
      if (!parsed.ok || !validateStreamTurnRequestBody(parsed.value)) {
        return sendError(
          res,
          400,
          "bad_request",
          parsed.ok
            ? `the body does not match the request schema: ${await requestBodyProblems(parsed.value)}`
            : parsed.error.message,
          cors,
        );
      }
      const name = url.searchParams.get("vector");
      let events: readonly unknown[];
      if (name !== null) {
        const v = vectors.get(name);
        // The mock's own query parameter: an unknown name is a bad request (a declared status).
        if (!v)
          return sendError(
            res,
            400,
            "unknown_vector",
            `no vector named ${JSON.stringify(name)}; known: ${[...vectors.keys()].join(", ")}`,
            cors,
          );
        events = v;
      } else {
        const seedParam = url.searchParams.get("seed");
        events = randomTurn(
          seedParam !== null && /^\d+$/.test(seedParam) ? Number(seedParam) : (options.seed ?? 1) + turnCounter++,
        );
      }
      res.writeHead(200, {
        ...cors,
        "content-type": "text/event-stream",
        "cache-control": "no-store",
        connection: "keep-alive",
      });
      for (const event of events) {
        if (res.destroyed) return;
        res.write(encodeSseEvent(event));
        if (options.paceMs) await new Promise((r) => setTimeout(r, options.paceMs));
      }
      res.end();
    } catch {
      if (!res.headersSent) sendError(res, 500, "internal_error", "the mock failed on this request");
      else res.destroy();
    }
  });
}

/**
 * What is wrong with a request body, naming the member: `missing member "messages"`, `unknown
 * member "prompt"`, `/messages/0/role: must be equal to one of the allowed values`.
 */
/** At most this many problems are named in a 400's message; the rest are counted. */
export const MAX_BODY_PROBLEMS = 10;

let explainer: Promise<ValidateFunction> | undefined;

/**
 * Every problem of a body the generated validator refused. That validator stops at the first
 * problem (decision 002: a hot path), so, as the wright-agent fixture loader does (decision 074),
 * the explanation comes from an allErrors validator of the same bundled definition, compiled on
 * the first refusal and kept. Should it accept what the generated one refused, the generated one's
 * problem is named.
 */
async function requestBodyProblems(value: unknown): Promise<string> {
  explainer ??= (async () => {
    const registry = loadRegistry();
    const contract = await loadContract(registry, registry.contracts.find((c) => c.name === "frame-wire-api")!);
    const { bundle } = buildBundle(contract);
    const { defs } = normalizeBundle(bundle, normalizeState(contract.entry.kind, contract.doc.root)).bundle;
    // The request body has no `format`; the generated validator checks formats, this one need not.
    const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
    return ajv.compile({ $id: bundle.id, $defs: defs, $ref: "#/$defs/StreamTurnRequestBody" });
  })();
  const explain = await explainer;
  return bodyProblems(explain(value) ? validateStreamTurnRequestBody.errors : (explain.errors as ValidationError[]));
}

/** The problems, one phrase each, deduplicated; past MAX_BODY_PROBLEMS, how many more there are. */
export function bodyProblems(errors: readonly ValidationError[] | null | undefined): string {
  const at = (e: ValidationError) => (e.instancePath ? ` in ${e.instancePath}` : "");
  const lines = (errors ?? []).map((e) =>
    e.keyword === "required"
      ? `missing member ${JSON.stringify(e.params.missingProperty)}${at(e)}`
      : e.keyword === "additionalProperties"
        ? `unknown member ${JSON.stringify(e.params.additionalProperty)}${at(e)}`
        : `${e.instancePath || "the body"}: ${e.message ?? e.keyword}${e.keyword === "enum" ? ` (${JSON.stringify(e.params.allowedValues)})` : ""}`,
  );
  const unique = [...new Set(lines)];
  if (unique.length === 0) return "(no detail)";
  const more = unique.length - MAX_BODY_PROBLEMS;
  return unique.slice(0, MAX_BODY_PROBLEMS).join("; ") + (more > 0 ? `; and ${more} more` : "");
}
