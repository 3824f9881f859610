/**
 * The host: serves ANY implementation of the generated ToolHandlers interface (or any ToolService)
 * over one of the three stdio transports of wright-agent/v1 until its input ends.
 *
 *   await hostToolHandlers(myHandlers, { transport: "mcp", input: process.stdin, output: process.stdout });
 *
 * Requests are handled one at a time in arrival order (a session is stateful: a reload between two
 * requests must be seen in that order), whatever the transport's own concurrency.
 */
import type { ToolHandlers } from "../handlers.js";
import { createToolService, type ToolService, type ToolServiceOptions } from "../service.js";
import { serveJsonRpc } from "./jsonrpc.js";
import { serveMcp, type McpHostOptions } from "./mcp.js";
import { serveStdio, type LineIo } from "./stdio.js";

export const TRANSPORTS = ["stdio", "jsonrpc", "mcp"] as const;
export type WrightAgentTransport = (typeof TRANSPORTS)[number];

export interface HostOptions extends LineIo {
  transport: WrightAgentTransport;
  /** MCP serverInfo (default: capabilities' name and version). */
  serverInfo?: McpHostOptions["serverInfo"];
}

/** One request at a time, in order. */
export function serialize(service: ToolService): ToolService {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    operations: service.operations,
    handle(request) {
      const next = tail.then(() => service.handle(request));
      tail = next.catch(() => undefined);
      return next;
    },
  };
}

async function serverInfo(service: ToolService): Promise<{ name: string; version: string } | undefined> {
  if (!service.operations.includes("capabilities")) return undefined;
  const r = await service.handle({ op: "capabilities" });
  const caps = "result" in r ? (r.result as { name?: unknown; version?: unknown } | null) : null;
  return caps && typeof caps.name === "string" && typeof caps.version === "string"
    ? { name: caps.name, version: caps.version }
    : undefined;
}

export async function serveToolService(service: ToolService, options: HostOptions): Promise<void> {
  const svc = serialize(service);
  const io = { input: options.input, output: options.output };
  switch (options.transport) {
    case "stdio":
      return serveStdio(svc, io);
    case "jsonrpc":
      return serveJsonRpc(svc, io);
    case "mcp":
      return serveMcp(svc, io, { serverInfo: options.serverInfo ?? (await serverInfo(svc)) });
  }
}

/** Validates, dispatches and serves a ToolHandlers implementation. */
export function hostToolHandlers(handlers: ToolHandlers, options: HostOptions & ToolServiceOptions): Promise<void> {
  return serveToolService(
    createToolService(handlers, { operations: options.operations, onInternalError: options.onInternalError }),
    options,
  );
}
