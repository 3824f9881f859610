/**
 * HTTP/1.1 on the daemon's Unix socket: `POST /rpc` with `Content-Type: application/json` carries
 * one JSON-RPC message (or batch) to the engine, through the JSON-RPC-over-HTTP handler the runtime's
 * server shares (src/rpc/http-handler.ts) with the Wit envelope (`witVersion`) and error data. Anything else gets an HTTP error status AND a
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
import { createGuardedServer } from "../../io/http-server.js";
import type { RpcEngine } from "../../rpc/engine.js";
import { createRpcHttpHandler } from "../../rpc/http-handler.js";
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

export function createHttpServer(options: HttpOptions): http.Server {
  const { engine, limits } = options;

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

  return createGuardedServer(
    {
      refusalBody: (status, reason) => transportError(status, reason),
      // Up to 1,024 clients (the hook, agents, tools) at once; past that, idle connections give way.
      maxConnections: 1024,
      keepAliveTimeoutMs: 60_000,
      log: options.log,
    },
    createRpcHttpHandler({
      path: RPC_PATH,
      servedBy: "the daemon answers",
      maxBodyBytes: limits.maxBodyBytes,
      refusal: transportError,
      tooLargeData: { limitBytes: limits.maxBodyBytes },
      internalError: JSON.stringify({
        jsonrpc: "2.0",
        ...WIT_ENVELOPE,
        id: null,
        error: { code: -32603, message: "Internal error" },
      }),
      async answer(body, req) {
        const reply = await engine.handle(body);
        // An answer is sent only after its write is committed.
        if (options.durable) await options.durable();
        watchDelivery(req.socket, reply);
        return reply;
      },
      log: options.log,
    }),
  );
}

/** The ids an undelivered answer was for, for the log (never the whole answer). */
function describe(reply: string | undefined): string {
  if (reply === undefined) return "a notification";
  const ids = [...reply.matchAll(/"id":("(?:[^"\\]|\\.)*"|-?[\d.eE+-]+|null)/g)].map((m) => m[1]).slice(0, 10);
  return `answer to id ${ids.join(", ")}`;
}
