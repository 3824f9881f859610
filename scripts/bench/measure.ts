/**
 * Side-by-side timing. The machine is shared and noisy, so every figure is a ratio against a
 * baseline measured in the same run, with the two interleaved (A B A B ...) and medians taken.
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

/** Sizes: "full" is the default run (< 5 min on 2 cores), "quick" (--quick, < 1 min), "tiny" for the test that keeps the harness from rotting. */
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
  run(options: BenchOptions): Promise<Row>;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Milliseconds of one call. */
export function timeOnce(fn: () => void): number {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

export async function timeOnceAsync(fn: () => Promise<void>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** Interleaves the candidates `rounds` times (after a warm-up) and returns each one's median ms. */
export function sideBySide(candidates: Record<string, () => void>, rounds: number): Record<string, number> {
  const names = Object.keys(candidates);
  for (const n of names) candidates[n]!();
  const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? [...names].reverse() : names;
    for (const n of order) times[n]!.push(timeOnce(candidates[n]!));
  }
  return Object.fromEntries(names.map((n) => [n, median(times[n]!)]));
}
