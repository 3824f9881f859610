/**
 * The killing suite of `npm run mutation -- --only wit`: the Wit conformance suite check by
 * check against our reference daemon as `conform wit` without --socket starts it (in this
 * process, real Unix socket, real SQLite, a manual clock the runner moves: conformance/wit/
 * targets.ts). In-process so Stryker sees which checks reach a mutant (coverage perTest): run
 * through a daemon process, every mutant would pay the whole suite (decision 223).
 * Named *.mutation.ts so `npm test` does not run it a third time (test/wit/conformance.test.ts
 * already runs the suite against a daemon process and through `conform wit`).
 */
import { afterAll, describe, expect, it } from "vitest";
import { defaultContext } from "../../conformance/harness/check.js";
import { describeFailure, runCheck } from "../../conformance/harness/runner.js";
import type { SuiteTarget } from "../../conformance/harness/target.js";
import { witSuite } from "../../conformance/wit/suite.js";
import { witTargets } from "../../conformance/wit/targets.js";
import type { WitTarget } from "../../conformance/wit/target.js";
// Loaded when this file loads, not first inside a check (witTargets imports it lazily): code that
// runs at module load (constants such as LIVE_INTENT_STATUSES) is then Stryker's "static" coverage,
// and a static mutant runs the whole suite with the mutant active from the start. Loaded inside the
// first check, it counted as covered by that check alone, and the checks that would kill it never
// ran (records.ts:24 survived that way in round 5).
import "../../src/wit/daemon/index.js";

// Started by the first check that runs, not in beforeAll: a mutant that breaks start-up must fail a
// TEST (vitest reports the tests of a file whose beforeAll threw as skipped, which Stryker's
// runner counts as a surviving mutant), and start-up code is then covered by a test too.
let started: Promise<SuiteTarget<WitTarget>> | undefined;
const daemon = () => (started ??= witTargets({}).then((t) => t[0]!));
afterAll(async () => {
  if (started) await (await started.catch(() => undefined))?.close?.();
});

describe("conform wit: our reference daemon, check by check", () => {
  for (const check of witSuite.checks) {
    it(check.id, async () => {
      const r = await runCheck(check, (await daemon()).target, defaultContext());
      expect(r.status, describeFailure(r)).toBe("pass");
    });
  }
});
