/**
 * wright-agent over newline-delimited JSON-RPC 2.0 on stdio, built on the shared engine
 * (src/rpc): it already frames parse errors (-32700), invalid requests and empty batches (-32600),
 * unknown methods (-32601), invalid params (-32602), batches and notifications. What this contract
 * adds is the result rule: `request` (a ToolRequest in params) answers the whole ToolResponse as its
 * result — `{"result": ...}`, or `{"error": {code, message}}` for a service refusal, never a JSON-RPC
 * error — so a stdio line's `result` equals the JSON-RPC `result.result` (upstream's wire, decision 120).
 * `compile`, `check`, `analyze` and `inspect` are aliases taking no parameters that answer the bare
 * wright-result/v1 envelope, as they did before the agent contract (decision 075).
 */
import {
  createRpcEngine,
  RpcCode,
  RpcError,
  type MethodSpec,
  type MethodTable,
  type RpcEngine,
} from "../../rpc/index.js";
import { isJsonObject, type ValidationError, type Validator } from "../../json/index.js";
import type { ToolResponse } from "../../generated/wright-agent/types.js";
import type { ToolService } from "../service.js";
import type { LineIo } from "./stdio.js";
import { MAX_LINE_BYTES, readLines, writeLine } from "../../io/lines.js";

export const JSONRPC_ALIASES = ["compile", "check", "analyze", "inspect"] as const;

const INVALID_PARAMS = { code: RpcCode.InvalidParams, message: "Invalid params" } as const;

function validator(check: (v: unknown) => string | undefined): Validator<unknown> {
  const fn = ((v: unknown) => {
    const problem = check(v);
    fn.errors = problem
      ? [{ instancePath: "", keyword: "type", schemaPath: "#", params: {}, message: problem } satisfies ValidationError]
      : null;
    return problem === undefined;
  }) as Validator<unknown>;
  return fn;
}

const anyResult = validator(() => undefined);

function spec(
  name: string,
  paramStructure: MethodSpec["paramStructure"],
  check: (v: unknown) => string | undefined,
): MethodSpec {
  return {
    name,
    paramStructure,
    params: [],
    validateParams: validator(check),
    validateResult: anyResult,
    errors: [],
    invalidParams: INVALID_PARAMS,
  };
}

/** The JSON-RPC reply for one line (undefined: nothing to send, e.g. a notification or a blank line). */
export type JsonRpcLineHandler = (line: string) => Promise<string | undefined>;

export function createJsonRpcHost(service: ToolService): { engine: RpcEngine; handleLine: JsonRpcLineHandler } {
  // An alias answers the bare envelope; a refusal stays a result, {error}, never a JSON-RPC error.
  const answer = (response: ToolResponse): unknown =>
    "result" in response ? response.result : { error: response.error };
  const aliases = JSONRPC_ALIASES.filter((op) => service.operations.includes(op));
  const takesNoParams = (op: string) => `${op} takes no parameters; use request for options`;
  const methods: MethodTable = {
    request: spec("request", "by-name", (v) => (isJsonObject(v) ? undefined : "params must be a ToolRequest object")),
    ...Object.fromEntries(
      aliases.map((op) => [
        op,
        spec(op, "either", (v) => (isJsonObject(v) && Object.keys(v).length === 0 ? undefined : takesNoParams(op))),
      ]),
    ),
  };
  const handlers: Record<string, (params: unknown) => Promise<unknown>> = {
    request: (params) => service.handle(params),
    ...Object.fromEntries(aliases.map((op) => [op, async () => answer(await service.handle({ op }))])),
  };
  const missingToolRequest = () =>
    new RpcError(INVALID_PARAMS.code, INVALID_PARAMS.message, {
      formErrors: ["request takes a ToolRequest in params"],
      fieldErrors: {},
    });
  const engine = createRpcEngine({
    methods,
    handlers,
    parse: { maxBytes: MAX_LINE_BYTES },
    // `request` needs its ToolRequest: absent params is invalid params, not an empty request.
    // (A refused notification gets no reply: the engine sees to that.)
    checkRequest: (req) =>
      req.method === "request" && !Object.prototype.hasOwnProperty.call(req, "params")
        ? missingToolRequest()
        : undefined,
  });
  return {
    engine,
    handleLine: async (line) => (line.trim() === "" ? undefined : engine.handle(line)),
  };
}

/** The -32700 reply (id null) to a line that is not JSON, or too long to be read as JSON. */
export function parseErrorReply(reason: string): string {
  const data = { reason };
  const message = "Parse error";
  return JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: RpcCode.ParseError, message, data } });
}

export async function serveJsonRpc(service: ToolService, io: LineIo): Promise<void> {
  await serveRpcLines(io, createJsonRpcHost(service).handleLine);
}

/** Serves a JSON-RPC line host (JSON-RPC or MCP) until the input ends: each line's reply, in order; a line too long to read is -32700. */
export async function serveRpcLines(
  io: LineIo,
  handleLine: (line: string) => Promise<string | undefined>,
): Promise<void> {
  for await (const item of readLines(io.input)) {
    let reply: string | undefined;
    if ("oversize" in item) {
      reply = parseErrorReply(`line of ${item.oversize} bytes exceeds the ${MAX_LINE_BYTES}-byte limit`);
    } else reply = await handleLine(item.line);
    if (reply !== undefined) await writeLine(io.output, reply);
  }
}
