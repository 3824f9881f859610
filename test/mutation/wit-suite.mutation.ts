/**
 * test/mutation/wit-suite.ts (the Wit killing suite of the check runner, decision 226) through
 * vitest: check by check against our reference daemon as `conform wit` starts it, in this process.
 * Named *.mutation.ts so `npm test` does not run it a third time (test/wit/conformance.test.ts
 * already runs the suite against a daemon process and through `conform wit`);
 * `npm run mutation -- --only wit --runner vitest` uses it as Stryker's killing suite the old way
 * (a fresh vitest worker per mutant, decision 223).
 */
import { afterAll, describe, expect, it } from "vitest";
import { mutationSuite } from "./wit-suite.js";
import type { OpenedSuite } from "./wright-agent-suite.js";

let opened: Promise<OpenedSuite> | undefined;
afterAll(async () => {
  if (opened) await (await opened).close();
});

describe("conform wit: our reference daemon, check by check", () => {
  for (const check of mutationSuite.checks) {
    it(check.id, async () => {
      const r = await (await (opened ??= mutationSuite.open())).run(check.id);
      expect(r.ok, r.message).toBe(true);
    });
  }
});
