/** What several payload kinds read of a difference: where it sits on an OpenRPC or OpenAPI parameter surface, and type names in words. */
import { typeWord } from "../../schema/containment.js";
import type { DifferenceView } from "../kind.js";

/** A difference of the closed by-name params object itself (a param added, removed, made required). */
export function paramsLevel(v: DifferenceView): boolean {
  const [first] = v.steps;
  return v.role === "params" && v.steps.length === 1 && first!.kind === "prop" && first!.name === "params";
}

/** A difference of one location's closed parameters object itself (a parameter added, removed, made required). */
export function parametersLevel(v: DifferenceView): boolean {
  return v.role === "parameters" && v.steps.length === 0;
}

/** A JSON type as a reader says it ("strings", "non-integer numbers"); "other values" when unknown. */
export function typeWords(t: string | undefined): string {
  return t === undefined ? "other values" : typeWord(t);
}
