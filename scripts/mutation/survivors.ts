/**
 * The survivors of the last run, area by area, read from Stryker's JSON reports: each undetected
 * (survived or not covered) mutant matched to an entry of ignores.json by file, named region,
 * mutator and line (ignores.ts), and so to its argument, or NOT ARGUED. The regions are computed
 * from the source the report holds, so a report is read against the code it measured. Also
 * listed: argued mutants the suites now DETECT (the argument may be wrong, or the entry too wide),
 * and entries that match no mutant of the report (their code changed: read the argument again).
 * Exits 1 while a survivor is not argued or an entry names no argument.
 *
 *   npx tsx scripts/mutation/survivors.ts [area ...] > /tmp/survivors.md
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { AREAS } from "./areas.js";
import { ARGUED_KINDS, ARGUMENTS, argumentNamed, type SurvivorArgument } from "./arguments/index.js";
import { jsonReportPath } from "./config.js";
import { entryFor, loadIgnores, placesIn, type IgnoreEntry, type MutantPlace } from "./ignores.js";
import {
  summarise,
  summaryLine,
  UNDETECTED,
  type ArguedCounts,
  type AreaSummary,
  type MutationReport,
  type ReportMutant,
} from "./summary.js";

export interface ClassifiedMutant {
  mutant: ReportMutant;
  place: MutantPlace;
  entry: IgnoreEntry | undefined;
}

export interface Classification {
  /** Every mutant of the report with its place and the entry it matches, if any. */
  mutants: ClassifiedMutant[];
  argued: ArguedCounts;
  gaps: number;
  unargued: number;
  /** Entries of the report's files that match none of its mutants. */
  unused: IgnoreEntry[];
}

const normalise = (text: string | undefined) => (text ?? "").replace(/\s+/g, " ");

/** Matches every mutant of a report to ignores.json, regions computed from the report's sources. */
export function classify(report: MutationReport, entries: readonly IgnoreEntry[]): Classification {
  const mutants: ClassifiedMutant[] = [];
  const argued: ArguedCounts = { equivalent: 0, "own choice": 0, "not a protocol behaviour": 0 };
  let gaps = 0;
  let unargued = 0;
  const used = new Set<IgnoreEntry>();
  for (const [file, { source, mutants: list }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    if (source === undefined) throw new Error(`the report holds no source for ${file}`);
    const sorted = [...list].sort(
      (a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column,
    );
    const places = placesIn(file, source, sorted);
    sorted.forEach((mutant, i) => {
      const place = places[i]!;
      const entry = entryFor(place, entries);
      if (entry) used.add(entry);
      mutants.push({ mutant, place, entry });
      if (!UNDETECTED.has(mutant.status)) return;
      if (entry === undefined) unargued++;
      else if (entry.kind === "gap") gaps++;
      else argued[entry.kind]++;
    });
  }
  const files = new Set(Object.keys(report.files));
  return { mutants, argued, gaps, unargued, unused: entries.filter((e) => files.has(e.file) && !used.has(e)) };
}

/** Entries whose kind and title name no argument. */
export const unknownArguments = (
  entries: readonly IgnoreEntry[],
  table: readonly SurvivorArgument[] = ARGUMENTS,
): IgnoreEntry[] => entries.filter((e) => argumentNamed(e.kind, e.title, table) === undefined);

function mutantLine({ mutant: m, place }: ClassifiedMutant): string {
  const replacement = normalise(m.replacement).replace(/\|/g, "\\|").slice(0, 70);
  return `- \`${place.file}:${m.location.start.line}:${m.location.start.column}\` (${place.region}) ${m.status} ${m.mutatorName} → \`${replacement}\``;
}

/** The area's figures and its survivors grouped by argument, as Markdown. */
export function survivorsMarkdown(
  area: string,
  report: MutationReport,
  entries: readonly IgnoreEntry[],
  table: readonly SurvivorArgument[] = ARGUMENTS,
): { markdown: string; summary: AreaSummary; classification: Classification } {
  const c = classify(report, entries);
  const summary = summarise(report, c);
  const groups = new Map<string, { title: string; why?: string; list: ClassifiedMutant[]; order: number }>();
  const add = (key: string, title: string, order: number, m: ClassifiedMutant, why?: string) => {
    const g = groups.get(key) ?? { title, why, list: [], order };
    g.list.push(m);
    groups.set(key, g);
  };
  for (const m of c.mutants) {
    const e = m.entry;
    if (UNDETECTED.has(m.mutant.status)) {
      if (e === undefined) add("?", "NOT ARGUED", 0, m);
      else {
        const why = argumentNamed(e.kind, e.title, table)?.why;
        const order = e.kind === "gap" ? 1 : 3 + ARGUED_KINDS.indexOf(e.kind as (typeof ARGUED_KINDS)[number]);
        add(`${e.kind}: ${e.title}`, `${e.kind}: ${e.title}`, order, m, why);
      }
    } else if (e !== undefined && e.kind !== "gap" && (m.mutant.status === "Killed" || m.mutant.status === "Timeout"))
      add(
        "!",
        "argued, yet detected (counted as detected; an entry covers its lines' mutants of its mutators, or the argument no longer holds)",
        2,
        m,
      );
  }
  const lines = [`### ${area}`, "", summaryLine(area, summary), ""];
  for (const g of [...groups.values()].sort((a, b) => a.order - b.order)) {
    lines.push(`#### ${g.title} (${g.list.length})`, "");
    if (g.why) lines.push(g.why, "");
    for (const m of g.list) lines.push(mutantLine(m));
    lines.push("");
  }
  if (c.unused.length > 0) {
    lines.push(`#### entries that match no mutant of this report (${c.unused.length})`, "");
    for (const e of c.unused)
      lines.push(`- \`${e.file}\` (${e.region}) ${e.mutators.join(",")}: ${e.kind}: ${e.title}`);
    lines.push("");
  }
  return { markdown: lines.join("\n"), summary, classification: c };
}

/** The figures of an area from its last report, or undefined when it has none. */
export function areaFromReport(
  reportPath: string,
  area: string,
  entries: readonly IgnoreEntry[],
): ReturnType<typeof survivorsMarkdown> | undefined {
  if (!existsSync(reportPath)) return undefined;
  return survivorsMarkdown(area, JSON.parse(readFileSync(reportPath, "utf8")) as MutationReport, entries);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = process.argv.length > 2 ? process.argv.slice(2) : AREAS.map((a) => a.name);
  const entries = loadIgnores();
  let bad = 0;
  for (const e of unknownArguments(entries)) {
    process.stderr.write(`ignores.json entry names no argument: ${e.file} (${e.region}) ${e.kind}: ${e.title}\n`);
    bad++;
  }
  for (const area of AREAS.filter((a) => names.includes(a.name))) {
    const out = areaFromReport(jsonReportPath(area), area.name, entries);
    if (out === undefined) {
      process.stderr.write(
        `${area.name}: no report (${jsonReportPath(area)}); run npm run mutation -- --only ${area.name}\n`,
      );
      continue;
    }
    bad += out.summary.unargued;
    process.stdout.write(out.markdown + "\n");
  }
  if (bad > 0) process.stderr.write(`${bad} survivor(s) or entries not argued\n`);
  process.exitCode = bad > 0 ? 1 : 0;
}
