/**
 * The service's handler interface is GENERATED (src/generated/wright-agent/handlers.ts: one method
 * per operation, named after the op, `(request: <Op>Request) => Promise<<Op>Result>`). This module
 * re-exports it with the request/result helpers and adds what codegen cannot know: how a handler
 * refuses. A refusal is thrown as a ToolRefusal and becomes `{"error": {code, message, ...}}`.
 */
import type { WrightAgentOperation, WrightAgentOperationMap } from "../generated/wright-agent/catalog.js";
import type * as T from "../generated/wright-agent/types.js";

export type { ToolHandlers } from "../generated/wright-agent/handlers.js";

export type OperationName = WrightAgentOperation;
export type RequestOf<Op extends OperationName> = WrightAgentOperationMap[Op]["request"];
export type ResultOf<Op extends OperationName> = WrightAgentOperationMap[Op]["result"];

/** Optional refusal members beyond {code, message} (ambiguous-* candidates and their generation). */
export interface RefusalDetails {
  candidates?: T.ToolErrorInfo["candidates"];
  snapshot?: number;
}

/** A service refusal: becomes {"error": {code, message, ...details}}. */
export class ToolRefusal extends Error {
  override readonly name = "ToolRefusal";
  constructor(
    readonly code: T.KnownErrorCode | (string & {}),
    message: string,
    readonly details: RefusalDetails = {},
  ) {
    super(message);
  }

  toError(): T.ToolErrorInfo {
    return { code: this.code, message: this.message, ...this.details };
  }
}

export function refuse(code: T.KnownErrorCode, message: string, details?: RefusalDetails): never {
  throw new ToolRefusal(code, message, details);
}
