/** Renders a lint report in every review format. */
import { junitXml, markdownTable } from "../../report/format.js";
import { githubCommand, type ReviewFormat } from "../format.js";
import type { LintFinding, LintReport } from "./engine.js";
import { RULES } from "./registry.js";

export function renderLint(report: LintReport, format: ReviewFormat): string {
  const where = (f: LintFinding) => `${f.file}${f.line ? `:${f.line}:${f.column ?? 1}` : ""}`;
  switch (format) {
    case "json":
      return JSON.stringify(report, null, 2);
    case "markdown":
      return [
        `**lint ${report.ok ? "passed" : "FAILED"}** (${summary(report)})`,
        "",
        markdownTable(
          ["severity", "rule", "location", "message"],
          report.findings.map((f) => [f.severity, f.rule, `\`${where(f)}\` \`${f.pointer || "/"}\``, f.message]),
        ),
      ].join("\n");
    case "junit":
      return junitXml(
        report.contracts
          .map((c) => ({
            name: `lint ${c}`,
            cases: [
              ...RULES.map((r) => {
                const fs = report.findings.filter((f) => f.contract === c && f.rule === r.id && f.severity === "error");
                return {
                  classname: `lint.${r.category}`,
                  name: `${c}: ${r.id}`,
                  timeSeconds: 0,
                  failure: fs.length
                    ? {
                        message: `${fs.length} finding(s)`,
                        body: fs.map((f) => `${where(f)} ${f.pointer} ${f.message}`).join("\n"),
                      }
                    : undefined,
                };
              }),
            ],
          }))
          .concat(
            report.findings.some((f) => f.rule === "unused-waiver")
              ? [
                  {
                    name: "lint waivers",
                    cases: report.findings
                      .filter((f) => f.rule === "unused-waiver")
                      .map((f) => ({
                        classname: "lint.engine",
                        name: f.pointer,
                        timeSeconds: 0,
                        failure: f.severity === "error" ? { message: f.message, body: "" } : undefined,
                      })),
                  },
                ]
              : [],
          ),
      );
    case "github": {
      const lines = report.findings.map((f) =>
        githubCommand(
          f.severity === "error" ? "error" : f.severity === "warning" ? "warning" : "notice",
          `${f.message} (${f.pointer || "/"})`,
          { file: f.file, line: f.line, col: f.column, title: f.rule },
        ),
      );
      lines.push(`lint ${report.ok ? "passed" : "failed"}: ${summary(report)}`);
      return lines.join("\n");
    }
    case "text": {
      const lines = report.findings.map(
        (f) => `${where(f)}  ${f.severity.padEnd(7)}  ${f.rule}  ${f.message}\n    at ${f.location}`,
      );
      lines.push(`lint ${report.ok ? "passed" : "FAILED"}: ${summary(report)}`);
      return lines.join("\n");
    }
  }
}

export function summary(report: LintReport): string {
  const n = (s: string) => report.findings.filter((f) => f.severity === s).length;
  return `${report.contracts.length} contract(s), ${n("error")} error(s), ${n("warning")} warning(s), ${n("info")} info, ${report.waived.length} waived`;
}
