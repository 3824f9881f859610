/**
 * `contract-suite diff`: classifies every change between two versions of a contract as breaking,
 * undecided, needs-review or compatible, in the direction its data travels, once per change
 * (docs/decisions/248-diff-finding-model.md).
 *
 * The orchestrator: pair the surfaces (engine/pair.ts), let the kind units detect on the
 * documents, on every changed surface pair (engine/compare.ts: the structural pass in the
 * direction(s) that matter, each difference named by a payload kind) and on annotation edits
 * (engine/annotations.ts); merge the drafts into one finding per change and decide each `by-proof`
 * verdict by asking the counterexample service (engine/decide.ts, prove/) once per finding.
 */
import type { ContractModel } from "./model.js";
import { Containment } from "./schema/containment.js";
import { minimalExample } from "./example.js";
import type { SchemaContext } from "./schema/context.js";
import type { SchemaNode } from "./schema/keywords.js";
import { VERDICT_ORDER, worstVerdict, type Finding, type Verdict } from "./finding.js";
import { EDIT_UNITS, MODEL_UNITS } from "./kinds/index.js";
import { ModelPair } from "./engine/pair.js";
import { compareSurface, type EngineDraft } from "./engine/compare.js";
import { annotationEdits } from "./engine/annotations.js";
import { Decider } from "./engine/decide.js";
import { relabelRenamedParams } from "./engine/relabel.js";
import { Prover } from "./prove/prover.js";

export type { Counterexample, Finding, Verdict } from "./finding.js";
export { errorInside } from "./finding.js";

/** A defect of an input document, repaired (or worked around) so the diff could go on. */
export interface DiffWarning {
  side: "old" | "new";
  file: string;
  pointer: string;
  rule: string;
  message: string;
  /** Not a defect (the document is valid; `--strict` does not refuse it): something the review cannot check, such as an unknown format. */
  notice?: true;
}

export interface DiffReport {
  verdict: Verdict;
  old: string;
  new: string;
  findings: Finding[];
  warnings: DiffWarning[];
  stats: { surfaces: number; unchanged: number; samples: number };
  /** What the engine cut to stay within its budget, in words (empty when nothing was). */
  budget: string[];
}

export interface DiffOptions {
  /** Samples per surface search. Default 200. */
  samples?: number;
  seed?: number;
}

export const DEFAULT_SAMPLES = 200;
export const DEFAULT_SEED = 0x5eed;
/** Compatible surfaces whose structural proof is cross-checked by a payload search (each `samples` payloads). */
export const CROSS_CHECKS = 64;

export function diffModels(oldM: ContractModel, newM: ContractModel, options: DiffOptions = {}): DiffReport {
  const samples = options.samples ?? DEFAULT_SAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  // One checker per direction for the whole diff: surfaces share definitions, and its memo of (A node, B node) results with them.
  const checkers = {
    old: new Containment(oldM.ctx, newM.ctx, { example: (n) => exampleValue(n, oldM.ctx) }),
    new: new Containment(newM.ctx, oldM.ctx, { example: (n) => exampleValue(n, newM.ctx) }),
  };
  const prover = new Prover(checkers, { seed, samples });
  const budget = { crossChecks: CROSS_CHECKS, cut: [] as string[] };
  const pair = new ModelPair(oldM, newM);

  const drafts: EngineDraft[] = [];
  let unchanged = 0;
  const guard = <T>(what: string, path: string, run: () => T, fallback: T): T =>
    guarded(drafts, what, path, run, fallback);
  for (const unit of MODEL_UNITS) drafts.push(...guard(`${unit.id} detection`, "#", () => unit.find(pair), []));
  for (const [so, sn] of pair.both) {
    if (so.role === "errors") continue; // declared errors are compared as (code, message) pairs (kinds/openrpc/)
    const r = guard("the comparison of this surface", sn.path, () => compareSurface(prover, oldM, newM, so, sn), {
      unchanged: false,
      drafts: [],
    });
    if (r.unchanged) unchanged++;
    drafts.push(...r.drafts);
  }
  for (const edit of guard("comparing annotations", "#", () => annotationEdits(oldM, newM), []))
    for (const unit of EDIT_UNITS) drafts.push(...guard(`${unit.id} detection`, "#", () => unit.find(edit, pair), []));

  const decider = new Decider(prover, budget);
  const findings = decider.decide(drafts);
  relabelRenamedParams(findings, oldM, newM);
  if (budget.crossChecks <= 0)
    budget.cut.push(
      `compatible surfaces past the first ${CROSS_CHECKS} rest on the structural proof alone (no sampled cross-check)`,
    );
  return {
    verdict: worstVerdict(findings.map((f) => f.verdict)),
    old: oldM.label,
    new: newM.label,
    findings: sortFindings(findings),
    warnings: warningsOf(oldM, newM),
    stats: { surfaces: oldM.surfaces.size, unchanged, samples: decider.sampled },
    budget: budget.cut,
  };
}

/** A detection that throws becomes an `analysis-failed` draft instead of ending the diff: undecided, so the gate fails closed (issue 32). */
function guarded<T>(drafts: EngineDraft[], what: string, path: string, run: () => T, fallback: T): T {
  try {
    return run();
  } catch (e) {
    drafts.push({
      kind: "analysis-failed",
      verdict: "undecided",
      direction: "none",
      path,
      evidence: `${what} failed (${(e as Error).message.split("\n")[0]}); review it by hand`,
      reaches: [],
    });
    return fallback;
  }
}

/** Report order: breaking, undecided, needs-review, compatible; then by place and kind. */
export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      VERDICT_ORDER.indexOf(a.verdict) - VERDICT_ORDER.indexOf(b.verdict) ||
      a.path.localeCompare(b.path) ||
      a.kind.localeCompare(b.kind),
  );
}

/** A schema can be read twice (a bundled definition and the inline surface it came from): one warning per site. */
function warningsOf(oldM: ContractModel, newM: ContractModel): DiffWarning[] {
  const all = [
    ...oldM.defects.map((d) => ({ side: "old" as const, ...d })),
    ...newM.defects.map((d) => ({ side: "new" as const, ...d })),
  ];
  return [...new Map(all.map((w) => [`${w.side}|${w.file}|${w.pointer}|${w.rule}|${w.message}`, w] as const)).values()];
}

function exampleValue(n: SchemaNode, ctx: SchemaContext): unknown {
  const ex = minimalExample(n, ctx);
  return ex.found ? ex.value : undefined;
}
