/**
 * One ordinary request per operation, built from what the target itself reports (rule addresses,
 * symbol names, languages, input identity), so the suite works against any project. `result`
 * marks requests a server whose project loads must answer with a result, not a refusal.
 */
import type { WrightAgentTarget, Transport } from "./target.js";

/**
 * A well-formed one-edit transaction against a source no project has (a transaction carries at least
 * one edit): servers answer it with a payload refusal (or a refusal), never a protocol error.
 */
const ONE_EDIT = {
  edits: [
    {
      kind: "replace",
      source: "conformance-probe.ws",
      source_identity: "0".repeat(64),
      range: { start_line: 1, start_col: 1, end_line: 1, end_col: 1 },
      new_text: "",
    },
  ],
};

export interface Sample {
  op: string;
  request: { op: string } & Record<string, unknown>;
  /** always: must be a result; loaded: a result when the project loads; any: result or refusal. */
  result: "always" | "loaded" | "any";
}

export interface ProjectFacts {
  loaded: boolean;
  inputIdentity?: string;
  ruleAddress?: string;
  symbolAddress?: string;
  language?: string;
}

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
/** A list member that may be bare or `{items, truncation}`. */
const list = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : Array.isArray(obj(v)?.items) ? (obj(v)!.items as unknown[]) : [];

/** Facts about the target's project, read through a transport that reaches the needed operations. */
export async function projectFacts(target: WrightAgentTarget, via: Transport): Promise<ProjectFacts> {
  const ops = await target.reachable(via);
  const facts: ProjectFacts = { loaded: false };
  const caps = await target.capabilities();
  facts.language = caps?.languages?.[0] ?? "workshop";
  if (ops.includes("project")) {
    const p = await target.call(via, { op: "project" });
    facts.loaded = p.kind === "result";
    if (p.kind === "result") facts.inputIdentity = String(obj(p.value)?.inputIdentity ?? "");
  }
  if (ops.includes("rules")) {
    const r = await target.call(via, { op: "rules", max: 5 });
    if (r.kind === "result") facts.loaded = true;
    const first = obj(list(obj(r.kind === "result" ? r.value : undefined)?.rules)[0]);
    if (typeof first?.address === "string") facts.ruleAddress = first.address;
  }
  if (ops.includes("symbols")) {
    const s = await target.call(via, { op: "symbols", max: 50 });
    const symbols = list(obj(s.kind === "result" ? s.value : undefined)?.symbols).map(obj);
    const sym = symbols.find((x) => x && ["globalVariable", "playerVariable", "subroutine"].includes(String(x.kind)));
    if (sym) facts.symbolAddress = `${String(sym.kind)}:${String(sym.name)}`;
  }
  return facts;
}

/** The sample requests for the advertised operations (compile excluded: it writes files). */
export function samples(advertised: readonly string[], f: ProjectFacts): Sample[] {
  const all: Sample[] = [
    { op: "capabilities", request: { op: "capabilities" }, result: "always" },
    { op: "targetMetadata", request: { op: "targetMetadata" }, result: "always" },
    { op: "project", request: { op: "project" }, result: "loaded" },
    { op: "rules", request: { op: "rules", max: 3 }, result: "loaded" },
    { op: "symbols", request: { op: "symbols", max: 3 }, result: "loaded" },
    { op: "findings", request: { op: "findings", max: 3 }, result: "loaded" },
    { op: "persistentObjects", request: { op: "persistentObjects" }, result: "loaded" },
    { op: "lint", request: { op: "lint" }, result: "loaded" },
    { op: "lintRules", request: { op: "lintRules" }, result: "loaded" },
    { op: "callGraph", request: { op: "callGraph" }, result: "loaded" },
    { op: "costEstimate", request: { op: "costEstimate" }, result: "loaded" },
    { op: "check", request: { op: "check" }, result: "always" },
    { op: "analyze", request: { op: "analyze" }, result: "loaded" },
    { op: "inspect", request: { op: "inspect" }, result: "loaded" },
    {
      op: "validateEditTransaction",
      request: { op: "validateEditTransaction", transaction: ONE_EDIT },
      result: "loaded",
    },
    {
      op: "providerValidateEdit",
      request: { op: "providerValidateEdit", language_id: "opy", transaction: ONE_EDIT, documents: {} },
      result: "any",
    },
    { op: "lookup", request: { op: "lookup", language: f.language ?? "workshop", query: "wait" }, result: "any" },
    {
      op: "listEntries",
      request: { op: "listEntries", language: f.language ?? "workshop", kind: "action" },
      result: "any",
    },
  ];
  if (f.ruleAddress) all.push({ op: "cfg", request: { op: "cfg", rule: f.ruleAddress }, result: "loaded" });
  if (f.symbolAddress) {
    all.push({ op: "references", request: { op: "references", symbol: f.symbolAddress, max: 3 }, result: "loaded" });
    all.push({ op: "usage", request: { op: "usage", symbol: f.symbolAddress }, result: "loaded" });
  }
  if (f.inputIdentity) {
    all.push({
      op: "editStatements",
      request: { op: "editStatements", inputIdentity: f.inputIdentity, edits: [] },
      result: "any",
    });
    all.push({
      op: "simulate",
      request: { op: "simulate", inputIdentity: f.inputIdentity, seconds: 1 },
      result: "any",
    });
  }
  return all.filter((s) => advertised.includes(s.op));
}
