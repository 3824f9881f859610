/** The wright-agent/v1 host: serve any ToolHandlers implementation over stdio, JSON-RPC or MCP. */
export {
  hostToolHandlers,
  serialize,
  serveToolService,
  TRANSPORTS,
  type HostOptions,
  type WrightAgentTransport,
} from "./serve.js";
export { createJsonRpcHost, JSONRPC_ALIASES, serveJsonRpc } from "./jsonrpc.js";
export {
  advertisedOperations,
  createMcpHost,
  inputErrorsAreToolResults,
  MCP_PROTOCOL_VERSIONS,
  mcpTool,
  negotiateProtocolVersion,
  serveMcp,
  type CallToolResult,
  type McpHost,
  type McpHostOptions,
  type McpProtocolVersion,
  type McpTool,
} from "./mcp.js";
export { parseRequestLine, serveStdio, type LineIo } from "./stdio.js";
export { readLines, writeLine, MAX_LINE_BYTES } from "../../io/lines.js";
