/**
 * How the rows changed in round 7 (decision 208) turn their runs into a figure: wit.tree10k pairs its
 * rounds (median of per-round quotients, as wit.throughput) and its p99 is the median of the rounds'
 * p99s with the pooled and worst beside it (decision 210); diff.large is the median of three fresh
 * processes with the largest peak RSS.
 */
import { describe, expect, it } from "vitest";
import { treeFigures } from "../../scripts/bench/wit-tree.js";
import { diffRow } from "../../scripts/bench/diff.js";
import { latencyRow } from "../../scripts/bench/measure.js";

const round = (pairsPerSecond: number, latencies: number[] = []) => ({ pairsPerSecond, latencies });

describe("wit.tree10k figures", () => {
  it("ratio = median of per-round quotients, not the quotient of the medians", () => {
    // Quotients 1, 0.5, 2 -> 1; medians 20 / 15 would give 1.33.
    const m = treeFigures(2000, 1, [round(10), round(20), round(30)], [round(10), round(40), round(15)]);
    expect(m.ratio).toBe(1);
    expect(m.daemon.pairsPerSecond).toBe(20);
    expect(m.bare.pairsPerSecond).toBe(15);
    expect(m.rounds).toBe(3);
  });

  it("p99 = the median of the rounds' p99s; the pooled p99 and the worst round's are kept beside it", () => {
    const steady = (ms: number) => Array.from({ length: 100 }, (_, i) => (i < 98 ? 1 : ms));
    // Round p99s 3, 4, 90 (a round with three stalled requests) and 5: median 4.5, worst 90; pooled
    // over all 400 requests the 1 % tail (4 requests) holds the three stalls and one 5.
    const stalled = Array.from({ length: 100 }, (_, i) => (i < 97 ? 1 : 90));
    const m = treeFigures(
      2000,
      1,
      [round(1, steady(3)), round(1, steady(4)), round(1, stalled), round(1, steady(5))],
      [round(1), round(1), round(1), round(1)],
    );
    expect(m.daemon.p99).toBe(4.5);
    expect(m.daemon.worstRoundP99).toBe(90);
    expect(m.daemon.pooledP99).toBe(5);
    expect(m.daemon.requests).toBe(400);
    expect(m.daemon.p50).toBe(1);
  });

  it("the p99 row (as wit.latency's) rounds the median p99 and names pooled, worst and cold start in its baseline", () => {
    const row = latencyRow(
      { p50: 1.234, p99: 4.5678, pooledP99: 6, worstRoundP99: 9.1, requests: 400 },
      4,
      "; cold start to the first lock 1.4 s (2000 files)",
    );
    expect(row.value).toBe(4.57);
    expect(row.ratio).toBe(4.57);
    expect(row.unit).toBe("ms (p99)");
    expect(row.baseline).toBe(
      "p50 1.23 ms; median of 4 rounds' p50 / p99, 400 requests; pooled p99 6.00 ms, worst round's p99 9.10 ms; cold start to the first lock 1.4 s (2000 files)",
    );
  });

  it("refuses rounds that do not come in pairs", () => {
    expect(() => treeFigures(2000, 1, [round(1)], [])).toThrow(/pairs/);
  });
});

describe("diff.large figures", () => {
  it("seconds = the median run, peak RSS = the largest run's", () => {
    const r = diffRow([
      { seconds: 3.1, rssMB: 200, changes: 890 },
      { seconds: 9.0, rssMB: 230, changes: 890 },
      { seconds: 3.4, rssMB: 210, changes: 890 },
    ]);
    expect(r.ratio).toBe(3.4);
    expect(r.value).toBe(3.4);
    expect(r.note).toMatch(/peak RSS 230 MB/);
  });

  it("the baseline gives each process's CPU seconds beside its wall seconds (decision 237)", () => {
    const r = diffRow([
      { seconds: 7.4, cpuSeconds: 3.8, rssMB: 226, changes: 692 },
      { seconds: 4.8, cpuSeconds: 3.4, rssMB: 233, changes: 692 },
      { seconds: 8.4, cpuSeconds: 3.7, rssMB: 231, changes: 692 },
    ]);
    expect(r.ratio).toBe(7.4);
    expect(r.baseline).toContain("wall 7.40, 4.80, 8.40 s; CPU 3.80, 3.40, 3.70 s");
  });
});

describe("conform.rate figure (decision 235)", () => {
  const r = (rate: number) => ({ rate, cases: 100, ms: 100_000 / rate, perSuite: [] });
  it("the median of the processes' medians, not of all rounds pooled", async () => {
    const { conformFigure } = await import("../../scripts/bench/misc.js");
    // Process medians 10, 20, 30 -> 20; all nine rounds pooled would give 11.
    const f = conformFigure([
      [r(10), r(10), r(10)],
      [r(11), r(20), r(21)],
      [r(11), r(30), r(31)],
    ]);
    expect(f.perProcess).toEqual([10, 20, 30]);
    expect(f.rate).toBe(20);
    expect(f.mid.rate).toBe(20);
  });
  it("refuses a process without rounds", async () => {
    const { conformFigure } = await import("../../scripts/bench/misc.js");
    expect(() => conformFigure([[r(1)], []])).toThrow(/every process/);
  });
});

describe("gen.warm figure (decision 236)", () => {
  it("per round the median check over that round's from-scratch run; the median of the quotients", async () => {
    const { genFigure } = await import("../../scripts/bench/misc.js");
    // Round quotients 10/100, 60/200 (median of 50, 60, 90), 20/400 -> 0.1, 0.3, 0.05 -> 0.1.
    const f = genFigure([
      { cold: 100, checks: [10] },
      { cold: 200, checks: [90, 50, 60] },
      { cold: 400, checks: [20] },
    ]);
    expect(f.ratio).toBeCloseTo(0.1);
    expect(f.warm).toBe(20);
    expect(f.cold).toBe(200);
    expect(() => genFigure([{ cold: 1, checks: [] }])).toThrow(/every round/);
  });
});
