/**
 * How the Wit suite reaches a daemon: HTTP over its Unix socket, nothing else (no imports of the
 * daemon). The optional clock is one the runner owns: only when `conform wit` started our daemon
 * in its own process with a manual clock (targets.ts); a daemon behind `--socket` is checked in
 * real time. Fixture files are written under the daemon's root, which is derived from the socket
 * path `<root>/.wit/daemon.sock`.
 */
import http, { type IncomingHttpHeaders } from "node:http";
import { RPC_PATH, rootOfSocket } from "../../src/wit/protocol.js";
import { connectablePath } from "../../src/wit/socket-path.js";
import type { RawRpcTarget } from "../openrpc/checks.js";
import { newLedger, record, type Ledger } from "./ledger.js";

export interface HttpReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpRequest {
  method: string;
  path: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
}

export interface WitClock {
  now(): Promise<number>;
  advance(ms: number): Promise<number>;
}

export interface WitTarget extends RawRpcTarget {
  socketPath: string;
  /** The daemon's repository root. */
  root: string;
  http(request: HttpRequest): Promise<HttpReply>;
  /** Announces `declaredLength` bytes, sends a little, and returns the answer without sending the rest. */
  oversized(declaredLength: number): Promise<HttpReply>;
  clock?: WitClock;
  /** What this run created in the daemon (every rpc exchange is recorded), for the cleanup after the checks. */
  ledger?: Ledger;
}

const TIMEOUT_MS = 15_000;

function request(socketPath: string, req: HttpRequest, opts: { endBody?: boolean } = {}): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const r = http.request({
      socketPath: connectablePath(socketPath),
      method: req.method,
      path: req.path,
      headers: req.headers,
      agent: false,
    });
    const timer = setTimeout(() => {
      r.destroy(new Error(`no answer from ${socketPath} within ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    r.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    r.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", () => undefined);
      res.on("end", () => {
        clearTimeout(timer);
        if (opts.endBody === false) r.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") });
      });
    });
    if (opts.endBody === false) r.write(req.body ?? "");
    else r.end(req.body);
  });
}

export async function socketTarget(socketPath: string, clock?: WitClock): Promise<WitTarget> {
  const http_ = (req: HttpRequest) => request(socketPath, req);
  const ledger = newLedger();
  const rpc = async (body: string) => {
    const payload = Buffer.from(body, "utf8");
    const reply = await http_({
      method: "POST",
      path: RPC_PATH,
      headers: { "content-type": "application/json", "content-length": payload.length },
      body: payload,
    });
    record(ledger, body, reply.body);
    return reply;
  };
  return {
    socketPath,
    root: rootOfSocket(socketPath),
    rpc,
    http: http_,
    oversized: (declaredLength) =>
      request(
        socketPath,
        {
          method: "POST",
          path: RPC_PATH,
          headers: { "content-type": "application/json", "content-length": declaredLength },
          body: Buffer.alloc(64 * 1024, 0x20),
        },
        { endBody: false },
      ),
    clock,
    ledger,
  };
}
