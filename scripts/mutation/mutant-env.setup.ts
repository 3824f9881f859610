/**
 * Stryker activates a mutant inside the test worker only. Code under test that runs in a child
 * process (a command target, a daemon) reads the active mutant from __STRYKER_ACTIVE_MUTANT__
 * (Stryker's instrumenter checks that variable at start-up), so set it for the mutant run and
 * clear it for the dry run. Values come from Stryker's vitest runner (vitest's provide/inject).
 */
import { beforeAll, inject } from "vitest";

const read = inject as unknown as (key: string) => unknown;
const ENV = "__STRYKER_ACTIVE_MUTANT__";

beforeAll(() => {
  const mutant = read("mode") === "mutant" ? read("activeMutant") : undefined;
  if (mutant === undefined || mutant === null) delete process.env[ENV];
  else process.env[ENV] = String(mutant);
});
