/**
 * The wright-agent checks added to kill mutation survivors (conformance/wright-agent/power-*.ts):
 * our mock passes them as a real `serve wright-agent` process over stdio; servers broken their way
 * fail them: the same mock behind `sed`, which turns every blank line into `{}` (so the mock refuses
 * it), and behind test/conformance/overlong-line-exit.mjs, which ends the server's input at a line
 * over 16 MiB (a server that dies on an over-long line).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runSuite } from "../../conformance/harness/runner.js";
import { powerStdioChecks } from "../../conformance/wright-agent/power-stdio.js";
import { wrightAgentSuite } from "../../conformance/wright-agent/suite.js";
import { BIN, createWrightAgentTarget } from "../../conformance/wright-agent/targets.js";

const ids = powerStdioChecks.map((c) => c.id);
const OVERLONG_EXIT = fileURLToPath(new URL("./overlong-line-exit.mjs", import.meta.url));

/** Each check on its own server (a failed stdio exchange leaves the shared session out of step). */
async function outcome(command?: string, only: readonly string[] = ids) {
  const results: [string, string, string | undefined][] = [];
  for (const id of only) {
    const t = createWrightAgentTarget({ transports: ["stdio"], ...(command ? { command } : {}) });
    try {
      const [r] = (await runSuite(wrightAgentSuite, t.target, t.name, { only: [id] })).results;
      results.push([r!.id, r!.status, r!.message]);
    } finally {
      await t.close?.();
    }
  }
  return results;
}

describe("wright-agent power checks", () => {
  it("our mock passes them over stdio", async () => {
    expect(await outcome()).toEqual(ids.map((id) => [id, "pass", undefined]));
  });

  it("a server that answers blank lines fails wright-agent/stdio-blank-lines", async () => {
    // (sed -u reads a 17 MiB line too slowly for the other check: this variant is only about blank lines.)
    const results = await outcome(
      `sed -u 's/^[[:space:]]*$/{}/' | '${process.execPath}' '${BIN}' serve wright-agent --fixture {fixture} --transport {transport}`,
      ["wright-agent/stdio-blank-lines"],
    );
    expect(results.map(([id, status]) => [id, status])).toEqual([["wright-agent/stdio-blank-lines", "fail"]]);
    expect(String(results[0]![2])).toContain("was answered");
  });

  it("a server that dies on an over-long line fails wright-agent/stdio-overlong-line", async () => {
    const results = await outcome(
      `'${process.execPath}' '${OVERLONG_EXIT}' | '${process.execPath}' '${BIN}' serve wright-agent --fixture {fixture} --transport {transport}`,
    );
    expect(results.map(([id, status]) => [id, status])).toEqual([
      ["wright-agent/stdio-blank-lines", "pass"],
      ["wright-agent/stdio-overlong-line", "fail"],
    ]);
    expect(String(results[1]![2])).toMatch(/closed its output|exited|no reply/);
  });
});
