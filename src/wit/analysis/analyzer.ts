/**
 * The analysis API the Wit daemon calls: symbols, byte ranges and signatures of a file on disk or
 * of given (staged) content, and the cross-file caller graph of everything under the root.
 */
import { lstatSync, realpathSync, statSync, type Stats } from "node:fs";
import path from "node:path";
import { CallGraph, type GraphChanges } from "./call-graph.js";
import type { FileFacts, SymbolFact } from "./facts.js";
import { FactsCache, type CacheCounters } from "./facts-cache.js";
import { languageOf, type LanguageId } from "./languages.js";
import { loadGrammars } from "./runtime.js";
import { DEFAULT_IGNORED_DIRS, scanSourceFiles, type ScannedFile } from "./scan.js";
import { TreeWatcher } from "./tree-watcher.js";
import { normalizeRelPath, parseSymbolPath, resolveInsideRealRoot } from "../paths.js";

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
  /**
   * Keep the caller graph fresh by file events (decision 141): `syncDir` is a directory outside
   * the analysed tree (the daemon's `.wit/sync`) for the watcher's sync cookies. Without it, or
   * when no watcher can be had, every caller-graph question rescans the tree (stat per file).
   */
  watch?: { syncDir: string; syncTimeoutMs?: number };
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
  /** Edits applied to the graph in place (only the affected files' edges recomputed). */
  graphUpdates: number;
  lastScan: { files: number; ms: number; truncated: boolean } | null;
  /** "events": a watcher keeps the graph fresh; "scan": every question rescans. */
  freshness: "events" | "scan";
  watchedDirectories: number;
  /** Refreshes that applied file events (no scan). */
  eventRefreshes: number;
}

export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 100_000;

/** Number of files parsed between two yields to the event loop during a scan. */
const PARSE_YIELD_EVERY = 50;

const notFound = (rel: string): FileLookup => ({ ok: false, reason: "not-found", message: `no such file: ${rel}` });

export class Analyzer {
  private readonly ignoreDirs: ReadonlySet<string>;
  private readonly maxFileBytes: number;
  private readonly maxFiles: number;
  private readonly log: (message: string) => void;
  /** Content keys whose parse failure was already logged (each is logged once). */
  private readonly loggedFailures = new Set<string>();
  private scans = 0;
  private graphBuilds = 0;
  private graphUpdates = 0;
  private eventRefreshes = 0;
  private lastScan: AnalysisStats["lastScan"] = null;
  private graph: CallGraph | null = null;
  /** The files of the graph, with their facts (kept up to date by events). */
  private current = new Map<string, { key: string; facts: FileFacts }>();
  private watcher: TreeWatcher | null = null;
  /** Watching was asked for and has not failed for good. */
  private watchWanted: boolean;
  /** Scans run one after another: a request never sees a half-updated graph. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The queued refresh that has not started yet, if any. */
  private pending: Promise<CallGraph> | null = null;

  private constructor(
    /** Real path of the repository root. */
    readonly root: string,
    private readonly cache: FactsCache,
    private readonly options: AnalyzerOptions,
  ) {
    this.ignoreDirs = new Set(options.ignoreDirs ?? DEFAULT_IGNORED_DIRS);
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
    this.log = options.log ?? (() => undefined);
    this.watchWanted = options.watch !== undefined;
  }

  /** Loads tree-sitter and the grammars (once per process) and binds an analyzer to `root`. */
  static async open(root: string, options: AnalyzerOptions = {}): Promise<Analyzer> {
    const realRoot = realpathSync(root);
    const grammars = await loadGrammars();
    return new Analyzer(realRoot, new FactsCache(grammars, options.maxCachedContents, options.clock), options);
  }

  stats(): AnalysisStats {
    return {
      ...this.cache.counters,
      scans: this.scans,
      graphBuilds: this.graphBuilds,
      graphUpdates: this.graphUpdates,
      lastScan: this.lastScan,
      freshness: this.watcher ? "events" : "scan",
      watchedDirectories: this.watcher?.watchedDirectories ?? 0,
      eventRefreshes: this.eventRefreshes,
    };
  }

  /** Drops every cached parse (e.g. after a branch switch, although stat checks already notice). */
  invalidate(): void {
    this.cache.clear();
    this.graph = null;
  }

  /** Stops the file watcher (the daemon's shutdown). */
  close(): void {
    this.watchWanted = false;
    this.watcher?.close();
    this.watcher = null;
  }

  // ---- one file ---------------------------------------------------------------------------

