/**
 * scripts/mutation/ignores.json: where an undetected mutant is argued (decision 247). An entry names
 * the file, the named region that holds the code (regions.ts), the mutators and the covered code
 * lines (trimmed), and the argument (`kind` and `title` of one entry of arguments/, whose `why`
 * explains it). A mutant matches an entry when all four agree, so an entry follows its code when
 * lines move above it and stops matching when the code itself changes (the argument must then be
 * read again). Stryker ignores nothing: argued mutants run like the others, and the report counts
 * the ones that SURVIVE per category (summary.ts).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ArgumentKind } from "./arguments/index.js";
import { RegionIndex } from "./regions.js";

export interface IgnoreEntry {
  file: string;
  region: string;
  mutators: string[];
  code: string[];
  /** Where line and mutator leave a killed mutant among argued ones: the argued replacements. */
  replacements?: string[];
  kind: ArgumentKind;
  title: string;
}

/** What a mutant is matched by: where it starts, and its mutator. */
export interface MutantPlace {
  file: string;
  region: string;
  mutator: string;
  /** The trimmed text of the line the mutant starts on. */
  line: string;
  /** The mutant's replacement code, its blanks collapsed. */
  replacement: string;
}

export const IGNORES_FILE = join(dirname(fileURLToPath(import.meta.url)), "ignores.json");

const KINDS: readonly string[] = ["equivalent", "own choice", "not a protocol behaviour", "gap"];

/** Reads and checks the entries (a malformed entry is an error, never silently skipped). */
export function loadIgnores(path: string = IGNORES_FILE): IgnoreEntry[] {
  const data = JSON.parse(readFileSync(path, "utf8")) as { entries?: unknown };
  if (!Array.isArray(data.entries)) throw new Error(`${path}: no "entries" list`);
  return data.entries.map((e: Record<string, unknown>, i: number) => {
    const strings = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === "string");
    if (
      typeof e.file !== "string" ||
      typeof e.region !== "string" ||
      !strings(e.mutators) ||
      !strings(e.code) ||
      typeof e.kind !== "string" ||
      !KINDS.includes(e.kind) ||
      typeof e.title !== "string" ||
      (e.replacements !== undefined && !strings(e.replacements))
    )
      throw new Error(`${path}: entry ${i} is not {file, region, mutators, code, kind, title} with a known kind`);
    return e as unknown as IgnoreEntry;
  });
}

/** The first entry that argues this mutant, if any. */
export function entryFor(place: MutantPlace, entries: readonly IgnoreEntry[]): IgnoreEntry | undefined {
  return entries.find(
    (e) =>
      e.file === place.file &&
      e.region === place.region &&
      e.mutators.includes(place.mutator) &&
      e.code.includes(place.line) &&
      (e.replacements === undefined || e.replacements.includes(place.replacement)),
  );
}

/** Places of mutants in one source text, its regions computed once. */
export function placesIn(
  file: string,
  source: string,
  mutants: readonly {
    mutatorName: string;
    replacement?: string;
    location: { start: { line: number; column: number } };
  }[],
): MutantPlace[] {
  const index = new RegionIndex(file, source);
  return mutants.map((m) => ({
    file,
    region: index.regionAt(m.location.start.line, m.location.start.column),
    mutator: m.mutatorName,
    line: index.lineText(m.location.start.line),
    replacement: (m.replacement ?? "").replace(/\s+/g, " "),
  }));
}
