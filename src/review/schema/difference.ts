/** What the containment check reports, and what a keyword family sees of it (containment.ts and its families share these). */
import type { SchemaContext } from "./context.js";
import type { SchemaNode } from "./keywords.js";

export type Aspect =
  | "schema"
  | "type"
  | "enum"
  | "const"
  | "required"
  | "property"
  | "additional-properties"
  | "pattern"
  | "format"
  | "min-length"
  | "max-length"
  | "minimum"
  | "maximum"
  | "multiple-of"
  | "min-items"
  | "max-items"
  | "unique-items"
  | "min-properties"
  | "max-properties"
  | "branch"
  | "keyword"
  /** The structural pass's depth limit cut the comparison here: nothing below was judged (decision 255). */
  | "depth";

/**
 * One step of an instance path on the A side; `branch` records which A-side union branch (or, with
 * `side: "b"`, the one B-side branch the A values were checked against, so a counterexample can follow it).
 */
export type Step = { kind: "prop"; name: string } | { kind: "item" } | { kind: "branch"; index: number; side?: "b" };

export interface Difference {
  steps: Step[];
  aspect: Aspect;
  /** A structural refutation (to be shown with a payload) rather than an undecided spot. */
  certain: boolean;
  /** Message with `{A}`/`{B}` placeholders for the two sides. */
  message: string;
  /** The property name, enum value or keyword the finding is about. */
  subject?: string;
  a: SchemaNode;
  b: SchemaNode;
  /** Candidate local witnesses: values expected to be valid under `a` and invalid under `b`. */
  hints: unknown[];
  /**
   * Why the structural pass cannot decide this spot, when no sampled payload may settle it either
   * (a pattern inclusion it cannot walk, decision 276): the finding is `undecided`, not needs-review,
   * unless a payload shows the break.
   */
  undecided?: string;
}

/**
 * The judgement of one schema pair, made once and shared by every place that reaches the pair: its
 * own differences and, in order, the judgements of the pairs below it (each under an instance step).
 * A difference is listed once, on the first path that reaches it, when a judgement is read out
 * (containment.ts `check`), so its size follows the schemas, not the number of paths through them.
 */
export interface Judgement {
  entries: Outcome[];
  /** Whether no difference is reachable (computed once the judgement is complete). */
  empty?: boolean;
}

/** A pair below, under an instance step; `uncertain` turns its refutations into undecided spots. */
export interface Below {
  below: Judgement;
  step?: Step;
  uncertain?: boolean;
}

/**
 * What a reader of a judgement tells paths apart by (the engine: which member introduces a change on
 * the way down, introduced-member.ts): a difference is read out once per class of the paths reaching it.
 */
export interface PathLens<S> {
  start: S;
  step(state: S, step: Step): S;
  /** Paths whose states have one key are one class. */
  key(state: S): string;
}

/** What a rule reports: a difference of the pair itself, or a pair below it. */
export type Outcome = Difference | Below;

/** The checker as a keyword family module (families/) uses it: `sub` is the checker's own recursion (memo and co-induction included). */
export interface FamilyContext {
  ca: SchemaContext;
  cb: SchemaContext;
  /** The differences of `a ⊆ b`, read out (each once). */
  sub(a: SchemaNode, b: SchemaNode, depth: number): Difference[];
  /** `a ⊆ b` as a pair below the current one, under `step`: judged once, read out once at the end. */
  below(a: SchemaNode, b: SchemaNode, depth: number, step?: Step): Below;
  /** True when every instance of `b` (context B) is proved an instance of `a` (context A): the check the other way round. */
  back(b: SchemaNode, a: SchemaNode): boolean;
  /** True when no instance satisfies both `a` (context A) and `b` (context B), proved by type or a pinned member. */
  disjoint(a: SchemaNode, b: SchemaNode): boolean;
  finding(
    steps: Step[],
    aspect: Aspect,
    certain: boolean,
    message: string,
    a: SchemaNode,
    b: SchemaNode,
    hints: unknown[],
    subject?: string,
  ): Difference;
  example(node: SchemaNode): unknown;
}
