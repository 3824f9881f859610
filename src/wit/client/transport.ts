/**
 * The client side of the Wit transport: one HTTP/1.1 `POST /rpc` per JSON-RPC message over the
 * Unix socket `<root>/.wit/daemon.sock` (through its short alias when the path is too long).
 * Node built-ins only.
 */
import { existsSync } from "node:fs";
import http from "node:http";
import { readCappedBody } from "../../io/body.js";
import type { RpcTransport } from "../../rpc/client.js";
import { RPC_PATH } from "../protocol.js";
import { connectablePath } from "../socket-path.js";

export type UnavailableReason =
  /** Nothing accepted the connection (no socket file, a stale socket, no permission). */
  | "unreachable"
  /** The daemon accepted but did not answer in time. */
  | "timeout"
  /** The connection broke, or the answer was not an HTTP response with a body we can use. */
  | "broken";

/** The daemon could not be reached or did not answer: not a protocol error. */
export class WitUnavailableError extends Error {
  override readonly name = "WitUnavailableError";
  constructor(
    readonly reason: UnavailableReason,
    message: string,
    readonly socketPath: string,
    /** The errno code (ENOENT, ECONNREFUSED...) when there was one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface UnixSocketTransportOptions {
  /** Whole-request deadline in milliseconds (connect + send + answer). Default 30 s. */
  timeoutMs?: number;
  /** Largest accepted answer. Default 64 MiB. */
  maxResponseBytes?: number;
  /** Reuse connections between requests. Default true. */
  keepAlive?: boolean;
  /** HTTP path. Default /rpc. */
  path?: string;
}

const CONNECT_ERRORS = new Set(["ENOENT", "ECONNREFUSED", "EACCES", "ENOTSOCK", "ENOTDIR", "EPERM"]);

export class UnixSocketTransport implements RpcTransport {
  private readonly agent: http.Agent;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;

  constructor(
    readonly socketPath: string,
    private readonly options: UnixSocketTransportOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024;
    this.agent = new http.Agent({ keepAlive: options.keepAlive ?? true, maxSockets: 8 });
  }

  send(body: string): Promise<string> {
    return this.request(body).then((r) => r.body);
  }

  /** The raw exchange: HTTP status and body text (a non-200 status still carries a JSON-RPC body). */
  request(body: string): Promise<{ status: number; body: string }> {
    let target: string;
    try {
      // A deep root's alias is only (re)created while there is a socket to point at.
      target = connectablePath(this.socketPath, { create: existsSync(this.socketPath) });
    } catch (e) {
      return Promise.reject(new WitUnavailableError("unreachable", (e as Error).message, this.socketPath));
    }
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (err: Error | null, value?: { status: number; body: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) reject(err);
        else resolve(value!);
      };
      const payload = Buffer.from(body, "utf8");
      const req = http.request({
        socketPath: target,
        path: this.options.path ?? RPC_PATH,
        method: "POST",
        agent: this.agent,
        headers: { "content-type": "application/json", "content-length": payload.length },
      });
      const timer = setTimeout(() => {
        finish(
          new WitUnavailableError(
            "timeout",
            `the Wit daemon at ${this.socketPath} did not answer within ${this.timeoutMs} ms`,
            this.socketPath,
          ),
        );
        req.destroy();
      }, this.timeoutMs);
      req.on("error", (e: NodeJS.ErrnoException) => {
        const code = e.code;
        const reason: UnavailableReason = code && CONNECT_ERRORS.has(code) ? "unreachable" : "broken";
        const what =
          reason === "unreachable"
            ? `no Wit daemon is listening on ${this.socketPath}`
            : `the connection to the Wit daemon at ${this.socketPath} failed`;
        finish(new WitUnavailableError(reason, `${what} (${code ?? e.message})`, this.socketPath, code));
      });
      req.on("response", (res) => {
        void readCappedBody(res, this.maxResponseBytes, { declaredLength: res.headers["content-length"] }).then(
          (read) => {
            if (read.kind === "body")
              return finish(null, { status: res.statusCode ?? 0, body: read.bytes.toString("utf8") });
            finish(
              new WitUnavailableError(
                "broken",
                read.kind === "too-large"
                  ? `answer larger than ${this.maxResponseBytes} bytes`
                  : `reading the answer failed: ${read.reason}`,
                this.socketPath,
              ),
            );
            req.destroy();
          },
        );
      });
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
