/** One change a diff reports, and its verdict (diff.ts and the OpenAPI change rules share these). */
import type { Direction } from "./model.js";
import { escapeToken, pointerWithin as within } from "../json/index.js";

export type Verdict = "breaking" | "compatible" | "needs-review";

export interface Counterexample {
  /** The payload itself: valid under `valid`, invalid under `invalid`. */
  payload: unknown;
  valid: "old" | "new";
  invalid: "old" | "new";
  /** The error of the version that rejects it (ajv 2020; for a failed oneOf/anyOf the deepest branch error). */
  error: string;
  /** The instance location that error names (a required or forbidden member included). */
  errorAt?: string;
  /**
   * True when the payload is a payload both versions accept with only the member at the change
   * edited; absent when no such payload was found (the versions differ elsewhere on every payload
   * around the change, or construction gave up), so the error may name another difference.
   */
  isolated?: boolean;
  /**
   * Set when the rejecting version's first error lies at members where construction found no value
   * both versions accept (`apart`: `origin` an object in one version, a string in the other, required
   * in both), so every payload of the accepting version fails there first: the rejecting version's
   * error on this payload with only those members as the rejecting version has them. It names the change.
   */
  atChange?: { error: string; errorAt: string; apart: string[] };
  /**
   * Set when no payload the accepting version takes can fail first at the change (first-failure.ts,
   * decision 171): `member`, beside the change, is kept in every payload by `required`, the rejecting
   * version checks it before the change, and no value there is accepted by both versions.
   */
  unavoidable?: { member: string; proof: "disjoint" | "no-common-value"; requiredBy: "accepting" | "rejecting" };
}

/** True when a counterexample's (first) error lies at or below the instance path `at`. */
export function errorInside(cx: Counterexample, at: string): boolean {
  return within(cx.errorAt ?? errorPathOf(cx.error), at);
}

/** True when the counterexample names the change: its first error, or else its error apart from the members where the versions share no value (`atChange`). */
export function shownAtChange(cx: Counterexample, at: string): boolean {
  return errorInside(cx, at) || (cx.atChange !== undefined && within(cx.atChange.errorAt, at));
}

/** The location in a one-line error (`/a/b must ...`, with a required or additional member in its params). */
function errorPathOf(error: string): string {
  const first = error.split(" ")[0] ?? "";
  const base = first === "/" ? "" : first;
  const member = /"(?:missingProperty|additionalProperty)":"((?:[^"\\]|\\.)*)"/.exec(error)?.[1];
  return member === undefined ? base : `${base}/${escapeToken(member)}`;
}

export interface Change {
  /** Location in the new document (the old one when the thing is gone). */
  path: string;
  kind: string;
  direction: Direction | "none";
  verdict: Verdict;
  evidence: string;
  counterexample?: Counterexample;
  /** The payload surface(s) the change affects. */
  surfaces?: string[];
  /** Instance path inside the payload where the difference sits. */
  at?: string;
}
