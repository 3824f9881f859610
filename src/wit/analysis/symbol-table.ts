/** Accumulates symbol definitions during one extraction and merges repeated names. */
import type { Node } from "web-tree-sitter";
import type { CallFact, SymbolFact, SymbolKind } from "./facts.js";
import type { OffsetConverter } from "./offsets.js";

interface Pending {
  name: string;
  kind: SymbolKind;
  start: number;
  end: number;
  signatures: string[];
}

export class SymbolTable {
  private readonly byName = new Map<string, Pending>();
  readonly calls: CallFact[] = [];

  /**
   * Records one definition. A name defined several times (TS overloads, get/set pairs, Python
   * property setters, redefinitions) becomes one symbol whose range spans all definitions and
   * whose signature lists each definition's signature in source order, joined by "; ".
   */
  add(name: string, kind: SymbolKind, range: Node, signature: string): void {
    const existing = this.byName.get(name);
    if (existing) {
      existing.start = Math.min(existing.start, range.startIndex);
      existing.end = Math.max(existing.end, range.endIndex);
      existing.signatures.push(signature);
      return;
    }
    this.byName.set(name, { name, kind, start: range.startIndex, end: range.endIndex, signatures: [signature] });
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  call(from: string | null, callee: string[] | null, construct = false): void {
    if (from !== null && callee !== null && callee.length > 0)
      this.calls.push(construct ? { from, callee, construct: true } : { from, callee });
  }

  symbols(toBytes: OffsetConverter): SymbolFact[] {
    return [...this.byName.values()]
      .map((p) => ({
        name: p.name,
        kind: p.kind,
        startByte: toBytes(p.start),
        endByte: toBytes(p.end),
        signature: p.signatures.join("; "),
        definitions: p.signatures.length,
      }))
      .sort((a, b) => a.startByte - b.startByte || a.name.localeCompare(b.name));
  }
}
