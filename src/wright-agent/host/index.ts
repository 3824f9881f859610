/** The wright-agent/v1 host: serve any ToolHandlers implementation over stdio, JSON-RPC or MCP. */
export { hostToolHandlers, serialize, serveToolService, TRANSPORTS, type HostOptions, type WrightAgentTransport } from "./serve.js";
export { createJsonRpcHost, JSONRPC_ALIASES, serveJsonRpc } from "./jsonrpc.js";
export { advertisedOperations, createMcpServer, MCP_PROTOCOL_VERSIONS, mcpTool, negotiateProtocolVersion, serveMcp } from "./mcp.js";
export { NdjsonServerTransport, screenLine } from "./mcp-transport.js";
export { parseRequestLine, serveStdio, type LineIo } from "./stdio.js";
export { readLines, writeLine, MAX_LINE_BYTES } from "./lines.js";
