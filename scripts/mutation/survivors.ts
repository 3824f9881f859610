/**
 * The survivors section of docs/conformance-power.md, from the last run's JSON reports:
 * - every mutant Stryker IGNORED, grouped by the reason of its `// Stryker disable` comment, which
 *   must be `<kind>: <title>` of an argument in arguments.ts ("UNKNOWN REASON" otherwise);
 * - every mutant that survived (or no test reached): a gap of arguments.ts (by line range), or
 *   "NOT ARGUED".
 * Exits 1 while anything is NOT ARGUED or has an UNKNOWN REASON, or while a disable comment in the
 * mutated sources names no argument (decision 225).
 *
 *   npx tsx scripts/mutation/survivors.ts [area ...] > /tmp/survivors.md
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { matchesGlob, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { AREAS, type MutationArea } from "./areas.js";
import { ARGUMENTS, type SurvivorArgument } from "./arguments.js";
import { jsonReportPath } from "./config.js";
import { summarise, type MutationReport, type ReportMutant } from "./summary.js";

/** The reason a disable comment gives for an argument. */
export const reasonOf = (a: SurvivorArgument): string => `${a.kind}: ${a.title}`;

/** The gap whose line range holds an undetected mutant's line. */
export function gapFor(
  file: string,
  line: number,
  table: readonly SurvivorArgument[] = ARGUMENTS,
): SurvivorArgument | undefined {
  return table.find(
    (a) =>
      (a.kind === "gap" || a.kind === "kept counted") &&
      a.file === file &&
      (a.lines ?? []).some(([from, to]) => line >= from && line <= to),
  );
}

/** The argument an ignored mutant's reason names (several joined by "; ": the first). */
export function argumentForReason(
  reason: string | undefined,
  table: readonly SurvivorArgument[] = ARGUMENTS,
): SurvivorArgument | undefined {
  const first = (reason ?? "").split("; ")[0]!.trim();
  return table.find((a) => a.kind !== "gap" && a.kind !== "kept counted" && reasonOf(a) === first);
}

const DIRECTIVE = /\/\/\s?Stryker disable(?: next-line)? ([a-zA-Z, ]+)(?::(.+))?$/;

/** Disable comments in these sources whose reason names no argument: "file:line reason". */
export function unknownDisableReasons(
  files: readonly string[],
  table: readonly SurvivorArgument[] = ARGUMENTS,
): string[] {
  const out: string[] = [];
  for (const file of files) {
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((text, i) => {
        const m = DIRECTIVE.exec(text.trim());
        if (m && argumentForReason(m[2], table) === undefined)
          out.push(`${file}:${i + 1} ${(m[2] ?? "(no reason)").trim()}`);
      });
  }
  return out;
}

/** The files an area mutates (Node 20 has no fs.globSync: path.matchesGlob over src/). */
export function areaSources(area: MutationArea): string[] {
  const all = readdirSync("src", { recursive: true }).map((f) => `src/${String(f)}`);
  const matches = (g: string) => all.filter((f) => matchesGlob(f, g));
  const exclude = new Set(area.mutate.filter((g) => g.startsWith("!")).flatMap((g) => matches(g.slice(1))));
  return [...new Set(area.mutate.filter((g) => !g.startsWith("!")).flatMap(matches))]
    .filter((f) => !exclude.has(f))
    .sort();
}

type Group = { title: string; why?: string; list: { file: string; m: ReportMutant }[]; order: number };

function line(file: string, m: ReportMutant): string {
  const replacement = (m.replacement ?? "").replace(/\s+/g, " ").replace(/\|/g, "\\|").slice(0, 70);
  return `- \`${file}:${m.location.start.line}:${m.location.start.column}\` ${m.status} ${m.mutatorName} → \`${replacement}\``;
}

export function survivorsMarkdown(
  area: string,
  report: MutationReport,
  table: readonly SurvivorArgument[] = ARGUMENTS,
): { markdown: string; unargued: number; ignored: number } {
  const groups = new Map<string, Group>();
  const add = (key: string, make: () => Omit<Group, "list">, file: string, m: ReportMutant) => {
    const g = groups.get(key) ?? { ...make(), list: [] };
    g.list.push({ file, m });
    groups.set(key, g);
  };
  let unargued = 0;
  let ignored = 0;
  let unknownReason = 0;
  let gaps = 0;
  for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    for (const m of [...mutants].sort(
      (a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column,
    )) {
      if (m.status === "Ignored") {
        ignored++;
        const arg = argumentForReason(m.statusReason, table);
        if (arg)
          add(
            reasonOf(arg),
            () => ({ title: `ignored, ${reasonOf(arg)}`, why: arg.why, order: 2 + table.indexOf(arg) }),
            file,
            m,
          );
        else {
          unknownReason++;
          add(
            `?${m.statusReason}`,
            () => ({ title: `UNKNOWN REASON: ${m.statusReason ?? "(none)"}`, order: 0 }),
            file,
            m,
          );
        }
      } else if (m.status === "Survived" || m.status === "NoCoverage") {
        const gap = gapFor(file, m.location.start.line, table);
        if (gap) gaps++;
        if (gap)
          add(
            `gap ${gap.title}`,
            () => ({ title: `counted, ${gap.kind}: ${gap.title}`, why: gap.why, order: 1 }),
            file,
            m,
          );
        else {
          unargued++;
          add("NOT ARGUED", () => ({ title: "counted, NOT ARGUED", order: 0 }), file, m);
        }
      }
    }
  }
  const s = summarise(report);
  const undetected = s.survived + s.noCoverage;
  const lines: string[] = [];
  for (const g of [...groups.values()].sort((a, b) => a.order - b.order)) {
    lines.push(`#### ${g.title} (${g.list.length})`, "");
    if (g.why) lines.push(g.why, "");
    for (const { file, m } of g.list) lines.push(line(file, m));
    lines.push("");
  }
  const header = `Stryker score **${s.score}** (killed ${s.killed}, timeout ${s.timeout}, survived ${s.survived}, no coverage ${s.noCoverage}; ${ignored} ignored by disable comments, outside the score). Undetected, counted: ${undetected} (${gaps} listed as gaps or kept counted, ${unargued} NOT ARGUED)${unknownReason > 0 ? `; ${unknownReason} ignored with an UNKNOWN REASON` : ""}.`;
  return {
    markdown: [`### ${area}: ${ignored} ignored, ${undetected} undetected`, "", header, "", ...lines].join("\n"),
    unargued: unargued + unknownReason,
    ignored,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = process.argv.length > 2 ? process.argv.slice(2) : AREAS.map((a) => a.name);
  let bad = 0;
  for (const area of AREAS.filter((a) => names.includes(a.name))) {
    const unknown = unknownDisableReasons(areaSources(area));
    for (const u of unknown) process.stderr.write(`disable comment without a known argument: ${u}\n`);
    bad += unknown.length;
    const path = jsonReportPath(area);
    if (!existsSync(path)) continue;
    const out = survivorsMarkdown(area.name, JSON.parse(readFileSync(path, "utf8")) as MutationReport);
    bad += out.unargued;
    process.stdout.write(out.markdown + "\n");
  }
  if (bad > 0) process.stderr.write(`${bad} mutant(s) or comment(s) not argued\n`);
  process.exitCode = bad > 0 ? 1 : 0;
}
