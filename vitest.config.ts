import { defineConfig } from "vitest/config";

// CI writes a JSON report next to the default console output; scripts/ci/totals.mjs reads it.
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    reporters: jsonReport ? ["default", ["json", { outputFile: jsonReport }]] : ["default"],
  },
});
