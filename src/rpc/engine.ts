/**
 * JSON-RPC 2.0 server engine: parse, validate the envelope, dispatch through a generated method
 * table (params validated before the handler runs), serialise. Transport-agnostic: a transport
 * hands it a body and writes back what it returns.
 */
import {
  describeErrors,
  flattenErrors,
  parseJson,
  JsonParseError,
  type JsonValue,
  type SafeParseOptions,
} from "../json/index.js";
import { RpcCode, RpcError, type ContractErrorSpec } from "./errors.js";
import type { HandlerContext, MethodSpec, MethodTable } from "./types.js";

type Handler = (params: unknown, context: HandlerContext) => unknown;

export interface RpcEngineOptions {
  methods: MethodTable;
  /** An implementation of the generated handler interface (plain object or class instance). */
  handlers: object;
  /** Validate every result against the contract; a mismatch becomes -32603 (tests, dev servers). */
  validateResults?: boolean;
  /** Members added to every response envelope, e.g. `{ witVersion: "1" }`. */
  responseEnvelope?: Record<string, JsonValue>;
  /**
   * Checks a request object before dispatch of the contract's methods; return an error to refuse it
   * (e.g. a missing `witVersion`). Not asked for `rpc.discover`: discovery is OpenRPC's method, not
   * the contract's, and a generic client knows nothing of the contract's envelope (decision 267).
   */
  checkRequest?: (request: Record<string, unknown>) => RpcError | undefined;
  parse?: SafeParseOptions;
  /** The error for an unknown method; a contract may name its own message (Wit: METHOD_NOT_FOUND). */
  methodNotFound?: ContractErrorSpec;
  /**
   * The code and message of an envelope refusal (-32600: not an object, bad jsonrpc/id/method/params,
   * empty or oversized batch); a contract may name its own message (Wit: INVALID_REQUEST).
   */
  invalidRequest?: ContractErrorSpec;
  /**
   * Methods whose params are not examined at all (Wit: `ping` declares no params and no errors, so
   * whatever params a request carries, the answer is the result).
   */
  ignoresParams?: (method: string) => boolean;
  /**
   * The OpenRPC document served by `rpc.discover` (OpenRPC's service discovery method: no params,
   * the result is the document). JSON-RPC reserves `rpc.*` names for such extensions, so it is not
   * one of the contract's methods; absent, `rpc.discover` is an unknown method like any other.
   * Answered without `checkRequest` (the contract's envelope rules), with `responseEnvelope`.
   */
  discover?: () => JsonValue;
  /** Largest batch accepted. Default 100. */
  maxBatch?: number;
  /**
   * Serve a batch's members one after another, in order (a stateful service whose members may
   * depend on each other), instead of all at once. JSON-RPC 2.0 leaves the order to the server.
   */
  batchInOrder?: boolean;
  /**
   * Looks at every message, each member of a batch too, before the engine does: a response to send,
   * null to send nothing, undefined to let the engine answer (MCP narrows JSON-RPC 2.0: a client's
   * response is dropped, an id that is not a string or an integer refused).
   */
  screen?: (message: unknown) => Response | null | undefined;
  /** A handler threw a contract error its method does not declare (still sent; reported here). */
  onUndeclaredError?: (method: string, error: RpcError) => void;
  /** A handler threw something that is not an RpcError (answered as -32603 without details). */
  onInternalError?: (method: string, error: unknown) => void;
}

type Id = string | number | null;
type Response = Record<string, unknown>;

export interface RpcEngine {
  /** Handles one raw body. Resolves with the reply body, or undefined when nothing is to be sent. */
  handle(body: string | Uint8Array, transport?: unknown): Promise<string | undefined>;
  /** Same, for an already-parsed message; resolves with the response value(s). */
  handleMessage(message: unknown, transport?: unknown): Promise<Response | Response[] | undefined>;
}

const hasOwn = Object.prototype.hasOwnProperty;
/** OpenRPC's service discovery method. */
export const DISCOVER = "rpc.discover";

