import type { JsonValue } from "../json/index.js";

/** JSON-RPC 2.0 standard error codes. */
export const RpcCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;

/** A declared contract error: what a method may answer with, as the contract states it. */
export interface ContractErrorSpec {
  readonly code: number;
  readonly message: string;
}

/**
 * An error a handler throws (or a client receives): code, message, optional data. Handlers throw it
 * for contract errors; the engine serialises it as the JSON-RPC `error` member unchanged.
 */
export class RpcError extends Error {
  override readonly name: string = "RpcError";
  constructor(
    readonly code: number,
    message: string,
    readonly data?: JsonValue,
  ) {
    super(message);
  }

  static from(spec: ContractErrorSpec, data?: JsonValue): RpcError {
    return new RpcError(spec.code, spec.message, data);
  }

  /** True when this error is the given contract error (same code and message). */
  is(spec: ContractErrorSpec): boolean {
    return this.code === spec.code && this.message === spec.message;
  }

  toJSON(): { code: number; message: string; data?: JsonValue } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}
