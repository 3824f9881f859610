/**
 * HTTP/1.1 on the daemon's Unix socket: `POST /rpc` with `Content-Type: application/json` carries
 * one JSON-RPC message (or batch) to the engine. Anything else gets an HTTP error status AND a
 * JSON-RPC error body (decision 049): wrong path 404, wrong method 405, wrong content type 415,
 * body over the limit 413 (refused from Content-Length before reading, or as soon as a streamed
 * body passes it). A notification (no answer) is 204. No request can crash the server: every
 * failure is answered or the connection is dropped.
 */
import http from "node:http";
import type { RpcEngine } from "../../rpc/engine.js";
import { RPC_PATH, WIT_ENVELOPE, type WitLimits } from "../protocol.js";

export interface HttpOptions {
  engine: RpcEngine;
  /** Resolves once the writes behind a reply are committed (group commit); a reply waits for it. */
  durable?: () => Promise<void>;
  limits: WitLimits;
  log(message: string): void;
}

/** A transport-level refusal, as a JSON-RPC error with the HTTP status in `data`. */
export function transportError(status: number, reason: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    ...WIT_ENVELOPE,
    id: null,
    error: { code: -32600, message: "INVALID_REQUEST", data: { httpStatus: status, reason, ...extra } },
  });
}

function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  return value.split(";")[0]!.trim().toLowerCase() === "application/json";
}

export function createHttpServer(options: HttpOptions): http.Server {
  const { engine, limits } = options;
  const server = http.createServer({ requestTimeout: 30_000, headersTimeout: 10_000, maxHeaderSize: 16 * 1024 });
  server.keepAliveTimeout = 60_000;
  server.maxConnections = 1024;

  const send = (
    res: http.ServerResponse,
    status: number,
    body: string | null,
    headers: Record<string, string> = {},
  ) => {
    if (res.headersSent) return;
    res.writeHead(
      status,
      body === null
        ? headers
        : { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), ...headers },
    );
    res.end(body ?? undefined);
  };

  /**
   * Answers 413 at once, but ends the exchange only when the client has finished sending (its
   * body is read and discarded) or after 2 s: ending earlier would close the connection under a
   * client still writing, which then sees a broken pipe instead of the answer.
   */
  const tooLarge = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const body = transportError(413, `request body larger than ${limits.maxBodyBytes} bytes`, {
      limitBytes: limits.maxBodyBytes,
    });
    res.writeHead(413, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) });
    res.write(body);
    let ended = false;
    const end = (destroy: boolean) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      res.end();
      if (destroy) req.socket.destroy();
    };
    const timer = setTimeout(() => end(true), 2_000);
    req.on("end", () => end(false));
    req.on("close", () => end(false));
    if (req.complete) end(false);
    else req.resume();
  };

  server.on("request", (req, res) => {
    void handle(req, res).catch((e) => {
      options.log(`request failed: ${(e as Error).stack ?? String(e)}`);
      send(
        res,
        500,
        JSON.stringify({
          jsonrpc: "2.0",
          ...WIT_ENVELOPE,
          id: null,
          error: { code: -32603, message: "Internal error" },
        }),
      );
    });
  });
  // A malformed request line or headers: answer 400 if the socket is still writable, never throw.
  server.on("clientError", (err, socket) => {
    if (socket.writable && !(err as NodeJS.ErrnoException).code?.startsWith("ECONN")) {
      const body = transportError(400, `malformed HTTP request: ${(err as Error).message}`);
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    } else socket.destroy();
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    req.on("error", () => undefined);
    const pathname = (req.url ?? "/").split("?")[0];
    if (pathname !== RPC_PATH) {
      req.resume();
      return send(
        res,
        404,
        transportError(404, `no such path ${JSON.stringify(pathname)}: the daemon answers POST ${RPC_PATH}`),
      );
    }
    if (req.method !== "POST") {
      req.resume();
      return send(res, 405, transportError(405, `method ${req.method} not allowed: use POST`), { allow: "POST" });
    }
    if (!isJsonContentType(req.headers["content-type"])) {
      req.resume();
      return send(
        res,
        415,
        transportError(
          415,
          `content type ${JSON.stringify(req.headers["content-type"] ?? null)} not supported: use application/json`,
        ),
      );
    }
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limits.maxBodyBytes) return tooLarge(req, res);
    const body = await readBody(req, limits.maxBodyBytes);
    if (body === "too-large") return tooLarge(req, res);
    if (body === "aborted") return;
    const reply = await engine.handle(body);
    // An answer is sent only after its write is committed.
    if (options.durable) await options.durable();
    if (reply === undefined) return send(res, 204, null);
    send(res, 200, reply);
  }

  return server;
}

function readBody(req: http.IncomingMessage, max: number): Promise<Buffer | "too-large" | "aborted"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (v: Buffer | "too-large" | "aborted") => {
      if (done) return;
      done = true;
      resolve(v);
    };
    req.on("data", (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > max) finish("too-large");
      else chunks.push(c);
    });
    req.on("end", () => finish(Buffer.concat(chunks)));
    req.on("aborted", () => finish("aborted"));
    req.on("error", () => finish("aborted"));
    req.on("close", () => finish(req.complete ? Buffer.concat(chunks) : "aborted"));
  });
}
