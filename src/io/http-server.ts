/**
 * The one HTTP/1.1 server setup every server here shares (the Wit daemon, the frame-wire mock, the
 * runtime's JSON-RPC server), so a slow or hostile client is met the same way everywhere
 * (decision 260):
 * - headers must arrive within `headersTimeoutMs` (checked every second, so a connection that
 *   sends nothing, or half its headers, is closed a few seconds later), a whole request within
 *   `requestTimeoutMs`, and an idle keep-alive connection is closed after `keepAliveTimeoutMs`;
 * - at most `maxConnections` connections: a new one beyond it evicts the oldest connection that
 *   has no request in progress (a half-open or idle one), so a flood of connections that never
 *   send a request cannot lock other clients out; only when every connection is busy is the
 *   newcomer dropped;
 * - a client that half-closes its side after its request still gets the answer;
 * - every refusal the server makes itself carries the caller's JSON body: a malformed request
 *   400, headers over the limit 431, a slow request 408, an HTTP/1.1 request without Host 400;
 *   a protocol error in the middle of a request (a bad chunk) gets exactly one response: the
 *   refusal if nothing was sent yet, else the connection is closed.
 */
import http from "node:http";
import type { Socket } from "node:net";

export interface GuardedServerOptions {
  /** The JSON body of a refusal with this HTTP status (the server's own error document). */
  refusalBody(status: number, reason: string): string;
  /** Default 512. */
  maxConnections?: number;
  /** Default 5 s. */
  headersTimeoutMs?: number;
  /** Default 30 s. */
  requestTimeoutMs?: number;
  /** Default 5 s. */
  keepAliveTimeoutMs?: number;
  /** Default 16 KiB. */
  maxHeaderBytes?: number;
  log?(message: string): void;
}

export type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const REASONS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, "request headers larger than the server accepts"],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "chunk extensions larger than the server accepts"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "the request did not arrive in time"],
};

export function createGuardedServer(options: GuardedServerOptions, onRequest: RequestHandler): http.Server {
  const headersTimeout = options.headersTimeoutMs ?? 5_000;
  const maxConnections = options.maxConnections ?? 512;
  const server = http.createServer({
    headersTimeout,
    requestTimeout: options.requestTimeoutMs ?? 30_000,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 5_000,
    maxHeaderSize: options.maxHeaderBytes ?? 16 * 1024,
    connectionsCheckingInterval: Math.min(1_000, headersTimeout),
    // Answered here with a JSON body instead of Node's bare 400.
    requireHostHeader: false,
  });
  // A client that shuts its writing side down after a request still gets the answer (Node's own
  // default ends the socket at once: the client read an empty reply while its request ran).
  // `httpAllowHalfOpen` is Node's own switch for this (read by its socketOnEnd since Node 0.x;
  // undocumented, so test/security/servers/half-close.test.ts pins the behaviour).
  (server as http.Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;

  /** Open connections, oldest first (a Map keeps insertion order), each with its response in progress. */
  const open = new Map<Socket, http.ServerResponse | null>();
  server.on("connection", (socket: Socket) => {
    open.set(socket, null);
    socket.once("close", () => open.delete(socket));
    if (open.size <= maxConnections) return;
    for (const [other, busy] of open) {
      if (busy === null && other !== socket) {
        open.delete(other);
        other.destroy();
        return;
      }
    }
    open.delete(socket);
    socket.destroy();
  });

  const refuse = (res: http.ServerResponse, status: number, reason: string) => {
    const body = options.refusalBody(status, reason);
    res.shouldKeepAlive = false;
    res.writeHead(status, {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      connection: "close",
    });
    res.end(body);
  };

  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    if (open.has(socket)) {
      open.set(socket, res);
      res.once("close", () => open.has(socket) && open.set(socket, null));
    }
    if (req.httpVersion === "1.1" && req.headers.host === undefined) {
      req.resume();
      return refuse(res, 400, "an HTTP/1.1 request carries a Host header");
    }
    onRequest(req, res);
  });

  server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
    const res = open.get(socket) ?? null;
    const [status, reason] = REASONS[err.code ?? ""] ?? [400, `malformed HTTP request (${err.code ?? err.message})`];
    if (err.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
    } else if (res !== null) {
      // A request is in progress: its one response is this refusal, unless it has begun already.
      if (res.headersSent) socket.destroy();
      else {
        refuse(res, status, reason);
        res.once("finish", () => socket.destroy());
      }
    } else {
      const body = options.refusalBody(status, reason);
      socket.end(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
      socket.destroySoon?.();
    }
  });
  return server;
}

/**
 * Writes one whole answer: a JSON body with its length, or no body (`null`: 204s, headers only).
 * A response already started or whose connection is gone is left alone, so a late second answer
 * to one request is never written.
 */
export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: string | null,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(
    status,
    body === null
      ? headers
      : { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), ...headers },
  );
  res.end(body ?? undefined);
}

/**
 * Answers a refusal before the request's body was read (413, 401...): the answer is written at
 * once, but the exchange ends (and the connection closes) only once the client has finished
 * sending, its body read into nothing, or after `graceMs`: closing earlier would reset the
 * connection under a client still writing, which would then see a broken pipe, not the answer.
 */
export function answerAndClose(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
  graceMs = 2_000,
): void {
  res.shouldKeepAlive = false;
  res.writeHead(status, {
    ...headers,
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  });
  res.write(body);
  let ended = false;
  const end = (destroy: boolean) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    res.end();
    if (destroy) req.socket.destroy();
  };
  const timer = setTimeout(() => end(true), graceMs);
  req.once("end", () => end(false));
  req.once("close", () => end(false));
  if (req.complete) end(false);
  else req.resume();
}
