/**
 * The analysis API the Wit daemon calls: symbols, byte ranges and signatures of a file on disk or
 * of given (staged) content, and the cross-file caller graph of everything under the root.
 */
import { realpathSync, statSync } from "node:fs";
import { CallGraph } from "./call-graph.js";
import type { FileFacts, SymbolFact } from "./facts.js";
import { FactsCache, type CacheCounters } from "./facts-cache.js";
import { languageOf, type LanguageId } from "./languages.js";
import { buildFileIndex } from "./resolve-modules.js";
import { loadGrammars } from "./runtime.js";
import { DEFAULT_IGNORED_DIRS, scanSourceFiles } from "./scan.js";
import { normalizeRelPath, parseSymbolPath, resolveInsideRoot } from "../paths.js";

export interface AnalyzerOptions {
  /** Directory names skipped at any depth. Default: node_modules, .git, .wit. */
  ignoreDirs?: readonly string[];
  /** Larger files are not parsed (generated bundles). Default 2 MiB. */
  maxFileBytes?: number;
  /** The caller-graph scan stops after this many files (and reports `truncated`). Default 100,000. */
  maxFiles?: number;
  /** Distinct contents kept in the facts cache. Default 50,000. */
  maxCachedContents?: number;
  /** Wall clock used by the cache's racy-timestamp check (tests shift it). Default Date.now. */
  clock?: () => number;
  /** Where the analyzer reports files it could not read or parse (the daemon's log). */
  log?: (message: string) => void;
}

export type LookupRefusal =
  /** The path is absolute, has `..`, leaves the root through a symlink...: the daemon's -32600. */
  | "path-refused"
  | "unsupported-language"
  | "not-found"
  | "not-a-file"
  | "too-large"
  | "unreadable"
  /** The content could not be analysed (absurdly deep nesting). */
  | "parse-failed"
  | "symbol-not-found";

export type FileLookup =
  | { ok: true; file: string; language: LanguageId; facts: FileFacts }
  | { ok: false; reason: LookupRefusal; message: string };

export type SymbolLookup =
  | { ok: true; file: string; symbolPath: string; symbol: SymbolFact }
  | { ok: false; reason: LookupRefusal; message: string };

export interface AnalysisStats extends CacheCounters {
  scans: number;
  graphBuilds: number;
  lastScan: { files: number; ms: number; truncated: boolean } | null;
}

export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 100_000;

/** Number of files parsed between two yields to the event loop during a scan. */
const PARSE_YIELD_EVERY = 50;

