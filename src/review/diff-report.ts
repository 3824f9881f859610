/** Renders a diff report in every review format. */
import { junitXml, markdownTable } from "../report/format.js";
import type { DiffReport } from "./diff.js";
import type { Finding, Verdict } from "./finding.js";
import { githubCommand, type ReviewFormat } from "./format.js";

export function renderDiff(report: DiffReport, format: ReviewFormat): string {
  switch (format) {
    case "json":
      return JSON.stringify(
        {
          verdict: report.verdict,
          old: report.old,
          new: report.new,
          findings: report.findings,
          warnings: report.warnings,
          stats: report.stats,
          budget: report.budget,
        },
        null,
        2,
      );
    case "markdown":
      return [
        `**${report.verdict}**: \`${report.old}\` -> \`${report.new}\` (${summary(report)})`,
        "",
        ...report.warnings.map(
          (w) => `- ${w.notice ? "notice" : "warning"} (${w.side}) \`${w.file}#${w.pointer}\` ${w.rule}: ${w.message}`,
        ),
        ...(report.warnings.length ? [""] : []),
        markdownTable(
          ["verdict", "kind", "path", "direction", "change", "evidence", "counterexample"],
          report.findings.map((c) => [
            c.verdict,
            c.kind,
            `\`${c.path}\``,
            c.direction,
            c.message,
            c.evidence,
            c.counterexample
              ? `\`${JSON.stringify(c.counterexample.payload)}\` (valid under ${c.counterexample.valid}, not under ${c.counterexample.invalid}: ${c.counterexample.error}${c.counterexample.atChange ? `; with ${c.counterexample.atChange.apart.join(", ")} as ${c.counterexample.invalid} has it: ${c.counterexample.atChange.error}` : ""})`
              : "",
          ]),
        ),
      ].join("\n");
    case "junit":
      return junitXml([
        {
          name: `diff ${report.old} -> ${report.new}`,
          cases: report.findings.map((c) => ({
            classname: c.kind,
            name: `${c.verdict === "needs-review" ? "[needs review] " : c.verdict === "undecided" ? "[undecided] " : ""}${c.path}`,
            timeSeconds: 0,
            failure:
              c.verdict === "breaking" || c.verdict === "undecided"
                ? { message: `${c.kind}: ${c.evidence}`, body: counterexampleText(c) }
                : undefined,
          })),
        },
        ...(report.warnings.length
          ? [
              {
                name: "document defects",
                cases: report.warnings.map((w) => ({
                  classname: w.rule,
                  name: `${w.side} ${w.file}#${w.pointer}: ${w.message}`,
                  timeSeconds: 0,
                })),
              },
            ]
          : []),
      ]);
    case "github": {
      const lines = report.warnings.map((w) =>
        githubCommand(w.notice ? "notice" : "warning", `${w.file}#${w.pointer}: ${w.message}`, {
          title: `${w.notice ? "not checked" : "document defect"}: ${w.rule}`,
        }),
      );
      lines.push(
        ...report.findings
          .filter((c) => c.verdict !== "compatible")
          .map((c) =>
            githubCommand(
              c.verdict === "breaking" || c.verdict === "undecided" ? "error" : "warning",
              `${c.path}: ${c.evidence}${c.counterexample ? `\n${counterexampleText(c)}` : ""}`,
              { title: `${c.verdict}: ${c.kind}` },
            ),
          ),
      );
      lines.push(`diff ${report.old} -> ${report.new}: ${report.verdict} (${summary(report)})`);
      return lines.join("\n");
    }
    case "text": {
      const label: Record<Verdict, string> = {
        breaking: "BREAKING",
        undecided: "UNDECIDED",
        "needs-review": "REVIEW  ",
        compatible: "ok      ",
      };
      const lines: string[] = report.warnings.map(
        (w) => `${w.notice ? "notice " : "warning"}   ${w.rule}  ${w.file}#${w.pointer}  (${w.side}): ${w.message}`,
      );
      for (const c of report.findings) {
        lines.push(`${label[c.verdict]}  ${c.kind}  ${c.path}  (${c.direction})`);
        lines.push(`          ${c.message}`);
        if (c.reaches.length) lines.push(`          reaches: ${reachText(c)}`);
        lines.push(`          ${c.evidence}`);
        if (c.counterexample) for (const l of counterexampleText(c).split("\n")) lines.push(`          ${l}`);
      }
      lines.push(`verdict: ${report.verdict} (${summary(report)})`);
      return lines.join("\n");
    }
  }
}

/** The operations a finding reaches, a few by name. */
function reachText(f: Finding): string {
  const shown = f.reaches.slice(0, 4).map((r) => `${r.operation} ${r.part}`);
  return f.reaches.length > 4 ? `${shown.join(", ")} and ${f.reaches.length - 4} more` : shown.join(", ");
}

function counterexampleText(c: Finding): string {
  const cx = c.counterexample;
  if (!cx) return "";
  const apart = cx.atChange
    ? `\nwith ${cx.atChange.apart.join(", ")} as ${cx.invalid} has it (no value both versions accept there), ${cx.invalid} rejects it at the change: ${cx.atChange.error}`
    : "";
  const unavoidable = cx.unavoidable
    ? `\nno payload ${cx.valid} accepts can fail first at the change: ${cx.unavoidable.member} is required and ${cx.invalid} checks it first, with no value both versions accept there`
    : "";
  return `counterexample (valid under ${cx.valid}, invalid under ${cx.invalid}): ${JSON.stringify(cx.payload)}\n${cx.invalid} rejects it: ${cx.error}${apart}${unavoidable}`;
}

export function summary(report: DiffReport): string {
  const n = (v: Verdict) => report.findings.filter((c) => c.verdict === v).length;
  const notices = report.warnings.filter((x) => x.notice).length;
  const defects = report.warnings.length - notices;
  const w = `${defects ? `; ${defects} document defect warning(s)` : ""}${notices ? `; ${notices} notice(s)` : ""}`;
  return `${n("breaking")} breaking, ${n("undecided")} undecided, ${n("needs-review")} needs review, ${n("compatible")} compatible; ${report.stats.unchanged}/${report.stats.surfaces} surfaces unchanged, ${report.stats.samples} payloads sampled${w}`;
}