  /** Facts of a file read from disk (path-checked first). */
  async fileFacts(file: string): Promise<FileLookup> {
    const inside = resolveInsideRealRoot(this.root, file);
    if (!inside.ok) return { ok: false, reason: "path-refused", message: inside.message };
    if (!inside.exists) {
      const language = languageOf(inside.rel);
      if (!language)
        return { ok: false, reason: "unsupported-language", message: `unsupported file type: ${inside.rel}` };
      return { ok: false, reason: "not-found", message: `no such file: ${inside.rel}` };
    }
    return this.checkedFileFacts(inside.rel);
  }

  /**
   * Facts of a file whose path the caller has already proven to stay inside the root
   * (resolveInsideRoot, then its real path): the daemon's symbol keys ask this on every lock, so
   * the path walk is not done twice.
   */
  checkedFileFacts(rel: string): FileLookup {
    const inside = { rel, abs: path.join(this.root, ...rel.split("/")) };
    const language = languageOf(inside.rel);
    if (!language)
      return { ok: false, reason: "unsupported-language", message: `unsupported file type: ${inside.rel}` };
    try {
      // throwIfNoEntry: a lock on a file not written yet is common, and a thrown ENOENT costs
      // several times the stat itself.
      const stat = statSync(inside.abs, { throwIfNoEntry: false });
      if (stat === undefined) return notFound(inside.rel);
      if (!stat.isFile()) return { ok: false, reason: "not-a-file", message: `not a regular file: ${inside.rel}` };
      if (stat.size > this.maxFileBytes) {
        return { ok: false, reason: "too-large", message: `${inside.rel} is larger than ${this.maxFileBytes} bytes` };
      }
      const { facts } = this.cache.factsForFile(inside.rel, inside.abs, language, stat);
      return withFacts(inside.rel, language, facts);
    } catch (e) {
      const code = typeof e === "object" && e !== null && "code" in e ? String(e.code) : "error";
      // ENOENT here: the file went away between the stat and the read.
      if (code === "ENOENT") return notFound(inside.rel);
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
   * A caller graph that reflects the files as they are now: the file events since the last
   * question (or, without a watcher, a rescan that stats unchanged files) are applied to the graph
   * in place, re-resolving only the files they can affect. Later refreshes update the same object:
   * ask it several questions without awaiting in between to get one consistent snapshot.
   */
  callGraph(): Promise<CallGraph> {
    // Questions queued behind a running refresh share the next one: it has not started (nor
    // written its sync cookie) yet, so it still sees every change made before they were asked.
    if (this.pending) return this.pending;
    const run = this.queue.then(() => {
      this.pending = null;
      return this.refresh();
    });
    this.pending = run;
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async refresh(): Promise<CallGraph> {
    const started = performance.now();
    const w = this.ensureWatcher();
    if (!w) {
      const scan = await scanSourceFiles(this.root, { ignoreDirs: this.ignoreDirs, maxFiles: this.maxFiles });
      return this.fromFiles(scan.files, scan.truncated, started);
    }
    await w.sync();
    const changes = w.takeChanges();
    if (changes.lost || this.graph === null) {
      const walked = await w.rewatch(this.maxFiles);
      if (walked) return this.fromFiles(walked.files, walked.truncated, started);
      this.stopWatching("the tree could not be watched");
      return this.refresh();
    }
    if (changes.paths.size === 0) return this.graph;
    this.eventRefreshes++;
    // The key each touched file had before this refresh (undefined: not in the graph).
    const before = new Map<string, string | undefined>();
    for (const rel of [...changes.paths].sort()) await this.applyChange(w, rel, before);
    return this.updateGraph(this.graph, changesSince(before, this.current));
  }

  private ensureWatcher(): TreeWatcher | null {
    if (this.watcher || !this.watchWanted) return this.watcher;
    const options = this.options.watch!;
    this.watcher = TreeWatcher.start(this.root, {
      ignoreDirs: this.ignoreDirs,
      syncDir: options.syncDir,
      syncTimeoutMs: options.syncTimeoutMs,
      log: this.log,
    });
    if (!this.watcher) this.watchWanted = false;
    return this.watcher;
  }

  private stopWatching(reason: string): void {
    this.log(`analysis: ${reason}; the caller graph is kept fresh by scanning from now on`);
    this.watcher?.close();
    this.watcher = null;
    this.watchWanted = false;
  }

  /** A full listing (scan or watcher walk): every file's facts through the cache, then the graph. */
  private async fromFiles(files: readonly ScannedFile[], truncated: boolean, started: number): Promise<CallGraph> {
    this.scans++;
    const current = new Map<string, { key: string; facts: FileFacts }>();
    let parsesBefore = this.cache.counters.parses;
    for (const f of files) {
      const entry = this.factsOf(f.rel, f.abs, f.stat);
      if (entry) current.set(f.rel, entry);
      if (this.cache.counters.parses - parsesBefore >= PARSE_YIELD_EVERY) {
        parsesBefore = this.cache.counters.parses;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    this.cache.forgetMissing(new Set(current.keys()));
    const previous = this.current;
    this.current = current;
    this.lastScan = { files: files.length, ms: Math.round(performance.now() - started), truncated };
    if (this.graph === null) return this.build();
    const before = new Map<string, string | undefined>();
    for (const [rel, e] of previous) before.set(rel, e.key);
    for (const rel of current.keys()) if (!before.has(rel)) before.set(rel, undefined);
    return this.updateGraph(this.graph, changesSince(before, current));
  }

  private build(): CallGraph {
    // The graph reads the current facts (kept up to date by events); it builds every file's
    // tables at once, and `update` re-reads only the files it is told changed.
    this.graph = new CallGraph(this.current.keys(), { facts: (file) => this.current.get(file)?.facts });
    this.graphBuilds++;
    return this.graph;
  }

  /** Applies edits, additions and removals in place (decisions 147, 301). */
  private updateGraph(graph: CallGraph, changes: GraphChanges & { count: number }): CallGraph {
    if (changes.count === 0) return graph;
    graph.update(changes);
    this.graphUpdates++;
    return graph;
  }

  /** Facts of one listed file, or null when it is not analysed (too large, vanished, unreadable). */
  private factsOf(rel: string, abs: string, stat: Stats): { key: string; facts: FileFacts } | null {
    const language = languageOf(rel);
    if (!language || stat.size > this.maxFileBytes) return null;
    try {
      const { key, facts } = this.cache.factsForFile(rel, abs, language, stat);
      if (facts.error !== undefined && !this.loggedFailures.has(key)) {
        this.loggedFailures.add(key);
        this.log(`analysis: cannot parse ${rel} (left out of the caller graph): ${facts.error}`);
      }
      return { key, facts };
    } catch (e) {
      // Vanished since it was listed: simply not there. Anything else is worth a line.
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "ENOENT")
        this.log(`analysis: cannot read ${rel} (${code ?? (e as Error).message}); left out of the caller graph`);
      return null;
    }
  }

  /**
   * Applies one changed path (file or directory, created, modified or gone) to `current`,
   * remembering in `before` the key each touched file had before the refresh.
   */
  private async applyChange(w: TreeWatcher, rel: string, before: Map<string, string | undefined>): Promise<void> {
    const abs = path.join(this.root, rel);
    let st: Stats | null;
    try {
      st = lstatSync(abs);
    } catch {
      st = null;
    }
    if (st?.isDirectory()) {
      if (this.ignoreDirs.has(path.posix.basename(rel))) return;
      // New, moved here or replaced: forget what was under this name, then watch and list it.
      this.removeUnder(rel, before);
      w.unwatch(rel);
      const found: ScannedFile[] = [];
      await w.watchTree(rel, found);
      for (const f of found) this.setEntry(f.rel, this.factsOf(f.rel, f.abs, f.stat), before);
      return;
    }
    if (st === null) {
      w.unwatch(rel);
      this.removeUnder(rel, before);
      return;
    }
    let entry: { key: string; facts: FileFacts } | null = null;
    if (st.isFile() && languageOf(rel)) {
      try {
        entry = this.factsOf(rel, abs, statSync(abs));
      } catch {
        entry = null;
      }
    }
    this.setEntry(rel, entry, before);
  }

  private setEntry(
    rel: string,
    entry: { key: string; facts: FileFacts } | null,
    before: Map<string, string | undefined>,
  ): void {
    if (!before.has(rel)) before.set(rel, this.current.get(rel)?.key);
    if (entry) this.current.set(rel, entry);
    else this.current.delete(rel);
  }

  /** Drops `rel` and every file under it. */
  private removeUnder(rel: string, before: Map<string, string | undefined>): void {
    if (this.current.has(rel)) this.setEntry(rel, null, before);
    const prefix = `${rel}/`;
    // Deleting the entry being visited is safe while iterating a Map.
    for (const k of this.current.keys()) if (k.startsWith(prefix)) this.setEntry(k, null, before);
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

/** Edits, additions and removals between the keys files had (`before`) and their entries now. */
function changesSince(
  before: ReadonlyMap<string, string | undefined>,
  now: ReadonlyMap<string, { key: string }>,
): Required<GraphChanges> & { count: number } {
  const edited: string[] = [];
  const added: string[] = [];
  const removed: string[] = [];
  for (const [rel, was] of before) {
    const is = now.get(rel)?.key;
    if (was === is) continue;
    if (was === undefined) added.push(rel);
    else if (is === undefined) removed.push(rel);
    else edited.push(rel);
  }
  return { edited, added, removed, count: edited.length + added.length + removed.length };
}
