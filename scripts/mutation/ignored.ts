/**
 * Which mutants Stryker's instrumenter makes in the given files and which ignores.json entry argues
 * each, without a mutation run: a quick check that a new or edited entry lands on the mutants it
 * was written for, and (no file given) that every entry still matches a mutant of today's code.
 *
 *   npx tsx scripts/mutation/ignored.ts src/rpc/engine.ts [--all]   the file's argued (or all) mutants
 *   npx tsx scripts/mutation/ignored.ts                             entries that match no mutant: exit 1
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Instrumenter } from "@stryker-mutator/instrumenter";
import { entryFor, loadIgnores, placesIn, type IgnoreEntry, type MutantPlace } from "./ignores.js";

export interface ListedMutant extends MutantPlace {
  lineNumber: number;
  column: number;
  entry: IgnoreEntry | undefined;
}

const quiet = {
  isDebugEnabled: () => false,
  debug() {},
  info() {},
  warn: (m: string) => process.stderr.write(`${m}\n`),
  error() {},
  trace() {},
  fatal() {},
  isTraceEnabled: () => false,
  isInfoEnabled: () => false,
  isWarnEnabled: () => true,
  isErrorEnabled: () => true,
  isFatalEnabled: () => true,
};

/** The mutants of these files (paths relative to the repository root) and their entries. */
export function listMutants(files: readonly string[], entries: readonly IgnoreEntry[]): Promise<ListedMutant[]> {
  return mutantsOf(
    files.map((name) => ({ name, content: readFileSync(name, "utf8") })),
    entries,
  );
}

/** The mutants of these sources (as the instrumenter makes them) and their entries. */
export async function mutantsOf(
  files: readonly { name: string; content: string }[],
  entries: readonly IgnoreEntry[],
): Promise<ListedMutant[]> {
  const sources = files.map((f) => ({ ...f, mutate: true as const }));
  const { mutants } = await new Instrumenter(quiet as never).instrument(sources, {
    plugins: null,
    excludedMutations: [],
    ignorers: [],
  } as never);
  return sources.flatMap(({ name, content }) => {
    // The instrumenter's lines and columns are 0-based; reports' (and placesIn's) 1-based.
    const own = mutants
      .filter((m) => m.fileName === name)
      .map((m) => ({
        mutatorName: m.mutatorName,
        replacement: m.replacement,
        location: { start: { line: m.location.start.line + 1, column: m.location.start.column + 1 } },
      }));
    return placesIn(name, content, own).map((place, i) => ({
      ...place,
      lineNumber: own[i]!.location.start.line,
      column: own[i]!.location.start.column,
      entry: entryFor(place, entries),
    }));
  });
}

/** Entries of these files that match none of today's mutants. */
export async function staleEntries(entries: readonly IgnoreEntry[]): Promise<IgnoreEntry[]> {
  // A file that is gone has no mutant: its entries are stale.
  const files = [...new Set(entries.map((e) => e.file))].filter((f) => existsSync(f));
  const used = new Set((await listMutants(files, entries)).map((m) => m.entry));
  return entries.filter((e) => !used.has(e));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entries = loadIgnores();
  const all = process.argv.includes("--all");
  const files = process.argv.slice(2).filter((a) => a !== "--all");
  if (files.length === 0) {
    const stale = await staleEntries(entries);
    for (const e of stale)
      process.stdout.write(`no mutant matches: ${e.file} (${e.region}) ${e.mutators.join(",")} ${e.code[0]}\n`);
    process.exitCode = stale.length > 0 ? 1 : 0;
  } else {
    for (const m of await listMutants(files, entries)) {
      if (!all && m.entry === undefined) continue;
      process.stdout.write(
        `${m.file}:${m.lineNumber}:${m.column} (${m.region}) ${m.mutator} -> ${m.replacement.slice(0, 60)}${m.entry ? `  [${m.entry.kind}: ${m.entry.title}]` : ""}\n`,
      );
    }
  }
}
