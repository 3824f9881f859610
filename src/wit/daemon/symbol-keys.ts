/**
 * One canonical key per symbol (decision 144). The spec names a symbol "as it appears in source",
 * so `Ky.ts:create`, `Ky.ts:Ky.create` and `lib/Ky.ts:Ky.create` (lib -> src, a symlink inside
 * the repository) can all mean one method. Every place that MATCHES symbols — locks, the
 * LOCK_INTERSECTION / DEP_CHAIN / INTENT_OVERLAP checks, contracts — goes through this module, so
 * two sessions can never hold one symbol under two spellings. Records that merely remember what a
 * caller said (an intent's `symbols`, its `files`) keep the caller's spelling.
 *
 * The key is `<real file>:<qualified name>`, the form the caller graph uses:
 * - the file part is the real path relative to the root (symlinks inside the root expanded; a
 *   missing tail is appended to the real path of its nearest existing ancestor);
 * - the symbol part is the qualified name of the one symbol the name denotes in that file: the
 *   symbol of exactly that name, else the one symbol whose qualified name ends in `.<name>`
 *   (`create` -> `Ky.create`, `Inner.m` -> `Outer.Inner.m`). Several such symbols: the name is
 *   ambiguous, refused with INVALID_REQUEST listing the candidates. None (a missing or unparsable
 *   file, a symbol not written yet): the name is kept as given, since a lock does not require its
 *   symbol to exist.
 */
import type { SymbolFact } from "../analysis/index.js";
import { resolveInsideRealRoot, resolveSymbolPath } from "../paths.js";
import type { DaemonCore } from "./core.js";
import { invalidRequest } from "./errors.js";

export interface CanonicalSymbol {
  /** `<real file>:<qualified name>`: what locks are keyed by and contracts are matched on. */
  key: string;
  /** Real repository-relative file. */
  file: string;
  /** Qualified symbol name (or the name as given when no symbol of the file matches). */
  symbol: string;
  /** The symbol's facts when the file on disk has it. */
  fact: SymbolFact | null;
}

export type NameResolution =
  | { kind: "found"; fact: SymbolFact }
  | { kind: "ambiguous"; candidates: SymbolFact[] }
  | { kind: "unknown" };

/** Which symbol of a file `name` denotes (see the module comment). */
export function resolveName(symbols: readonly SymbolFact[], name: string): NameResolution {
  const exact = symbols.find((s) => s.name === name);
  if (exact) return { kind: "found", fact: exact };
  const suffix = `.${name}`;
  const candidates = symbols.filter((s) => s.name.endsWith(suffix));
  if (candidates.length === 1) return { kind: "found", fact: candidates[0]! };
  if (candidates.length > 1) return { kind: "ambiguous", candidates };
  return { kind: "unknown" };
}

/**
 * The real repository-relative path of `rel` under the real root (see `real` of resolveInsideRoot:
 * a missing tail stays under the real path of its nearest existing ancestor). A path the safety
 * check refuses now (the tree changed since it was accepted) keeps its lexical form.
 */
export function realRelativePath(realRoot: string, rel: string): string {
  const r = resolveInsideRealRoot(realRoot, rel);
  return r.ok ? r.real : rel;
}

export interface SymbolKeys {
  /**
   * The canonical key of a client's symbolPath (lock.acquire, lock.release, contract.propose).
   * Throws INVALID_REQUEST for a refused path or an ambiguous name (data.candidates).
   */
  canonical(symbolPath: string, field?: string): Promise<CanonicalSymbol>;
  /**
   * The key as spelled, with only the file part made real (no analysis): when a lock or contract
   * is stored under exactly this key, it is the one the caller means (it was canonical when it
   * was stored), so release and queries need not read the file. Throws like `canonical`.
   */
  lexical(symbolPath: string, field?: string): { key: string; file: string; symbol: string };
  /** Like `canonical` for a query filter: never throws; null when the path is not usable. */
  canonicalOrNull(symbolPath: string): Promise<CanonicalSymbol | null>;
  /**
   * Every key a declared `file` + `symbol` may denote, for conflict checks that must not fail
   * (intent.declare always succeeds): one key, or every candidate of an ambiguous name.
   */
  keysFor(file: string, symbol: string): Promise<{ keys: string[]; facts: SymbolFact[] }>;
  /** The real repository-relative path of an accepted relative path. */
  realFile(rel: string): string;
}

export function createSymbolKeys(core: Pick<DaemonCore, "root" | "analyzer">): SymbolKeys {
  const { root, analyzer } = core;

  /** `file` is a real path that passed the safety check (resolveSymbolPath, then realFile). */
  async function symbolsOf(file: string): Promise<readonly SymbolFact[] | null> {
    const facts = analyzer.checkedFileFacts(file);
    return facts.ok ? facts.facts.symbols : null;
  }

  async function lookup(file: string, name: string): Promise<NameResolution> {
    const symbols = await symbolsOf(file);
    return symbols ? resolveName(symbols, name) : { kind: "unknown" };
  }

  const realFile = (rel: string) => realRelativePath(root, rel);

  function lexical(symbolPath: string, field = "symbolPath"): { key: string; file: string; symbol: string } {
    // One path walk gives both the safety verdict and the real path (the root is real: DaemonCore).
    const r = resolveSymbolPath(root, symbolPath, { rootIsReal: true });
    if (!r.ok) throw invalidRequest(field, r.message, { reason: r.reason });
    const file = r.realFile;
    return { key: `${file}:${r.symbol}`, file, symbol: r.symbol };
  }

  async function canonical(symbolPath: string, field = "symbolPath"): Promise<CanonicalSymbol> {
    const r = lexical(symbolPath, field);
    const file = r.file;
    const found = await lookup(file, r.symbol);
    if (found.kind === "ambiguous") {
      const candidates = found.candidates.map((c) => `${file}:${c.name}`);
      throw invalidRequest(field, `'${r.symbol}' is ambiguous in ${file}: name one of ${candidates.join(", ")}`, {
        reason: "ambiguous-symbol",
        candidates,
      });
    }
    const symbol = found.kind === "found" ? found.fact.name : r.symbol;
    return { key: `${file}:${symbol}`, file, symbol, fact: found.kind === "found" ? found.fact : null };
  }

  return {
    canonical,
    lexical,
    async canonicalOrNull(symbolPath) {
      try {
        return await canonical(symbolPath);
      } catch {
        return null;
      }
    },
    async keysFor(file, symbol) {
      const real = realFile(file);
      const found = await lookup(real, symbol);
      if (found.kind === "found") return { keys: [`${real}:${found.fact.name}`], facts: [found.fact] };
      if (found.kind === "ambiguous")
        return { keys: found.candidates.map((c) => `${real}:${c.name}`), facts: found.candidates };
      return { keys: [`${real}:${symbol}`], facts: [] };
    },
    realFile,
  };
}
