/**
 * `@contract-suite/wit-client`: the Wit protocol's types, precompiled validators and the typed client
 * over the daemon's Unix socket (Node). It never loads SQLite or tree-sitter: the daemon is the CLI's
 * (`contract-suite wit daemon start`).
 */
export * from "../wit/client/index.js";
export * from "../generated/wit/validators.js";
export { WitClient } from "../generated/wit/client.js";
export { witMethods, witErrors, type WitMethodMap, type WitMethodName } from "../generated/wit/methods.js";
