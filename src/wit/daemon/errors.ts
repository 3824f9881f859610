/** Building the contract errors the handlers throw. */
import type { JsonValue } from "../../json/index.js";
import { RpcError } from "../../rpc/errors.js";
import { witErrors } from "../../generated/wit/methods.js";

/**
 * `-32600 INVALID_REQUEST` with zod-style flattened field errors, the shape the engine uses for
 * schema failures, so a limit or path refusal looks like any other validation failure.
 */
export function invalidRequest(field: string, message: string, extra: Record<string, JsonValue> = {}): RpcError {
  const fieldErrors: Record<string, string[]> = {};
  Object.defineProperty(fieldErrors, field, { value: [message], enumerable: true, writable: true, configurable: true });
  return RpcError.from(witErrors.InvalidRequest, { formErrors: [], fieldErrors, ...extra });
}

export { witErrors };
