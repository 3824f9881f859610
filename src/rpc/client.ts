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

/** What a call's Response said: its result, or its error (the server's answer either way). */
export type RpcOutcome = { result: unknown } | { error: { code: number; message: string; data?: JsonValue } };

/**
 * A reply the client refuses: not JSON, not a JSON-RPC 2.0 Response, or not the call's own. It is
 * never the server's answer; a transport that reports its own failures otherwise (the wright-agent
 * channels' TransportError) maps it.
 */
export class RpcResponseError extends RpcError {
  override readonly name: string = "RpcResponseError";
}

const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/**
 * The envelope rule every JSON-RPC client here applies to a parsed Response (decision 322): an
 * object with jsonrpc "2.0"; exactly one of `result` and `error`; an error is an object with an
 * integer code and a string message; the id is the request's, or null on an error only (the server
 * could not read the request's id). Anything else throws RpcResponseError.
 */
export function readResponse(response: unknown, id: string | number): RpcOutcome {
  if (response === null || typeof response !== "object" || Array.isArray(response))
    throw new RpcResponseError(RpcCode.InternalError, "response is not a JSON-RPC 2.0 response object");
  const r = response as Record<string, unknown>;
  if (r.jsonrpc !== "2.0")
    throw new RpcResponseError(RpcCode.InternalError, "response is not a JSON-RPC 2.0 response object");
  const hasResult = own(r, "result");
  const hasError = own(r, "error");
  if (hasResult === hasError)
    throw new RpcResponseError(
      RpcCode.InternalError,
      hasResult ? "response carries both result and error" : "response has neither result nor error",
    );
  if (r.id !== id && !(r.id === null && hasError))
    throw new RpcResponseError(
      RpcCode.InternalError,
      `response id ${JSON.stringify(r.id)} does not match request id ${JSON.stringify(id)}`,
    );
  if (hasResult) return { result: r.result };
  const e = r.error as { code?: unknown; message?: unknown; data?: JsonValue } | null;
  if (e === null || typeof e !== "object" || !Number.isInteger(e.code) || typeof e.message !== "string")
    throw new RpcResponseError(
      RpcCode.InternalError,
      "malformed JSON-RPC error (needs an integer code and a string message)",
    );
  return { error: { code: e.code as number, message: e.message, ...(e.data === undefined ? {} : { data: e.data }) } };
}

/**
 * The JSON-RPC 2.0 client core: writes the request, sends it through the transport it is given
 * (HTTP, a Unix socket, a child's stdio lines), and reads the reply by `readResponse`.
 */
export class RpcClient implements RpcCaller {
  constructor(
    private readonly transport: RpcTransport,
    private readonly options: RpcClientOptions = {},
  ) {}

  /** Calls a method; resolves with its result, rejects with the server's error as an RpcError. */
  async call(method: string, params: unknown): Promise<unknown> {
    const outcome = await this.outcome(method, params);
    if ("error" in outcome) throw new RpcError(outcome.error.code, outcome.error.message, outcome.error.data);
    return outcome.result;
  }

  /** Calls a method; resolves with its Response's result or error member. */
  async outcome(method: string, params: unknown): Promise<RpcOutcome> {
    const id = this.options.nextId?.() ?? globalThis.crypto.randomUUID();
    const request: Record<string, unknown> = { jsonrpc: "2.0", ...this.options.envelope, id, method };
    if (params !== undefined) request.params = params;
    const reply = await this.transport.send(JSON.stringify(request));
    let response: unknown;
    try {
      response = parseJson(reply, this.options.parse);
    } catch (e) {
      throw new RpcResponseError(RpcCode.ParseError, `unparseable response: ${(e as Error).message}`);
    }
    const outcome = readResponse(response, id);
    const problem = this.options.checkResponse?.(response as Record<string, unknown>);
    if (problem) throw new RpcResponseError(RpcCode.InternalError, problem);
    return outcome;
  }

  /** Sends a notification (no id, no reply expected). */
  async notify(method: string, params?: unknown): Promise<void> {
    const request: Record<string, unknown> = { jsonrpc: "2.0", ...this.options.envelope, method };
    if (params !== undefined) request.params = params;
    await this.transport.send(JSON.stringify(request));
  }

  async close(): Promise<void> {
    await this.transport.close?.();
  }
}

export interface TypedCallerOptions {
  /** Validate every result against the contract before returning it (off by default). */
  validateResults?: boolean;
}

/** A caller typed by a generated method map; optionally checks results with the generated validators. */
export function createTypedCaller<M extends MethodMapShape<M>>(
  caller: RpcCaller,
  table: MethodTable,
  options: TypedCallerOptions = {},
) {
  return async <K extends keyof M & string>(method: K, params: M[K]["params"]): Promise<M[K]["result"]> => {
    const result = await caller.call(method, params);
    if (options.validateResults) {
      const spec = table[method];
      if (spec && !spec.validateResult(result)) {
        throw new RpcError(
          RpcCode.InternalError,
          `result of ${method} does not match the contract: ${describeErrors(spec.validateResult.errors).join("; ")}`,
          result as JsonValue,
        );
      }
    }
    return result as M[K]["result"];
  };
}