export class Analyzer {
  private readonly ignoreDirs: ReadonlySet<string>;
  private readonly maxFileBytes: number;
  private readonly maxFiles: number;
  private readonly log: (message: string) => void;
  /** Content keys whose parse failure was already logged (each is logged once). */
  private readonly loggedFailures = new Set<string>();
  private scans = 0;
  private graphBuilds = 0;
  private lastScan: AnalysisStats["lastScan"] = null;
  private graph: { keys: Map<string, string>; graph: CallGraph } | null = null;
  /** Scans run one after another: a request never sees a half-updated graph. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    /** Real path of the repository root. */
    readonly root: string,
    private readonly cache: FactsCache,
    options: AnalyzerOptions,
  ) {
    this.ignoreDirs = new Set(options.ignoreDirs ?? DEFAULT_IGNORED_DIRS);
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
    this.log = options.log ?? (() => undefined);
  }

  /** Loads tree-sitter and the grammars (once per process) and binds an analyzer to `root`. */
  static async open(root: string, options: AnalyzerOptions = {}): Promise<Analyzer> {
    const realRoot = realpathSync(root);
    const grammars = await loadGrammars();
    return new Analyzer(realRoot, new FactsCache(grammars, options.maxCachedContents, options.clock), options);
  }

  stats(): AnalysisStats {
    return { ...this.cache.counters, scans: this.scans, graphBuilds: this.graphBuilds, lastScan: this.lastScan };
  }

  /** Drops every cached parse (e.g. after a branch switch, although stat checks already notice). */
  invalidate(): void {
    this.cache.clear();
    this.graph = null;
  }

  // ---- one file ---------------------------------------------------------------------------

  /** Facts of a file read from disk (path-checked first). */
  async fileFacts(file: string): Promise<FileLookup> {
    const inside = resolveInsideRoot(this.root, file);
    if (!inside.ok) return { ok: false, reason: "path-refused", message: inside.message };
    const language = languageOf(inside.rel);
    if (!language) return { ok: false, reason: "unsupported-language", message: `unsupported file type: ${inside.rel}` };
    if (!inside.exists) return { ok: false, reason: "not-found", message: `no such file: ${inside.rel}` };
    try {
      const stat = statSync(inside.abs);
      if (!stat.isFile()) return { ok: false, reason: "not-a-file", message: `not a regular file: ${inside.rel}` };
      if (stat.size > this.maxFileBytes) {
        return { ok: false, reason: "too-large", message: `${inside.rel} is larger than ${this.maxFileBytes} bytes` };
      }
      const { facts } = this.cache.factsForFile(inside.rel, inside.abs, language, stat);
      return withFacts(inside.rel, language, facts);
    } catch (e) {
      const code = typeof e === "object" && e !== null && "code" in e ? String(e.code) : "error";
      if (code === "ENOENT") return { ok: false, reason: "not-found", message: `no such file: ${inside.rel}` };
      return { ok: false, reason: "unreadable", message: `cannot read ${inside.rel} (${code})` };
    }
  }

  /**
   * Facts of given content (the daemon's `check-contracts`: staged files, disk never read). The
   * path is only checked lexically and picks the grammar.
   */
  contentFacts(file: string, content: string): FileLookup {
    const rel = normalizeRelPath(file);
    if (!rel.ok) return { ok: false, reason: "path-refused", message: rel.message };
    const language = languageOf(rel.rel);
    if (!language) return { ok: false, reason: "unsupported-language", message: `unsupported file type: ${rel.rel}` };
    if (Buffer.byteLength(content, "utf8") > this.maxFileBytes) {
      return { ok: false, reason: "too-large", message: `${rel.rel} is larger than ${this.maxFileBytes} bytes` };
    }
    return withFacts(rel.rel, language, this.cache.factsForContent(language, content).facts);
  }

  /** A symbol (`f`, `Class`, `Class.method`) of a file on disk, with its byte range and signature. */
  async findSymbol(file: string, symbol: string): Promise<SymbolLookup> {
    return pickSymbol(await this.fileFacts(file), symbol);
  }

  findSymbolInContent(file: string, content: string, symbol: string): SymbolLookup {
    return pickSymbol(this.contentFacts(file, content), symbol);
  }

  /** `contract.propose`: the current signature of `<file>:<symbol>` read from disk. */
  async signatureFromDisk(symbolPath: string): Promise<SymbolLookup> {
    const parsed = parseSymbolPath(symbolPath);
    if (!parsed.ok) return { ok: false, reason: "path-refused", message: parsed.message };
    return this.findSymbol(parsed.file, parsed.symbol);
  }

  /** `check-contracts`: the signature of `symbol` in staged `content` of `file`. */
  signatureFromContent(file: string, content: string, symbol: string): SymbolLookup {
    return this.findSymbolInContent(file, content, symbol);
  }

  // ---- caller graph -----------------------------------------------------------------------

  /** Every symbol under the root that calls `symbolPath` (canonical `<file>:<symbol>`), sorted. */
  async callersOf(symbolPath: string): Promise<string[]> {
    const canonical = canonicalSymbolPath(symbolPath);
    return canonical === null ? [] : (await this.callGraph()).callersOf(canonical);
  }

  /** Every resolved symbol that `symbolPath` calls, sorted. */
  async calleesOf(symbolPath: string): Promise<string[]> {
    const canonical = canonicalSymbolPath(symbolPath);
    return canonical === null ? [] : (await this.callGraph()).calleesOf(canonical);
  }

  /**
   * A caller graph that reflects the files as they are now: rescans (stat only for unchanged
   * files) and rebuilds the graph only when some file's content or the file set changed. Hold on
   * to the result to answer several questions from one consistent snapshot.
   */
  callGraph(): Promise<CallGraph> {
    const run = this.queue.then(() => this.refresh());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async refresh(): Promise<CallGraph> {
    const started = performance.now();
    const scan = await scanSourceFiles(this.root, { ignoreDirs: this.ignoreDirs, maxFiles: this.maxFiles });
    this.scans++;
    const keys = new Map<string, string>();
    const factsByFile = new Map<string, FileFacts>();
    let parsesBefore = this.cache.counters.parses;
    for (const f of scan.files) {
      const language = languageOf(f.rel);
      if (!language || f.stat.size > this.maxFileBytes) continue;
      try {
        const { key, facts } = this.cache.factsForFile(f.rel, f.abs, language, f.stat);
        keys.set(f.rel, key);
        factsByFile.set(f.rel, facts);
        if (facts.error !== undefined && !this.loggedFailures.has(key)) {
          this.loggedFailures.add(key);
          this.log(`analysis: cannot parse ${f.rel} (left out of the caller graph): ${facts.error}`);
        }
      } catch (e) {
        // Vanished since the scan listed it: simply not there. Anything else is worth a line.
        const code = (e as NodeJS.ErrnoException).code;
        if (code !== "ENOENT") this.log(`analysis: cannot read ${f.rel} (${code ?? (e as Error).message}); left out of the caller graph`);
        continue;
      }
      if (this.cache.counters.parses - parsesBefore >= PARSE_YIELD_EVERY) {
        parsesBefore = this.cache.counters.parses;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    this.cache.forgetMissing(new Set(keys.keys()));
    this.lastScan = { files: scan.files.length, ms: Math.round(performance.now() - started), truncated: scan.truncated };
    if (this.graph && sameKeys(this.graph.keys, keys)) return this.graph.graph;
    const graph = new CallGraph({ index: buildFileIndex(factsByFile.keys()), facts: (file) => factsByFile.get(file) });
    this.graphBuilds++;
    this.graph = { keys, graph };
    return graph;
  }
}

function withFacts(file: string, language: LanguageId, facts: FileFacts): FileLookup {
  if (facts.error !== undefined) return { ok: false, reason: "parse-failed", message: `${file}: ${facts.error}` };
  return { ok: true, file, language, facts };
}

function pickSymbol(lookup: FileLookup, symbol: string): SymbolLookup {
  if (!lookup.ok) return lookup;
  const found = lookup.facts.symbols.find((s) => s.name === symbol);
  if (!found) return { ok: false, reason: "symbol-not-found", message: `no symbol '${symbol}' in ${lookup.file}` };
  return { ok: true, file: lookup.file, symbolPath: `${lookup.file}:${found.name}`, symbol: found };
}

function canonicalSymbolPath(symbolPath: string): string | null {
  const parsed = parseSymbolPath(symbolPath);
  if (!parsed.ok) return null;
  const rel = normalizeRelPath(parsed.file);
  return rel.ok ? `${rel.rel}:${parsed.symbol}` : null;
}

function sameKeys(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}
