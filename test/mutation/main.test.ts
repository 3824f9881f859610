/**
 * `npm run mutation`'s own behaviour without a mutation run: argument handling and exit codes, the
 * generated Stryker configuration, and that every area names files that exist (so a moved file cannot
 * silently shrink an area to nothing). The figures and the argued survivors: survivors.test.ts.
 */
import { existsSync, readdirSync } from "node:fs";
import { matchesGlob } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { AREAS } from "../../scripts/mutation/areas.js";
import { main } from "../../scripts/mutation/main.js";

/** The repository's files matching a glob (Node 20 has no fs.globSync; path.matchesGlob does the matching). */
const ALL_FILES = ["src", "test"].flatMap((d) => readdirSync(d, { recursive: true }).map((f) => `${d}/${String(f)}`));
const globSync = (glob: string): string[] => ALL_FILES.filter((f) => matchesGlob(f, glob));

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (d) => (out += d));
  stderr.on("data", (d) => (err += d));
  const code = await main(args, { stdout, stderr });
  return { code, stdout: out, stderr: err };
}

describe("npm run mutation: arguments", () => {
  it("--help prints the usage with every area and exits 0", async () => {
    const r = await run(["--help"]);
    expect(r.code).toBe(0);
    for (const a of AREAS) expect(r.stdout).toContain(a.name);
    expect(r.stdout).toContain("--only <area>");
  });

  it("usage errors exit 2 with one line on stderr and nothing on stdout", async () => {
    for (const args of [
      ["--only", "nope"],
      ["--runner", "mocha"],
      ["--concurrency", "0"],
      ["--concurrency", "1.5"],
      ["--min-score", "x"],
      ["--bogus"],
      ["positional"],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.trimEnd().split("\n"), args.join(" ")).toHaveLength(1);
      expect(r.stderr).toMatch(/^mutation: /);
    }
  });

  it("--print-config --only <area> prints that area's Stryker configuration only, as JSON", async () => {
    const r = await run(["--print-config", "--only", "rpc", "--concurrency", "3", "--force"]);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout) as Record<string, { tests: string[]; stryker: Record<string, any> }>;
    expect(Object.keys(printed)).toEqual(["rpc"]);
    const c = printed.rpc!.stryker;
    expect(c.testRunner).toBe("vitest");
    expect(c.mutate).toEqual(AREAS.find((a) => a.name === "rpc")!.mutate);
    expect(c.concurrency).toBe(3);
    expect(c.force).toBe(true);
    expect(c.incremental).toBe(true);
    expect(c.incrementalFile).toBe("reports/mutation/rpc/stryker-incremental.json");
    expect(c.coverageAnalysis).toBe("perTest");
    expect(c.vitest).toEqual({ configFile: "scripts/mutation/vitest.config.ts", related: false });
  });

  it("areas with a check suite run under the long-lived check runner (tsx in the runner process); --runner vitest switches back", async () => {
    const checks = JSON.parse((await run(["--print-config"])).stdout) as Record<
      string,
      { tests: string[]; stryker: Record<string, any> }
    >;
    for (const name of ["wit", "wright-agent"]) {
      const c = checks[name]!.stryker;
      expect([c.testRunner, c.plugins, c.testRunnerNodeArgs, c.vitest], name).toEqual([
        "conformance-checks",
        ["./scripts/mutation/check-runner.mjs"],
        ["--import", "tsx"],
        undefined,
      ]);
      expect(checks[name]!.tests, name).toEqual([AREAS.find((a) => a.name === name)!.checkSuite]);
    }
    expect(checks.rpc!.stryker.testRunner).toBe("vitest");
    const vitest = JSON.parse((await run(["--print-config", "--runner", "vitest"])).stdout) as Record<
      string,
      { tests: string[]; stryker: Record<string, any> }
    >;
    for (const a of AREAS)
      expect([vitest[a.name]!.stryker.testRunner, vitest[a.name]!.tests], a.name).toEqual(["vitest", a.tests]);
  });

  it("--files narrows one area's mutate list (its exclusions kept) and refuses files outside it or without --only", async () => {
    const r = await run([
      "--print-config",
      "--only",
      "wit",
      "--files",
      "src/wit/store/locks.ts",
      "--files",
      "src/wit/daemon/conflicts.ts",
    ]);
    expect(r.code).toBe(0);
    const wit = (JSON.parse(r.stdout) as Record<string, { stryker: Record<string, any> }>).wit!.stryker;
    expect(wit.mutate).toEqual([
      "src/wit/store/locks.ts",
      "src/wit/daemon/conflicts.ts",
      ...AREAS.find((a) => a.name === "wit")!.mutate.filter((g) => g.startsWith("!")),
    ]);
    for (const [args, message] of [
      [["--only", "wit", "--files", "src/rpc/engine.ts"], "--files src/rpc/engine.ts is not a file of area wit"],
      [["--only", "rpc", "--files", "src/rpc/types.ts"], "--files src/rpc/types.ts is not a file of area rpc"],
      [["--files", "src/rpc/engine.ts"], "--files needs --only <area>"],
    ] as const) {
      const bad = await run([...args, "--print-config"]);
      expect(bad.code, args.join(" ")).toBe(2);
      expect(bad.stderr.trim()).toBe(`mutation: ${message}`);
    }
  });

  it("without --only every area is configured, each with per-test coverage (every killing suite runs its implementation in process)", async () => {
    const printed = JSON.parse((await run(["--print-config"])).stdout) as Record<
      string,
      { stryker: Record<string, any> }
    >;
    expect(Object.keys(printed)).toEqual(AREAS.map((a) => a.name));
    // wit runs its daemon in the test process, wright-agent its hosts (decisions 223, 224).
    expect(printed.wit!.stryker.coverageAnalysis).toBe("perTest");
    expect(printed["wright-agent"]!.stryker.coverageAnalysis).toBe("perTest");
    expect(printed["frame-wire"]!.stryker.concurrency).toBe(2);
  });
});

describe("npm run mutation: areas", () => {
  it("every mutate glob and every killing-suite entry names existing files; mutated files are not test files", () => {
    for (const area of AREAS) {
      for (const glob of area.mutate.filter((g) => !g.startsWith("!"))) {
        const files = globSync(glob);
        expect(files.length, `${area.name}: ${glob}`).toBeGreaterThan(0);
        for (const f of files) expect(f, area.name).toMatch(/^src\//);
      }
      const tests = area.tests.flatMap((g) => (g.includes("*") ? globSync(g) : existsSync(g) ? [g] : []));
      for (const t of area.tests.filter((g) => !g.includes("*")))
        expect(existsSync(t), `${area.name}: ${t}`).toBe(true);
      expect(tests.length, area.name).toBeGreaterThan(0);
      // *.mutation.ts: killing suites only Stryker runs (npm test already covers the same suite).
      for (const t of tests) expect(t, area.name).toMatch(/\.(test|mutation)\.ts$/);
      if (area.checkSuite) expect(existsSync(area.checkSuite), `${area.name}: ${area.checkSuite}`).toBe(true);
    }
  });
});
