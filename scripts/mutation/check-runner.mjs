// A Stryker test runner ("conformance-checks") that runs a killing suite's checks in ONE long-lived
// process (decision 226). Stryker's vitest runner starts a new vitest worker for every mutant, so each
// mutant paid the suite's module imports (the MCP SDK, the contract's validators, the mock) and a
// fresh worker: ~17 s per wright-agent mutant at load ~20. Here the suite module (MUTATION_SUITE, a
// TypeScript file loaded through tsx: testRunnerNodeArgs) is imported once per process; a mutant
// is switched on by setting Stryker's global (the instrumented code reads it at every mutation
// point), and each run opens a fresh target (new sessions, new hosts), so no state carries from one
// mutant to the next. Static mutants (code run at module load) ask for a reloaded environment:
// this runner says it cannot reload, so Stryker starts a new process for them, and the mutant is
// switched on BEFORE the suite is imported. Plain JavaScript: Stryker's main process loads plugins
// without tsx. Not shipped.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PluginKind, declareClassPlugin } from "@stryker-mutator/api/plugin";
import { DryRunStatus, MutantRunStatus, TestStatus, determineHitLimitReached } from "@stryker-mutator/api/test-runner";

const NS = "__stryker__";
const ns = () => (globalThis[NS] ??= {});

export class ConformanceCheckRunner {
  static inject = [];
  /** @type {Promise<{ checks: { id: string; title?: string }[]; open(): Promise<{ run(id: string): Promise<{ ok: boolean; message?: string }>; close(): Promise<void> }> }> | undefined} */
  suite;

  capabilities() {
    return { reloadEnvironment: false };
  }

  loadSuite() {
    const file = process.env.MUTATION_SUITE;
    if (!file)
      throw new Error(
        "scripts/mutation/check-runner.mjs: MUTATION_SUITE is not set (run it through `npm run mutation`)",
      );
    // Relative to the sandbox Stryker runs this process in, so the instrumented sources are loaded.
    this.suite ??= import(pathToFileURL(path.resolve(process.cwd(), file)).href).then((m) => m.mutationSuite);
    return this.suite;
  }

  /** Runs `ids` (all checks when undefined) in suite order against a fresh target. */
  async run(ids, { bail }) {
    const suite = await this.loadSuite();
    const wanted = ids ? new Set(ids) : undefined;
    const tests = [];
    const target = await suite.open();
    try {
      for (const check of suite.checks) {
        if (wanted && !wanted.has(check.id)) continue;
        ns().currentTestId = check.id;
        const t0 = performance.now();
        let outcome;
        try {
          outcome = await target.run(check.id);
        } catch (e) {
          outcome = { ok: false, message: e instanceof Error ? (e.stack ?? e.message) : String(e) };
        } finally {
          ns().currentTestId = undefined;
        }
        const base = { id: check.id, name: check.id, timeSpentMs: Math.round(performance.now() - t0) };
        tests.push(
          outcome.ok
            ? { ...base, status: TestStatus.Success }
            : { ...base, status: TestStatus.Failed, failureMessage: outcome.message ?? "failed" },
        );
        if (!outcome.ok && bail) break;
      }
    } finally {
      await target.close();
    }
    return tests;
  }

  async dryRun(options) {
    ns().activeMutant = undefined;
    ns().hitCount = undefined;
    try {
      const tests = await this.run(undefined, { bail: false });
      return {
        status: DryRunStatus.Complete,
        tests,
        mutantCoverage: options.coverageAnalysis === "off" ? undefined : ns().mutantCoverage,
      };
    } catch (e) {
      return { status: DryRunStatus.Error, errorMessage: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    }
  }

  async mutantRun(options) {
    // Static activation: the mutant must be on before the suite (and the sources) are imported;
    // Stryker gave this process fresh for it (reloadEnvironment with a runner that cannot reload).
    ns().activeMutant = options.activeMutant.id;
    ns().hitLimit = options.hitLimit;
    ns().hitCount = options.hitLimit === undefined ? undefined : 0;
    let tests;
    try {
      tests = await this.run(options.testFilter, { bail: !options.disableBail });
    } catch (e) {
      return { status: MutantRunStatus.Error, errorMessage: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    } finally {
      ns().activeMutant = undefined;
    }
    const timeout = determineHitLimitReached(ns().hitCount, options.hitLimit);
    ns().hitCount = undefined;
    if (timeout) return { status: MutantRunStatus.Timeout, reason: timeout.reason };
    const failed = tests.filter((t) => t.status === TestStatus.Failed);
    if (failed.length > 0)
      return {
        status: MutantRunStatus.Killed,
        killedBy: failed.map((t) => t.id),
        failureMessage: failed[0].failureMessage,
        nrOfTests: tests.length,
      };
    return { status: MutantRunStatus.Survived, nrOfTests: tests.length };
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, "conformance-checks", ConformanceCheckRunner)];
