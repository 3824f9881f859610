/**
 * The one JSON-RPC-over-HTTP request handler, shared by the runtime's server (./node-server.ts) and
 * the Wit daemon (src/wit/daemon/http.ts): `POST <path>` with `application/json` (parameters such as
 * `charset` allowed) carries one message or a batch to the engine; the answer is 200 with the reply,
 * or 204 for notifications only. Other paths 404, other methods 405 (with `Allow: POST`), another
 * content type 415, a body over `maxBodyBytes` 413 (refused from Content-Length before reading, or as
 * soon as a streamed body passes it), a handler failure 500. Each refusal carries the server's own
 * JSON-RPC error body (`refusal`: its envelope, code, message and error data). Node-only.
 */
import type http from "node:http";
import { readCappedBody } from "../io/body.js";
import { answerAndClose, sendJson, type RequestHandler } from "../io/http-server.js";

export interface RpcHttpHandlerOptions {
  /** The one path answered, e.g. "/" or "/rpc". */
  path: string;
  /** Who serves the path, for the 404 reason (e.g. "the daemon answers"); default none. */
  servedBy?: string;
  /** Largest request body in bytes. */
  maxBodyBytes: number;
  /**
   * A refusal's JSON-RPC error body: the server's envelope with the HTTP status, the reason and
   * `extra` in its error data.
   */
  refusal(status: number, reason: string, extra?: Record<string, unknown>): string;
  /** Members added to the 413 refusal's error data (e.g. `{ limitBytes }`); default none. */
  tooLargeData?: Record<string, unknown>;
  /** The 500 body when answering failed (the server's JSON-RPC internal error). */
  internalError: string;
  /** The JSON-RPC reply to a request body (undefined: notifications only, answered 204). */
  answer(body: Buffer, req: http.IncomingMessage): Promise<string | undefined>;
  log(message: string): void;
}

/** `application/json`, parameters (charset) allowed, case-insensitive. */
function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  return value.split(";")[0]!.trim().toLowerCase() === "application/json";
}

export function createRpcHttpHandler(options: RpcHttpHandlerOptions): RequestHandler {
  const { path, maxBodyBytes, refusal } = options;
  const where = `${options.servedBy ? `${options.servedBy} ` : ""}POST ${path}`;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    req.on("error", () => undefined);
    const pathname = (req.url ?? "/").split("?")[0];
    if (pathname !== path) {
      req.resume();
      return sendJson(res, 404, refusal(404, `no such path ${JSON.stringify(pathname)}: ${where}`));
    }
    if (req.method !== "POST") {
      req.resume();
      return sendJson(res, 405, refusal(405, `method ${req.method} not allowed: use POST`), { allow: "POST" });
    }
    if (!isJsonContentType(req.headers["content-type"])) {
      req.resume();
      return sendJson(
        res,
        415,
        refusal(
          415,
          `content type ${JSON.stringify(req.headers["content-type"] ?? null)} not supported: use application/json`,
        ),
      );
    }
    const body = await readCappedBody(req, maxBodyBytes, { declaredLength: req.headers["content-length"] });
    if (body.kind === "too-large")
      return answerAndClose(
        req,
        res,
        413,
        refusal(413, `request body larger than ${maxBodyBytes} bytes`, options.tooLargeData),
      );
    // A broken body (the client went away, a malformed chunk): the shared server setup answers it.
    if (body.kind === "aborted") return;
    const reply = await options.answer(body.bytes, req);
    if (reply === undefined) return sendJson(res, 204, null);
    sendJson(res, 200, reply);
  }

  return (req, res) => {
    void handle(req, res).catch((e) => {
      options.log(`request failed: ${(e as Error).stack ?? String(e)}`);
      sendJson(res, 500, options.internalError);
    });
  };
}
