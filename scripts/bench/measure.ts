import { existsSync, readdirSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * Side-by-side timing. The machine is shared and noisy, so every figure is a ratio against a
 * baseline measured in the same run, with the two interleaved (A B B A ...), timed in CPU time, and
 * medians taken (of per-round quotients where a ratio is the figure).
 */
export interface Row {
  value: number;
  unit: string;
  baseline: string;
  /** The figure compared with the target. */
  ratio: number;
  target?: string;
  note?: string;
}

/** Sizes: "full" is the default run (< 5 min on 2 cores), "quick" (--quick, < 4 min), "tiny" for the test that keeps the harness from rotting. */
export type BenchSize = "tiny" | "quick" | "full";

export interface BenchOptions {
  size: BenchSize;
}

/** Picks a parameter by size. */
export function bySize<T>(size: BenchSize, tiny: T, quick: T, full: T): T {
  return size === "tiny" ? tiny : size === "quick" ? quick : full;
}

export interface Bench {
  name: string;
  what: string;
  target: string;
  /** Minutes at any size: skipped by the tiny run unless named with --only. */
  heavy?: boolean;
  /** Runs in a fresh child process (row-child.ts), so heap state left by earlier rows cannot move it. */
  fresh?: boolean;
  run(options: BenchOptions): Promise<Row>;
}

/** The p-th percentile (nearest rank). */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** "q1-q3" of per-round figures (nearest rank, 2 decimals): the spread a median ratio hides. */
export function quartiles(xs: number[]): string {
  return `${percentile(xs, 25).toFixed(2)}-${percentile(xs, 75).toFixed(2)}`;
}

/** CPU milliseconds (user + system) of this process since `from`. */
function cpuMs(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

/**
 * CPU milliseconds of one call. The machine is shared: wall time counts the time the process
 * waited for a core, CPU time only the work it did, so it is the steadier figure (decision 201).
 */
export function timeOnce(fn: () => void): number {
  const t0 = process.cpuUsage();
  fn();
  return cpuMs(t0);
}

/** Wall milliseconds of one call. */
export function wallOnce(fn: () => void): number {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** Wall milliseconds of one async call (the awaited work is not all in this process). */
export async function timeOnceAsync(fn: () => Promise<void>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** CPU milliseconds of one async call whose work all runs in this process (nothing else runs meanwhile). */
export async function cpuOnceAsync(fn: () => Promise<void>): Promise<number> {
  const t0 = process.cpuUsage();
  await fn();
  return cpuMs(t0);
}

/** Per candidate, the CPU ms of each round, rounds interleaved A B, B A, ... after one warm-up call each. */
export function interleave(candidates: Record<string, () => void>, rounds: number): Record<string, number[]> {
  const names = Object.keys(candidates);
  for (const n of names) candidates[n]!();
  const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? [...names].reverse() : names;
    for (const n of order) times[n]!.push(timeOnce(candidates[n]!));
  }
  return times;
}

/** Interleaves the candidates `rounds` times (after a warm-up) and returns each one's median CPU ms. */
export function sideBySide(candidates: Record<string, () => void>, rounds: number): Record<string, number> {
  const times = interleave(candidates, rounds);
  return Object.fromEntries(Object.entries(times).map(([n, t]) => [n, median(t)]));
}

/**
 * The median over rounds of a[i] / b[i]: each round's two figures were taken next to each other,
 * under the same load, so their quotient is steadier than the quotient of two medians.
 */
export function pairedRatio(a: number[], b: number[]): number {
  return median(quotients(a, b));
}

/** Each round's a[i] / b[i], the figures `pairedRatio` takes the median of (and `quartiles` the spread). */
export function quotients(a: number[], b: number[]): number[] {
  return a.map((x, i) => x / b[i]!);
}

/**
 * How many repetitions of `fn` take at least `ms` CPU milliseconds (doubling from 1): rounds of a
 * fixed CPU length whatever the machine, long enough that timer and scheduling noise stay small.
 */
export function repetitionsFor(fn: () => void, ms: number): number {
  let n = 1;
  for (;;) {
    const t = timeOnce(() => {
      for (let i = 0; i < n; i++) fn();
    });
    if (t >= ms || n >= 1 << 20) return Math.max(1, Math.ceil((n * ms) / Math.max(t, 1e-3)));
    n *= 2;
  }
}

/**
 * Nanosecond CPU clocks from /proc (Linux): `schedstat`'s first field is the time a thread ran on a
 * core, in ns. /proc/<pid>/stat counts 10 ms ticks, which made a short round's CPU a count of a few
 * ticks (quick wit rounds, fold.scaling). Undefined where there is no /proc.
 */
function schedstatMs(path: string): number | undefined {
  try {
    const s = readFileSync(path, "utf8");
    return Number(s.slice(0, s.indexOf(" "))) / 1e6;
  } catch {
    return undefined;
  }
}

/** CPU ms the calling process's main thread has run so far (its helper threads not counted). */
export function mainThreadCpuMs(): number | undefined {
  return schedstatMs(`/proc/self/task/${process.pid}/schedstat`);
}

/**
 * CPU ms a process has run so far, every thread summed (ns resolution), or undefined when it is gone
 * or there is no /proc. A thread that ended before the call is missing from the sum, so a delta of
 * two sums loses the CPU of a thread that exited in between: `processCpu` / `cpuBetween` detect that.
 */
export function processCpuMs(pid: number): number | undefined {
  return processCpu(pid)?.threadsMs;
}

/** One reading of a process's CPU clocks (ms). */
export interface ProcessCpuReading {
  /** Every alive thread's schedstat run time summed (ns resolution). */
  threadsMs: number;
  /** The alive threads' ids. */
  tids: Set<string>;
  /** `/proc/<pid>/stat` utime + stime: 10 ms ticks, but it keeps the time of threads that exited. */
  statMs: number;
}

/** utime + stime of /proc/<pid>/stat in ms (USER_HZ 100), or undefined. */
function statMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export function processCpu(pid: number): ProcessCpuReading | undefined {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  let ms = 0;
  for (const t of tasks) ms += schedstatMs(`/proc/${pid}/task/${t}/schedstat`) ?? 0;
  const ticks = statMs(pid);
  if (ticks === undefined) return undefined;
  return { threadsMs: ms, tids: new Set(tasks), statMs: ticks };
}

/**
 * CPU ms between two readings of one process. The ns sum of alive threads, unless a thread of the
 * first reading is gone from the second or the tick clock ran ahead of it by more than its own
 * error (a thread born and gone in between): then `stat`'s ticks, which count exited threads.
 * Measured in round 6 on the Wit daemon and the bare server: no thread came or went in 108 rounds,
 * and the two clocks agreed within the ticks' quantisation (decision 205).
 */
export function cpuBetween(a: ProcessCpuReading, b: ProcessCpuReading): { ms: number; clock: "schedstat" | "stat" } {
  const ns = b.threadsMs - a.threadsMs;
  const ticks = b.statMs - a.statMs;
  let lost = false;
  for (const t of a.tids) if (!b.tids.has(t)) lost = true;
  // Each stat reading is off by up to a tick per thread that ran; 30 ms + 10 % is well past that.
  if (lost || ticks - ns > 30 + 0.1 * ticks) return { ms: ticks, clock: "stat" };
  return { ms: ns, clock: "schedstat" };
}

/**
 * Runs async sides in rotating order, round after round (A B C, B C A, C A B, ...), so no side is
 * always first or last after the others (warm caches, a GC or a checkpoint left behind): every side
 * sits in every position equally often. Returns each side's results, one per round.
 */
export async function rotateRounds<T>(
  sides: Record<string, () => Promise<T>>,
  rounds: number,
): Promise<Record<string, T[]>> {
  const names = Object.keys(sides);
  const out: Record<string, T[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < names.length; j++) {
      const n = names[(j + r) % names.length]!;
      out[n]!.push(await sides[n]!());
    }
  }
  return out;
}

/**
 * A percentile per round, then the median over rounds: one round with a stall (another process's
 * burst, a WAL checkpoint) moves one of the figures, not the whole pooled distribution's tail.
 */
export function medianOfPercentiles(rounds: number[][], p: number): number {
  return median(rounds.filter((r) => r.length > 0).map((r) => percentile(r, p)));
}

/** A latency row's figures from its rounds' request latencies (ms): decisions 206 and 210. */
export interface LatencyFigures {
  /** Median over rounds of each round's p50 / p99. */
  p50: number;
  p99: number;
  /** The p99 of every request of every round, and the worst round's p99: the tail a stall leaves. */
  pooledP99: number;
  worstRoundP99: number;
  requests: number;
}

export function latencyFigures(rounds: number[][]): LatencyFigures {
  const timed = rounds.filter((r) => r.length > 0);
  return {
    p50: medianOfPercentiles(timed, 50),
    p99: medianOfPercentiles(timed, 99),
    pooledP99: percentile(timed.flat(), 99),
    worstRoundP99: Math.max(...timed.map((r) => percentile(r, 99))),
    requests: timed.reduce((n, r) => n + r.length, 0),
  };
}

/** wit.latency's and wit.tree10k.p99's row: the median p99, with p50, pooled and worst in the baseline. */
export function latencyRow(
  f: LatencyFigures,
  rounds: number,
  more = "",
): { value: number; unit: string; baseline: string; ratio: number } {
  const p99 = Math.round(f.p99 * 100) / 100;
  const baseline = `p50 ${f.p50.toFixed(2)} ms; median of ${rounds} rounds' p50 / p99, ${f.requests} requests; pooled p99 ${f.pooledP99.toFixed(2)} ms, worst round's p99 ${f.worstRoundP99.toFixed(2)} ms${more}`;
  return { value: p99, unit: "ms (p99)", baseline, ratio: p99 };
}

/**
 * Runs a bench script (a URL beside the caller) in a fresh Node process through tsx and returns the
 * JSON its last stdout line holds: rows that must not inherit the bench process's heap and JIT state.
 */
export function inChild<T>(script: URL, args: string[]): T {
  const out = execFileSync(process.execPath, ["--import", "tsx", fileURLToPath(script), ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  return JSON.parse(out.trim().split("\n").pop()!) as T;
}

/**
 * Sets the CPU affinity of every thread of process `pid` (taskset -a -p), true when it took. The
 * wit rows put the servers on the last core and the load generator on the others: left to the
 * scheduler, a 1-client server's CPU per pair moved with where it happened to run beside its client
 * (40 % between runs for the bare server, decision 214).
 */
export function pinProcess(pid: number, cpus: string): boolean {
  // taskset -a answers 0 for a pid that is gone (no threads to walk), so ask /proc first.
  if (!existsSync(`/proc/${pid}/task`)) return false;
  try {
    execFileSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
