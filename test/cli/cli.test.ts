import { describe, expect, it } from "vitest";
import { execFileSync, spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { runCli } from "../helpers/cli.js";

const BIN = resolve(import.meta.dirname, "../../bin/contract-suite.mjs");

describe("contract-suite CLI", () => {
  it("validate passes on the bundled contracts, in every format", async () => {
    const text = await runCli(["validate"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/ok {3}wit wit\/openrpc.json/);
    const json = JSON.parse((await runCli(["validate", "--format", "json"])).stdout);
    expect(json.ok).toBe(true);
    expect((await runCli(["validate", "--format", "junit"])).stdout).toMatch(/^<\?xml/);
    expect((await runCli(["validate", "--format", "markdown"])).stdout).toMatch(/^\| contract \|/);
  });
  it("gen --check exits 0 when generated code is current", async () => {
    const r = await runCli(["gen", "--check"]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
  });
  it("conform runs a suite and renders JUnit", async () => {
    const r = await runCli(["conform", "rfc6901", "--format", "junit", "--seed", "7"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/<testsuite name="rfc6901/);
    expect(r.stdout).not.toMatch(/<failure/);
  });
  it("usage errors exit 2", async () => {
    expect((await runCli(["conform", "no-such-suite"])).code).toBe(2);
    expect((await runCli(["--no-such-option"])).code).toBe(2);
    expect((await runCli(["conform", "rfc6901", "--seed", "x"])).code).toBe(2);
    expect((await runCli(["validate", "--format", "yaml"])).code).toBe(2);
    expect((await runCli(["validate", "not-registered"])).code).toBe(2);
    expect((await runCli(["conform", "rfc6901", "--only", "no-such-check"])).code).toBe(2);
  });
  it("--help on every command documents the exit codes", async () => {
    for (const cmd of [[], ["validate"], ["gen"], ["conform"], ["check"]]) {
      const r = await runCli([...cmd, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Exit codes:\n {2}0 {2}success/);
    }
  });
  it("the bin works from plain Node (tsx loader registered by the bin)", () => {
    const out = execFileSync(process.execPath, [BIN, "conform", "json-value", "--format", "json"]).toString();
    expect(JSON.parse(out).ok).toBe(true);
    const r = spawnSync(process.execPath, [BIN, "conform", "nope"]);
    expect(r.status).toBe(2);
  });
});
