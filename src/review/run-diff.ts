/** Library entry of `contract-suite diff`: two inputs in, one report out. */
import { buildModel, ModelError } from "./model.js";
import { diffModels, type DiffOptions, type DiffReport } from "./diff.js";
import { fingerprint, worstVerdict, type Finding, type Verdict } from "./finding.js";
import { loadSource } from "./source.js";
import { locateFindings } from "./report/locate.js";
import type { LoadedContract } from "../contracts/index.js";

export interface DiffInputsOptions extends DiffOptions {
  /** JSON Schema definitions a client receives (the registry's `received`). */
  received?: string[];
  cwd?: string;
  /** Folders a file input's references may reach besides its own folder (`--ref-root`). */
  refRoots?: readonly string[];
  /** Per-kind verdict overrides (oasdiff's severity levels): `{"default-changed": "compatible"}`; "ignore" drops the kind. */
  levels?: Levels;
}

/**
 * Per-kind verdict overrides (oasdiff's severity levels), keyed `kind` or `kind:request` /
 * `kind:response`: a direction's level applies to findings on that side; a finding seen from both
 * sides takes the worse of its two sides' levels, and the kind's plain level when a side has none.
 */
export type Levels = Record<string, Verdict | "ignore">;

export function levelOf(f: Finding, levels: Levels): Verdict | "ignore" | undefined {
  const plain = levels[f.kind];
  if (f.direction === "request" || f.direction === "response") return levels[`${f.kind}:${f.direction}`] ?? plain;
  if (f.direction !== "both") return plain;
  const sides = [levels[`${f.kind}:request`] ?? plain, levels[`${f.kind}:response`] ?? plain];
  if (sides.some((s) => s === undefined)) return plain;
  if (sides.every((s) => s === "ignore")) return "ignore";
  return worstVerdict(sides.filter((s): s is Verdict => s !== "ignore"));
}

/** Applies the overrides and recomputes the overall verdict. */
export function applyLevels(report: DiffReport, levels: Levels | undefined): DiffReport {
  if (!levels || Object.keys(levels).length === 0) return report;
  const findings = report.findings.flatMap((f) => {
    const level = levelOf(f, levels);
    if (level === "ignore") return [];
    return level && level !== f.verdict
      ? [{ ...f, verdict: level, evidence: `${f.evidence} [verdict ${f.verdict} overridden to ${level}]` }]
      : [f];
  });
  return { ...report, verdict: worstVerdict(findings.map((f) => f.verdict)), findings };
}

/** Diffs two documents given as paths or `git:<ref>:<path>`; each finding's subject carries its file, line and column. */
export async function diffDocuments(
  oldSpec: string,
  newSpec: string,
  options: DiffInputsOptions = {},
): Promise<DiffReport> {
  const sourceOptions = { cwd: options.cwd, refRoots: options.refRoots };
  const [a, b] = [await loadSource(oldSpec, sourceOptions), await loadSource(newSpec, sourceOptions)];
  const report = applyLevels(
    diffContracts(a.contract, b.contract, { ...options, labels: [a.label, b.label] }),
    options.levels,
  );
  return locateFindings(report, { old: a, new: b });
}

/** A document the model cannot be built from is unusable input (ModelError), never an internal error. */
function guardedModel(c: LoadedContract, received: string[] | undefined, label: string | undefined) {
  try {
    return buildModel(c, { received, label });
  } catch (e) {
    if (e instanceof ModelError) throw e;
    throw new ModelError(`${c.doc.path}: cannot read the document: ${(e as Error).message}`);
  }
}

/** Diffs two loaded contracts (registry history checks come in here). */
export function diffContracts(
  oldC: LoadedContract,
  newC: LoadedContract,
  options: DiffInputsOptions & { labels?: [string, string] } = {},
): DiffReport {
  // A $ref loop through $ref alone never reaches a schema (the loader's ref-cycle problem): nothing
  // can be compared through it, so the diff fails closed with one undecided finding per loop (issue 32).
  const loops = [
    ...oldC.problems.filter((p) => p.rule === "ref-cycle").map((p) => ["old", p] as const),
    ...newC.problems.filter((p) => p.rule === "ref-cycle").map((p) => ["new", p] as const),
  ];
  if (loops.length) {
    const findings: Finding[] = loops.map(([side, p]) => ({
      id: fingerprint("analysis-failed", `#${p.pointer}`, undefined, `${side} ${p.message}`),
      kind: "analysis-failed",
      verdict: "undecided",
      direction: "none",
      path: `#${p.pointer}`,
      subject: { label: `#${p.pointer}`, [side]: { file: side, pointer: p.pointer } },
      reaches: [],
      message: "this part could not be compared; review it by hand",
      evidence: `the ${side} document's ${p.message}, so no part of the two versions was compared`,
    }));
    return {
      verdict: "undecided",
      old: options.labels?.[0] ?? oldC.doc.path,
      new: options.labels?.[1] ?? newC.doc.path,
      findings,
      warnings: [],
      stats: { surfaces: 0, unchanged: 0, samples: 0 },
      budget: [],
    };
  }
  const oldM = guardedModel(oldC, options.received, options.labels?.[0]);
  const newM = guardedModel(newC, options.received, options.labels?.[1]);
  return diffModels(oldM, newM, options);
}
