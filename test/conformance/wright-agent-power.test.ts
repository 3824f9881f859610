/**
 * The wright-agent checks added to kill mutation survivors (conformance/wright-agent/power-*.ts):
 * our mock passes them as a real `serve wright-agent` process over stdio; a server broken their way
 * (the same mock behind `sed`, which turns every blank line into `{}`, so the mock refuses it)
 * fails them.
 */
import { describe, expect, it } from "vitest";
import { runSuite } from "../../conformance/harness/runner.js";
import { powerStdioChecks } from "../../conformance/wright-agent/power-stdio.js";
import { wrightAgentSuite } from "../../conformance/wright-agent/suite.js";
import { BIN, createWrightAgentTarget } from "../../conformance/wright-agent/targets.js";

const ids = powerStdioChecks.map((c) => c.id);

async function outcome(command?: string) {
  const t = createWrightAgentTarget({ transports: ["stdio"], ...(command ? { command } : {}) });
  try {
    return (await runSuite(wrightAgentSuite, t.target, t.name, { only: ids })).results.map((r) => [r.id, r.status, r.message]);
  } finally {
    await t.close?.();
  }
}

describe("wright-agent power checks", () => {
  it("our mock passes them over stdio", async () => {
    expect(await outcome()).toEqual(ids.map((id) => [id, "pass", undefined]));
  });

  it("a server that answers blank lines fails wright-agent/stdio-blank-lines", async () => {
    const results = await outcome(`sed -u 's/^[[:space:]]*$/{}/' | '${process.execPath}' '${BIN}' serve wright-agent --fixture {fixture} --transport {transport}`);
    expect(results.map(([id, status]) => [id, status])).toEqual([["wright-agent/stdio-blank-lines", "fail"]]);
    expect(String(results[0]![2])).toContain("was answered");
  });
});