export function createRpcEngine(options: RpcEngineOptions): RpcEngine {
  const maxBatch = options.maxBatch ?? 100;
  const extras = options.responseEnvelope ?? {};
  const invalidRequest = options.invalidRequest ?? { code: RpcCode.InvalidRequest, message: "Invalid Request" };

  const errorResponse = (id: Id, error: { code: number; message: string; data?: JsonValue }): Response => ({
    jsonrpc: "2.0",
    ...extras,
    id,
    error:
      error.data === undefined
        ? { code: error.code, message: error.message }
        : { code: error.code, message: error.message, data: error.data },
  });

  async function handleOne(message: unknown, transport: unknown): Promise<Response | undefined> {
    const screened = options.screen?.(message);
    if (screened !== undefined) return screened ?? undefined;
    if (message === null || typeof message !== "object" || Array.isArray(message)) {
      return errorResponse(null, { ...invalidRequest, data: { reason: "a request must be a JSON object" } });
    }
    const req = message as Record<string, unknown>;
    const idValid = !hasOwn.call(req, "id") || req.id === null || typeof req.id === "string" || isExactNumberId(req.id);
    const id: Id = idValid && hasOwn.call(req, "id") ? (req.id as Id) : null;
    const isNotification = !hasOwn.call(req, "id");
    const invalid = (reason: string) => errorResponse(id, { ...invalidRequest, data: { reason } });
    if (req.jsonrpc !== "2.0") return invalid('"jsonrpc" must be "2.0"');
    if (!idValid)
      return errorResponse(null, {
        ...invalidRequest,
        data: {
          reason:
            typeof req.id === "number" && Number.isInteger(req.id)
              ? `"id" is an integer beyond 2^53 - 1, which cannot be echoed exactly: send it as a string`
              : '"id" must be a string, a number or null',
        },
      });
    if (typeof req.method !== "string") return invalid('"method" must be a string');
    const discovery =
      req.method === DISCOVER && options.discover !== undefined && !hasOwn.call(options.methods, DISCOVER);
    const paramsIgnored = discovery || options.ignoresParams?.(req.method) === true;
    if (!paramsIgnored && hasOwn.call(req, "params") && (req.params === null || typeof req.params !== "object"))
      return invalid('"params" must be an object or an array');
    const refused = discovery ? undefined : options.checkRequest?.(req);
    if (refused) return isNotification ? undefined : errorResponse(id, refused.toJSON());

    if (discovery) return isNotification ? undefined : { jsonrpc: "2.0", ...extras, id, result: options.discover!() };
    const method = req.method;
    const spec = hasOwn.call(options.methods, method) ? options.methods[method] : undefined;
    const handler = spec ? ((options.handlers as Record<string, unknown>)[method] as Handler | undefined) : undefined;
    if (!spec || typeof handler !== "function") {
      const response = errorResponse(id, {
        ...(options.methodNotFound ?? { code: RpcCode.MethodNotFound, message: "Method not found" }),
        data: { method },
      });
      return isNotification ? undefined : response;
    }
    const params = paramsIgnored ? ({ ok: true, value: {} } as const) : normaliseParams(spec, req.params);
    if (!params.ok)
      return isNotification
        ? undefined
        : errorResponse(id, { ...spec.invalidParams, data: { formErrors: [params.reason], fieldErrors: {} } });
    if (!paramsIgnored && !spec.validateParams(params.value)) {
      return isNotification
        ? undefined
        : errorResponse(id, {
            ...spec.invalidParams,
            data: flattenErrors(spec.validateParams.errors) as unknown as JsonValue,
          });
    }
    let result: unknown;
    try {
      result = await handler.call(options.handlers, params.value, {
        id: isNotification ? undefined : id,
        request: req,
        transport,
      });
    } catch (e) {
      if (e instanceof RpcError) {
        if (!declares(spec, e)) options.onUndeclaredError?.(method, e);
        return isNotification ? undefined : errorResponse(id, e.toJSON());
      }
      options.onInternalError?.(method, e);
      return isNotification ? undefined : errorResponse(id, { code: RpcCode.InternalError, message: "Internal error" });
    }
    if (isNotification) return undefined;
    if (options.validateResults && !spec.validateResult(result)) {
      return errorResponse(id, {
        code: RpcCode.InternalError,
        message: "Internal error",
        data: {
          reason: `result of ${method} violates the contract`,
          errors: describeErrors(spec.validateResult.errors),
        },
      });
    }
    return { jsonrpc: "2.0", ...extras, id, result: result === undefined ? null : result };
  }

  async function handleMessage(message: unknown, transport?: unknown): Promise<Response | Response[] | undefined> {
    if (!Array.isArray(message)) return handleOne(message, transport);
    if (message.length === 0) return errorResponse(null, { ...invalidRequest, data: { reason: "empty batch" } });
    if (message.length > maxBatch)
      return errorResponse(null, { ...invalidRequest, data: { reason: `batch larger than ${maxBatch}` } });
    const responses = (
      options.batchInOrder
        ? await inOrder(message, transport)
        : await Promise.all(message.map((m) => handleOne(m, transport)))
    ).filter((r): r is Response => r !== undefined);
    return responses.length ? responses : undefined;
  }

  async function inOrder(members: unknown[], transport: unknown): Promise<(Response | undefined)[]> {
    const out: (Response | undefined)[] = [];
    for (const m of members) out.push(await handleOne(m, transport));
    return out;
  }

  return {
    handleMessage,
    async handle(body, transport) {
      let message: unknown;
      try {
        message = parseJson(body, options.parse);
      } catch (e) {
        const reason = e instanceof JsonParseError ? e.message : "unparseable body";
        // A member named twice is well-formed JSON whose meaning readers disagree on (decision 262):
        // not a parse error but an invalid request, refused whole with id null.
        if (e instanceof JsonParseError && e.kind === "duplicate-key")
          return JSON.stringify(errorResponse(null, { ...invalidRequest, data: { reason } }));
        return JSON.stringify(
          errorResponse(null, { code: RpcCode.ParseError, message: "Parse error", data: { reason } }),
        );
      }
      const out = await handleMessage(message, transport);
      return out === undefined ? undefined : JSON.stringify(out);
    },
  };
}

