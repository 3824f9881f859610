/**
 * What the analysis keeps about one file: a pure function of (language, content), so it can be
 * cached by content hash. Cross-file resolution happens later, in call-graph.ts.
 */
import type { LanguageId } from "./languages.js";

export type SymbolKind = "function" | "method" | "class";

export interface SymbolFact {
  /** Qualified name: `f`, `Class`, `Class.method` (`Outer.Inner.method` for nested Python classes). */
  name: string;
  kind: SymbolKind;
  /** UTF-8 byte offsets into the file, [startByte, endByte). */
  startByte: number;
  endByte: number;
  /** Normalised signature; see signature.ts. Several definitions of one name are joined with "; ". */
  signature: string;
  /** How many definitions were merged into this symbol (overloads, getter+setter, property setter). */
  definitions: number;
}

/** One call site: the chain of names the callee expression is made of. */
export interface CallFact {
  /** Qualified name of the innermost enclosing symbol. Calls outside any symbol are not kept. */
  from: string;
  /**
   * `f()` -> ["f"]; `this.m()` / `self.m()` -> ["this", "m"] / ["self", "m"]; `ns.f()` -> ["ns", "f"];
   * `a.b.c()` -> ["a", "b", "c"]; a receiver that is not a plain name chain -> ["?", "m"].
   */
  callee: string[];
  /** `new X()`: a construction, which calls `X.constructor` when X is a class (decision 145). */
  construct?: true;
}

export type ImportFact =
  /** `import { a as local }`, `import local from` (imported "default"), `from m import a as local`, `const { a: local } = require()`. */
  | { local: string; kind: "named"; source: string; imported: string }
  /** `import * as local`, `const local = require()`, Python `import a.b as local` / `import a` (module `a`). */
  | { local: string; kind: "namespace"; source: string };

export interface ExportFact {
  /** `export { local as exported }`, `export default local`. */
  exported: string;
  local: string;
}

export interface ReexportFact {
  /** `export { imported as exported } from "source"`; imported "*" for `export * as ns from`. */
  exported: string;
  source: string;
  imported: string;
}

export interface FileFacts {
  language: LanguageId;
  symbols: SymbolFact[];
  calls: CallFact[];
  imports: ImportFact[];
  exports: ExportFact[];
  reexports: ReexportFact[];
  /** `export * from "x"` (JS/TS) and `from x import *` (Python). */
  starSources: string[];
  /** Set when the content could not be analysed (e.g. nesting deeper than the stack allows); all lists are then empty. */
  error?: string;
}
