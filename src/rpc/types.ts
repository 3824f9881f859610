import type { Validator } from "../json/index.js";
import type { ContractErrorSpec } from "./errors.js";

/** One method of a generated method table. */
export interface MethodSpec {
  readonly name: string;
  readonly paramStructure: "by-name" | "by-position" | "either";
  /** Declared params in order (by-position params map onto these names). */
  readonly params: readonly { readonly name: string; readonly required: boolean }[];
  readonly validateParams: Validator<unknown>;
  readonly validateResult: Validator<unknown>;
  /** Errors the method declares. */
  readonly errors: readonly ContractErrorSpec[];
  /** The error invalid params get: the contract's declared one, or -32602 where it declares none. */
  readonly invalidParams: ContractErrorSpec;
}

export type MethodTable = Readonly<Record<string, MethodSpec>>;

/** Per-request facts handed to a handler alongside its typed params. */
export interface HandlerContext {
  /** The JSON-RPC id, or undefined for a notification. */
  readonly id: string | number | null | undefined;
  /** The whole request object (envelope extensions such as `witVersion` included). */
  readonly request: Readonly<Record<string, unknown>>;
  /** Anything the transport wants to pass along (e.g. the peer). */
  readonly transport?: unknown;
}

/** A method map type as generated: method name -> params, result and declared error messages. */
export type MethodMapShape<M> = { [K in keyof M]: { params: unknown; result: unknown; error: string } };
