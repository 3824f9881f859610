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
  | "keyword";

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
}

/** The checker as a keyword family module (families/) uses it: `sub` is the checker's own recursion (memo and co-induction included). */
export interface FamilyContext {
  ca: SchemaContext;
  cb: SchemaContext;
  sub(a: SchemaNode, b: SchemaNode, depth: number): Difference[];
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
