/** Library entry of `contract-suite diff`: two inputs in, one report out. */
import { buildModel, ModelError } from "./model.js";
import { diffModels, type DiffOptions, type DiffReport, type Verdict } from "./diff.js";
import { loadSource } from "./source.js";
import type { LoadedContract } from "../contracts/index.js";

export interface DiffInputsOptions extends DiffOptions {
  /** JSON Schema definitions a client receives (the registry's `received`). */
  received?: string[];
  cwd?: string;
  /** Folders a file input's references may reach besides its own folder (`--ref-root`). */
  refRoots?: readonly string[];
  /** Per-kind verdict overrides (oasdiff's severity levels): `{"default-changed": "compatible"}`; "ignore" drops the kind. */
  levels?: Record<string, Verdict | "ignore">;
}

/** Applies per-kind overrides and recomputes the overall verdict. */
export function applyLevels(report: DiffReport, levels: Record<string, Verdict | "ignore"> | undefined): DiffReport {
  if (!levels || Object.keys(levels).length === 0) return report;
  const changes = report.changes
    .filter((c) => levels[c.kind] !== "ignore")
    .map((c) => {
      const level = levels[c.kind];
      return level && level !== "ignore" && level !== c.verdict
        ? { ...c, verdict: level, evidence: `${c.evidence} [verdict ${c.verdict} overridden to ${level}]` }
        : c;
    });
  const verdict: Verdict = changes.some((c) => c.verdict === "breaking")
    ? "breaking"
    : changes.some((c) => c.verdict === "needs-review")
      ? "needs-review"
      : "compatible";
  return { ...report, verdict, changes };
}

/** Diffs two documents given as paths or `git:<ref>:<path>`. */
export async function diffDocuments(
  oldSpec: string,
  newSpec: string,
  options: DiffInputsOptions = {},
): Promise<DiffReport> {
  const sourceOptions = { cwd: options.cwd, refRoots: options.refRoots };
  const [a, b] = [await loadSource(oldSpec, sourceOptions), await loadSource(newSpec, sourceOptions)];
  return applyLevels(diffContracts(a.contract, b.contract, { ...options, labels: [a.label, b.label] }), options.levels);
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
  const oldM = guardedModel(oldC, options.received, options.labels?.[0]);
  const newM = guardedModel(newC, options.received, options.labels?.[1]);
  if (oldM.kind !== newM.kind) {
    const inner = diffModels(oldM, newM, options);
    return {
      ...inner,
      verdict: inner.verdict === "breaking" ? "breaking" : "needs-review",
      changes: [
        {
          path: "#",
          kind: "document-kind-changed",
          direction: "none",
          verdict: "needs-review",
          evidence: `${oldM.kind} -> ${newM.kind}: compared surface by surface where keys match`,
        },
        ...inner.changes,
      ],
    };
  }
  return diffModels(oldM, newM, options);
}
