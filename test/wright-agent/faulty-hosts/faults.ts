/**
 * Deliberately broken wright-agent servers, for showing that each `conform wright-agent` check can
 * fail. Each fault is a rewrite the line proxy (proxy.ts) applies between conform and a REAL host
 * process (`contract-suite serve wright-agent`): it may change a request before the host sees it,
 * answer it itself, or change the host's reply. Shipped code carries none of this (issue 12 item 5).
 *
 * Requests and replies are parsed JSON lines. On stdio a request is a ToolRequest and its reply the
 * ToolResponse (one reply per non-blank line, in order); on JSON-RPC and MCP they are JSON-RPC
 * messages, correlated by id.
 */
import { readFileSync } from "node:fs";
import { FIRST_OPS_FAULTS } from "../../conformance/wright-agent-ops-faults.js";

// The contract read as data (the proxy starts fast and reaches no host code).
const contract = JSON.parse(
  readFileSync(new URL("../../../contracts/wright-agent/wright-agent-v1.schema.json", import.meta.url), "utf8"),
) as {
  $defs: Record<
    string,
    { properties?: object; "x-operations"?: { op: string; request: string }[]; "x-mcp"?: { tools: { tool: string }[] } }
  >;
};
const REQUEST_OF = new Map(contract.$defs.ToolRequest!["x-operations"]!.map((o) => [o.op, o.request]));
const MCP_TOOL_NAMES = new Set(contract.$defs.ToolRequest!["x-mcp"]!.tools.map((t) => t.tool));

export type Transport = "stdio" | "jsonrpc" | "mcp";
type Json = Record<string, unknown>;

/** What a fault sees of one exchange. */
export interface Exchange {
  transport: Transport;
  /** The request line as sent. */
  line: string;
  /** The parsed request (undefined when the line is not JSON). */
  request: Json | undefined;
  /** Sends another request to the host (stdio only) and resolves with its parsed reply. */
  ask(request: Json): Promise<Json>;
  /** Per-process memory of the fault. */
  state: Record<string, unknown>;
}

/** What to do with a request: forward it (maybe rewritten), answer it directly, or swallow it. */
export type RequestAction = { forward: Json } | { reply: Json } | { drop: true } | undefined;

export interface Fault {
  /** The check that must fail on this variant. */
  caughtBy: string;
  doc: string;
  /** The transports the fault lives on (the others pass through untouched). */
  transports: readonly Transport[];
  onRequest?(x: Exchange): RequestAction | Promise<RequestAction>;
  onReply?(x: Exchange, reply: Json): Json | Promise<Json>;
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);
const op = (x: Exchange) => (typeof x.request?.op === "string" ? x.request.op : "");
const rpcMethod = (x: Exchange) => (typeof x.request?.method === "string" ? x.request.method : "");
/** The JSON-RPC host's alias methods (src/wright-agent/host/jsonrpc.ts JSONRPC_ALIASES; the proxy imports no host code). */
const ALIASES = ["check", "analyze", "inspect", "compile"];
const isAlias = (x: Exchange) => ALIASES.includes(rpcMethod(x));
const rpcParams = (x: Exchange): Json => (isObject(x.request?.params) ? x.request.params : {});

/** A ToolResponse reply with its result rewritten (refusals pass). */
function mapResult(reply: Json, f: (result: Json) => Json): Json {
  return isObject(reply.result) ? { result: f(reply.result) } : reply;
}

/** An MCP tools/call reply with its text payload rewritten (successful results only). */
function mapToolText(reply: Json, f: (payload: Json) => Json): Json {
  const result = reply.result;
  if (!isObject(result) || result.isError === true || !Array.isArray(result.content)) return reply;
  const [first] = result.content as { type?: string; text?: string }[];
  if (first?.type !== "text" || typeof first.text !== "string") return reply;
  return {
    ...reply,
    result: { ...result, content: [{ type: "text", text: JSON.stringify(f(JSON.parse(first.text) as Json)) }] },
  };
}

