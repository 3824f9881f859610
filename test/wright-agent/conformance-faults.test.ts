/**
 * The suite catches real mistakes: each deliberately broken variant — a real host process behind the
 * test-side line proxy (faulty-hosts/proxy.ts) applying one fault of faulty-hosts/faults.ts — fails
 * the check the fault names, while the same proxy without a fault passes every check it runs and the
 * real host alone passes the whole suite (conformance.test.ts). Every check of the suite is caught
 * failing by at least one variant. Shipped code has no fault switch (issue 12 item 5).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runSuite } from "../../conformance/harness/runner.js";
import { wrightAgentSuite } from "../../conformance/wright-agent/suite.js";
import type { Transport } from "../../conformance/wright-agent/target.js";
import { createWrightAgentTarget } from "../../conformance/wright-agent/targets.js";
import { faultyCommand } from "./faulty-hosts/command.js";
import { FIRST_OPS_FAULTS } from "../conformance/wright-agent-ops-faults.js";
import { FAULTS, type FaultName } from "./faulty-hosts/faults.js";

async function runWith(fault: FaultName | "none", transports: Transport[], only?: string[]) {
  // A reply that never comes (an ignored empty batch) should fail fast; everything else gets a
  // generous per-exchange timeout: the variants run concurrently, two processes each, on a loaded machine.
  const timeoutMs = fault === "jsonrpc-empty-batch-ignored" ? 3000 : 90_000;
  const t = createWrightAgentTarget({ command: faultyCommand(fault), transports, timeoutMs, name: `proxy ${fault}` });
  try {
    const checks = wrightAgentSuite.checks.filter((c) =>
      only ? only.includes(c.id) : !["wright-agent/mcp-negotiation", "wright-agent/mcp-argument-errors"].includes(c.id),
    );
    return await runSuite({ ...wrightAgentSuite, checks }, t.target, t.name);
  } finally {
    await t.close?.();
  }
}

/**
 * Checks shown failing by a mock broken in process (one handler swapped: a fault a line proxy cannot
 * make without rebuilding the mock's program), each by a test named "... fails <check id>".
 */
const IN_PROCESS_VARIANTS = [
  "../conformance/wright-agent-power-model.test.ts",
  "../conformance/wright-agent-power-compile.test.ts",
  "../conformance/wright-agent-power-resolve.test.ts",
  "../conformance/wright-agent-power-text.test.ts",
];
function caughtInProcess(): string[] {
  return IN_PROCESS_VARIANTS.flatMap((f) =>
    [
      ...readFileSync(new URL(f, import.meta.url), "utf8").matchAll(
        /\bit\(\s*"[^"]* fails (wright-agent\/[a-z0-9-]+)"/g,
      ),
    ].map((m) => m[1]!),
  );
}

/** Full-suite runs (the per-version MCP session checks aside: extra processes, untouched by these faults): the named check fails, most others pass. */
const FULL: { fault: FaultName; transports: Transport[]; message: RegExp }[] = [
  { fault: "mcp-lists-unadvertised", transports: ["stdio", "mcp"], message: /wright_lookup, wright_simulate/ },
  {
    fault: "jsonrpc-refusal-as-error",
    transports: ["stdio", "jsonrpc"],
    message: /came back as JSON-RPC error -32000/,
  },
  { fault: "stale-id-after-reload", transports: ["stdio"], message: /pre-edit snapshot/ },
  {
    fault: "mcp-unknown-tool-as-result",
    transports: ["stdio", "mcp"],
    message: /unknown tool wright_no_such_tool: expected a JSON-RPC error -32602/,
  },
  {
    fault: "rules-name-ignored",
    transports: ["stdio"],
    message: /rules \{name: "Init"\}: expected a refusal malformed-request/,
  },
];

/** Named-check runs over the transports the fault lives on. */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The power-ops faults (one per check, as faults.ts registers them). */
const OPS_NAMED = FIRST_OPS_FAULTS.map(([check, message]) => ({
  fault: check as FaultName,
  transports: ["stdio"] as Transport[],
  message: new RegExp(escape(message)),
}));

