/**
 * Why an undetected mutant is acceptable (decision 221), one list per area. An argument is
 * EQUIVALENT (no input can tell the mutant from the original), OWN CHOICE (behaviour of our
 * reference implementation the contract does not require: wording the contract leaves free,
 * diagnostics, an API of our own, a limit) or NOT A PROTOCOL BEHAVIOUR (required behaviour no
 * conformance target interface can observe; its unit test is named). A GAP is a real survivor no
 * check kills yet: it stays counted as undetected, listed under its title. The mutants an argument
 * covers are the entries of ../ignores.json that name its kind and title (decision 247).
 */
import { FRAME_WIRE } from "./frame-wire.js";
import { RPC } from "./rpc.js";
import { WIT } from "./wit.js";
import { WRIGHT_AGENT } from "./wright-agent.js";
import type { SurvivorArgument } from "./argument.js";

export type { ArgumentKind, SurvivorArgument } from "./argument.js";

/** The kinds whose mutants leave the protocol figure; a gap stays in it. */
export const ARGUED_KINDS = ["equivalent", "own choice", "not a protocol behaviour"] as const;

export const ARGUMENTS: readonly SurvivorArgument[] = [...FRAME_WIRE, ...RPC, ...WIT, ...WRIGHT_AGENT];

/** The argument of this kind and title (how an ignores.json entry names it). */
export function argumentNamed(
  kind: string,
  title: string,
  table: readonly SurvivorArgument[] = ARGUMENTS,
): SurvivorArgument | undefined {
  return table.find((a) => a.kind === kind && a.title === title);
}
