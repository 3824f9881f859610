/**
 * Keys survivors to an argument: the undetected, not yet argued mutants of one file (and named
 * region) in an area's last report get ignores.json entries naming the argument, one entry per
 * region (its mutators, line texts and replacements), written after the file's other entries.
 * The argument (kind and title) must exist in arguments/ first: this tool writes no reasoning.
 *
 *   npx tsx scripts/mutation/argue.ts <area> <file> <region regex> <kind> <title> [line,line...]
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { findArea } from "./areas.js";
import { argumentNamed, type ArgumentKind } from "./arguments/index.js";
import { writeIgnores } from "./carry.js";
import { jsonReportPath } from "./config.js";
import { loadIgnores, type IgnoreEntry } from "./ignores.js";
import { UNDETECTED, type MutationReport } from "./summary.js";
import { classify } from "./survivors.js";

export interface ArgueRequest {
  file: string;
  region: RegExp;
  kind: ArgumentKind;
  title: string;
  /** Only the mutants starting on these report lines. */
  lines?: ReadonlySet<number>;
}

/** The entries with the request's survivors keyed; `keyed` counts the mutants the new entries cover. */
export function argue(
  report: MutationReport,
  entries: readonly IgnoreEntry[],
  req: ArgueRequest,
): { entries: IgnoreEntry[]; keyed: number } {
  const pick = classify(report, entries).mutants.filter(
    ({ mutant, place, entry }) =>
      UNDETECTED.has(mutant.status) &&
      entry === undefined &&
      place.file === req.file &&
      req.region.test(place.region) &&
      (req.lines === undefined || req.lines.has(mutant.location.start.line)),
  );
  const byRegion = new Map<string, IgnoreEntry>();
  for (const { place } of pick) {
    const e = byRegion.get(place.region) ?? {
      file: req.file,
      region: place.region,
      mutators: [],
      code: [],
      replacements: [],
      kind: req.kind,
      title: req.title,
    };
    if (!e.mutators.includes(place.mutator)) e.mutators.push(place.mutator);
    if (!e.code.includes(place.line)) e.code.push(place.line);
    if (!e.replacements!.includes(place.replacement)) e.replacements!.push(place.replacement);
    byRegion.set(place.region, e);
  }
  const out = [...entries];
  const last = out.map((e) => e.file).lastIndexOf(req.file);
  out.splice(last < 0 ? out.length : last + 1, 0, ...byRegion.values());
  return { entries: out, keyed: pick.length };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [areaName, file, region, kind, title, lines, ...rest] = process.argv.slice(2);
  const area = areaName === undefined ? undefined : findArea(areaName);
  if (area === undefined || title === undefined || rest.length > 0) {
    process.stderr.write(
      "usage: npx tsx scripts/mutation/argue.ts <area> <file> <region regex> <kind> <title> [line,line...]\n",
    );
    process.exit(2);
  }
  if (argumentNamed(kind!, title) === undefined) {
    process.stderr.write(`argue: no argument of kind ${JSON.stringify(kind)} titled ${JSON.stringify(title)}\n`);
    process.exit(2);
  }
  const root = resolve(fileURLToPath(import.meta.url), "../../..");
  const report = JSON.parse(readFileSync(join(root, jsonReportPath(area)), "utf8")) as MutationReport;
  const result = argue(report, loadIgnores(), {
    file: file!,
    region: new RegExp(region!),
    kind: kind as ArgumentKind,
    title,
    lines: lines === undefined ? undefined : new Set(lines.split(",").map(Number)),
  });
  writeIgnores(result.entries);
  const after = classify(report, result.entries);
  process.stdout.write(`keyed ${result.keyed} survivors; not argued now ${after.unargued}\n`);
}
