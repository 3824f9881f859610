/**
 * `@contract-suite/runtime/node`: serving a generated OpenRPC handler interface from Node — over
 * HTTP (node:http) or line-delimited stdio — with the same JSON-RPC engine the CLI's servers use.
 * Node-only; the package's main entry stays browser-safe (decision 330).
 */
export {
  serveRpcHttp,
  serveRpcStdio,
  type RpcHttpServeOptions,
  type RpcHttpServer,
  type RpcServeOptions,
  type RpcStdioServeOptions,
} from "../rpc/node-server.js";
export { createRpcEngine, type RpcEngine, type RpcEngineOptions } from "../rpc/engine.js";
