/** Renders a diff report in every review format. */
import { junitXml, markdownTable } from "../report/format.js";
import type { Change, DiffReport } from "./diff.js";
import { githubCommand, type ReviewFormat } from "./format.js";

export function renderDiff(report: DiffReport, format: ReviewFormat): string {
  switch (format) {
    case "json":
      return JSON.stringify(
        {
          verdict: report.verdict,
          old: report.old,
          new: report.new,
          changes: report.changes.map(jsonChange),
          warnings: report.warnings,
          stats: report.stats,
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
          ["verdict", "kind", "path", "direction", "evidence", "counterexample"],
          report.changes.map((c) => [
            c.verdict,
            c.kind,
            `\`${c.path}\``,
            c.direction,
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
          cases: report.changes.map((c) => ({
            classname: c.kind,
            name: `${c.verdict === "needs-review" ? "[needs review] " : ""}${c.path}`,
            timeSeconds: 0,
            failure:
              c.verdict === "breaking"
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
        ...report.changes
          .filter((c) => c.verdict !== "compatible")
          .map((c) =>
            githubCommand(
              c.verdict === "breaking" ? "error" : "warning",
              `${c.path}: ${c.evidence}${c.counterexample ? `\n${counterexampleText(c)}` : ""}`,
              { title: `${c.verdict}: ${c.kind}` },
            ),
          ),
      );
      lines.push(`diff ${report.old} -> ${report.new}: ${report.verdict} (${summary(report)})`);
      return lines.join("\n");
    }
    case "text": {
      const label = { breaking: "BREAKING", "needs-review": "REVIEW  ", compatible: "ok      " } as const;
      const lines: string[] = report.warnings.map(
        (w) => `${w.notice ? "notice " : "warning"}   ${w.rule}  ${w.file}#${w.pointer}  (${w.side}): ${w.message}`,
      );
      for (const c of report.changes) {
        lines.push(`${label[c.verdict]}  ${c.kind}  ${c.path}  (${c.direction})`);
        lines.push(`          ${c.evidence}`);
        if (c.counterexample) for (const l of counterexampleText(c).split("\n")) lines.push(`          ${l}`);
      }
      lines.push(`verdict: ${report.verdict} (${summary(report)})`);
      return lines.join("\n");
    }
  }
}

function jsonChange(c: Change): Record<string, unknown> {
  const out: Record<string, unknown> = {
    path: c.path,
    kind: c.kind,
    direction: c.direction,
    verdict: c.verdict,
    evidence: c.evidence,
  };
  if (c.counterexample) out.counterexample = c.counterexample;
  if (c.surfaces?.length) out.surfaces = c.surfaces;
  if (c.at) out.at = c.at;
  return out;
}

function counterexampleText(c: Change): string {
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
  const n = (v: Change["verdict"]) => report.changes.filter((c) => c.verdict === v).length;
  const notices = report.warnings.filter((x) => x.notice).length;
  const defects = report.warnings.length - notices;
  const w = `${defects ? `; ${defects} document defect warning(s)` : ""}${notices ? `; ${notices} notice(s)` : ""}`;
  return `${n("breaking")} breaking, ${n("needs-review")} needs review, ${n("compatible")} compatible; ${report.stats.unchanged}/${report.stats.surfaces} surfaces unchanged, ${report.stats.samples} payloads sampled${w}`;
}
