/**
 * The killing suite of `npm run mutation -- --only wright-agent`: the wright-agent conformance
 * suite check by check against our mock, served over stdio, JSON-RPC and MCP by real processes
 * started from the TypeScript sources (test/mutation/wright-agent-serve.ts, through tsx), so that
 * each child process runs the active mutant. Coverage analysis is off for this area (Stryker
 * cannot see into the children): every mutant runs the whole file (decision 223).
 * Named *.mutation.ts so `npm test` does not run it (test/wright-agent/conformance.test.ts runs
 * the same suite against the built CLI).
 */
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultContext } from "../../conformance/harness/check.js";
import { describeFailure, runCheck } from "../../conformance/harness/runner.js";
import { wrightAgentSuite } from "../../conformance/wright-agent/suite.js";
import type { SuiteTarget } from "../../conformance/harness/target.js";
import type { WrightAgentTarget } from "../../conformance/wright-agent/target.js";
import { createWrightAgentTarget } from "../../conformance/wright-agent/targets.js";

const tsx = createRequire(import.meta.url).resolve("tsx");
const entry = fileURLToPath(new URL("./wright-agent-serve.ts", import.meta.url));
// Made per run (not at import): each mutant gets fresh server processes. (Creating the target
// spawns nothing: servers start in the first check that needs them, so a mutant that breaks
// start-up fails a test rather than a hook.)
let served: SuiteTarget<WrightAgentTarget>;
beforeAll(() => {
  served = createWrightAgentTarget({ command: [process.execPath, "--import", tsx, entry, "--fixture", "{fixture}"], name: "mock from the sources" });
});
afterAll(async () => {
  await served.close?.();
});

describe("conform wright-agent: our mock from the sources, check by check", () => {
  for (const check of wrightAgentSuite.checks) {
    it(check.id, async () => {
      const r = await runCheck(check, served.target, defaultContext());
      expect(r.status, describeFailure(r)).toBe("pass");
    });
  }
});
