/**
 * `@contract-suite/runtime`: what generated code calls at run time, and nothing else. Code that
 * `contract-suite gen --registry DIR --out DIR` writes for anyone's contracts imports this package
 * (never the CLI): safe JSON, the validator shape, the typed JSON-RPC client, the OpenAPI operation
 * sender, a fetch transport for JSON-RPC over HTTP. Browser-safe; serving is in
 * `@contract-suite/runtime/node` (runtime-node.ts).
 */
export * from "../json/index.js";
export * from "../rpc/errors.js";
export type * from "../rpc/types.js";
export {
  RpcClient,
  createTypedCaller,
  type RpcCaller,
  type RpcTransport,
  type TypedCallerOptions,
} from "../rpc/client.js";
export { httpTransport, RpcHttpError, type HttpTransportOptions } from "../rpc/http-transport.js";
export * from "../http/operation.js";
