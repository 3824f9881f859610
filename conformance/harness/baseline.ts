/**
 * Conformance baselines: a team adopting `conform` on an existing implementation starts from
 * today's failures and ratchets. `--write-baseline FILE` records the failing checks of a run;
 * `--baseline FILE` expects exactly those to fail: the run fails on a failure the baseline does not
 * list (a regression) and on a listed check that now passes (the baseline must shrink with it), so
 * the list only ever gets shorter. Listed checks the run did not select (--only, --requirements)
 * are left alone; a listed id that is no check of the suite fails the run (a stale entry).
 */
import { parseJson } from "../../src/json/index.js";
import { UsageError } from "../../src/usage-error.js";
import type { SuiteReport } from "./runner.js";

export interface Baseline {
  suite: string;
  /** Ids of the checks expected to fail, sorted. */
  expected_failures: string[];
}

export interface BaselineVerdict {
  file: string;
  ok: boolean;
  /** Listed and still failing. */
  stillFailing: string[];
  /** Failing, not listed: a regression. */
  newFailures: string[];
  /** Listed, passing now: remove them from the baseline. */
  nowPassing: string[];
  /** Listed, no check of the suite has this id. */
  unknown: string[];
}

const MAX_BASELINE_BYTES = 4 * 1024 * 1024;

export function failingIds(reports: SuiteReport[]): string[] {
  return [...new Set(reports.flatMap((r) => r.results.filter((c) => c.status === "fail").map((c) => c.id)))].sort();
}

export function baselineOf(suite: string, reports: SuiteReport[]): Baseline {
  return { suite, expected_failures: failingIds(reports) };
}

export function serializeBaseline(b: Baseline): string {
  return `${JSON.stringify(b, null, 2)}\n`;
}

/** Parses a baseline file's text; anything but the expected shape is a usage error (one line). */
export function parseBaseline(text: string, file: string, suite: string): Baseline {
  let value: unknown;
  try {
    value = parseJson(text, { maxBytes: MAX_BASELINE_BYTES });
  } catch (e) {
    throw new UsageError(`--baseline ${file} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const o = value as Partial<Baseline> | null;
  if (
    o === null ||
    typeof o !== "object" ||
    Array.isArray(o) ||
    typeof o.suite !== "string" ||
    !Array.isArray(o.expected_failures) ||
    !o.expected_failures.every((x) => typeof x === "string")
  )
    throw new UsageError(
      `--baseline ${file} is not a baseline: expected {"suite": string, "expected_failures": [string]}`,
    );
  if (o.suite !== suite) throw new UsageError(`--baseline ${file} is a baseline of ${o.suite}, not of ${suite}`);
  return { suite: o.suite, expected_failures: [...new Set(o.expected_failures)].sort() };
}

/** Judges a run against a baseline: `allIds` are every check id of the suite, `reports` the run. */
export function judgeBaseline(
  baseline: Baseline,
  file: string,
  reports: SuiteReport[],
  allIds: ReadonlySet<string>,
): BaselineVerdict {
  const status = new Map<string, string>();
  for (const r of reports) for (const c of r.results) if (status.get(c.id) !== "fail") status.set(c.id, c.status); // any target failing fails it
  const listed = new Set(baseline.expected_failures);
  const newFailures = [...status].filter(([id, s]) => s === "fail" && !listed.has(id)).map(([id]) => id);
  const stillFailing = baseline.expected_failures.filter((id) => status.get(id) === "fail");
  const nowPassing = baseline.expected_failures.filter((id) => status.get(id) === "pass");
  const unknown = baseline.expected_failures.filter((id) => !allIds.has(id));
  return {
    file,
    ok: newFailures.length === 0 && nowPassing.length === 0 && unknown.length === 0,
    stillFailing,
    newFailures: newFailures.sort(),
    nowPassing,
    unknown,
  };
}

/** The verdict as text lines (the report above it lists every check). */
export function renderBaselineVerdict(v: BaselineVerdict): string {
  const lines = [
    `baseline ${v.file}: ${v.ok ? "ok" : "FAILED"} (${v.stillFailing.length} expected failure(s) still failing)`,
  ];
  for (const id of v.newFailures) lines.push(`  new failure (not in the baseline): ${id}`);
  for (const id of v.nowPassing) lines.push(`  now passes (remove it from the baseline): ${id}`);
  for (const id of v.unknown) lines.push(`  no check has this id (remove it from the baseline): ${id}`);
  return `${lines.join("\n")}\n`;
}
