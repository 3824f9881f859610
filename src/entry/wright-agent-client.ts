/**
 * `@contract-suite/wright-agent-client`: the wright-agent/v1 types, precompiled validators and the typed
 * client over its three transports (stdio lines, JSON-RPC 2.0, MCP through the official SDK).
 */
export * from "../wright-agent/client/index.js";
export type * from "../generated/wright-agent/types.js";
export * from "../generated/wright-agent/validators.js";
export {
  wrightAgentCatalog,
  type WrightAgentOperation,
  type WrightAgentOperationMap,
} from "../generated/wright-agent/catalog.js";
