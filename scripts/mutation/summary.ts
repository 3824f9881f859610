/**
 * Per-area figures from Stryker's JSON report (mutation-testing-report-schema) and the argued
 * survivors (survivors.ts). Two scores, side by side:
 * - Stryker's own: detected / valid, where detected = killed + timeout and valid = detected +
 *   survived + noCoverage (compile and runtime errors and ignored mutants count nowhere). Stryker
 *   ignores nothing here (decision 247), so this is also detected / ALL mutants;
 * - the protocol score: detected / (all - argued), the mutants whose survival an argument
 *   (equivalent, own choice, not a protocol behaviour) says cannot be a protocol fault left out.
 *   A gap or an unargued survivor stays in it.
 * `arguedShare` says how much the second leaves out: argued / all.
 */
import { ARGUED_KINDS } from "./arguments/index.js";

export interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  statusReason?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

export interface MutationReport {
  files: Record<string, { source?: string; mutants: ReportMutant[] }>;
}

export type ArguedCounts = Record<(typeof ARGUED_KINDS)[number], number>;

export interface AreaSummary {
  /** Stryker's mutation score, as Stryker computes it. */
  score: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** Mutants Stryker ignored (0 while nothing is disabled) and the ones that did not compile or run. */
  ignored: number;
  errors: number;
  /** Valid mutants: killed + timeout + survived + noCoverage. */
  all: number;
  /** killed + timeout. */
  detected: number;
  /** The undetected (survived or not covered), by what ignores.json says of them. */
  argued: ArguedCounts;
  gaps: number;
  unargued: number;
  /** argued / all, percent. */
  arguedShare: number;
  /** detected / (all - argued), percent. */
  protocolScore: number;
}

export const UNDETECTED = new Set(["Survived", "NoCoverage"]);

const percent = (part: number, whole: number): number =>
  // Stryker reports a score of 100 when there is nothing to mutate; so do we (nothing survived).
  whole === 0 ? 100 : Math.round((part / whole) * 10000) / 100;

/**
 * The figures of one report. `argued`, `gaps` and `unargued` split the undetected mutants; when
 * they are not given (no classification) every undetected mutant counts as unargued.
 */
export function summarise(
  report: MutationReport,
  classified?: { argued: ArguedCounts; gaps: number; unargued: number },
): AreaSummary {
  const counts: Record<string, number> = {};
  for (const file of Object.values(report.files))
    for (const m of file.mutants) counts[m.status] = (counts[m.status] ?? 0) + 1;
  const n = (status: string) => counts[status] ?? 0;
  const detected = n("Killed") + n("Timeout");
  const undetected = n("Survived") + n("NoCoverage");
  const all = detected + undetected;
  const argued = classified?.argued ?? { equivalent: 0, "own choice": 0, "not a protocol behaviour": 0 };
  const arguedTotal = ARGUED_KINDS.reduce((s, k) => s + argued[k], 0);
  return {
    score: percent(detected, all),
    killed: n("Killed"),
    timeout: n("Timeout"),
    survived: n("Survived"),
    noCoverage: n("NoCoverage"),
    ignored: n("Ignored"),
    errors: n("CompileError") + n("RuntimeError"),
    all,
    detected,
    argued,
    gaps: classified?.gaps ?? 0,
    unargued: classified?.unargued ?? undetected,
    arguedShare: percent(arguedTotal, all),
    protocolScore: percent(detected, all - arguedTotal),
  };
}

/** One line for a person: both scores and what the second leaves out. */
export function summaryLine(area: string, s: AreaSummary): string {
  const argued = ARGUED_KINDS.map((k) => `${s.argued[k]} ${k}`).join(", ");
  return `mutation ${area}: Stryker score ${s.score} (${s.detected} of ${s.all} mutants detected: killed ${s.killed}, timeout ${s.timeout}; survived ${s.survived}, no coverage ${s.noCoverage}); protocol score ${s.protocolScore} without ${s.arguedShare} % argued (${argued}); ${s.gaps} in known gaps, ${s.unargued} not argued`;
}
