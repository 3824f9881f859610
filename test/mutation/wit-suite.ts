/**
 * The killing suite of `npm run mutation -- --only wit`, for the long-lived check runner
 * (scripts/mutation/check-runner.mjs, decision 226): the Wit conformance suite check by check
 * against our reference daemon as `conform wit` without --socket starts it (in this process, real
 * Unix socket, real SQLite, a manual clock the runner moves: conformance/wit/targets.ts).
 * In-process so Stryker sees which checks reach a mutant (coverage perTest, decision 223). The
 * runner imports this module once per process and calls open() per mutant run: a fresh daemon on
 * a fresh root each time, so nothing a mutant stored carries over.
 * test/mutation/wit-suite.mutation.ts runs the same through vitest.
 */
import { defaultContext } from "../../conformance/harness/check.js";
import { describeFailure, runCheck } from "../../conformance/harness/runner.js";
import { witSuite } from "../../conformance/wit/suite.js";
import { witTargets } from "../../conformance/wit/targets.js";
// Loaded when this module loads, not first inside a check (witTargets imports it lazily): code that
// runs at module load (constants such as LIVE_INTENT_STATUSES) is then Stryker's "static" coverage,
// and a static mutant runs the whole suite with the mutant active from the start. Loaded inside the
// first check, it counted as covered by that check alone, and the checks that would kill it never
// ran (records.ts:24 survived that way in round 5).
import "../../src/wit/daemon/index.js";
import type { MutationSuite, OpenedSuite } from "./wright-agent-suite.js";

/**
 * The daemon starts inside the first check that runs (not in open()): a mutant that breaks start-up
 * must fail a CHECK, and start-up code is then covered by a check too.
 */
async function open(): Promise<OpenedSuite> {
  let started: ReturnType<typeof witTargets> | undefined;
  const daemon = async () => (await (started ??= startOutsideAnyCheck()))[0]!;
  const byId = new Map(witSuite.checks.map((c) => [c.id, c]));
  return {
    async run(checkId) {
      const check = byId.get(checkId);
      if (!check) return { ok: false, message: `no check ${checkId}` };
      const r = await runCheck(check, (await daemon()).target, defaultContext());
      return r.status === "pass" ? { ok: true } : { ok: false, message: describeFailure(r) };
    },
    async close() {
      if (started) await (await started.catch(() => undefined))?.[0]?.close?.();
    },
  };
}

/**
 * Starts the daemon with Stryker's current check cleared, so the code start-up runs (startDaemon,
 * createWitHandlers and the closures it defines, createHttpServer) is recorded as static coverage,
 * not as the first check's: a mutant there (a record mapper made `() => undefined`, an engine
 * option) shows in later checks, and Stryker runs a static mutant against every check. Recorded
 * as the first check's, it ran that check alone and survived (round 6: handlers.ts:74's lockRecord
 * mutant, which wit/lock-semantics kills when applied by hand). The start still happens inside a
 * check, so a mutant that breaks start-up fails that check.
 */
async function startOutsideAnyCheck(): ReturnType<typeof witTargets> {
  const ns = (globalThis as { __stryker__?: { currentTestId?: string } }).__stryker__;
  const current = ns?.currentTestId;
  if (ns) ns.currentTestId = undefined;
  try {
    return await witTargets({});
  } finally {
    if (ns) ns.currentTestId = current;
  }
}

export const mutationSuite: MutationSuite = { checks: witSuite.checks, open };
