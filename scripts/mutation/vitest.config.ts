/**
 * The vitest configuration Stryker's vitest runner loads for a mutation area: the repository's
 * settings, with `include` narrowed to the area's killing suite (MUTATION_TESTS, a JSON list of
 * globs set by scripts/mutation/main.ts) and a setup file that hands the active mutant to child
 * processes (the fold command, daemons) through the variable Stryker's instrumented code reads.
 */
import { defineConfig } from "vitest/config";

const tests = JSON.parse(process.env.MUTATION_TESTS ?? "null") as string[] | null;
if (!Array.isArray(tests) || tests.length === 0) {
  throw new Error("scripts/mutation/vitest.config.ts is run by `npm run mutation` (MUTATION_TESTS is not set)");
}

export default defineConfig({
  test: {
    include: tests,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ["scripts/mutation/mutant-env.setup.ts"],
  },
});
