/** One direction of one surface pair, as the counterexample service sees it, and the payload shown for it. */
import { escapeToken } from "../../json/index.js";
import type { Counterexample } from "../finding.js";
import type { ContractModel, Surface } from "../model.js";
import type { Containment, Step } from "../schema/containment.js";
import type { SchemaContext } from "../schema/context.js";
import type { SchemaNode } from "../schema/keywords.js";

export type Side = "old" | "new";

/** The structural checker of each direction (what payload construction asks besides the check itself). */
export interface Checkers {
  containment(from: Side): Containment;
}

export interface Check {
  /** The side whose payloads must stay valid (A) and the side that must accept them (B). */
  from: Side;
  to: Side;
  surfA: Surface;
  surfB: Surface;
  ma: ContractModel;
  mb: ContractModel;
}

/** A counterexample: the payload, the sides, and the rejecting side's error with the location it names. */
export function shown(
  payload: unknown,
  valid: Side,
  invalid: Side,
  rejecting: SchemaContext,
  node: SchemaNode,
  near?: string,
): Counterexample {
  const why = rejecting.explain(node, payload, near);
  return { payload, valid, invalid, error: why?.text ?? "", errorAt: why?.at ?? "" };
}

/** The A-side steps (B-side branch choices left out): what embed and the kind rules read. */
export function aSteps(steps: readonly Step[]): Step[] {
  return steps.filter((s) => s.kind !== "branch" || s.side !== "b");
}

/** The instance path the steps lead to (union branch choices are no part of it). */
export function instancePath(steps: readonly Step[]): string {
  return steps
    .filter((s) => s.kind !== "branch")
    .map((s) => (s.kind === "prop" ? `/${escapeToken(s.name)}` : "/0"))
    .join("");
}
