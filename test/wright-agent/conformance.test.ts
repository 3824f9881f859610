/**
 * conform wright-agent against our mock command as real processes over stdio, JSON-RPC and MCP:
 * every check passes (none skipped: the target serves our fixture). The broken variants are in
 * conformance-faults.test.ts.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runSuite } from "../../conformance/harness/runner.js";
import { SUITES } from "../../conformance/index.js";
import { wrightAgentSuite } from "../../conformance/wright-agent/suite.js";
import { createWrightAgentTarget, mockCommand, parseTransports } from "../../conformance/wright-agent/targets.js";
import { resolveCommand } from "../../conformance/wright-agent/target.js";

const BIN = fileURLToPath(new URL("../../bin/contract-suite.mjs", import.meta.url));

describe("conform wright-agent", () => {
  it("is registered with --target, --transport and --replay", () => {
    expect(SUITES["wright-agent"]!.suite).toBe(wrightAgentSuite);
    expect(SUITES["wright-agent"]!.options).toEqual(["target", "transport", "replay"]);
    expect(new Set(wrightAgentSuite.checks.map((c) => c.id)).size).toBe(wrightAgentSuite.checks.length);
    for (const c of wrightAgentSuite.checks) {
      expect(c.id).toMatch(/^wright-agent\/[a-z0-9-]+$/);
      expect(c.doc.length, c.id).toBeGreaterThan(80);
    }
  });

  it("passes every check against the mock over all three transports", async () => {
    const t = createWrightAgentTarget();
    try {
      const report = await runSuite(wrightAgentSuite, t.target, t.name);
      const bad = report.results.filter((r) => r.status !== "pass");
      expect(bad, JSON.stringify(bad, null, 2)).toEqual([]);
      expect(report.results).toHaveLength(wrightAgentSuite.checks.length);
      expect(report.cases).toBeGreaterThan(40);
    } finally {
      await t.close?.();
    }
  }, 120_000);

  it("runs over MCP alone: negotiation from tools/list, checks needing another transport are skipped", async () => {
    const t = createWrightAgentTarget({ transports: ["mcp"] });
    try {
      const only = [
        "wright-agent/capabilities-first",
        "wright-agent/results-validate",
        "wright-agent/error-model",
        "wright-agent/mcp-tools-list",
        "wright-agent/cross-transport",
        "wright-agent/jsonrpc-framing",
      ];
      const report = await runSuite(
        { ...wrightAgentSuite, checks: wrightAgentSuite.checks.filter((c) => only.includes(c.id)) },
        t.target,
        t.name,
      );
      expect(report.results.map((r) => [r.id.replace("wright-agent/", ""), r.status])).toEqual([
        ["capabilities-first", "pass"],
        ["results-validate", "pass"],
        ["error-model", "pass"],
        ["cross-transport", "skip"],
        ["jsonrpc-framing", "skip"],
        ["mcp-tools-list", "pass"],
      ]);
    } finally {
      await t.close?.();
    }
  }, 60_000);

  it("command templates: {transport} and {fixture} substitution, --transport appended otherwise", () => {
    expect(resolveCommand("wright serve p.ws", "mcp")).toBe("wright serve p.ws --transport mcp");
    expect(resolveCommand("srv --mode={transport} --in {fixture}", "jsonrpc", "/t/it's.json")).toBe(
      "srv --mode=jsonrpc --in '/t/it'\\''s.json'",
    );
    expect(resolveCommand(["a", "{fixture}"], "stdio", "/f")).toEqual(["a", "/f", "--transport", "stdio"]);
    expect(mockCommand()).toContain("{fixture}");
    expect(parseTransports(undefined)).toEqual(["stdio", "jsonrpc", "mcp"]);
    expect(parseTransports("mcp,stdio")).toEqual(["mcp", "stdio"]);
    expect(() => parseTransports("http")).toThrow(/--transport takes/);
  });

  it("the CLI: --target without {fixture} skips the stateful checks (reported as skip); a bad --transport is exit 2", () => {
    const target = `${process.execPath} ${BIN} serve wright-agent`;
    const r = spawnSync(
      process.execPath,
      [
        BIN,
        "conform",
        "wright-agent",
        "--target",
        target,
        "--transport",
        "stdio",
        "--only",
        "capabilities-first",
        "state-selection",
        "--format",
        "json",
      ],
      { encoding: "utf8" },
    );
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.suites[0].results.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      ["wright-agent/capabilities-first", "pass"],
      ["wright-agent/state-selection", "skip"],
    ]);
    const bad = spawnSync(process.execPath, [BIN, "conform", "wright-agent", "--transport", "http"], {
      encoding: "utf8",
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--transport takes/);
  }, 60_000);
});
