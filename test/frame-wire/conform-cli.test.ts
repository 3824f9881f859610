import { describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { runCli } from "../helpers/cli.js";

const ROOT = resolve(import.meta.dirname, "../..");
const BIN = `node ${ROOT}/bin/contract-suite.mjs`;

describe("contract-suite conform frame-wire", () => {
  it("passes against the reference fold in process (vectors and properties)", async () => {
    const r = await runCli(["conform", "frame-wire", "--format", "json"]);
    expect(r.code, r.stdout).toBe(0);
    const report = JSON.parse(r.stdout).suites[0];
    expect(report.results.filter((c: { status: string }) => c.status === "pass").length).toBeGreaterThan(70);
  });

  it('every vector passes through --target "<bin> frame-wire fold" (the documented protocol)', async () => {
    const r = await runCli(["conform", "frame-wire", "--target", `${BIN} frame-wire fold`, "--format", "json"]);
    const report = JSON.parse(r.stdout).suites[0];
    const failed = report.results.filter((c: { status: string }) => c.status === "fail");
    expect(failed, JSON.stringify(failed.slice(0, 3), null, 1)).toEqual([]);
    expect(
      report.results.filter((c: { id: string; status: string }) => c.id.includes("/vector/") && c.status === "pass")
        .length,
    ).toBeGreaterThan(70);
    expect(r.code).toBe(0);
  }, 180_000);

  it("a broken fold run as a target fails, naming the vector", async () => {
    const broken = `node --import tsx ${ROOT}/test/frame-wire/broken-folds/leading-zero-index.ts`;
    const r = await runCli(["conform", "frame-wire", "--target", broken, "--only", "leading-zero", "--format", "text"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL frame-wire\/vector\/[a-z0-9-]*leading-zero/);
  }, 120_000);
});
