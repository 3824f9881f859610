/**
 * Typed access to the Wit contract errors a client receives. The JSON-RPC client throws `RpcError`
 * (code, message, data); `isWitError(e, "LOCK_CONFLICT")` narrows it and types its `data`.
 */
import { RpcError } from "../../rpc/errors.js";
import { witErrors } from "../../generated/wit/methods.js";

export type WitErrorMessage = (typeof witErrors)[keyof typeof witErrors]["message"];

/** The `data` each contract error carries, as the contract and docs/wit.md describe it. */
export interface WitErrorData {
  INVALID_REQUEST: { formErrors: string[]; fieldErrors: Record<string, string[]>; reason?: string };
  METHOD_NOT_FOUND: { method?: string } | undefined;
  LOCK_CONFLICT: { heldBy: string; expiresAt: string };
  LOCK_NOT_FOUND: { symbolPath?: string } | undefined;
  LOCK_NOT_HELD: { heldBy: string };
  INTENT_NOT_FOUND: { intentId?: string } | undefined;
  INTENT_NOT_OWNED: { sessionId?: string } | undefined;
  INVALID_TRANSITION: { current: string; requested: string };
  SYMBOL_NOT_FOUND: { symbolPath: string; reason?: string };
  CONTRACT_NOT_FOUND: { contractId?: string } | undefined;
  CONTRACT_ALREADY_RESOLVED: { status: string };
  SELF_ACCEPT_NOT_ALLOWED: { proposerSessionId?: string } | undefined;
  CONTRACT_NOT_ACCEPTED: { status: string; retiredAt?: number };
}

export type TypedWitError<M extends WitErrorMessage> = RpcError & {
  readonly message: M;
  readonly data: WitErrorData[M];
};

const CODES = new Map<string, number>(Object.values(witErrors).map((e) => [e.message, e.code]));

/** True when `e` is the contract error named `message` (same code and message). */
export function isWitError<M extends WitErrorMessage>(e: unknown, message: M): e is TypedWitError<M> {
  return e instanceof RpcError && e.message === message && CODES.get(message) === e.code;
}

/** The contract error's name when `e` is one of the contract's errors, else undefined. */
export function witErrorName(e: unknown): WitErrorMessage | undefined {
  if (!(e instanceof RpcError)) return undefined;
  return CODES.get(e.message) === e.code ? (e.message as WitErrorMessage) : undefined;
}
