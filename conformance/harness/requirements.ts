/**
 * Requirement sets: each check carries the contract version that first requires it (`since`), so
 * `conform --requirements 1.2.0` checks an implementation of an earlier version with exactly the
 * checks that version requires. Versions compare as semver (x.y.z, numeric parts).
 */
import { UsageError } from "../../src/usage-error.js";
import type { Check, Suite } from "./check.js";

function parts(version: string): number[] | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

export function compareVersions(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  if (!pa || !pb) throw new Error(`not a version: ${JSON.stringify(pa ? b : a)}`);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
  return 0;
}

/** The checks `version` requires (all of them without a version). Unknown versions are a usage error. */
export function requiredBy<T>(suite: Suite<T>, version: string | undefined): Check<T>[] {
  if (version === undefined) return suite.checks;
  const known = suite.versions ?? [];
  if (!known.includes(version))
    throw new UsageError(
      known.length
        ? `--requirements takes a version of ${suite.name}: ${known.join(", ")}; got ${JSON.stringify(version)}`
        : `${suite.name} has one requirement set: --requirements does not apply`,
    );
  return suite.checks.filter((c) => c.since === undefined || compareVersions(c.since, version) <= 0);
}
