/**
 * A keyword family of the structural pass (containment.ts): the keywords it decides and the rule
 * that decides them on one schema pair. The checker's list of handled keywords is the union of the
 * families' lists (families/index.ts), so a keyword is decided where its family says so and nowhere else.
 */
import type { FamilyContext, Difference, Outcome, Step } from "../difference.js";
import type { JsonType, Schema, SchemaNode } from "../keywords.js";

export interface KeywordFamily {
  name: string;
  keywords: readonly string[];
  /**
   * The JSON types of A's values the family constrains: it runs once per such type, with A restricted
   * to it (`aT`). Absent: it runs once per schema pair, on all of A.
   */
  types?: readonly JsonType[];
  /** Findings for `a ⊆ b` on this family's keywords of `b` (and of `a` where they widen it); `t` is the type `aT` is restricted to. */
  findings(fc: FamilyContext, a: Schema, b: Schema, aT: SchemaNode, depth: number, t?: JsonType): Outcome[];
}

export function prefix(step: Step, f: Difference): Difference {
  return { ...f, steps: [step, ...f.steps] };
}

export function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

export function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}
