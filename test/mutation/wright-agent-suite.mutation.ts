/**
 * test/mutation/wright-agent-suite.ts (the wright-agent killing suite of the check runner,
 * decision 226) through vitest: check by check against our mock served in this process. Named
 * *.mutation.ts so `npm test` does not run it (test/wright-agent/conformance.test.ts runs the same
 * suite against the built CLI); `npm run mutation -- --only wright-agent --runner vitest` uses it
 * as Stryker's killing suite the old way (a fresh vitest worker per mutant: decision 224's timing).
 */
import { afterAll, describe, expect, it } from "vitest";
import { mutationSuite, type OpenedSuite } from "./wright-agent-suite.js";

// Opened by the first check that runs, not in beforeAll: a hook that fails leaves the tests
// "skipped", which Stryker's vitest runner counts as a surviving mutant.
let opened: Promise<OpenedSuite> | undefined;
afterAll(async () => {
  if (opened) await (await opened).close();
});

describe("conform wright-agent: our mock in process, check by check", () => {
  for (const check of mutationSuite.checks) {
    it(check.id, async () => {
      const r = await (await (opened ??= mutationSuite.open())).run(check.id);
      expect(r.ok, r.message).toBe(true);
    });
  }
});
