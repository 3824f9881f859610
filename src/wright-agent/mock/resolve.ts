/**
 * Address resolution against the current program, with the contract's refusals: numeric ids need
 * the current snapshot (stale-id), names never go stale; unmatched names are unknown-* (or
 * invalid-selection for selection filters) with a nearest-name hint; several matches are
 * ambiguous-* listing every candidate's canonical address.
 */
import type * as C from "../../generated/wright-agent/types.js";
import { refuse } from "../handlers.js";
import { resolveSymbolName } from "./addresses.js";
import type { Program } from "./program.js";
import { nearest } from "./text.js";

export function requireSnapshot(generation: number, snapshot: number | undefined, what: string): void {
  if (snapshot === generation) return;
  const message = `${what} is numeric, so snapshot must be the current generation ${generation}, but it is ${snapshot === undefined ? "missing" : snapshot}; re-issue the id from a current response or address by name`;
  refuse("stale-id", message);
}

/** "target": the rule the operation is about (unknown-rule). "selection": a filter (invalid-selection). */
export type RuleRole = "target" | "selection";

/** `field` names the request member in messages only (rule, caller, edits[k].rule). */
export function resolveRule(
  program: Program,
  generation: number,
  address: C.RuleAddress,
  snapshot: number | undefined,
  role: RuleRole,
  field = "rule",
): number {
  const missing = role === "target" ? "unknown-rule" : "invalid-selection";
  if (typeof address === "number") {
    requireSnapshot(generation, snapshot, `${field} ${address}`);
    if (address >= program.rules.length) {
      const message = `${field}: no rule with index ${address} (the program has ${program.rules.length} rules)`;
      refuse(missing, message);
    }
    return address;
  }
  const found = program.addresses.resolve(address);
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    const hint = program.addresses.suggest(address);
    const message = `${field}: no rule matches ${JSON.stringify(address)}${hint !== undefined ? ` (did you mean ${JSON.stringify(hint)}?)` : ""}; rules lists the addresses`;
    refuse(missing, message);
  }
  const candidates = found.map((i) => ({ address: program.rules[i]!.address, id: i }));
  const message = `${field}: ${JSON.stringify(address)} matches ${found.length} rules: ${candidates.map((c) => `${c.address} (index ${c.id})`).join(", ")}`;
  refuse("ambiguous-rule", message, { candidates, snapshot: generation });
}

export function resolveSymbol(
  program: Program,
  generation: number,
  address: C.SymbolAddress,
  snapshot: number | undefined,
): number {
  if (typeof address === "number") {
    requireSnapshot(generation, snapshot, `symbol ${address}`);
    if (address >= program.symbols.length) {
      const message = `symbol: no symbol with id ${address}`;
      refuse("unknown-symbol", message);
    }
    return address;
  }
  const found = resolveSymbolName(address, program.symbols);
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    const names = program.symbols.filter((s) => s.kind !== "rule").flatMap((s) => [s.name, `${s.kind}:${s.name}`]);
    const hint = nearest(address, names);
    const message = `symbol: nothing named ${JSON.stringify(address)}${hint ? ` (did you mean ${JSON.stringify(hint)}?)` : ""}; symbols lists them`;
    refuse("unknown-symbol", message);
  }
  const candidates = found.map((id) => ({ address: `${program.symbols[id]!.kind}:${program.symbols[id]!.name}`, id }));
  const message = `symbol: ${JSON.stringify(address)} names ${candidates.map((c) => c.address).join(" and ")}; use KIND:NAME`;
  refuse("ambiguous-symbol", message, { candidates, snapshot: generation });
}
