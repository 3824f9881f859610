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
    if (params !== undefined) request.params = params;
    const reply = await this.transport.send(JSON.stringify(request));
    let response: Record<string, unknown>;
    try {
      response = parseJson(reply, this.options.parse) as Record<string, unknown>;
    } catch (e) {
      throw new RpcError(RpcCode.ParseError, `unparseable response: ${(e as Error).message}`);
    }
    if (response === null || typeof response !== "object" || Array.isArray(response) || response.jsonrpc !== "2.0") {
      throw new RpcError(RpcCode.InternalError, "response is not a JSON-RPC 2.0 response object");
    }
    const problem = this.options.checkResponse?.(response);
    if (problem) throw new RpcError(RpcCode.InternalError, problem);
    // id null is only for an error whose request id the server could not read; a result must echo our id.
    if (response.id !== id && !(response.id === null && "error" in response)) {
      throw new RpcError(
        RpcCode.InternalError,
        `response id ${JSON.stringify(response.id)} does not match request id ${JSON.stringify(id)}`,
      );
    }
    if ("error" in response) {
      const e = response.error as { code?: unknown; message?: unknown; data?: JsonValue };
      throw new RpcError(
        typeof e?.code === "number" ? e.code : RpcCode.InternalError,
        typeof e?.message === "string" ? e.message : "error",
        e?.data,
      );
    }
    if (!("result" in response)) throw new RpcError(RpcCode.InternalError, "response has neither result nor error");
    return response.result;
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
