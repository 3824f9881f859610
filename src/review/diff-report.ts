/** Renders a diff report in every review format. */
import { junitXml, markdownTable } from "../report/format.js";
import type { DiffReport } from "./diff.js";
import type { Finding, Verdict } from "./finding.js";
import { githubCommand, type ReviewFormat } from "./format.js";
import { countLine, exampleMessage, groupFindings, sentence, whyLine } from "./report/read.js";

/** What text and markdown show: the findings with verdicts (default), or a changelog of the changes alone (decision 280). */
export type DiffView = "findings" | "changelog";

export function renderDiff(report: DiffReport, format: ReviewFormat, view: DiffView = "findings"): string {
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
      return view === "changelog" ? changelogMarkdown(report) : markdown(report);
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
    case "github":
      return github(report);
    case "text":
      return view === "changelog" ? changelogText(report) : text(report);
  }
}

const LABEL: Record<Verdict, string> = {
  breaking: "BREAKING",
  undecided: "UNDECIDED",
  "needs-review": "REVIEW",
  compatible: "ok",
};

const MD_LABEL: Record<Verdict, string> = {
  breaking: "**Breaking**",
  undecided: "**Undecided**",
  "needs-review": "**Needs review**",
  compatible: "Compatible",
};

/** The first line of text and markdown: verdict, the two inputs, the change counts. */
function headline(report: DiffReport): string {
  return `${report.verdict}: ${report.old} -> ${report.new}: ${countLine(report)}`;
}

function text(report: DiffReport): string {
  const lines = [headline(report)];
  lines.push(
    ...report.warnings.map(
      (w) => `${w.notice ? "notice " : "warning"}   ${w.rule}  ${w.file}#${w.pointer}  (${w.side}): ${w.message}`,
    ),
  );
  const pad = Math.max(...report.findings.map((f) => LABEL[f.verdict].length), 2);
  const indent = " ".repeat(pad + 4);
  for (const g of groupFindings(report.findings)) {
    lines.push("", g.reaches ? `${g.heading} (reaches ${g.reaches.join(", ")})` : g.heading);
    for (const f of g.findings) {
      lines.push(`  ${LABEL[f.verdict].padEnd(pad)}  ${sentence(f)}  [${f.kind} ${f.id}]`);
      const example = exampleMessage(f);
      if (example) lines.push(`${indent}${example}`);
      const why = whyLine(f);
      if (why) lines.push(`${indent}why: ${why}`);
      for (const extra of counterexampleNotes(f)) lines.push(`${indent}${extra}`);
    }
  }
  lines.push("", `verdict: ${report.verdict} (${summary(report)})`);
  return lines.join("\n");
}

function markdown(report: DiffReport): string {
  const lines = [`**${report.verdict}**: \`${report.old}\` → \`${report.new}\`: ${countLine(report)}`];
  if (report.warnings.length) lines.push("");
  lines.push(
    ...report.warnings.map(
      (w) => `- ${w.notice ? "notice" : "warning"} (${w.side}) \`${w.file}#${w.pointer}\` ${w.rule}: ${w.message}`,
    ),
  );
  for (const g of groupFindings(report.findings)) {
    lines.push("", `### ${mdText(g.heading)}`);
    if (g.reaches) lines.push("", `Reaches ${g.reaches.map(code).join(", ")}.`, "");
    else lines.push("");
    for (const f of g.findings) {
      const example = exampleMessage(f, code);
      const why = whyLine(f);
      lines.push(
        `- ${MD_LABEL[f.verdict]}: ${sentence(f)}${example ? `. ${capitalise(example)}` : ""}${why ? `. Why: ${why}` : ""} <sub>${f.kind} ${code(f.id)}</sub>`,
      );
    }
  }
  lines.push("", `<sub>${summary(report)}</sub>`);
  return lines.join("\n");
}

function changelogText(report: DiffReport): string {
  const lines = [
    `${report.old} -> ${report.new}: ${report.findings.length} change${report.findings.length === 1 ? "" : "s"}`,
  ];
  for (const g of groupFindings(report.findings)) {
    lines.push("", g.reaches ? `${g.heading} (reaches ${g.reaches.join(", ")})` : g.heading);
    for (const f of g.findings) lines.push(`  - ${sentence(f)}`);
  }
  return lines.join("\n");
}

function changelogMarkdown(report: DiffReport): string {
  const lines = [`Changes from \`${report.old}\` to \`${report.new}\``];
  for (const g of groupFindings(report.findings)) {
    lines.push("", `### ${mdText(g.heading)}`, "");
    if (g.reaches) lines.push(`Reaches ${g.reaches.map(code).join(", ")}.`, "");
    for (const f of g.findings) lines.push(`- ${sentence(f)}`);
  }
  return lines.join("\n");
}

const GITHUB_LEVEL: Record<Verdict, "error" | "warning" | "notice"> = {
  breaking: "error",
  undecided: "error",
  "needs-review": "warning",
  compatible: "notice",
};

/** One annotation a change, at the line of the change in the new document (the old one for a thing removed). */
function github(report: DiffReport): string {
  const lines = report.warnings.map((w) =>
    githubCommand(w.notice ? "notice" : "warning", `${w.file}#${w.pointer}: ${w.message}`, {
      title: `${w.notice ? "not checked" : "document defect"}: ${w.rule}`,
    }),
  );
  for (const f of groupFindings(report.findings).flatMap((g) => g.findings)) {
    const at = f.subject.new ?? f.subject.old;
    const located = at && at.file !== "old" && at.file !== "new";
    const example = exampleMessage(f);
    const why = whyLine(f);
    const ops = [...new Set(f.reaches.map((r) => r.operation))];
    lines.push(
      githubCommand(
        GITHUB_LEVEL[f.verdict],
        [`${ops.length ? `${ops.join(", ")}: ` : ""}${sentence(f)}`, example, why && `why: ${why}`]
          .filter(Boolean)
          .join("\n"),
        {
          file: located ? at.file : undefined,
          line: located ? at.line : undefined,
          col: located ? at.column : undefined,
          title: `${f.verdict}: ${f.kind} [${f.id}]`,
        },
      ),
    );
  }
  lines.push(`diff ${report.old} -> ${report.new}: ${report.verdict} (${summary(report)})`);
  return lines.join("\n");
}

function code(s: string): string {
  const ticks = s.includes("`") ? "``" : "`";
  return `${ticks}${ticks.length > 1 ? " " : ""}${s}${ticks.length > 1 ? " " : ""}${ticks}`;
}

/** Heading text with markdown's emphasis and link characters escaped. */
function mdText(s: string): string {
  return s.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`);
}

function capitalise(s: string): string {
  return s.startsWith("`") ? s : s.charAt(0).toUpperCase() + s.slice(1);
}

/** What a counterexample says beyond its one sentence: a first failure no payload avoids. */
function counterexampleNotes(c: Finding): string[] {
  const cx = c.counterexample;
  if (!cx) return [];
  const out: string[] = [];
  if (cx.unavoidable)
    out.push(
      `no payload ${cx.valid} accepts can fail first at the change: ${cx.unavoidable.member} is required and ${cx.invalid} checks it first, with no value both versions accept there`,
    );
  return out;
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
