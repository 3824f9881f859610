/**
 * `conform --baseline/--write-baseline` (conformance/harness/baseline.ts) and `--requirements`
 * (conformance/harness/requirements.ts), driven through the CLI against real fold commands: a
 * broken fold's failures become a baseline that then passes, and the run fails on a new failure,
 * on a baselined check that now passes and on a stale id. A fold with the 1.2.0 abort behaviour
 * passes the 1.2.0 requirement set and fails the 1.3.0 one.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { frameWireSuite } from "../../conformance/frame-wire/suite.js";
import { loadFrameWireVectors } from "../../conformance/frame-wire/vectors.js";
import { compareVersions, requiredBy } from "../../conformance/harness/requirements.js";

const ROOT = resolve(import.meta.dirname, "../..");
const fold = (name: string) => `node --import tsx ${ROOT}/test/frame-wire/broken-folds/${name}.ts`;
const dir = mkdtempSync(join(tmpdir(), "conform-baseline-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LEADING_ZERO = fold("leading-zero-index");
// Two vectors the leading-zero fold fails and one it passes.
const ONLY = ["--only", "leading-zero", "basic-turn"];
const ids = (file: string) => JSON.parse(readFileSync(file, "utf8")).expected_failures as string[];
const baselineFile = (name: string, expected: string[], suite = "frame-wire") => {
  const f = join(dir, name);
  writeFileSync(f, JSON.stringify({ suite, expected_failures: expected }));
  return f;
};

describe("conform --baseline", () => {
  const written = join(dir, "today.json");
  let today: string[] = [];

  it("--write-baseline records today's failures (exit 0), and the same run against it passes", async () => {
    const w = await runCli(["conform", "frame-wire", "--target", LEADING_ZERO, ...ONLY, "--write-baseline", written]);
    expect(w.code, w.stderr).toBe(0);
    today = ids(written);
    expect(today.length).toBeGreaterThanOrEqual(1);
    expect(today.every((id) => id.includes("leading-zero"))).toBe(true);
    const r = await runCli(["conform", "frame-wire", "--target", LEADING_ZERO, ...ONLY, "--baseline", written]);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/baseline .*today\.json: ok/);
  }, 120_000);

  it("fails on a failure the baseline does not list", async () => {
    const f = baselineFile("shrunk-too-far.json", today.slice(1));
    const r = await runCli(["conform", "frame-wire", "--target", LEADING_ZERO, ...ONLY, "--baseline", f]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`new failure (not in the baseline): ${today[0]}`);
  }, 120_000);

  it("fails when a baselined check passes now (the baseline must shrink), in JSON and JUnit too", async () => {
    const f = baselineFile("stale-pass.json", [...today, "frame-wire/vector/basic-turn"]);
    const r = await runCli(["conform", "frame-wire", "--target", LEADING_ZERO, ...ONLY, "--baseline", f]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("now passes (remove it from the baseline): frame-wire/vector/basic-turn");
    // Our fold passes every listed check: the whole baseline is stale.
    const j = await runCli(["conform", "frame-wire", ...ONLY, "--baseline", written, "--format", "json"]);
    expect(j.code).toBe(1);
    const out = JSON.parse(j.stdout);
    expect(out.ok).toBe(false);
    expect(out.baseline.nowPassing).toEqual(today);
    const x = await runCli(["conform", "frame-wire", ...ONLY, "--baseline", written, "--format", "junit"]);
    expect(x.stdout).toContain("passes now: remove it from the baseline");
  }, 120_000);

  it("a baselined failure shows as skipped in JUnit, and passes the gate", async () => {
    const x = await runCli([
      "conform",
      "frame-wire",
      "--target",
      LEADING_ZERO,
      ...ONLY,
      "--baseline",
      written,
      "--format",
      "junit",
    ]);
    expect(x.code).toBe(0);
    expect(x.stdout).not.toContain("<failure");
  }, 120_000);

  it("fails on a listed id that is no check of the suite", async () => {
    const f = baselineFile("unknown.json", ["frame-wire/vector/no-such-vector"]);
    const r = await runCli(["conform", "frame-wire", ...ONLY, "--baseline", f]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("no check has this id (remove it from the baseline): frame-wire/vector/no-such-vector");
  });

  it("refuses a baseline that is not one, of another suite, or missing (exit 2, one line)", async () => {
    for (const [file, pattern] of [
      [baselineFile("not-json.json", []).replace("not-json", "missing"), /cannot read .*ENOENT/],
      [baselineFile("other.json", [], "wit"), /a baseline of wit, not of frame-wire/],
      [
        (() => {
          const f = join(dir, "bad.json");
          writeFileSync(f, '{"suite":"frame-wire","expected_failures":[1]}');
          return f;
        })(),
        /is not a baseline/,
      ],
      [
        (() => {
          const f = join(dir, "garbage.json");
          writeFileSync(f, "{nope");
          return f;
        })(),
        /is not JSON/,
      ],
    ] as const) {
      const r = await runCli(["conform", "frame-wire", ...ONLY, "--baseline", file]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
    }
    const both = await runCli(["conform", "frame-wire", "--baseline", "a", "--write-baseline", "b"]);
    expect(both.code).toBe(2);
  });
});

describe("conform --requirements", () => {
  it("every abort vector and the amendment-4 rules require 1.3.0; the rest every version", () => {
    const vectors = loadFrameWireVectors();
    for (const v of vectors) {
      expect(v.requires, v.name).toMatch(/^1\.[23]\.0$/);
      if (v.expected.abort !== null) expect(v.requires, v.name).toBe("1.3.0");
    }
    expect(vectors.find((v) => v.name === "repeated-block-start-single-block")!.requires).toBe("1.3.0");
    expect(vectors.find((v) => v.name === "basic-turn")!.requires).toBe("1.2.0");
    const older = requiredBy(frameWireSuite, "1.2.0");
    const current = requiredBy(frameWireSuite, "1.3.0");
    expect(current).toHaveLength(frameWireSuite.checks.length);
    expect(older.length).toBeLessThan(current.length);
    expect(older.every((c) => c.since === undefined || c.since === "1.2.0")).toBe(true);
    expect(compareVersions("1.10.0", "1.9.0")).toBeGreaterThan(0);
  });

  it("a fold with the 1.2.0 abort behaviour passes the 1.2.0 set and fails the 1.3.0 one", async () => {
    const old = fold("drops-partial-turn");
    const a = await runCli(["conform", "frame-wire", "--target", old, "--requirements", "1.2.0", "--format", "json"]);
    expect(a.code, a.stdout.slice(0, 2000)).toBe(0);
    const ran = JSON.parse(a.stdout).suites[0].results as { id: string; status: string }[];
    // Every vector 1.2.0 requires ran and passed; no 1.3.0 vector ran.
    const older = loadFrameWireVectors().filter((v) => v.requires === "1.2.0");
    expect(
      ran
        .filter((c) => c.status === "pass")
        .map((c) => c.id)
        .sort(),
    ).toEqual(older.map((v) => `frame-wire/vector/${v.name}`).sort());
    const b = await runCli([
      "conform",
      "frame-wire",
      "--target",
      old,
      "--requirements",
      "1.3.0",
      "--only",
      "unknown-index-mid-stream",
    ]);
    expect(b.code).toBe(1);
    expect(b.stdout).toMatch(/FAIL frame-wire\/vector\/block-delta-unknown-index-mid-stream/);
  }, 240_000);

  it("refuses a version the suite does not know, and --requirements on a suite with one set (exit 2)", async () => {
    const r = await runCli(["conform", "frame-wire", "--requirements", "1.1.0"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--requirements takes a version of frame-wire: 1\.2\.0, 1\.3\.0/);
    expect((await runCli(["conform", "rfc6901", "--requirements", "1.0.0"])).code).toBe(2);
  });
});
