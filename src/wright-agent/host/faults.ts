/**
 * TEST-ONLY faults: deliberately broken behaviours the mock command can be started with
 * (`serve wright-agent --fault <name>[,<name>]`, hidden from --help) so the conformance suite can
 * be shown to catch real mistakes in real processes. Never use them for anything else. Each names
 * the conformance check that must catch it (test/wright-agent/conformance-faults.test.ts runs
 * them all and requires every check of the suite to be caught by at least one).
 *
 * Transport-level faults are options of the stdio / JSON-RPC / MCP hosts; service-level ones wrap
 * the ToolService here, so the mock's own code carries none of them.
 */
import type { ToolResponse } from "../../generated/wright-agent/types.js";
import { contractDocument, operationEntry } from "../contract.js";
import type { ToolService } from "../service.js";

export const HOST_FAULTS = {
  // transport level
  "stdio-wrong-code": { caughtBy: "wright-agent/stdio-garbage", doc: "stdio answers a line that is not JSON with code parse-error instead of malformed-request." },
  "jsonrpc-refusal-as-error": { caughtBy: "wright-agent/jsonrpc-refusal-in-result", doc: "JSON-RPC answers a service refusal as a top-level error (-32000) instead of result {error}." },
  "jsonrpc-empty-batch-ignored": { caughtBy: "wright-agent/jsonrpc-framing", doc: "JSON-RPC sends nothing for an empty batch instead of -32600." },
  "jsonrpc-alias-differs": { caughtBy: "wright-agent/jsonrpc-aliases", doc: "The JSON-RPC aliases run their operation with all: true, so they differ from request {op}." },
  "mcp-lists-unadvertised": { caughtBy: "wright-agent/mcp-tools-list", doc: "capabilities stops advertising simulate and lookup, but tools/list still lists every MCP tool." },
  "mcp-unknown-tool-as-result": { caughtBy: "wright-agent/mcp-protocol-errors", doc: "An unknown MCP tool is answered with an isError tool result instead of JSON-RPC -32602." },
  "mcp-echo-any-version": { caughtBy: "wright-agent/mcp-negotiation", doc: "initialize echoes whatever protocol version the client offers." },
  "mcp-refusal-not-error": { caughtBy: "wright-agent/mcp-refusals", doc: "A refused tool call comes back without isError: true." },
  // service level
  "capabilities-wrong-contract": { caughtBy: "wright-agent/capabilities-first", doc: "capabilities reports agent_contract wright-agent/v2." },
  "findings-result-invalid": { caughtBy: "wright-agent/results-validate", doc: "findings results carry snapshot as a string, violating FindingsResult." },
  "unknown-fields-refused": { caughtBy: "wright-agent/unknown-fields-ignored", doc: "A request carrying a field its schema does not define is refused as malformed-request." },
  "nondeterministic-lint": { caughtBy: "wright-agent/determinism", doc: "lint results carry a per-request counter." },
  "selection-withheld-off-by-one": { caughtBy: "wright-agent/selection-arithmetic", doc: "findings' selection.withheld is one too many." },
  "stale-id-after-reload": { caughtBy: "wright-agent/state-stale-ids", doc: "A numeric id carrying a previously issued snapshot is accepted after a reload (the snapshot is silently upgraded to the current one)." },
  "broken-input-serves-old-program": { caughtBy: "wright-agent/state-freshness", doc: "While the input cannot load, program-reading requests are answered from the last good program instead of refused." },
  "ambiguous-rule-picks-first": { caughtBy: "wright-agent/state-rule-addresses", doc: "An ambiguous rule address silently selects its first candidate." },
  "default-cap-ignored": { caughtBy: "wright-agent/state-selection", doc: "findings without selection fields are never capped at 20." },
  "rules-name-ignored": { caughtBy: "wright-agent/removed-vocabulary", doc: "The removed rules.name field is silently dropped instead of refused." },
  "mcp-result-differs": { caughtBy: "wright-agent/cross-transport", doc: "MCP tool results drop the snapshot member, so they differ from stdio and JSON-RPC." },
  "usage-missing-field-accepted": { caughtBy: "wright-agent/error-model", doc: "usage without its required symbol answers an empty usage result instead of malformed-request." },
} as const;

