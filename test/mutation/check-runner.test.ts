/**
 * scripts/mutation/check-runner.mjs (decision 226) without a Stryker run: Stryker's test-runner
 * protocol driven by hand on a small suite module (test/mutation/fixtures/switch-suite.ts) whose
 * "implementation" reads Stryker's global the way instrumented code does. A mutant run reports the
 * failing checks as its killers, bails after the first unless told not to, runs only the filtered
 * checks, opens a fresh target per run, records per-check coverage in the dry run, and turns a hit
 * count over the limit into a timeout.
 */
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript plugin without type declarations
import { ConformanceCheckRunner } from "../../scripts/mutation/check-runner.mjs";
import { opened } from "./fixtures/switch-suite.js";

const SUITE = "test/mutation/fixtures/switch-suite.ts";
const ns = () => (globalThis as any).__stryker__;

afterEach(() => {
  delete process.env.MUTATION_SUITE;
});

function runner(): any {
  process.env.MUTATION_SUITE = SUITE;
  return new ConformanceCheckRunner();
}

const mutantRun = (r: any, id: string, extra: Record<string, unknown> = {}) =>
  r.mutantRun({
    activeMutant: { id },
    timeout: 10_000,
    disableBail: false,
    mutantActivation: "runtime",
    reloadEnvironment: false,
    ...extra,
  });

describe("the conformance check runner", () => {
  it("cannot reload an environment: Stryker gives static mutants a fresh process", () => {
    expect(new ConformanceCheckRunner().capabilities()).toEqual({ reloadEnvironment: false });
  });

  it("dry run: every check passes unmutated, with per-check coverage", async () => {
    const r = runner();
    const before = opened.count;
    const d = await r.dryRun({ coverageAnalysis: "perTest", timeout: 10_000, disableBail: false });
    expect(d.status).toBe("complete");
    expect(d.tests.map((t: any) => [t.id, t.status])).toEqual([
      ["a", 0],
      ["b", 0],
      ["c", 0],
    ]);
    expect(d.mutantCoverage.perTest.a).toEqual({ "1": 1 });
    expect(d.mutantCoverage.perTest.b).toEqual({ "1": 1, "2": 1 });
    expect(opened.count - before).toBe(1);
  });

  it("mutant run: the failing checks kill it, only the filtered checks run, bail stops at the first failure", async () => {
    const r = runner();
    expect(await mutantRun(r, "2", { testFilter: ["b", "c"], disableBail: true })).toMatchObject({
      status: "killed",
      killedBy: ["b", "c"],
      nrOfTests: 2,
    });
    expect(await mutantRun(r, "2", { testFilter: ["a", "b", "c"] })).toMatchObject({
      status: "killed",
      killedBy: ["b"],
      nrOfTests: 2,
    });
    expect(await mutantRun(r, "2", { testFilter: ["a"] })).toEqual({ status: "survived", nrOfTests: 1 });
    expect(await mutantRun(r, "9")).toEqual({ status: "survived", nrOfTests: 3 });
    expect(ns().activeMutant).toBeUndefined();
  });

  it("a fresh target per run: state a mutant left does not carry over", async () => {
    const r = runner();
    const before = opened.count;
    await mutantRun(r, "3", { testFilter: ["c"] }); // mutant 3 poisons the target it ran on
    expect(await mutantRun(r, "9", { testFilter: ["c"] })).toEqual({ status: "survived", nrOfTests: 1 });
    expect(opened.count - before).toBe(2);
  });

  it("a hit count over the limit is a timeout", async () => {
    const r = runner();
    // Mutant 1 is hit once per check: a limit of 0 is passed at the first hit (which throws, failing the check).
    expect(await mutantRun(r, "1", { hitLimit: 0 })).toMatchObject({ status: "timeout" });
    expect(await mutantRun(r, "1", { hitLimit: 5 })).toMatchObject({ status: "killed", killedBy: ["a"] });
  });
});
