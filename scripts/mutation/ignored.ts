/**
 * Which mutants Stryker's instrumenter makes in the given files and which of them the
 * `// Stryker disable` comments ignore (with their reasons), without a mutation run: a quick check
 * that a disable comment lands on the mutants it was written for (a comment only reaches mutants
 * whose syntax node starts on the line after it).
 *
 *   npx tsx scripts/mutation/ignored.ts src/rpc/engine.ts [--all]
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Instrumenter } from "@stryker-mutator/instrumenter";

export interface ListedMutant {
  file: string;
  line: number;
  column: number;
  mutatorName: string;
  replacement: string;
  ignoreReason?: string;
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

export async function listMutants(files: readonly string[]): Promise<ListedMutant[]> {
  const instrumenter = new Instrumenter(quiet as never);
  const { mutants } = await instrumenter.instrument(
    files.map((name) => ({ name, content: readFileSync(name, "utf8"), mutate: true })),
    { plugins: null, excludedMutations: [], ignorers: [] } as never,
  );
  return mutants.map((m) => ({
    file: m.fileName,
    line: m.location.start.line + 1, // the API's lines are 0-based
    column: m.location.start.column + 1,
    mutatorName: m.mutatorName,
    replacement: m.replacement,
    ignoreReason: (m as { statusReason?: string }).statusReason,
  }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const all = process.argv.includes("--all");
  const files = process.argv.slice(2).filter((a) => a !== "--all");
  for (const m of await listMutants(files)) {
    if (!all && m.ignoreReason === undefined) continue;
    process.stdout.write(
      `${m.file}:${m.line}:${m.column} ${m.mutatorName} -> ${m.replacement.replace(/\s+/g, " ").slice(0, 60)}${m.ignoreReason ? `  [ignored: ${m.ignoreReason}]` : ""}\n`,
    );
  }
}