/**
 * A number id the answer can echo exactly: JSON.parse reads numbers as doubles, so an integer
 * beyond ±(2^53 − 1) arrives already rounded (9007199254740993 reads as ...992) and echoing it
 * would answer another id. Such an id is refused, with id null (decision 262). Fractional ids
 * (JSON-RPC 2.0: SHOULD NOT) are echoed as read.
 */
function isExactNumberId(id: unknown): boolean {
  return typeof id === "number" && Number.isFinite(id) && (Number.isSafeInteger(id) || !Number.isInteger(id));
}

function declares(spec: MethodSpec, e: RpcError): boolean {
  return spec.errors.some((d: ContractErrorSpec) => d.code === e.code && d.message === e.message);
}

/** Absent params are `{}`; by-position arrays map onto the declared names; the wrong structure is refused. */
function normaliseParams(
  spec: MethodSpec,
  params: unknown,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (params === undefined) return { ok: true, value: {} };
  if (Array.isArray(params)) {
    if (spec.paramStructure === "by-name")
      return { ok: false, reason: `${spec.name} takes params by name (an object)` };
    if (params.length > spec.params.length)
      return { ok: false, reason: `${spec.name} takes at most ${spec.params.length} params` };
    const value: Record<string, unknown> = {};
    params.forEach((p, i) =>
      Object.defineProperty(value, spec.params[i]!.name, {
        value: p,
        enumerable: true,
        writable: true,
        configurable: true,
      }),
    );
    return { ok: true, value };
  }
  if (spec.paramStructure === "by-position")
    return { ok: false, reason: `${spec.name} takes params by position (an array)` };
  return { ok: true, value: params };
}
