/**
 * A conformance check is defined once, against a target interface, and runs both from vitest and
 * from `contract-suite conform <suite>`. A failing check throws `CheckFailure`, carrying the seed and
 * the shrunk counterexample when it came from a property.
 */
import fc from "fast-check";

export interface CheckContext {
  /** fast-check seed; a failure reports it and `--seed` replays it. */
  seed: number;
  /** Budget multiplier: 1 in CI, larger with --full / CONTRACT_SUITE_FULL. */
  scale: number;
  /** Runs for a property whose default budget is `base`. */
  runs(base: number): number;
  log(message: string): void;
  /** Property cases run so far with this context (for conform.rate). */
  cases: number;
}

export interface Check<T> {
  /** Stable id, `<suite>/<name>`. */
  id: string;
  title: string;
  /** One paragraph: what the check pins and why. */
  doc: string;
  run(target: T, ctx: CheckContext): Promise<void> | void;
  /**
   * The contract version that first requires what the check pins; absent: the suite's first
   * version (every version requires it). `conform --requirements V` runs the checks with since <= V.
   */
  since?: string;
}

export interface Suite<T> {
  name: string;
  description: string;
  checks: Check<T>[];
  /** The contract versions the checks' `since` may name, oldest first (a suite without: one version). */
  versions?: readonly string[];
  /** Called once with the checks about to run (e.g. to batch their work against a slow target). */
  prepare?(target: T, checks: Check<T>[]): Promise<void>;
  /**
   * Called once after the checks (also when some failed): undoes what the run left in the target
   * and returns notes for the report (what was cleaned up, what could not be).
   */
  finish?(target: T): Promise<string[]>;
}

export class CheckFailure extends Error {
  override readonly name = "CheckFailure";
  constructor(
    message: string,
    readonly details: { seed?: number; path?: string; counterexample?: unknown; numRuns?: number } = {},
  ) {
    super(message);
  }
}

/** Thrown by a check that does not apply to this target (reported as "skip", never as a pass). */
export class SkipCheck extends Error {
  override readonly name = "SkipCheck";
}

/** Fails the check with a message (and optional offending value). */
export function fail(message: string, counterexample?: unknown): never {
  throw new CheckFailure(message, counterexample === undefined ? {} : { counterexample });
}

export function expect(condition: unknown, message: string, counterexample?: unknown): asserts condition {
  if (!condition) fail(message, counterexample);
}

/**
 * Runs a fast-check property with the context's seed and budget; on failure throws a CheckFailure
 * naming the seed, the replay path and the shrunk counterexample.
 */
export async function property<Ts extends [unknown, ...unknown[]]>(
  ctx: CheckContext,
  baseRuns: number,
  ...args: [
    ...arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
    predicate: (...values: Ts) => boolean | void | Promise<boolean | void>,
  ]
): Promise<void> {
  const predicate = args.pop() as (...values: Ts) => boolean | void | Promise<boolean | void>;
  const arbs = args as unknown as { [K in keyof Ts]: fc.Arbitrary<Ts[K]> };
  const isAsync = predicate.constructor.name === "AsyncFunction";
  const prop = isAsync ? fc.asyncProperty(...arbs, predicate as never) : fc.property(...arbs, predicate as never);
  const numRuns = ctx.runs(baseRuns);
  const details = await fc.check(prop as fc.IAsyncProperty<Ts>, { seed: ctx.seed, numRuns });
  ctx.cases += details.numRuns;
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : "predicate returned false";
  throw new CheckFailure(`property failed after ${details.numRuns} run(s): ${cause}`, {
    seed: details.seed,
    path: details.counterexamplePath ?? undefined,
    counterexample: details.counterexample,
    numRuns: details.numRuns,
  });
}

export function defaultContext(
  options: { seed?: number; scale?: number; log?: (m: string) => void } = {},
): CheckContext {
  const envSeed = process.env.CONTRACT_SUITE_SEED ? Number(process.env.CONTRACT_SUITE_SEED) : undefined;
  const scale = options.scale ?? (process.env.CONTRACT_SUITE_FULL ? 10 : 1);
  return {
    seed: options.seed ?? envSeed ?? 20261129,
    scale,
    runs: (base) => Math.max(1, Math.round(base * scale)),
    log: options.log ?? (() => {}),
    cases: 0,
  };
}