export type HostFault = keyof typeof HOST_FAULTS;

export function isHostFault(name: string): name is HostFault {
  return Object.prototype.hasOwnProperty.call(HOST_FAULTS, name);
}

/** Operations the mock stops advertising under mcp-lists-unadvertised. */
export const UNADVERTISED_UNDER_FAULT = ["simulate", "lookup"] as const;

const SERVICE_FAULTS: readonly HostFault[] = [
  "capabilities-wrong-contract",
  "findings-result-invalid",
  "unknown-fields-refused",
  "nondeterministic-lint",
  "selection-withheld-off-by-one",
  "stale-id-after-reload",
  "broken-input-serves-old-program",
  "ambiguous-rule-picks-first",
  "default-cap-ignored",
  "rules-name-ignored",
  "usage-missing-field-accepted",
];

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Wraps a service with the service-level faults (the transport-level ones are host options). */
export function withServiceFaults(service: ToolService, faults: ReadonlySet<HostFault>): ToolService {
  if (!SERVICE_FAULTS.some((f) => faults.has(f))) return service;
  let latest: number | undefined;
  let counter = 0;
  const issued = new Set<number>();
  const lastGood = new Map<string, ToolResponse>();

  const handle = async (raw: unknown): Promise<ToolResponse> => {
    if (!isObject(raw)) return service.handle(raw);
    let req: Record<string, unknown> = { ...raw };
    const op = typeof req.op === "string" ? req.op : "";
    const entry = operationEntry(op);
    if (faults.has("rules-name-ignored") && op === "rules") delete req.name;
    if (faults.has("stale-id-after-reload") && typeof req.snapshot === "number" && issued.has(req.snapshot)) req.snapshot = latest;
    if (faults.has("unknown-fields-refused") && entry) {
      const known = Object.keys((contractDocument.$defs[entry.request]!.properties ?? {}) as object);
      const unknown = Object.keys(req).filter((k) => !known.includes(k));
      if (unknown.length) return { error: { code: "malformed-request", message: `unknown field(s) ${unknown.join(", ")}` } };
    }
    if (faults.has("usage-missing-field-accepted") && op === "usage" && req.symbol === undefined) {
      return { result: { id: 0, kind: "globalVariable", name: "", counts: { declaration: 0, definition: 0, read: 0, write: 0, call: 0, total: 0 }, snapshot: latest ?? 1 } as never };
    }
    if (faults.has("default-cap-ignored") && op === "findings" && !["severity", "rule", "file", "max", "all"].some((k) => k in req)) req = { ...req, all: true };

    let response = await service.handle(req);

    if (faults.has("ambiguous-rule-picks-first") && "error" in response && response.error.code === "ambiguous-rule" && response.error.candidates?.length) {
      response = await service.handle({ ...req, rule: response.error.candidates[0]!.address });
    }
    if (faults.has("broken-input-serves-old-program") && "error" in response && ["parse-error", "input-io"].includes(response.error.code) && lastGood.has(op)) {
      return lastGood.get(op)!;
    }
    if (!("result" in response)) return response;
    lastGood.set(op, response);
    const result = response.result;
    if (isObject(result) && typeof result.snapshot === "number") issued.add((latest = result.snapshot));
    if (!isObject(result)) return response;
    if (faults.has("capabilities-wrong-contract") && op === "capabilities") return { result: { ...result, agent_contract: "wright-agent/v2" } };
    if (faults.has("findings-result-invalid") && op === "findings") return { result: { ...result, snapshot: String(result.snapshot ?? "") } };
    if (faults.has("nondeterministic-lint") && op === "lint") return { result: { ...result, servedAt: counter++ } };
    if (faults.has("selection-withheld-off-by-one") && op === "findings" && isObject(result.selection)) {
      return { result: { ...result, selection: { ...result.selection, withheld: Number(result.selection.withheld) + 1 } } };
    }
    return response;
  };
  return { operations: service.operations, handle };
}
