/**
 * Serving a generated OpenRPC handler interface with Node (node:http, stdio): the one JSON-RPC
 * engine (./engine.ts) behind the shared guarded HTTP server (src/io/http-server.ts, decision 260)
 * and JSON-RPC-over-HTTP handler (./http-handler.ts), and the shared line reader (src/io/lines.ts). Node-only: `@contract-suite/runtime/node`.
 *
 * HTTP: `POST <path>` with `application/json` carries one message or a batch; the answer is 200 with
 * the JSON-RPC reply, or 204 for notifications only. Other paths 404, other methods 405, another
 * content type 415, a body over `maxBodyBytes` 413 — each with a JSON-RPC error body (id null,
 * -32600, `data.httpStatus`). Stdio: one message per line in, one reply per line out, in order;
 * a line too long to read is -32700.
 */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import type { JsonValue } from "../json/index.js";
import { createGuardedServer } from "../io/http-server.js";
import { MAX_LINE_BYTES, readLines, writeLine } from "../io/lines.js";
import { createRpcEngine, type RpcEngine, type RpcEngineOptions } from "./engine.js";
import { RpcCode } from "./errors.js";
import { createRpcHttpHandler } from "./http-handler.js";
import type { MethodTable } from "./types.js";

export interface RpcServeOptions<H extends object> {
  /** The generated method table (`<name>Methods` in methods.ts). */
  methods: MethodTable;
  /** An implementation of the generated handler interface (`<Name>Handlers` in handlers.ts). */
  handlers: H;
  /** Validate every result against the contract (a mismatch answers -32603); on by default. */
  validateResults?: boolean;
  /** Serve this OpenRPC document as `rpc.discover`. */
  discover?: () => JsonValue;
  /** A handler threw something that is not an RpcError (answered -32603 without details). */
  onInternalError?: (method: string, error: unknown) => void;
}

function engineFor<H extends object>(options: RpcServeOptions<H>): RpcEngine {
  const engineOptions: RpcEngineOptions = {
    methods: options.methods,
    handlers: options.handlers,
    validateResults: options.validateResults ?? true,
    discover: options.discover,
    onInternalError: options.onInternalError,
  };
  return createRpcEngine(engineOptions);
}

export interface RpcHttpServeOptions<H extends object> extends RpcServeOptions<H> {
  /** Default 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1 (loopback). */
  host?: string;
  /** The path answered. Default "/". */
  path?: string;
  /** Largest request body. Default 1 MiB. */
  maxBodyBytes?: number;
  log?: (message: string) => void;
}

export interface RpcHttpServer {
  server: http.Server;
  port: number;
  /** The URL to POST to, e.g. for `httpTransport(url)`. */
  url: string;
  close(): Promise<void>;
}

const refusal = (status: number, reason: string) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id: null,
    error: { code: RpcCode.InvalidRequest, message: "Invalid Request", data: { httpStatus: status, reason } },
  });

/** Serves the handlers over HTTP; resolves once listening. A port in use rejects with Node's EADDRINUSE error. */
export async function serveRpcHttp<H extends object>(options: RpcHttpServeOptions<H>): Promise<RpcHttpServer> {
  const engine = engineFor(options);
  const path = options.path ?? "/";
  const maxBody = options.maxBodyBytes ?? 1024 * 1024;
  const log = options.log ?? (() => undefined);
  const server = createGuardedServer(
    { refusalBody: refusal, log },
    createRpcHttpHandler({
      path,
      maxBodyBytes: maxBody,
      refusal,
      internalError: JSON.stringify({
        jsonrpc: "2.0",
        id: null,
        error: { code: RpcCode.InternalError, message: "Internal error" },
      }),
      answer: (body, req) => engine.handle(body, { peer: req.socket.remoteAddress }),
      log,
    }),
  );
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections?.();
      }),
  };
}

export interface RpcStdioServeOptions<H extends object> extends RpcServeOptions<H> {
  /** Default process.stdin. */
  input?: AsyncIterable<unknown>;
  /** Default process.stdout. */
  output?: NodeJS.WritableStream;
}

/** Serves the handlers over line-delimited JSON-RPC until the input ends: each line's reply, in order. */
export async function serveRpcStdio<H extends object>(options: RpcStdioServeOptions<H>): Promise<void> {
  const engine = engineFor(options);
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  for await (const item of readLines(input)) {
    let reply: string | undefined;
    if ("oversize" in item)
      reply = JSON.stringify({
        jsonrpc: "2.0",
        id: null,
        error: {
          code: RpcCode.ParseError,
          message: "Parse error",
          data: { reason: `line of ${item.oversize} bytes exceeds the ${MAX_LINE_BYTES}-byte limit` },
        },
      });
    else if (item.line.trim() === "") continue;
    else reply = await engine.handle(item.line);
    if (reply !== undefined) await writeLine(output, reply);
  }
}
