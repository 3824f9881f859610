/**
 * The suite catches real mistakes: the mock started with each TEST-ONLY fault (real processes)
 * fails the check the fault names, while the healthy mock passes every check
 * (conformance.test.ts). Every check of the suite is caught failing by at least one fault.
 */
import { describe, expect, it } from "vitest";
import { runSuite } from "../../conformance/harness/runner.js";
import { wrightAgentSuite } from "../../conformance/wright-agent/suite.js";
import type { Transport } from "../../conformance/wright-agent/target.js";
import { createWrightAgentTarget, mockCommand } from "../../conformance/wright-agent/targets.js";
import { HOST_FAULTS, type HostFault } from "../../src/wright-agent/host/faults.js";

async function runWithFault(fault: HostFault, transports: Transport[], only?: string[]) {
  // A reply that never comes (an ignored empty batch) should fail fast, not after 30 s.
  const timeoutMs = fault === "jsonrpc-empty-batch-ignored" ? 3000 : 30_000;
  const t = createWrightAgentTarget({ command: mockCommand(["--fault", fault]), transports, timeoutMs });
  try {
    const checks = wrightAgentSuite.checks.filter((c) => (only ? only.includes(c.id) : c.id !== "wright-agent/mcp-negotiation"));
    return await runSuite({ ...wrightAgentSuite, checks }, t.target, t.name);
  } finally {
    await t.close?.();
  }
}

/** Full-suite runs (mcp-negotiation aside: four extra processes, untouched by these faults): the named check fails, most others pass. */
const FULL: { fault: HostFault; transports: Transport[]; message: RegExp }[] = [
  { fault: "mcp-lists-unadvertised", transports: ["stdio", "mcp"], message: /wright_lookup, wright_simulate/ },
  { fault: "jsonrpc-refusal-as-error", transports: ["stdio", "jsonrpc"], message: /came back as JSON-RPC error -32000/ },
  { fault: "stale-id-after-reload", transports: ["stdio"], message: /pre-edit snapshot/ },
  { fault: "mcp-unknown-tool-as-result", transports: ["stdio", "mcp"], message: /unknown tool wright_no_such_tool: expected a JSON-RPC error -32602/ },
  { fault: "rules-name-ignored", transports: ["stdio"], message: /rules \{name: "Init"\}: expected a refusal malformed-request/ },
];

/** Named-check runs over the transports the fault lives on. */
const NAMED: { fault: HostFault; transports: Transport[]; message: RegExp }[] = [
  { fault: "stdio-wrong-code", transports: ["stdio"], message: /expected malformed-request/ },
  { fault: "jsonrpc-empty-batch-ignored", transports: ["jsonrpc"], message: /empty batch: no reply|no reply within/ },
  { fault: "jsonrpc-alias-differs", transports: ["jsonrpc"], message: /alias \w+ differs from request/ },
  { fault: "mcp-echo-any-version", transports: ["mcp"], message: /offered 2024-10-07: expected 2025-11-25/ },
  { fault: "mcp-refusal-not-error", transports: ["mcp"], message: /must set isError: true/ },
  { fault: "capabilities-wrong-contract", transports: ["stdio"], message: /agent_contract/ },
  { fault: "findings-result-invalid", transports: ["stdio"], message: /findings: result violates FindingsResult/ },
  { fault: "unknown-fields-refused", transports: ["stdio"], message: /with unknown fields answered differently/ },
  { fault: "nondeterministic-lint", transports: ["stdio"], message: /lint: two identical requests gave different bytes/ },
  { fault: "selection-withheld-off-by-one", transports: ["stdio"], message: /withheld/ },
  { fault: "broken-input-serves-old-program", transports: ["stdio"], message: /symbols over a broken fixture: expected a refusal parse-error/ },
  { fault: "ambiguous-rule-picks-first", transports: ["stdio"], message: /cfg Tick: expected a refusal ambiguous-rule/ },
  { fault: "default-cap-ignored", transports: ["stdio"], message: /20 items/ },
  { fault: "mcp-result-differs", transports: ["stdio", "mcp"], message: /mcp answered .* but stdio/ },
  { fault: "usage-missing-field-accepted", transports: ["stdio"], message: /usage without its required symbol: expected a refusal malformed-request/ },
];

describe("conform wright-agent catches deliberately broken mocks", () => {
  it("every fault is exercised here, and every check of the suite is caught failing by one", () => {
    expect([...FULL, ...NAMED].map((c) => c.fault).sort()).toEqual(Object.keys(HOST_FAULTS).sort());
    const caught = new Set(Object.values(HOST_FAULTS).map((f) => f.caughtBy as string));
    expect(wrightAgentSuite.checks.map((c) => c.id).filter((id) => !caught.has(id))).toEqual([]);
  });

  for (const { fault, transports, message } of FULL) {
    it(`--fault ${fault} fails ${HOST_FAULTS[fault].caughtBy} (full suite)`, async () => {
      const report = await runWithFault(fault, transports);
      const named = report.results.find((r) => r.id === HOST_FAULTS[fault].caughtBy)!;
      expect(named.status, JSON.stringify(report.results.map((r) => [r.id, r.status]))).toBe("fail");
      expect(named.message).toMatch(message);
      // Specific: most checks still pass.
      expect(report.results.filter((r) => r.status === "fail").length).toBeLessThan(report.results.length / 2);
    }, 120_000);
  }

  describe.concurrent("named checks", () => {
    for (const { fault, transports, message } of NAMED) {
      it(`--fault ${fault} fails ${HOST_FAULTS[fault].caughtBy}`, async () => {
        const report = await runWithFault(fault, transports, [HOST_FAULTS[fault].caughtBy]);
        expect(report.results).toHaveLength(1);
        expect(report.results[0]!.status, report.results[0]!.message).toBe("fail");
        expect(report.results[0]!.message).toMatch(message);
      }, 120_000);
    }
  });
});
