/**
 * The survivors section of docs/conformance-power.md, from the last run's JSON reports: every
 * mutant that survived (or no test reached), each with the argument of arguments.ts that covers
 * its line, or "NOT ARGUED" (which the doc must not contain).
 *
 *   npx tsx scripts/mutation/survivors.ts [area ...] > /tmp/survivors.md
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { AREAS } from "./areas.js";
import { ARGUMENTS, type SurvivorArgument } from "./arguments.js";
import { jsonReportPath } from "./config.js";
import { summarise, type MutationReport, type ReportMutant } from "./summary.js";

export function argumentFor(file: string, line: number, table: readonly SurvivorArgument[] = ARGUMENTS): SurvivorArgument | undefined {
  return table.find((a) => a.file === file && a.lines.some(([from, to]) => line >= from && line <= to));
}

export function survivorsMarkdown(area: string, report: MutationReport, table: readonly SurvivorArgument[] = ARGUMENTS): { markdown: string; unargued: number; applicableScore: number } {
  const groups = new Map<SurvivorArgument | undefined, { file: string; m: ReportMutant }[]>();
  for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    for (const m of [...mutants].sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column)) {
      if (m.status !== "Survived" && m.status !== "NoCoverage") continue;
      const arg = argumentFor(file, m.location.start.line, table);
      groups.set(arg, [...(groups.get(arg) ?? []), { file, m }]);
    }
  }
  const lines: string[] = [];
  let unargued = 0;
  const ordered = [...groups.entries()].sort(([a], [b]) => (a === undefined ? -1 : b === undefined ? 1 : table.indexOf(a) - table.indexOf(b)));
  for (const [arg, list] of ordered) {
    if (arg === undefined) unargued += list.length;
    lines.push(`#### ${arg ? `${arg.kind}: ${arg.title}` : "NOT ARGUED"} (${list.length})`, "");
    if (arg) lines.push(arg.why, "");
    for (const { file, m } of list) {
      const replacement = (m.replacement ?? "").replace(/\s+/g, " ").replace(/\|/g, "\\|").slice(0, 70);
      lines.push(`- \`${file}:${m.location.start.line}:${m.location.start.column}\` ${m.status} ${m.mutatorName} → \`${replacement}\``);
    }
    lines.push("");
  }
  // The score over the mutants that stand for required behaviour: argued mutants (equivalent, own
  // choice, not a protocol check) leave the denominator; gaps and unargued survivors stay in it.
  const s = summarise(report);
  const argued = [...groups.entries()].filter(([a]) => a !== undefined && a.kind !== "gap").reduce((n, [, l]) => n + l.length, 0);
  const detected = s.killed + s.timeout;
  const applicable = detected + s.survived + s.noCoverage - argued;
  const over = applicable === 0 ? 100 : Math.round((detected / applicable) * 10000) / 100;
  const header = `Stryker score **${s.score}** (killed ${s.killed}, timeout ${s.timeout}, survived ${s.survived}, no coverage ${s.noCoverage}); ${argued} undetected argued; over the other ${applicable} mutants: **${over}**.`;
  return { markdown: [`### ${area}: ${[...groups.values()].reduce((n, l) => n + l.length, 0)} undetected`, "", header, "", ...lines].join("\n"), unargued, applicableScore: over };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = process.argv.length > 2 ? process.argv.slice(2) : AREAS.map((a) => a.name);
  let unargued = 0;
  for (const area of AREAS.filter((a) => names.includes(a.name))) {
    const path = jsonReportPath(area);
    if (!existsSync(path)) continue;
    const out = survivorsMarkdown(area.name, JSON.parse(readFileSync(path, "utf8")) as MutationReport);
    unargued += out.unargued;
    process.stdout.write(out.markdown + "\n");
  }
  if (unargued > 0) process.stderr.write(`${unargued} survivor(s) not argued\n`);
  process.exitCode = unargued > 0 ? 1 : 0;
}
