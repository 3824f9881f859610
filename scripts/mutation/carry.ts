/**
 * Carries ignores.json entries along with code that moved: after code is moved to another
 * function or file (or a region renamed), an entry that matches no mutant of today's code is
 * looked up at a git revision from before the move: the mutants it matched there are found again
 * today by mutator, replacement and line text, and the entry is rewritten to their new file and
 * region. Only a mutant found once (and not argued by another entry) is carried, or, found several
 * times, the one whose region ends with the same names (lockMethods.x for createWitHandlers.x); an entry
 * with a mutant that cannot be found is left as it is and named, for a person to read again.
 *
 *   npx tsx scripts/mutation/carry.ts <revision>     rewrites ignores.json; exit 1 when some are left
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { mutantsOf, type ListedMutant } from "./ignored.js";
import { entryFor, IGNORES_FILE, loadIgnores, type IgnoreEntry } from "./ignores.js";

export interface CarryResult {
  entries: IgnoreEntry[];
  carried: number;
  left: IgnoreEntry[];
}

const sameMutant = (a: ListedMutant, b: ListedMutant) =>
  a.mutator === b.mutator && a.replacement === b.replacement && a.line === b.line;

/** How many trailing region names two regions share (lockMethods.x and createWitHandlers.x: 1). */
function sharedTail(a: string, b: string): number {
  const x = a.split(".").reverse();
  const y = b.split(".").reverse();
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

/** Today's one mutant that is the old one: the same, and among several the one whose region ends alike. */
function counterpart(old: ListedMutant, candidates: readonly ListedMutant[]): ListedMutant | undefined {
  const same = candidates.filter((m) => sameMutant(m, old));
  const alike = (list: readonly ListedMutant[]) =>
    // Mutants alike in file and region too (two `true` for one condition) make the same entry.
    list.every((m) => m.file === list[0]!.file && m.region === list[0]!.region);
  if (same.length === 0 || alike(same)) return same[0];
  const best = Math.max(...same.map((m) => sharedTail(m.region, old.region)));
  const closest = same.filter((m) => sharedTail(m.region, old.region) === best);
  return best > 0 && alike(closest) ? closest[0] : undefined;
}

/**
 * The entries with the stale ones carried. `files` are today's candidate files (the sources moved
 * code may now be in), `before` reads a file as it was (undefined when it did not exist).
 */
export async function carryEntries(
  entries: readonly IgnoreEntry[],
  today: (file: string) => string | undefined,
  before: (file: string) => string | undefined,
  files: readonly string[],
): Promise<CarryResult> {
  const read = (names: readonly string[], source: (f: string) => string | undefined) =>
    names.flatMap((name) => {
      const content = source(name);
      return content === undefined ? [] : [{ name, content }];
    });
  const entryFiles = [...new Set(entries.map((e) => e.file))];
  const now = await mutantsOf(read([...new Set([...entryFiles, ...files])], today), entries);
  const used = new Set(now.map((m) => m.entry));
  const stale = entries.filter((e) => !used.has(e));
  if (stale.length === 0) return { entries: [...entries], carried: 0, left: [] };
  const then = await mutantsOf(read([...new Set([...stale.map((e) => e.file), ...files])], before), entries);
  // A candidate is today's mutant no entry argues and that was not already there, unargued.
  const there = (m: ListedMutant) =>
    then.some((o) => o.entry === undefined && o.file === m.file && o.region === m.region && sameMutant(o, m));
  const free = now.filter((m) => m.entry === undefined && !there(m));
  const replaced = new Map<IgnoreEntry, IgnoreEntry[]>();
  const left: IgnoreEntry[] = [];
  for (const entry of stale) {
    const old = then.filter((m) => entryFor(m, [entry]) !== undefined);
    const found = old.map((o) => counterpart(o, free));
    if (old.length === 0 || found.some((m) => m === undefined)) {
      left.push(entry);
      continue;
    }
    const groups = new Map<string, IgnoreEntry>();
    for (const m of found as ListedMutant[]) {
      const key = JSON.stringify([m.file, m.region]);
      const e = groups.get(key) ?? { ...entry, file: m.file, region: m.region, mutators: [], code: [] };
      if (!e.mutators.includes(m.mutator)) e.mutators.push(m.mutator);
      if (!e.code.includes(m.line)) e.code.push(m.line);
      groups.set(key, e);
    }
    replaced.set(entry, [...groups.values()]);
  }
  return {
    entries: entries.flatMap((e) => replaced.get(e) ?? [e]),
    carried: replaced.size,
    left,
  };
}

/** Writes entries in ignores.json's layout (its leading comment kept). */
export function writeIgnores(entries: readonly IgnoreEntry[], path: string = IGNORES_FILE): void {
  const data = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  writeFileSync(path, `${JSON.stringify({ ...data, entries }, null, 1)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rev = process.argv[2];
  if (rev === undefined || process.argv.length > 3) {
    process.stderr.write("usage: npx tsx scripts/mutation/carry.ts <revision from before the move>\n");
    process.exit(2);
  }
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  // Where moved code can be now: the sources changed since the revision, and the new ones.
  const changed = [
    ...git("diff", "--name-only", rev, "--", "src").split("\n"),
    ...git("ls-files", "--others", "--exclude-standard", "src").split("\n"),
  ].filter((f) => f.endsWith(".ts") && existsSync(f));
  const result = await carryEntries(
    loadIgnores(),
    (f) => (existsSync(f) ? readFileSync(f, "utf8") : undefined),
    (f) => {
      try {
        return git("show", `${rev}:${f}`);
      } catch {
        return undefined;
      }
    },
    changed,
  );
  writeIgnores(result.entries);
  process.stdout.write(`carried ${result.carried} entr${result.carried === 1 ? "y" : "ies"}\n`);
  for (const e of result.left) process.stdout.write(`left (read it again): ${e.file} (${e.region}) ${e.title}\n`);
  process.exitCode = result.left.length > 0 ? 1 : 0;
}
