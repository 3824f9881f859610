/**
 * `npm run mutation`: StrykerJS over the reference implementations, area by area (areas.ts),
 * with only the conformance tests as the killing suite. Stryker runs as a child process whose
 * stdout is sent to our stderr, so `--json` leaves exactly one JSON document on stdout. Each area's
 * report is then read with ignores.json (survivors.ts): Stryker's score and the protocol score side
 * by side (summary.ts). Not in CI: the four areas take hours on 2 cores (CONTRIBUTING.md).
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Writable } from "node:stream";
import { parseMutationArgs, USAGE, UsageError } from "./args.js";
import type { MutationArea } from "./areas.js";
import { areaDir, jsonReportPath, strykerConfig, usesCheckRunner, type ConfigOptions } from "./config.js";
import { loadIgnores, type IgnoreEntry } from "./ignores.js";
import { summaryLine, type AreaSummary } from "./summary.js";
import { areaFromReport } from "./survivors.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

function strykerBin(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("@stryker-mutator/core/package.json")), "bin/stryker.js");
}

/** The figures of an area's last report, read with the arguments. */
function figures(area: MutationArea, entries: readonly IgnoreEntry[]): AreaSummary {
  const out = areaFromReport(join(ROOT, jsonReportPath(area)), area.name, entries);
  if (out === undefined) throw new Error(`no report for area ${area.name} (${jsonReportPath(area)})`);
  return out.summary;
}

/** Runs Stryker on one area (its JSON report is read afterwards). */
async function runArea(area: MutationArea, options: ConfigOptions, log: Writable): Promise<void> {
  const dir = join(ROOT, areaDir(area));
  mkdirSync(dir, { recursive: true });
  const configFile = join(dir, "stryker.config.json");
  writeFileSync(configFile, JSON.stringify(strykerConfig(area, options), null, 2) + "\n");
  const t0 = Date.now();
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn(process.execPath, [strykerBin(), "run", configFile], {
      cwd: ROOT,
      // The killing suite reaches the vitest config (and its worker threads) through the environment.
      env: {
        ...process.env,
        MUTATION_TESTS: JSON.stringify(area.tests),
        ...(usesCheckRunner(area, options) ? { MUTATION_SUITE: area.checkSuite } : {}),
        FORCE_COLOR: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on("error", fail);
    child.on("close", done);
  });
  if (code !== 0) throw new Error(`stryker exited ${code} on area ${area.name}`);
  log.write(`mutation ${area.name}: Stryker done in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
}

export async function main(argv: string[], io: { stdout: Writable; stderr: Writable } = process): Promise<number> {
  let args;
  try {
    args = parseMutationArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`mutation: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (args.help) {
    io.stdout.write(USAGE + "\n");
    return 0;
  }
  const options: ConfigOptions = { concurrency: args.concurrency, force: args.force, runner: args.runner };
  if (args.printConfig) {
    io.stdout.write(
      JSON.stringify(
        Object.fromEntries(
          args.areas.map((a) => [
            a.name,
            { tests: usesCheckRunner(a, options) ? [a.checkSuite] : a.tests, stryker: strykerConfig(a, options) },
          ]),
        ),
        null,
        2,
      ) + "\n",
    );
    return 0;
  }
  const results: Record<string, AreaSummary> = {};
  // Without --json, Stryker's progress and score table go to stdout as usual.
  const log = args.json ? io.stderr : io.stdout;
  try {
    const entries = loadIgnores();
    for (const area of args.areas) {
      if (!args.fromReports) await runArea(area, options, log);
      results[area.name] = figures(area, entries);
      log.write(summaryLine(area.name, results[area.name]!) + "\n");
    }
  } catch (e) {
    io.stderr.write(`mutation: ${(e as Error).message}\n`);
    return 3;
  }
  if (args.json) io.stdout.write(JSON.stringify(results) + "\n");
  const low = args.minScore === undefined ? [] : Object.entries(results).filter(([, s]) => s.score < args.minScore!);
  for (const [name, s] of low)
    io.stderr.write(`mutation: ${name} scores ${s.score}, below --min-score ${args.minScore}\n`);
  return low.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e) => {
      process.stderr.write(`mutation: internal error: ${e instanceof Error ? e.stack : String(e)}\n`);
      process.exitCode = 3;
    },
  );
}
