/**
 * Version bumps against compatibility verdicts. A semver version ("1.3.0") must bump its major
 * for a breaking change and at least its minor for an additive one. A bare integer ("1", Wit's
 * style) is major-only: breaking needs a higher number, additive changes fit within it.
 */
import type { DiffReport } from "./diff.js";

export type ParsedVersion =
  | { kind: "semver"; major: number; minor: number; patch: number; pre: string }
  | { kind: "major"; major: number }
  | { kind: "other"; raw: string };

export function parseVersion(v: string): ParsedVersion {
  const m = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(v.trim());
  if (m) return { kind: "semver", major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), pre: m[4] ?? "" };
  const n = /^v?(0|[1-9]\d*)$/.exec(v.trim());
  if (n) return { kind: "major", major: Number(n[1]) };
  return { kind: "other", raw: v };
}

/** Changes that alter no payload's validity and no generated name: no bump needed. */
const NEUTRAL_KINDS = new Set([
  "equivalent",
  "description-changed",
  "title-changed",
  "summary-changed",
  "comment-changed",
  "examples-changed",
  "example-changed",
  "deprecated",
  "undeprecated",
]);

export type Impact = "none" | "neutral" | "additive" | "undecided" | "breaking";

export function impactOf(report: DiffReport): Impact {
  if (report.findings.length === 0) return "none";
  if (report.findings.some((c) => c.verdict === "breaking")) return "breaking";
  // What the engine could not judge fails closed (issue 32): it asks for the bump a breaking change would.
  if (report.findings.some((c) => c.verdict === "undecided")) return "undecided";
  // needs-review is held to the additive rule: someone must at least say "this is a new version".
  if (report.findings.some((c) => c.verdict !== "compatible" || !NEUTRAL_KINDS.has(c.kind))) return "additive";
  return "neutral";
}

export interface BumpCheck {
  ok: boolean;
  impact: Impact;
  message: string;
}

export function checkBump(oldVersion: string, newVersion: string, report: DiffReport): BumpCheck {
  const impact = impactOf(report);
  const a = parseVersion(oldVersion);
  const b = parseVersion(newVersion);
  const arrow = `${oldVersion} -> ${newVersion}`;
  if (a.kind === "other" || b.kind === "other" || a.kind !== b.kind) {
    const ok = impact === "none" || impact === "neutral";
    return {
      ok,
      impact,
      message: ok
        ? `${arrow}: versions not comparable, no payload change`
        : `${arrow}: ${impact} change, but the versions cannot be compared (semver "1.2.3" or a bare major "1")`,
    };
  }
  const cmp = compare(a, b);
  if (cmp > 0) return { ok: false, impact, message: `${arrow}: the version went backwards` };
  if (impact === "undecided") {
    const ok = b.major > a.major;
    return {
      ok,
      impact,
      message: ok
        ? `${arrow}: a change the engine could not judge, with a major bump`
        : `${arrow}: a change the engine could not judge (undecided) needs a major version bump (${a.major} -> ${b.major})`,
    };
  }
  if (impact === "breaking") {
    const ok = b.major > a.major;
    return {
      ok,
      impact,
      message: ok
        ? `${arrow}: breaking change with a major bump`
        : `${arrow}: breaking change without a major version bump (${a.major} -> ${b.major})`,
    };
  }
  if (impact === "additive") {
    if (a.kind === "major" || b.kind === "major")
      return { ok: true, impact, message: `${arrow}: additive change; a major-only version has no minor to bump` };
    const ok = b.major > a.major || (b.kind === "semver" && a.kind === "semver" && b.minor > a.minor);
    return {
      ok,
      impact,
      message: ok
        ? `${arrow}: additive change with at least a minor bump`
        : `${arrow}: additive change needs at least a minor bump`,
    };
  }
  return { ok: true, impact, message: `${arrow}: ${impact === "none" ? "no changes" : "no payload changes"}` };
}

function compare(a: ParsedVersion, b: ParsedVersion): number {
  if (a.kind === "major" && b.kind === "major") return a.major - b.major;
  if (a.kind === "semver" && b.kind === "semver") {
    return (
      a.major - b.major ||
      a.minor - b.minor ||
      a.patch - b.patch ||
      (a.pre === b.pre ? 0 : a.pre === "" ? 1 : b.pre === "" ? -1 : a.pre < b.pre ? -1 : 1)
    );
  }
  return 0;
}
