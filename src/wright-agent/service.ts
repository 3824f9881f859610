/**
 * The transport-neutral service: `handle(request)` validates, dispatches to a ToolHandlers
 * implementation and wraps the outcome as a ToolResponse ({result} xor {error}). Transports (stdio
 * NDJSON, JSON-RPC, MCP) are thin adapters around it; it never throws.
 */
import type { ToolHandlers } from "./handlers.js";
import { ToolRefusal } from "./handlers.js";
import { OPERATION_NAMES, operationEntry } from "./contract.js";
import { parseToolRequest } from "./request.js";
import type { ToolResponse } from "../generated/wright-agent/types.js";

export interface ToolService {
  handle(request: unknown): Promise<ToolResponse>;
  /** The operations the service advertises (capabilities.operations). */
  readonly operations: readonly string[];
}

export interface ToolServiceOptions {
  /** Advertised operations; requests for others are malformed-request. Default: every operation. */
  operations?: readonly string[];
  /** Called with unexpected handler exceptions (they become internal-error refusals). */
  onInternalError?: (error: unknown, request: unknown) => void;
}

export function createToolService(handlers: ToolHandlers, options: ToolServiceOptions = {}): ToolService {
  const parseOptions = options.operations ? { operations: options.operations } : {};
  // Request validators are generated (precompiled); only the advertised set needs checking here.
  for (const op of options.operations ?? OPERATION_NAMES) {
    if (!operationEntry(op))
      throw new Error(`cannot advertise ${op}: the wright-agent/v1 contract has no such operation`);
  }
  return {
    operations: options.operations ?? OPERATION_NAMES,
    async handle(raw: unknown): Promise<ToolResponse> {
      const parsed = parseToolRequest(raw, parseOptions);
      if (!parsed.ok) return { error: parsed.error };
      try {
        const method = handlers[parsed.op] as (r: unknown) => Promise<unknown>;
        const result = await method.call(handlers, parsed.request);
        return { result: result as never };
      } catch (e) {
        if (e instanceof ToolRefusal) return { error: e.toError() };
        options.onInternalError?.(e, raw);
        return {
          error: {
            code: "internal-error",
            message: `internal error in ${parsed.op}: ${e instanceof Error ? e.message : String(e)}`,
          },
        };
      }
    },
  };
}
