/**
 * `npm run mutation`'s own behaviour without a mutation run: argument handling and exit codes, the
 * generated Stryker configuration, the figures computed from a Stryker JSON report, and that every
 * area names files that exist (so a moved file cannot silently shrink an area to nothing).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, matchesGlob } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { AREAS } from "../../scripts/mutation/areas.js";
import { main } from "../../scripts/mutation/main.js";
import { summarise, undetected, type MutationReport, type ReportMutant } from "../../scripts/mutation/summary.js";
import {
  areaSources,
  argumentForReason,
  gapFor,
  survivorsMarkdown,
  unknownDisableReasons,
} from "../../scripts/mutation/survivors.js";

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

const mutant = (id: string, status: string, line = 1): ReportMutant => ({
  id,
  mutatorName: "EqualityOperator",
  replacement: "a !== b",
  status,
  location: { start: { line, column: 3 }, end: { line, column: 9 } },
});

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

describe("npm run mutation: figures from a Stryker report", () => {
  it("score = (killed + timeout) / (killed + timeout + survived + noCoverage), errors and ignored count nowhere", () => {
    const report: MutationReport = {
      files: {
        "src/a.ts": {
          mutants: [mutant("1", "Killed"), mutant("2", "Killed"), mutant("3", "Survived", 7), mutant("4", "Timeout")],
        },
        "src/b.ts": {
          mutants: [
            mutant("5", "NoCoverage", 2),
            mutant("6", "CompileError"),
            mutant("7", "RuntimeError"),
            mutant("8", "Ignored"),
            mutant("9", "Killed"),
          ],
        },
      },
    };
    const s = summarise(report);
    expect(s).toEqual({ score: 66.67, killed: 3, survived: 1, timeout: 1, noCoverage: 1 });
    expect(Object.keys(s)).toEqual(["score", "killed", "survived", "timeout", "noCoverage"]);
    expect(undetected(report)).toEqual([
      "src/a.ts:7:3 Survived EqualityOperator -> a !== b",
      "src/b.ts:2:3 NoCoverage EqualityOperator -> a !== b",
    ]);
  });

  it("an area with no valid mutant scores 100; one with only survivors scores 0", () => {
    expect(summarise({ files: {} }).score).toBe(100);
    expect(summarise({ files: { "src/a.ts": { mutants: [mutant("1", "Ignored")] } } }).score).toBe(100);
    expect(
      summarise({ files: { "src/a.ts": { mutants: [mutant("1", "Survived"), mutant("2", "NoCoverage")] } } }).score,
    ).toBe(0);
  });
});

describe("npm run mutation: the survivor list", () => {
  const table = [
    { file: "src/a.ts", kind: "equivalent" as const, title: "first lines", why: "Because." },
    {
      file: "src/a.ts",
      lines: [[10, 10]] as [number, number][],
      kind: "gap" as const,
      title: "a real gap",
      why: "To do.",
    },
  ];

  it("groups ignored mutants by their comment's argument, undetected ones by gap; counts the unargued and unknown reasons", () => {
    expect(argumentForReason("equivalent: first lines", table)?.title).toBe("first lines");
    expect(argumentForReason("equivalent: first lines; own choice: other", table)?.title).toBe("first lines");
    expect(argumentForReason("own choice: first lines", table)).toBeUndefined();
    expect(argumentForReason("gap: a real gap", table)).toBeUndefined(); // a gap is never disabled
    expect(gapFor("src/a.ts", 10, table)?.title).toBe("a real gap");
    expect(gapFor("src/a.ts", 2, table)).toBeUndefined();
    expect(gapFor("src/b.ts", 10, table)).toBeUndefined();
    const ignoredAs = (id: string, line: number, statusReason?: string): ReportMutant => ({
      ...mutant(id, "Ignored", line),
      statusReason,
    });
    const report: MutationReport = {
      files: {
        "src/a.ts": {
          mutants: [
            ignoredAs("1", 2, "equivalent: first lines"),
            mutant("2", "Killed", 3),
            mutant("3", "NoCoverage", 10),
            mutant("4", "Survived", 7),
            ignoredAs("5", 8, "Ignored using a comment"),
          ],
        },
      },
    };
    const out = survivorsMarkdown("demo", report, table);
    expect(out.unargued).toBe(2); // the survivor on line 7 and the comment without a reason
    expect(out.ignored).toBe(2);
    expect(out.markdown).toContain("### demo: 2 ignored, 2 undetected");
    expect(out.markdown).toContain("#### counted, NOT ARGUED (1)");
    expect(out.markdown).toContain("#### UNKNOWN REASON: Ignored using a comment (1)");
    expect(out.markdown).toContain("#### ignored, equivalent: first lines (1)");
    expect(out.markdown).toContain("#### counted, gap: a real gap (1)");
    expect(out.markdown).toContain("`src/a.ts:7:3` Survived EqualityOperator");
    expect(out.markdown).not.toContain("src/a.ts:3:3");
    // Stryker's own score: the ignored leave it; the gap and the unargued survivor stay in it.
    expect(out.markdown).toContain(
      "Stryker score **33.33** (killed 1, timeout 0, survived 1, no coverage 1; 2 ignored by disable comments, outside the score). Undetected, counted: 2 (1 listed as gaps or kept counted, 1 NOT ARGUED); 1 ignored with an UNKNOWN REASON.",
    );
  });

  it("finds disable comments whose reason names no argument", () => {
    const dir = mkdtempSync(join(tmpdir(), "mutation-reasons-"));
    const file = join(dir, "a.ts");
    writeFileSync(
      file,
      [
        "// Stryker disable next-line StringLiteral: equivalent: first lines",
        "const a = 'x';",
        "// Stryker disable next-line all",
        "const b = 'y';",
        "  // Stryker disable BlockStatement: own choice: nothing of ours",
        "// Stryker restore BlockStatement",
      ].join("\n"),
    );
    expect(unknownDisableReasons([file], table)).toEqual([
      `${file}:3 (no reason)`,
      `${file}:5 own choice: nothing of ours`,
    ]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("every disable comment in the mutated sources names an argument of arguments.ts", () => {
    for (const area of AREAS) expect(unknownDisableReasons(areaSources(area)), area.name).toEqual([]);
  });
});
