/**
 * The wright-agent operation checks added to kill mutation survivors of the mock's operation files
 * (conformance/wright-agent/power-ops.ts): our mock passes them (served in process over stdio);
 * the same mock behind a FAULT, a rewrite of its answers the way a broken server would answer,
 * fails the check the fault is about:
 * each FAULTS entry names the check and what the fault breaks.
 */
import { describe, expect, it } from "vitest";
import { powerOpsChecks } from "../../conformance/wright-agent/power-ops.js";
import { OPS_FAULTS } from "./wright-agent-ops-faults.js";
import { runOn } from "./wright-agent-ops-variants.js";

const ids = powerOpsChecks.map((c) => c.id);

describe("wright-agent power-ops checks", () => {
  it("our mock passes them", async () => {
    expect(await runOn(ids)).toEqual(ids.map((id) => [id, "pass", undefined]));
  }, 60_000);

  for (const [check, message, what, fault] of OPS_FAULTS) {
    it(`a server where ${what} fails wright-agent/${check} (${message})`, async () => {
      const [result] = await runOn([`wright-agent/${check}`], fault);
      expect(result?.slice(0, 2)).toEqual([`wright-agent/${check}`, "fail"]);
      expect(result?.[2]).toContain(message);
    }, 30_000);
  }
});
