/**
 * Harness of the deliberately broken frame-wire servers: a real HTTP proxy in front of our real mock
 * (createFrameWireServer, its public API) that patches ONE behaviour. A patch may answer some
 * requests itself, rewrite the request before it is forwarded, rewrite the response head, or
 * rewrite the stream (the mock's events in, the SSE text written out, piece by piece).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createFrameWireServer } from "../../../src/frame-wire/serve.js";
import { parseSseBody } from "../../../conformance/frame-wire/sender-rules.js";

export const TOKEN = "secret";
export const PATH = "/v1/turns/stream";

export interface ForwardedRequest {
  method: string;
  headers: Record<string, string>;
  body: string;
}

export interface Patch {
  /** Answer the request here instead of forwarding it (return true when answered). */
  intercept?(req: ForwardedRequest, res: ServerResponse): boolean;
  /** Rewrite the request before it reaches the mock. */
  request?(req: ForwardedRequest): ForwardedRequest;
  /** Rewrite the response head. */
  head?(status: number, headers: Record<string, string>): { status: number; headers: Record<string, string> };
  /** Rewrite a 200 stream: the mock's events in, the pieces of SSE text to write (one write each). */
  stream?(events: unknown[]): (string | Uint8Array)[];
  /** Milliseconds between written pieces (so a client can leave mid-stream). */
  pieceDelayMs?: number;
  /** Called when the stream loop ends; `completed` is false when the client had gone. */
  onStreamEnd?(completed: boolean): void;
}

export const frame = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;

export interface Running {
  url: string;
  close(): Promise<void>;
}

async function readAll(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text;
}

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startPatched(patch: Patch): Promise<Running> {
  const mock = createFrameWireServer({ token: TOKEN });
  const upstream = await listen(mock);
  const proxy = createServer(async (incoming, res) => {
    try {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(incoming.headers))
        if (typeof v === "string" && k !== "host" && k !== "content-length" && k !== "connection") headers[k] = v;
      let req: ForwardedRequest = { method: incoming.method ?? "GET", headers, body: await readAll(incoming) };
      if (patch.intercept?.(req, res)) return;
      if (patch.request) req = patch.request(req);
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const up = await fetch(upstream + (incoming.url ?? "/"), {
        method: req.method,
        headers: req.headers,
        body: hasBody ? req.body : undefined,
      });
      const upHeaders: Record<string, string> = {};
      up.headers.forEach((v, k) => {
        if (k !== "content-length" && k !== "transfer-encoding" && k !== "connection" && k !== "keep-alive")
          upHeaders[k] = v;
      });
      const head = patch.head ? patch.head(up.status, upHeaders) : { status: up.status, headers: upHeaders };
      const text = await up.text();
      res.writeHead(head.status, head.headers);
      if (up.status !== 200 || !patch.stream) return void res.end(text);
      const pieces = patch.stream(parseSseBody(text).frames.map((f) => JSON.parse(f.data)));
      for (const piece of pieces) {
        if (res.destroyed) return patch.onStreamEnd?.(false);
        res.write(piece);
        if (patch.pieceDelayMs) await new Promise((r) => setTimeout(r, patch.pieceDelayMs));
      }
      res.end();
      patch.onStreamEnd?.(true);
    } catch {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    }
  });
  const url = (await listen(proxy)) + PATH;
  return {
    url,
    close: async () => {
      proxy.closeAllConnections();
      mock.closeAllConnections();
      await Promise.all([new Promise((r) => proxy.close(r)), new Promise((r) => mock.close(r))]);
    },
  };
}
