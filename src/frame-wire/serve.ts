/**
 * A mock frame-wire streaming endpoint for client teams: POST /v1/turns/stream on loopback, checks
 * the bearer token and the request body against the contract, then streams either a conformance
 * vector's events (`?vector=<name>`) or a random valid turn, at a chosen pace.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tryParseJson } from "../json/index.js";
import { frameWireApiOperations } from "../generated/frame-wire-api/operations.js";
import { validateStreamTurnRequestBody } from "../generated/frame-wire-api/validators.js";
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
    events.push({ type: "block_start", index, block_id, block: list ? { kind: "list", items: [] } : { kind: "text", text: "" } });
    let text = "";
    const steps = 1 + Math.floor(rnd() * 6);
    for (let seq = 0; seq < steps; seq++) {
      if (list) events.push({ type: "block_delta", index, block_id, seq, delta: { op: "element_append", path: "/items", value: { label: pick(WORDS), n: seq } } });
      else {
        text += (text ? " " : "") + pick(WORDS);
        events.push({ type: "block_delta", index, block_id, seq, delta: { op: "field_set", path: "/text", value: text } });
      }
    }
  }
  if (rnd() < 0.5) events.push({ type: "tool_call", call: { id: `call-${seed}`, name: "lookup", arguments: { q: pick(WORDS), limit: 3 } } });
  events.push({ type: "done", finish_reason: "done" });
  return events;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function createFrameWireServer(options: FrameWireServerOptions): Server {
  const vectors = options.vectors ?? new Map<string, readonly unknown[]>();
  const op = frameWireApiOperations.streamTurn;
  let turnCounter = 0;
  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (url.pathname !== op.path) return sendJson(res, 404, { error: "not_found", message: `only ${op.method} ${op.path} exists` });
      if (req.method !== op.method) return sendJson(res, 405, { error: "method_not_allowed", message: `use ${op.method}` });
      if (req.headers.authorization !== `Bearer ${options.token}`) return sendJson(res, 401, { error: "unauthorized", message: "missing or wrong bearer token" });
      const raw = await readBody(req, options.maxBodyBytes ?? 1024 * 1024);
      if (!raw) return sendJson(res, 413, { error: "too_large", message: "request body too large" });
      const parsed = tryParseJson(raw);
      if (!parsed.ok || !validateStreamTurnRequestBody(parsed.value)) {
        return sendJson(res, 400, { error: "bad_request", message: parsed.ok ? "the body does not match the request schema" : parsed.error.message });
      }
      const name = url.searchParams.get("vector");
      let events: readonly unknown[];
      if (name !== null) {
        const v = vectors.get(name);
        if (!v) return sendJson(res, 404, { error: "unknown_vector", message: `no vector named ${JSON.stringify(name)}`, known: [...vectors.keys()] });
        events = v;
      } else {
        const seedParam = url.searchParams.get("seed");
        events = randomTurn(seedParam !== null && /^\d+$/.test(seedParam) ? Number(seedParam) : (options.seed ?? 1) + turnCounter++);
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
      for (const event of events) {
        if (res.destroyed) return;
        res.write(encodeSseEvent(event));
        if (options.paceMs) await new Promise((r) => setTimeout(r, options.paceMs));
      }
      res.end();
    } catch (e) {
      if (!res.headersSent) sendJson(res, 500, { error: "internal", message: (e as Error).message });
      else res.destroy();
    }
  });
}
