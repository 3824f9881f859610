/**
 * The Stryker configuration of one area, generated (reports/mutation/<area>/stryker.config.json)
 * so that the areas stay one table (areas.ts) instead of four drifting config files.
 */
import type { MutationArea } from "./areas.js";

export const REPORT_ROOT = "reports/mutation";
/** Per-area incremental results (not checked in: ~2 MB per area, rewritten by every run). */
export const INCREMENTAL_ROOT = REPORT_ROOT;

export interface ConfigOptions {
  concurrency: number;
  /** Which test runner: the area's check runner when it has one (default), or vitest. */
  runner: "checks" | "vitest";
  /** Ignore the incremental file and test every mutant again. */
  force: boolean;
}

export const areaDir = (area: MutationArea): string => `${REPORT_ROOT}/${area.name}`;
export const jsonReportPath = (area: MutationArea): string => `${areaDir(area)}/mutation.json`;
export const incrementalPath = (area: MutationArea): string =>
  `${INCREMENTAL_ROOT}/${area.name}/stryker-incremental.json`;

/** Whether the area runs under the long-lived check runner (decision 226). */
export const usesCheckRunner = (area: MutationArea, options: Pick<ConfigOptions, "runner">): boolean =>
  area.checkSuite !== undefined && options.runner === "checks";

function runnerConfig(area: MutationArea, options: ConfigOptions): Record<string, unknown> {
  if (usesCheckRunner(area, options)) {
    return {
      // The suite module (MUTATION_SUITE, set by main.ts) is TypeScript: the runner process loads tsx.
      plugins: ["./scripts/mutation/check-runner.mjs"],
      testRunner: "conformance-checks",
      testRunnerNodeArgs: ["--import", "tsx"],
    };
  }
  return {
    plugins: ["@stryker-mutator/vitest-runner"],
    testRunner: "vitest",
    // The vitest config reads the killing suite from MUTATION_TESTS (set by main.ts) and passes
    // the active mutant on to child processes. related=false: the suite is already chosen, and
    // tests that reach the code through a child process do not import it.
    vitest: { configFile: "scripts/mutation/vitest.config.ts", related: false },
  };
}

export function strykerConfig(area: MutationArea, options: ConfigOptions): Record<string, unknown> {
  return {
    $schema: "../../../node_modules/@stryker-mutator/core/schema/stryker-schema.json",
    packageManager: "npm",
    ...runnerConfig(area, options),
    mutate: area.mutate,
    coverageAnalysis: area.coverageAnalysis,
    concurrency: options.concurrency,
    incremental: true,
    force: options.force,
    incrementalFile: incrementalPath(area),
    reporters: ["json", "html", "clear-text", "progress"],
    jsonReporter: { fileName: jsonReportPath(area) },
    htmlReporter: { fileName: `${areaDir(area)}/index.html` },
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
    tempDirName: ".stryker-tmp",
    cleanTempDir: "always",
    // A mutant that loops is cut off this long after the test's normal time; areas that start
    // child processes (daemons, stdio servers) need more slack than in-process ones.
    timeoutMS: area.timeoutMS ?? (area.coverageAnalysis === "off" ? 30_000 : 5_000),
    timeoutFactor: area.timeoutFactor ?? 2,
    // No type checker: a mutant that does not type-check still runs (Stryker adds @ts-nocheck);
    // most such mutants are killed anyway, and tsc per mutant would double a run on 2 cores.
    checkers: [],
    disableTypeChecks: "{src,conformance,test,scripts}/**/*.ts",
    ignorePatterns: ["reports", "docs", "dist", "coverage", ".scratch", ".wit"],
    logLevel: "info",
    fileLogLevel: "off",
  };
}
