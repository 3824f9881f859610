/**
 * Per-area figures from Stryker's JSON report (mutation-testing-report-schema): the counts by
 * status and the mutation score as Stryker defines it, detected / (detected + undetected), where
 * detected = killed + timeout and undetected = survived + noCoverage. Compile and runtime errors
 * and ignored mutants are not valid mutants and count nowhere.
 */

export interface AreaSummary {
  score: number;
  killed: number;
  survived: number;
  timeout: number;
  noCoverage: number;
}

export interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  /** For Ignored: the reason (a disable comment's text after the mutator list). */
  statusReason?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

export interface MutationReport {
  files: Record<string, { mutants: ReportMutant[] }>;
}

export function summarise(report: MutationReport): AreaSummary {
  const counts = { Killed: 0, Survived: 0, Timeout: 0, NoCoverage: 0 } as Record<string, number>;
  for (const file of Object.values(report.files)) {
    for (const m of file.mutants) if (m.status in counts) counts[m.status]!++;
  }
  const detected = counts.Killed! + counts.Timeout!;
  const valid = detected + counts.Survived! + counts.NoCoverage!;
  // Stryker reports a score of 100 when there is nothing to mutate; so do we (nothing survived).
  const score = valid === 0 ? 100 : Math.round((detected / valid) * 10000) / 100;
  return {
    score,
    killed: counts.Killed!,
    survived: counts.Survived!,
    timeout: counts.Timeout!,
    noCoverage: counts.NoCoverage!,
  };
}

/** The undetected mutants (survived or not covered), one readable line each, for the doc. */
export function undetected(report: MutationReport): string[] {
  const out: string[] = [];
  for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    for (const m of [...mutants].sort(
      (a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column,
    )) {
      if (m.status !== "Survived" && m.status !== "NoCoverage") continue;
      const replacement = (m.replacement ?? "").replace(/\s+/g, " ").slice(0, 80);
      out.push(
        `${file}:${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName} -> ${replacement}`,
      );
    }
  }
  return out;
}