const NEWEST_MCP = "2025-11-25";
/** The MCP versions the real host lists (the proxy only needs them to re-negotiate on the host's behalf). */
const LISTED_MCP = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/**
 * An MCP variant that negotiates honestly with the client but makes the host believe `hostVersion`
 * was negotiated, so the host applies the other version's rules.
 */
function mcpBehavesAs(hostVersion: string, caughtBy: string, doc: string): Fault {
  return {
    caughtBy,
    doc,
    transports: ["mcp"],
    onRequest(x) {
      if (rpcMethod(x) !== "initialize") return undefined;
      x.state.offered = rpcParams(x).protocolVersion;
      return { forward: { ...x.request, params: { ...rpcParams(x), protocolVersion: hostVersion } } };
    },
    onReply(x, reply) {
      if (rpcMethod(x) !== "initialize" || !isObject(reply.result)) return reply;
      const offered = String(x.state.offered);
      return {
        ...reply,
        result: { ...reply.result, protocolVersion: LISTED_MCP.includes(offered) ? offered : NEWEST_MCP },
      };
    },
  };
}

export const FAULTS = {
  // ---- stdio framing
  "answers-blank-lines": {
    caughtBy: "wright-agent/stdio-blank-lines",
    doc: "Answers a blank stdio line with a malformed-request refusal (decision 075: blank lines are not requests and get no response).",
    transports: ["stdio"],
    onRequest: (x) =>
      x.line.trim() === ""
        ? { reply: { error: { code: "malformed-request", message: "empty request line" } } }
        : undefined,
  },
  "overlong-line-own-code": {
    caughtBy: "wright-agent/stdio-overlong-line",
    doc: "Answers a stdio line over 16 MiB with a code of its own (request-too-large) instead of the error model's malformed-request.",
    transports: ["stdio"],
    onRequest: (x) =>
      x.line.length > 16 * 1024 * 1024
        ? { reply: { error: { code: "request-too-large", message: "line too long" } } }
        : undefined,
  },
  "stdio-wrong-code": {
    caughtBy: "wright-agent/stdio-garbage",
    doc: "stdio answers a line that is not JSON with code parse-error instead of malformed-request.",
    transports: ["stdio"],
    onReply: (x, reply) =>
      x.request === undefined && isObject(reply.error) ? { error: { ...reply.error, code: "parse-error" } } : reply,
  },
  // ---- JSON-RPC
  "jsonrpc-refusal-as-error": {
    caughtBy: "wright-agent/jsonrpc-refusal-in-result",
    doc: "JSON-RPC answers a service refusal as a top-level error (-32000) instead of result {error}.",
    transports: ["jsonrpc"],
    onReply(x, reply) {
      const result = reply.result;
      if (!isObject(result) || !isObject(result.error)) return reply;
      return {
        jsonrpc: "2.0",
        id: reply.id,
        error: { code: -32000, message: String(result.error.message), data: result.error },
      };
    },
  },
  "jsonrpc-empty-batch-ignored": {
    caughtBy: "wright-agent/jsonrpc-framing",
    doc: "JSON-RPC sends nothing for an empty batch instead of -32600.",
    transports: ["jsonrpc"],
    onRequest: (x) => (x.line.trim() === "[]" ? { drop: true } : undefined),
  },
  "jsonrpc-alias-differs": {
    caughtBy: "wright-agent/jsonrpc-aliases",
    doc: "The JSON-RPC aliases answer an envelope with one member more than request {op} carries.",
    transports: ["jsonrpc"],
    onReply: (x, reply) =>
      isAlias(x) && isObject(reply.result) ? { ...reply, result: { ...reply.result, served_by: "alias" } } : reply,
  },
  "jsonrpc-alias-params-ignored": {
    caughtBy: "wright-agent/jsonrpc-params",
    doc: "The JSON-RPC aliases drop the parameters they are sent instead of refusing them with -32602.",
    transports: ["jsonrpc"],
    onRequest(x) {
      if (!isAlias(x)) return undefined;
      const { params: _p, ...rest } = x.request!;
      return { forward: rest };
    },
  },
  "jsonrpc-alias-refusal-as-error": {
    caughtBy: "wright-agent/jsonrpc-alias-refusal",
    doc: "An alias answers a service refusal as a top-level JSON-RPC error (-32000) instead of result {error}.",
    transports: ["jsonrpc"],
    onReply(x, reply) {
      const result = reply.result;
      if (!isAlias(x) || !isObject(result) || !isObject(result.error)) return reply;
      return { jsonrpc: "2.0", id: reply.id, error: { code: -32000, message: String(result.error.message) } };
    },
  },
  // ---- MCP
  "mcp-answers-responses": {
    caughtBy: "wright-agent/mcp-framing",
    doc: "Answers a JSON-RPC response the client sends (there was no request to answer) with -32600.",
    transports: ["mcp"],
    onRequest: (x) =>
      x.request && !("method" in x.request) && ("result" in x.request || "error" in x.request)
        ? { reply: { jsonrpc: "2.0", id: x.request.id, error: { code: -32600, message: "Invalid Request" } } }
        : undefined,
  },
  "mcp-initialize-lenient": {
    caughtBy: "wright-agent/mcp-params",
    doc: "initialize without clientInfo succeeds (the proxy fills one in) instead of -32602.",
    transports: ["mcp"],
    onRequest: (x) =>
      rpcMethod(x) === "initialize" && !("clientInfo" in rpcParams(x))
        ? { forward: { ...x.request, params: { ...rpcParams(x), clientInfo: { name: "?", version: "?" } } } }
        : undefined,
  },
  "mcp-lists-unadvertised": {
    caughtBy: "wright-agent/mcp-tools-list",
    doc: "capabilities (stdio) stops advertising simulate and lookup, but tools/list still lists every MCP tool.",
    transports: ["stdio"],
    onReply: (x, reply) =>
      op(x) === "capabilities"
        ? mapResult(reply, (r) => ({
            ...r,
            operations: (r.operations as string[]).filter((o) => o !== "simulate" && o !== "lookup"),
          }))
        : reply,
  },
  "mcp-unknown-tool-as-result": {
    caughtBy: "wright-agent/mcp-protocol-errors",
    doc: "An unknown MCP tool is answered with an isError tool result instead of JSON-RPC -32602.",
    transports: ["mcp"],
    onRequest(x) {
      const name = rpcParams(x).name;
      if (rpcMethod(x) !== "tools/call" || MCP_TOOL_NAMES.has(String(name))) return undefined;
      const text = JSON.stringify({ code: "malformed-request", message: `unknown tool ${JSON.stringify(name)}` });
      return {
        reply: { jsonrpc: "2.0", id: x.request!.id, result: { content: [{ type: "text", text }], isError: true } },
      };
    },
  },
  "mcp-echo-any-version": {
    caughtBy: "wright-agent/mcp-negotiation",
    doc: "initialize echoes whatever protocol version the client offers.",
    transports: ["mcp"],
    onReply: (x, reply) =>
      rpcMethod(x) === "initialize" && isObject(reply.result)
        ? { ...reply, result: { ...reply.result, protocolVersion: rpcParams(x).protocolVersion } }
        : reply,
  },
  "mcp-refusal-not-error": {
    caughtBy: "wright-agent/mcp-refusals",
    doc: "A refused tool call comes back without isError: true.",
    transports: ["mcp"],
    onReply(x, reply) {
      if (rpcMethod(x) !== "tools/call" || !isObject(reply.result) || reply.result.isError !== true) return reply;
      const { isError: _dropped, ...result } = reply.result;
      return { ...reply, result };
    },
  },
  "mcp-result-differs": {
    caughtBy: "wright-agent/cross-transport",
    doc: "MCP tool results drop the snapshot member, so they differ from stdio and JSON-RPC.",
    transports: ["mcp"],
    onReply: (x, reply) =>
      rpcMethod(x) === "tools/call" ? mapToolText(reply, ({ snapshot: _s, ...rest }) => rest) : reply,
  },
  "mcp-validation-always-protocol-error": mcpBehavesAs(
    "2025-06-18",
    "wright-agent/mcp-argument-errors",
    "Negotiates 2025-11-25 but answers arguments the tool's input schema rejects with JSON-RPC -32602 (the older versions' rule) instead of an isError result (SEP-1303).",
  ),
  "mcp-validation-always-result": mcpBehavesAs(
    NEWEST_MCP,
    "wright-agent/mcp-argument-errors",
    "Answers arguments the tool's input schema rejects with an isError result (2025-11-25's rule) whatever version was negotiated, where 2024-11-05..2025-06-18 require JSON-RPC -32602.",
  ),
  "mcp-batches-refused-always": mcpBehavesAs(
    "2025-06-18",
    "wright-agent/mcp-batches",
    "Negotiates 2025-03-26 but refuses its JSON-RPC batches with -32600, as 2025-06-18 and later do (our host before decision 217), where 2025-03-26 says servers MUST support receiving them.",
  ),
  "mcp-batches-served-always": mcpBehavesAs(
    "2025-03-26",
    "wright-agent/mcp-batches",
    "Serves JSON-RPC batches (2025-03-26's rule) whatever version was negotiated, where 2025-06-18 removed batching.",
  ),
  "mcp-batch-notifications-answered": {
    caughtBy: "wright-agent/mcp-batches",
    doc: "Answers a batch of notifications only with an empty array, where JSON-RPC 2.0 says such a batch gets nothing.",
    transports: ["mcp"],
    onRequest(x) {
      let value: unknown;
      try {
        value = JSON.parse(x.line);
      } catch {
        return undefined;
      }
      const notificationsOnly =
        Array.isArray(value) && value.length > 0 && value.every((m) => isObject(m) && !("id" in m));
      return notificationsOnly ? { reply: [] as unknown as Json } : undefined;
    },
  },
  // ---- service semantics (over stdio)
  "capabilities-wrong-contract": {
    caughtBy: "wright-agent/capabilities-first",
    doc: "capabilities reports agent_contract wright-agent/v2.",
    transports: ["stdio"],
    onReply: (x, reply) =>
      op(x) === "capabilities" ? mapResult(reply, (r) => ({ ...r, agent_contract: "wright-agent/v2" })) : reply,
  },
  "findings-result-invalid": {
    caughtBy: "wright-agent/results-validate",
    doc: "findings results carry snapshot as a string, violating FindingsResult.",
    transports: ["stdio"],
    onReply: (x, reply) =>
      op(x) === "findings" ? mapResult(reply, (r) => ({ ...r, snapshot: String(r.snapshot ?? "") })) : reply,
  },
  "unknown-fields-refused": {
    caughtBy: "wright-agent/unknown-fields-ignored",
    doc: "A request carrying a field its schema does not define is refused as malformed-request.",
    transports: ["stdio"],
    onRequest(x) {
      const request = REQUEST_OF.get(op(x));
      if (!request) return undefined;
      const known = Object.keys(contract.$defs[request]!.properties ?? {});
      const unknown = Object.keys(x.request!).filter((k) => !known.includes(k));
      return unknown.length
        ? { reply: { error: { code: "malformed-request", message: `unknown field(s) ${unknown.join(", ")}` } } }
        : undefined;
    },
  },
  "nondeterministic-lint": {
    caughtBy: "wright-agent/determinism",
    doc: "lint results carry a per-request counter.",
    transports: ["stdio"],
    onReply(x, reply) {
      if (op(x) !== "lint") return reply;
      const served = Number(x.state.served ?? 0);
      x.state.served = served + 1;
      return mapResult(reply, (r) => ({ ...r, servedAt: served }));
    },
  },
  "selection-withheld-off-by-one": {
    caughtBy: "wright-agent/selection-arithmetic",
    doc: "findings' selection.withheld is one too many.",
    transports: ["stdio"],
    onReply: (x, reply) =>
      op(x) === "findings"
        ? mapResult(reply, (r) =>
            isObject(r.selection)
              ? { ...r, selection: { ...r.selection, withheld: Number(r.selection.withheld) + 1 } }
              : r,
          )
        : reply,
  },
  "stale-id-after-reload": {
    caughtBy: "wright-agent/state-stale-ids",
    doc: "A numeric id carrying a previously issued snapshot is accepted after a reload (the snapshot is silently upgraded to the current one).",
    transports: ["stdio"],
    onRequest(x) {
      const issued = (x.state.issued ??= new Set<number>()) as Set<number>;
      const snapshot = x.request?.snapshot;
      return typeof snapshot === "number" && issued.has(snapshot)
        ? { forward: { ...x.request, snapshot: x.state.latest } }
        : undefined;
    },
    onReply(x, reply) {
      const snapshot = isObject(reply.result) ? reply.result.snapshot : undefined;
      if (typeof snapshot === "number")
        ((x.state.issued ??= new Set<number>()) as Set<number>).add((x.state.latest = snapshot));
      return reply;
    },
  },
  "broken-input-serves-old-program": {
    caughtBy: "wright-agent/state-freshness",
    doc: "While the input cannot load, program-reading requests are answered from the last good program instead of refused.",
    transports: ["stdio"],
    onReply(x, reply) {
      const lastGood = (x.state.lastGood ??= new Map<string, Json>()) as Map<string, Json>;
      const code = isObject(reply.error) ? reply.error.code : undefined;
      if ((code === "parse-error" || code === "input-io") && lastGood.has(op(x))) return lastGood.get(op(x))!;
      if ("result" in reply) lastGood.set(op(x), reply);
      return reply;
    },
  },
  "ambiguous-rule-picks-first": {
    caughtBy: "wright-agent/state-rule-addresses",
    doc: "An ambiguous rule address silently selects its first candidate.",
    transports: ["stdio"],
    async onReply(x, reply) {
      const error = isObject(reply.error) ? reply.error : undefined;
      const candidates =
        error?.code === "ambiguous-rule" && Array.isArray(error.candidates)
          ? (error.candidates as { address: string }[])
          : [];
      return candidates.length ? x.ask({ ...x.request, rule: candidates[0]!.address }) : reply;
    },
  },
  "default-cap-ignored": {
    caughtBy: "wright-agent/state-selection",
    doc: "findings without selection fields are never capped at 20.",
    transports: ["stdio"],
    onRequest: (x) =>
      op(x) === "findings" && !["severity", "rule", "file", "max", "all"].some((k) => k in x.request!)
        ? { forward: { ...x.request, all: true } }
        : undefined,
  },
  "rules-name-ignored": {
    caughtBy: "wright-agent/removed-vocabulary",
    doc: "The removed rules.name field is silently dropped instead of refused.",
    transports: ["stdio"],
    onRequest(x) {
      if (op(x) !== "rules" || !("name" in x.request!)) return undefined;
      const { name: _dropped, ...request } = x.request!;
      return { forward: request };
    },
  },
  "usage-missing-field-accepted": {
    caughtBy: "wright-agent/error-model",
    doc: "usage without its required symbol answers an empty usage result instead of malformed-request.",
    transports: ["stdio"],
    onRequest: (x) =>
      op(x) === "usage" && x.request!.symbol === undefined
        ? {
            reply: {
              result: {
                id: 0,
                kind: "globalVariable",
                symbol: "",
                reads: 0,
                writes: 0,
                calls: 0,
                rules: [],
                snapshot: 1,
              },
            },
          }
        : undefined,
  },
  // ---- operation relations (conformance/wright-agent/power-ops.ts): the first variant of each check in test/conformance/wright-agent-ops-faults.ts, on stdio
  ...opsFaults(),
} satisfies Record<string, Fault>;

/** One stdio fault per power-ops check, named ops-<check>. */
function opsFaults(): Record<`ops-${string}`, Fault> {
  const out: Record<string, Fault> = {};
  for (const [check, , what, fault] of FIRST_OPS_FAULTS) {
    out[check] = {
      caughtBy: `wright-agent/${check}`,
      doc: `A server where ${what}.`,
      transports: ["stdio"],
      onReply: (x, reply) => fault(x.request, reply, x.ask) as unknown as Json,
    };
  }
  return out as Record<`ops-${string}`, Fault>;
}

export type FaultName = keyof typeof FAULTS;

export function isFaultName(name: string): name is FaultName {
  return Object.prototype.hasOwnProperty.call(FAULTS, name);
}
