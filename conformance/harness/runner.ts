import { requiredBy } from "./requirements.js";
import { CheckFailure, SkipCheck, defaultContext, type Check, type CheckContext, type Suite } from "./check.js";

export type CheckStatus = "pass" | "fail" | "skip";

export interface CheckResult {
  id: string;
  title: string;
  status: CheckStatus;
  durationMs: number;
  message?: string;
  seed?: number;
  path?: string;
  counterexample?: unknown;
}

export interface SuiteReport {
  suite: string;
  /** What was checked, e.g. "reference fold" or the target command. */
  target: string;
  seed: number;
  /** Property cases run across the suite. */
  cases: number;
  results: CheckResult[];
  /** What the suite said after its checks (e.g. Wit: what it cleaned up in the target, and what it could not). */
  notes?: string[];
}

/** Runs one check; never throws (a thrown non-CheckFailure is a failure too). */
export async function runCheck<T>(check: Check<T>, target: T, ctx: CheckContext): Promise<CheckResult> {
  const start = performance.now();
  try {
    await check.run(target, ctx);
    return { id: check.id, title: check.title, status: "pass", durationMs: performance.now() - start };
  } catch (e) {
    if (e instanceof SkipCheck)
      return {
        id: check.id,
        title: check.title,
        status: "skip",
        durationMs: performance.now() - start,
        message: e.message,
      };
    const base = { id: check.id, title: check.title, status: "fail" as const, durationMs: performance.now() - start };
    if (e instanceof CheckFailure)
      return { ...base, message: e.message, ...e.details, seed: e.details.seed ?? ctx.seed };
    return { ...base, message: e instanceof Error ? `${e.name}: ${e.message}` : String(e), seed: ctx.seed };
  }
}

export interface RunOptions {
  seed?: number;
  scale?: number;
  /** Only checks whose id contains one of these strings. */
  only?: string[];
  /** Only the checks an earlier contract version requires (requirements.ts). */
  requirements?: string;
  onResult?: (result: CheckResult, index: number, total: number) => void;
}

export async function runSuite<T>(
  suite: Suite<T>,
  target: T,
  targetName: string,
  options: RunOptions = {},
): Promise<SuiteReport> {
  const ctx = defaultContext({ seed: options.seed, scale: options.scale });
  const checks = selectChecks(suite, options);
  const results: CheckResult[] = [];
  await suite.prepare?.(target, checks);
  for (const [i, check] of checks.entries()) {
    const r = await runCheck(check, target, ctx);
    results.push(r);
    options.onResult?.(r, i, checks.length);
  }
  let notes: string[] | undefined;
  if (suite.finish) {
    try {
      notes = await suite.finish(target);
    } catch (e) {
      notes = [`could not clean up: ${e instanceof Error ? e.message : String(e)}`];
    }
  }
  return {
    suite: suite.name,
    target: targetName,
    seed: ctx.seed,
    cases: ctx.cases,
    results,
    ...(notes?.length ? { notes } : {}),
  };
}

/** The checks a run selects: those --only names, among those the --requirements version requires. */
export function selectChecks<T>(suite: Suite<T>, options: Pick<RunOptions, "only" | "requirements">): Check<T>[] {
  const required = requiredBy(suite, options.requirements);
  return options.only?.length ? required.filter((c) => options.only!.some((o) => c.id.includes(o))) : required;
}

/** A human line for a failure: message, seed and counterexample, so it can be replayed. */
export function describeFailure(r: CheckResult): string {
  const lines = [`${r.id}: ${r.message ?? "failed"}`];
  if (r.seed !== undefined)
    lines.push(`  seed: ${r.seed}${r.path ? ` path: ${r.path}` : ""} (replay with --seed ${r.seed})`);
  if (r.counterexample !== undefined) lines.push(`  counterexample: ${safeStringify(r.counterexample)}`);
  return lines.join("\n");
}

export function safeStringify(v: unknown): string {
  try {
    const s = JSON.stringify(v, (_k, x) =>
      typeof x === "bigint"
        ? `${x}n`
        : x === undefined
          ? "<undefined>"
          : typeof x === "number" && !Number.isFinite(x)
            ? String(x)
            : x,
    );
    return s === undefined ? String(v) : s.length > 2000 ? s.slice(0, 2000) + "…" : s;
  } catch {
    return String(v);
  }
}
