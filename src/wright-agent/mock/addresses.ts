/**
 * The shared name/address grammar (ADR-0035): NAME selects a uniquely named rule, NAME#N the Nth
 * declaration of NAME (1-based, no leading zeroes; unnamed rules are #N). A literal name may
 * contain '#', so both readings of an address compete: one candidate resolves, none is unknown,
 * several are ambiguous. Symbols: NAME (non-rule symbols) or KIND:NAME.
 */
import { nearest } from "./text.js";

const NTH = /^(.*)#([1-9][0-9]*)$/;

export class RuleAddressBook {
  private readonly byName = new Map<string, number[]>();
  private readonly canonicalCache: string[] = [];

  constructor(private readonly names: readonly string[]) {
    names.forEach((name, i) => {
      const list = this.byName.get(name);
      if (list) list.push(i);
      else this.byName.set(name, [i]);
    });
    names.forEach((_, i) => this.canonicalCache.push(this.computeCanonical(i)));
  }

  /**
   * Every rule index the address can mean under either reading, ascending. The empty string names
   * no rule (unnamed rules are #N): requests cannot carry it (the schema's minLength), and
   * computeCanonical relies on it to give an unnamed rule #N.
   */
  resolve(address: string): number[] {
    const found = new Set<number>();
    if (address !== "") for (const i of this.byName.get(address) ?? []) found.add(i);
    const nth = NTH.exec(address);
    if (nth) {
      const i = this.byName.get(nth[1]!)?.[Number(nth[2]) - 1];
      if (i !== undefined) found.add(i);
    }
    return [...found].sort((a, b) => a - b);
  }

  /**
   * NAME when that resolves to exactly this rule, else NAME#N. The NAME#N form can itself be
   * ambiguous (rules a, a, a#2: the second a is a#2, which the literal also claims); reusing it
   * then fails ambiguous-rule, as the contract says, and the caller falls back to the index.
   */
  canonical(index: number): string {
    return this.canonicalCache[index]!;
  }

  private computeCanonical(index: number): string {
    const name = this.names[index]!;
    // A declared name's literal reading always holds its own index, so one match is this rule.
    const resolved = this.resolve(name);
    if (resolved.length === 1) return name;
    const ordinal = this.byName.get(name)!.indexOf(index) + 1;
    return `${name}#${ordinal}`;
  }

  /** The nearest declared canonical address, for "did you mean" messages. */
  suggest(address: string): string | undefined {
    return nearest(address, this.canonicalCache);
  }
}

export const NAMED_SYMBOL_KINDS = ["globalVariable", "playerVariable", "subroutine"] as const;
export type NamedSymbolKind = (typeof NAMED_SYMBOL_KINDS)[number];

export interface SymbolLike {
  name: string;
  kind: string;
}

/** KIND:NAME selects that kind; a bare NAME matches every non-rule symbol with that name. */
export function resolveSymbolName(address: string, symbols: readonly SymbolLike[]): number[] {
  const colon = address.indexOf(":");
  // No colon (or a leading one) leaves the empty prefix, which is no kind.
  const kind = address.slice(0, Math.max(colon, 0));
  if ((NAMED_SYMBOL_KINDS as readonly string[]).includes(kind)) {
    const name = address.slice(colon + 1);
    return symbols.flatMap((s, i) => (s.kind === kind && s.name === name ? [i] : []));
  }
  return symbols.flatMap((s, i) => (s.kind !== "rule" && s.name === address ? [i] : []));
}
