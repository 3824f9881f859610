/**
 * TEST-ONLY faults: deliberately broken behaviours the mock command can be started with
 * (`serve wright-agent --fault <name>`, hidden from --help) so the conformance suite can be shown
 * to catch real mistakes in real processes. Never use them for anything else. Each names the
 * conformance check that must catch it.
 */
import type { ToolResponse } from "../../generated/wright-agent/types.js";
import type { ToolService } from "../service.js";

export const HOST_FAULTS = {
  "jsonrpc-refusal-as-error": { caughtBy: "wright-agent/jsonrpc-refusal-in-result", doc: "JSON-RPC answers a service refusal as a top-level error (-32000) instead of result {error}." },
  "mcp-lists-unadvertised": { caughtBy: "wright-agent/mcp-tools-list", doc: "capabilities stops advertising simulate and lookup, but tools/list still lists every MCP tool." },
  "mcp-unknown-tool-as-result": { caughtBy: "wright-agent/mcp-protocol-errors", doc: "An unknown MCP tool is answered with an isError tool result instead of JSON-RPC -32602." },
  "stale-id-after-reload": { caughtBy: "wright-agent/state-stale-ids", doc: "A numeric id carrying a previously issued snapshot is accepted after a reload (the snapshot is silently upgraded to the current one)." },
  "rules-name-ignored": { caughtBy: "wright-agent/removed-vocabulary", doc: "The removed rules.name field is silently dropped instead of refused." },
} as const;

export type HostFault = keyof typeof HOST_FAULTS;

export function isHostFault(name: string): name is HostFault {
  return Object.prototype.hasOwnProperty.call(HOST_FAULTS, name);
}

/** Operations the mock stops advertising under mcp-lists-unadvertised. */
export const UNADVERTISED_UNDER_FAULT = ["simulate", "lookup"] as const;

/** Wraps a service with the service-level faults (the transport-level ones are host options). */
export function withServiceFaults(service: ToolService, faults: ReadonlySet<HostFault>): ToolService {
  if (!faults.has("stale-id-after-reload") && !faults.has("rules-name-ignored")) return service;
  let latest: number | undefined;
  const issued = new Set<number>();
  const remember = (response: ToolResponse) => {
    const r = "result" in response ? (response.result as { snapshot?: unknown } | null) : null;
    if (r && typeof r === "object" && typeof r.snapshot === "number") issued.add((latest = r.snapshot));
  };
  return {
    operations: service.operations,
    async handle(raw: unknown) {
      let request = raw;
      if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) {
        const copy = { ...(raw as Record<string, unknown>) };
        if (faults.has("rules-name-ignored") && copy.op === "rules") delete copy.name;
        if (faults.has("stale-id-after-reload") && typeof copy.snapshot === "number" && issued.has(copy.snapshot)) copy.snapshot = latest;
        request = copy;
      }
      const response = await service.handle(request);
      remember(response);
      return response;
    },
  };
}
