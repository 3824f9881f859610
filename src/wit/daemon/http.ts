/**
 * HTTP/1.1 on the daemon's Unix socket: `POST /rpc` with `Content-Type: application/json` carries
 * one JSON-RPC message (or batch) to the engine. Anything else gets an HTTP error status AND a
 * JSON-RPC error body (decision 049): wrong path 404, wrong method 405, wrong content type 415,
 * body over the limit 413 (refused from Content-Length before reading, or as soon as a streamed
 * body passes it), and the refusals of the shared server setup (src/io/http-server.ts: no Host,
 * malformed request, headers too large, too slow). A notification (no answer) is 204. No request
 * can crash the server: every failure is answered or the connection is dropped. An answer the
 * client can no longer receive (it closed the connection first) is logged: its writes are
 * committed all the same (decision 261).
 */
import type http from "node:http";
import type { Socket } from "node:net";
import { readCappedBody } from "../../io/body.js";
import { answerAndClose, createGuardedServer, sendJson } from "../../io/http-server.js";
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
  const server = createGuardedServer(
    {
      refusalBody: (status, reason) => transportError(status, reason),
      // Up to 1,024 clients (the hook, agents, tools) at once; past that, idle connections give way.
      maxConnections: 1024,
      keepAliveTimeoutMs: 60_000,
      log: options.log,
    },
    (req, res) => {
      void handle(req, res).catch((e) => {
        options.log(`request failed: ${(e as Error).stack ?? String(e)}`);
        sendJson(
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
    },
  );

  const tooLarge = (req: http.IncomingMessage, res: http.ServerResponse) =>
    answerAndClose(
      req,
      res,
      413,
      transportError(413, `request body larger than ${limits.maxBodyBytes} bytes`, { limitBytes: limits.maxBodyBytes }),
    );

  /**
   * The answer last written on each connection. A peer that closed its connection completely
   * (not just its sending side) makes our write fail with EPIPE or ECONNRESET: that answer was
   * never read, and the log says so (decision 261).
   */
  const lastAnswer = new WeakMap<Socket, string>();
  const watchDelivery = (socket: Socket, reply: string | undefined) => {
    if (!lastAnswer.has(socket))
      socket.on("error", (e: NodeJS.ErrnoException) => {
        const what = lastAnswer.get(socket);
        if (what && (e.code === "EPIPE" || e.code === "ECONNRESET"))
          options.log(`an answer could not be delivered: the client closed its connection first (${what})`);
      });
    lastAnswer.set(socket, describe(reply));
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    req.on("error", () => undefined);
    const pathname = (req.url ?? "/").split("?")[0];
    if (pathname !== RPC_PATH) {
      req.resume();
      return sendJson(
        res,
        404,
        transportError(404, `no such path ${JSON.stringify(pathname)}: the daemon answers POST ${RPC_PATH}`),
      );
    }
    if (req.method !== "POST") {
      req.resume();
      return sendJson(res, 405, transportError(405, `method ${req.method} not allowed: use POST`), { allow: "POST" });
    }
    if (!isJsonContentType(req.headers["content-type"])) {
      req.resume();
      return sendJson(
        res,
        415,
        transportError(
          415,
          `content type ${JSON.stringify(req.headers["content-type"] ?? null)} not supported: use application/json`,
        ),
      );
    }
    const body = await readCappedBody(req, limits.maxBodyBytes, { declaredLength: req.headers["content-length"] });
    if (body.kind === "too-large") return tooLarge(req, res);
    // A broken body (the client went away, a malformed chunk): the shared server setup answers it.
    if (body.kind === "aborted") return;
    const reply = await engine.handle(body.bytes);
    // An answer is sent only after its write is committed.
    if (options.durable) await options.durable();
    watchDelivery(req.socket, reply);
    if (reply === undefined) return sendJson(res, 204, null);
    sendJson(res, 200, reply);
  }

  return server;
}

/** The ids an undelivered answer was for, for the log (never the whole answer). */
function describe(reply: string | undefined): string {
  if (reply === undefined) return "a notification";
  const ids = [...reply.matchAll(/"id":("(?:[^"\\]|\\.)*"|-?[\d.eE+-]+|null)/g)].map((m) => m[1]).slice(0, 10);
  return `answer to id ${ids.join(", ")}`;
}
