/**
 * What `diff` reports: one `Finding` per real change (docs/decisions/248-diff-finding-model.md is
 * the one description of these fields). The engine (diff.ts) produces them, the renderers
 * (diff-report.ts) read nothing else.
 */
import { createHash } from "node:crypto";
import { escapeToken, pointerWithin as within } from "../json/index.js";

/** Which way a surface's data travels: requests (old ⊆ new must hold), responses (new ⊆ old), or both. */
export type Direction = "request" | "response" | "both";

export type Verdict = "breaking" | "undecided" | "needs-review" | "compatible";

/** Report order and gate order: the report's verdict is its worst finding's. */
export const VERDICT_ORDER: readonly Verdict[] = ["breaking", "undecided", "needs-review", "compatible"];

export function worstVerdict(verdicts: Iterable<Verdict>): Verdict {
  let worst = VERDICT_ORDER.length - 1;
  for (const v of verdicts) worst = Math.min(worst, VERDICT_ORDER.indexOf(v));
  return VERDICT_ORDER[worst]!;
}

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
  /** The operation part the payload is for (one of the finding's `reaches`). */
  shownOn?: Reach;
}

/** A place in one of the two documents. */
export interface SourceRef {
  file: string;
  pointer: string;
  line?: number;
  column?: number;
}

/** An operation, method or definition a change reaches, and the part of it (`request body`, `params`...). */
export interface Reach {
  operation: string;
  part: string;
}

export interface Finding {
  /** Stable fingerprint: 12 hex of sha256 over kind, path, `at` and subject (see `fingerprint`). */
  id: string;
  /** A change-kind unit's id (src/review/kinds/). */
  kind: string;
  verdict: Verdict;
  /** Which way the data it affects travels; "both" when one change is seen from both sides. */
  direction: Direction | "none";
  /** Where the change sits, as one pointer: in the new document, or in the old one when the thing is gone. */
  path: string;
  /** The component, definition or operation that changed (its root, not the places it is used). */
  subject: { label: string; old?: SourceRef; new?: SourceRef };
  /** Every operation / method / definition the change reaches, and the part of it. */
  reaches: Reach[];
  /** Instance path inside the payload where the difference sits. */
  at?: string;
  /** One sentence in plain words (the kind unit's `describe`). */
  message: string;
  /** What the verdict rests on (compatible), why it is breaking, or why the engine could not decide. */
  evidence: string;
  counterexample?: Counterexample;
  /**
   * Set when the registry waived an undecided finding (decision 253): the verdict is then
   * needs-review, and this says which waiver (`index.json#/waivers/<i>`), how it matched, and why.
   */
  waived?: { reason: string; by: "finding" | "kind"; location: string };
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

/**
 * A finding's id: what the change is and where, not how it was shown (no counterexample, no
 * evidence, no reaching operations), so it survives unrelated edits and reruns with other seeds.
 */
export function fingerprint(kind: string, path: string, at: string | undefined, subject: string): string {
  return createHash("sha256")
    .update(`${kind}\u0000${path}\u0000${at ?? ""}\u0000${subject}`)
    .digest("hex")
    .slice(0, 12);
}
