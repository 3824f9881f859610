/** scripts/ci/budgets.mjs: each test folder's time against its budget, from a vitest JSON report. */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const REPO = join(import.meta.dirname, "../..");
const SCRIPT = join(REPO, "scripts/ci/budgets.mjs");

/** A report whose files ran their tests one after another, unless `wall` gives a file's own wall time. */
function report(files: Record<string, number[]>, wall: Record<string, number> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "cs-budgets-"));
  const testResults = Object.entries(files).map(([name, durations], i) => ({
    name: join(REPO, "test", name),
    startTime: 1000 + i,
    endTime: 1000 + i + (wall[name] ?? durations.reduce((s, d) => s + d, 0)),
    assertionResults: durations.map((duration) => ({ duration })),
  }));
  const file = join(dir, "vitest.json");
  writeFileSync(file, JSON.stringify({ startTime: 1000, testResults }));
  return file;
}

async function budgets(file: string, ...flags: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, [SCRIPT, file, ...flags], { cwd: REPO });
    return { code: 0, stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string };
    return { code: err.code, stdout: err.stdout };
  }
}

describe("test budgets", () => {
  it("a suite within its budget is ok; one over it is a warning, and a failure with --strict", async () => {
    const within = report({ "json/a.test.ts": [1000, 2000], "rpc/b.test.ts": [500] });
    const ok = await budgets(within, "--strict");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/json\s+3 s\s+10 s\s+ok/);
    expect(ok.stdout).not.toMatch(/warning/);
    const over = report({ "json/a.test.ts": [9000, 9000] });
    const warned = await budgets(over);
    expect(warned.code).toBe(0);
    expect(warned.stdout).toMatch(/warning: over budget: json: 18 s, budget 10 s/);
    expect((await budgets(over, "--strict")).code).toBe(1);
  });

  it("a file whose tests run concurrently counts its own wall time, not the sum of its tests", async () => {
    const concurrent = report({ "json/a.test.ts": [9000, 9000] }, { "json/a.test.ts": 9500 });
    const out = await budgets(concurrent, "--strict");
    expect(out.code, out.stdout).toBe(0);
    expect(out.stdout).toMatch(/json\s+10 s\s+10 s\s+ok/);
  });

  it("a folder without a budget is named", async () => {
    const out = await budgets(report({ "brand-new/a.test.ts": [10] }), "--strict");
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/warning: over budget: brand-new: 0 s, no budget/);
  });

  it("every folder of test/ with a test file has a budget", () => {
    const { suites } = JSON.parse(readFileSync(join(REPO, "test/budgets.json"), "utf8")) as {
      suites: Record<string, number>;
    };
    const hasTests = (d: string): boolean =>
      readdirSync(d).some((e) => (statSync(join(d, e)).isDirectory() ? hasTests(join(d, e)) : e.endsWith(".test.ts")));
    const folders = readdirSync(join(REPO, "test")).filter(
      (e) => statSync(join(REPO, "test", e)).isDirectory() && hasTests(join(REPO, "test", e)),
    );
    expect(folders.filter((f) => suites[f] === undefined)).toEqual([]);
  });
});
