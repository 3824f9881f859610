/**
 * Why a surviving mutant is acceptable, by file and line range: it is EQUIVALENT (no input can
 * tell it from the original), OWN CHOICE (behaviour of our reference implementation the contract
 * does not require: wording the contract leaves free, diagnostics, an API of our own, a limit), or
 * NOT A PROTOCOL CHECK (required behaviour no conformance target interface can observe; its unit
 * test is named). scripts/mutation/survivors.ts matches every survivor of the last run to one
 * of these; docs/conformance-power.md shows the result.
 */

export interface SurvivorArgument {
  file: string;
  /** Inclusive line ranges. */
  lines: [number, number][];
  kind: "equivalent" | "own choice" | "not a protocol check";
  title: string;
  why: string;
}

export const ARGUMENTS: readonly SurvivorArgument[] = [];
