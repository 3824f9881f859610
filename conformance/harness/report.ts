import { junitXml, markdownTable, type Format } from "../../src/report/format.js";
import { describeFailure, safeStringify, type SuiteReport } from "./runner.js";
import { renderBaselineVerdict, type BaselineVerdict } from "./baseline.js";

export function passed(report: SuiteReport): boolean {
  return report.results.every((r) => r.status !== "fail");
}

/**
 * The reports in a format. With a baseline verdict, the run's outcome is the verdict's: JSON says
 * so in `ok` and `baseline`, JUnit shows a baselined failure as skipped and a baselined check that
 * now passes as a failure, text and Markdown end with the verdict.
 */
export function renderSuiteReports(reports: SuiteReport[], format: Format, baseline?: BaselineVerdict): string {
  const expected = new Set(baseline?.stillFailing);
  const nowPassing = new Set(baseline?.nowPassing);
  const verdict = baseline ? renderBaselineVerdict(baseline) : "";
  switch (format) {
    case "json":
      return (
        JSON.stringify(
          { ok: baseline ? baseline.ok : reports.every(passed), suites: reports, ...(baseline ? { baseline } : {}) },
          null,
          2,
        ) + "\n"
      );
    case "junit":
      return junitXml(
        reports.map((r) => ({
          name: `${r.suite} (${r.target})`,
          cases: r.results.map((c) => ({
            classname: r.suite,
            name: c.id,
            timeSeconds: c.durationMs / 1000,
            skipped: c.status === "skip" || (c.status === "fail" && expected.has(c.id)),
            failure:
              c.status === "fail" && !expected.has(c.id)
                ? { message: c.message ?? "failed", body: describeFailure(c) }
                : c.status === "pass" && nowPassing.has(c.id)
                  ? { message: "passes now: remove it from the baseline", body: baseline!.file }
                  : undefined,
          })),
        })),
      );
    case "markdown":
      return (
        reports
          .map((r) => {
            const rows = r.results.map((c) => [
              c.id,
              c.status === "pass" ? "pass" : c.status === "skip" ? "skip" : "**FAIL**",
              c.status === "fail"
                ? `${c.message ?? ""}${c.counterexample !== undefined ? ` — counterexample \`${safeStringify(c.counterexample)}\`` : ""}`
                : "",
            ]);
            const notes = r.notes?.length ? `\n${r.notes.map((n) => `- ${n}`).join("\n")}\n` : "";
            return `### ${r.suite} — ${r.target} (seed ${r.seed})\n\n${markdownTable(["check", "status", "details"], rows)}\n${notes}`;
          })
          .join("\n") +
        "\n" +
        verdict
      );
    case "text": {
      const lines: string[] = [];
      for (const r of reports) {
        lines.push(`${r.suite} against ${r.target} (seed ${r.seed})`);
        for (const c of r.results) {
          lines.push(
            `  ${c.status === "pass" ? "ok  " : c.status === "skip" ? "skip" : "FAIL"} ${c.id} (${Math.round(c.durationMs)} ms)`,
          );
          if (c.status === "fail") lines.push(describeFailure(c).replace(/^/gm, "       "));
        }
        const f = r.results.filter((c) => c.status === "fail").length;
        const sk = r.results.filter((c) => c.status === "skip").length;
        lines.push(
          `  ${r.results.length - f - sk} passed, ${f} failed${sk ? `, ${sk} skipped (not applicable to this target)` : ""}`,
        );
        for (const n of r.notes ?? []) lines.push(`  note: ${n}`);
      }
      return lines.join("\n") + "\n" + verdict;
    }
  }
}
