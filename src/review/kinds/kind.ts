/**
 * A change kind of `contract-suite diff` as a unit: its id, family, direction rule, default level,
 * doc, how it is detected, how a finding of it reads in plain words, and the document pair that
 * shows it firing and one where it stays quiet (docs/review.md shows them; test/review/kinds.test.ts
 * runs them). The registry (index.ts) lists the units; the engine (engine/) dispatches to them.
 */
import { unescapeToken } from "../../json/index.js";
import type { Direction, Surface } from "../model.js";
import type { Counterexample, Reach, Verdict } from "../finding.js";
import type { Aspect, Step } from "../schema/containment.js";
import type { AnnotationEdit } from "../engine/annotations.js";
import type { ModelPair } from "../engine/pair.js";

export type KindLevel = "breaking" | "undecided" | "needs-review" | "compatible" | "by-proof";
export type KindFamily = "payload" | "openrpc" | "openapi" | "document" | "annotation";

/** A change as a unit detects it, before the engine merges views of one change and decides `by-proof` verdicts. */
export interface Draft {
  kind: string;
  /** Fixed verdicts; `by-proof` drafts get theirs from the counterexample service. */
  verdict?: Verdict;
  direction: Direction | "none";
  /** Where the change sits (new document; the old one when the thing is gone). */
  path: string;
  /** `path` is in the old document (the thing is gone from the new one). */
  gone?: boolean;
  /** What the change is about: a member name, a value, a keyword, an operation, a status. */
  subject?: string;
  at?: string;
  evidence: string;
  counterexample?: Counterexample;
  reaches: Reach[];
}

/** What a payload kind reads of one difference the structural pass found between two schemas. */
export interface DifferenceView {
  aspect: Aspect;
  /** The difference takes values away from the old version (old ⊄ new); false when it adds values. */
  narrowed: boolean;
  /** A structural refutation rather than a spot the structural pass cannot decide. */
  certain: boolean;
  role: Surface["role"];
  /** The instance path's steps on the accepting side (union branch choices of the other side left out). */
  steps: readonly Step[];
  subject?: string;
  /** One version names a member the other leaves to an open object (introduced-member.ts). */
  introduced?: "added" | "removed";
}

/** What a surface comparison ended in, for the kinds that describe a whole surface. */
export interface SurfaceOutcome {
  /** A non-JSON media type: compared by schema equality only. */
  opaque: boolean;
  /** Differences the structural pass found in either direction. */
  differences: number;
}

export type Detect =
  /** A difference on a payload surface; the first unit in registry order that matches names it. */
  | { on: "difference"; matches(v: DifferenceView): boolean }
  /** A changed surface as a whole. */
  | { on: "surface"; matches(o: SurfaceOutcome): boolean }
  /** The two documents: operations, methods, definitions, statuses, security, serialization. */
  | { on: "models"; find(p: ModelPair): Draft[] }
  /** An edit of the annotation walk (descriptions, defaults, deprecation, extensible enums). */
  | { on: "edit"; find(e: AnnotationEdit, p: ModelPair): Draft[] }
  /** Emitted by the engine itself; `why` says when. */
  | { on: "engine"; why: string };

/** Two documents of one kind, written as data (kinds/examples.ts builds them). */
export interface DocPair {
  old: Record<string, unknown>;
  new: Record<string, unknown>;
}

export interface ChangeKind {
  id: string;
  family: KindFamily;
  /**
   * `surface`: judged in the direction of the surface it sits on (requests: old ⊆ new; responses: new ⊆ old);
   * `request`/`response`: always that side of the wire; `none`: no payload is affected.
   */
  direction: "surface" | "request" | "response" | "none";
  /**
   * Default level: a fixed verdict, or `by-proof` (breaking with a checked counterexample when it
   * narrows what the direction protects, needs-review or undecided when only structurally refuted
   * or not decided, compatible otherwise).
   */
  level: KindLevel;
  doc: string;
  /** The kind seen the other way round (a narrowing's widening twin): both views of one change are one finding. */
  opposite?: string;
  detect: Detect;
  /** One sentence in plain words for a finding of this kind. */
  describe(d: Draft): string;
  /** A pair where the kind fires and one where it stays quiet; or why no document pair can show it. */
  examples: { fires: DocPair; quiet: DocPair } | { none: string };
}

/** `member` as a reader sees it: the instance path's last name, or the value itself. */
export function where(d: Draft): string {
  const at = d.at ?? "";
  if (at === "") return "the payload";
  const last = unescapeToken(at.split("/").pop()!);
  return /^\d+$/.test(last) ? `items of \`${at}\`` : `\`${last}\``;
}

export function kind(unit: ChangeKind): ChangeKind {
  return unit;
}