const NAMED: { fault: FaultName; transports: Transport[]; message: RegExp }[] = [
  ...OPS_NAMED,
  { fault: "stdio-wrong-code", transports: ["stdio"], message: /expected malformed-request/ },
  {
    fault: "overlong-line-own-code",
    transports: ["stdio"],
    message: /byte line that is not JSON was not refused with malformed-request/,
  },
  {
    fault: "answers-blank-lines",
    transports: ["stdio"],
    message: /the blank line "" before a capabilities request was answered/,
  },
  { fault: "jsonrpc-empty-batch-ignored", transports: ["jsonrpc"], message: /empty batch: no reply|no reply within/ },
  { fault: "jsonrpc-alias-differs", transports: ["jsonrpc"], message: /alias \w+ differs from request/ },
  { fault: "mcp-echo-any-version", transports: ["mcp"], message: /offered 2024-10-07: expected 2025-11-25/ },
  { fault: "mcp-refusal-not-error", transports: ["mcp"], message: /must set isError: true/ },
  {
    fault: "mcp-validation-always-protocol-error",
    transports: ["stdio", "mcp"],
    message: /negotiated 2025-11-25: .*expected an isError tool result/,
  },
  {
    fault: "mcp-validation-always-result",
    transports: ["stdio", "mcp"],
    message: /negotiated 2024-11-05: .*expected a JSON-RPC error -32602/,
  },
  { fault: "capabilities-wrong-contract", transports: ["stdio"], message: /agent_contract/ },
  { fault: "findings-result-invalid", transports: ["stdio"], message: /findings: result violates FindingsResult/ },
  { fault: "unknown-fields-refused", transports: ["stdio"], message: /with unknown fields answered differently/ },
  {
    fault: "nondeterministic-lint",
    transports: ["stdio"],
    message: /lint: two identical requests gave different bytes/,
  },
  { fault: "selection-withheld-off-by-one", transports: ["stdio"], message: /withheld/ },
  {
    fault: "broken-input-serves-old-program",
    transports: ["stdio"],
    message: /symbols over a broken fixture: expected a refusal parse-error/,
  },
  {
    fault: "ambiguous-rule-picks-first",
    transports: ["stdio"],
    message: /cfg Tick: expected a refusal ambiguous-rule/,
  },
  { fault: "default-cap-ignored", transports: ["stdio"], message: /20 items/ },
  { fault: "mcp-result-differs", transports: ["stdio", "mcp"], message: /mcp answered .* but stdio/ },
  {
    fault: "usage-missing-field-accepted",
    transports: ["stdio"],
    message: /usage without its required symbol: expected a refusal malformed-request/,
  },
  {
    fault: "jsonrpc-alias-params-ignored",
    transports: ["jsonrpc"],
    message: /with \{force: true\}: expected a JSON-RPC error -32602/,
  },
  {
    fault: "jsonrpc-alias-refusal-as-error",
    transports: ["jsonrpc"],
    message: /alias (analyze|inspect) over a broken fixture: a service refusal came back as JSON-RPC error -32000/,
  },
  {
    fault: "mcp-answers-responses",
    transports: ["mcp"],
    message: /a response to no request \(result\) must get no reply/,
  },
  {
    fault: "mcp-initialize-lenient",
    transports: ["mcp"],
    message: /initialize without clientInfo: expected a JSON-RPC error -32602/,
  },
  {
    fault: "mcp-batches-refused-always",
    transports: ["mcp"],
    message: /\[offered 2025-03-26, negotiated 2025-03-26\] a batch of ping.*expected an array of responses/,
  },
  {
    fault: "mcp-batches-served-always",
    transports: ["mcp"],
    message:
      /negotiated 2025-06-18\] a batch of two pings: batches are not part of MCP 2025-06-18; it was served as a batch/,
  },
  {
    fault: "mcp-batch-notifications-answered",
    transports: ["mcp"],
    message: /a batch of two notifications must get no reply/,
  },
];

describe("conform wright-agent catches deliberately broken servers (a real host behind a faulty proxy)", () => {
  it("every fault is exercised here, and every check of the suite is caught failing by one", () => {
    expect([...FULL, ...NAMED].map((c) => c.fault).sort()).toEqual(Object.keys(FAULTS).sort());
    const caught = new Set([...Object.values(FAULTS).map((f) => f.caughtBy as string), ...caughtInProcess()]);
    expect(wrightAgentSuite.checks.map((c) => c.id).filter((id) => !caught.has(id))).toEqual([]);
  });

  it("the proxy itself is transparent: without a fault every check passes through it", async () => {
    const report = await runWith("none", ["stdio", "jsonrpc", "mcp"]);
    expect(report.results.filter((r) => r.status === "fail").map((r) => [r.id, r.message])).toEqual([]);
  }, 300_000);

  for (const { fault, transports, message } of FULL) {
    it(`${fault} fails ${FAULTS[fault].caughtBy} (full suite)`, async () => {
      const report = await runWith(fault, transports);
      const named = report.results.find((r) => r.id === FAULTS[fault].caughtBy)!;
      expect(named.status, JSON.stringify(report.results.map((r) => [r.id, r.status]))).toBe("fail");
      expect(named.message).toMatch(message);
      // Specific: most checks still pass.
      expect(report.results.filter((r) => r.status === "fail").length).toBeLessThan(report.results.length / 2);
    }, 300_000);
  }

  describe.concurrent("named checks", () => {
    for (const { fault, transports, message } of NAMED) {
      it(`${fault} fails ${FAULTS[fault].caughtBy}`, async () => {
        const report = await runWith(fault, transports, [FAULTS[fault].caughtBy]);
        expect(report.results).toHaveLength(1);
        expect(report.results[0]!.status, report.results[0]!.message).toBe("fail");
        expect(report.results[0]!.message).toMatch(message);
      }, 300_000);
    }
  });
});
