/**
 * Parsed facts cached two ways: by path with the file's stat signature (an unchanged file is not
 * even read), and by content hash (a file whose bytes are unchanged — touched, reverted, copied,
 * or sent as staged content — is not parsed again). See docs/wit-analysis.md.
 */
import { createHash } from "node:crypto";
import { readFileSync, type Stats } from "node:fs";
import { extractFacts } from "./extract.js";
import type { FileFacts } from "./facts.js";
import type { LanguageId } from "./languages.js";
import type { Grammars } from "./runtime.js";

interface PathEntry {
  mtimeMs: number;
  ctimeMs: number;
  size: number;
  ino: number;
  /** Wall-clock time the content was last read; see `trustStat`. */
  readAt: number;
  key: string;
}

export interface CacheCounters {
  /** tree-sitter parses performed (cache misses on content). */
  parses: number;
  /** Files whose content had to be read and hashed. */
  contentReads: number;
  /** Files reused from their stat signature alone, without reading. */
  statHits: number;
  /** Contents found by hash (read, but not parsed). */
  hashHits: number;
}

/**
 * A file modified within this window of the moment we read it may have changed again without its
 * mtime moving (coarse timestamps): such "racily clean" entries are re-hashed, as git does.
 */
const RACY_WINDOW_MS = 2_000;

export class FactsCache {
  private readonly byPath = new Map<string, PathEntry>();
  private readonly byKey = new Map<string, FileFacts>();
  readonly counters: CacheCounters = { parses: 0, contentReads: 0, statHits: 0, hashHits: 0 };

  constructor(
    private readonly grammars: Grammars,
    private readonly maxContents = 50_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Facts of `text` as `language`; parses only when this exact content was never seen. */
  factsForContent(language: LanguageId, text: string | Buffer): { key: string; facts: FileFacts } {
    const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
    const key = `${language}:${createHash("sha256").update(bytes).digest("hex")}`;
    const hit = this.byKey.get(key);
    if (hit) {
      this.counters.hashHits++;
      // Refresh recency for the bounded map (insertion order is eviction order).
      this.byKey.delete(key);
      this.byKey.set(key, hit);
      return { key, facts: hit };
    }
    const facts = extractFacts(this.grammars, language, typeof text === "string" ? text : bytes.toString("utf8"));
    this.counters.parses++;
    this.byKey.set(key, facts);
    while (this.byKey.size > this.maxContents) {
      const oldest = this.byKey.keys().next().value;
      if (oldest === undefined) break;
      this.byKey.delete(oldest);
    }
    return { key, facts };
  }

  /**
   * Facts of the file at `abs` (whose `stat` the caller just took). Throws what readFileSync
   * throws if the file vanished in between; the caller treats that as "no file".
   */
  factsForFile(rel: string, abs: string, language: LanguageId, stat: Stats): { key: string; facts: FileFacts } {
    const entry = this.byPath.get(rel);
    if (entry && this.trustStat(entry, stat)) {
      const facts = this.byKey.get(entry.key);
      if (facts) {
        this.counters.statHits++;
        return { key: entry.key, facts };
      }
    }
    const readAt = this.clock();
    const bytes = readFileSync(abs);
    this.counters.contentReads++;
    const result = this.factsForContent(language, bytes);
    this.byPath.set(rel, {
      mtimeMs: stat.mtimeMs,
      ctimeMs: stat.ctimeMs,
      size: stat.size,
      ino: stat.ino,
      readAt,
      key: result.key,
    });
    return result;
  }

  forgetMissing(present: ReadonlySet<string>): void {
    for (const rel of this.byPath.keys()) if (!present.has(rel)) this.byPath.delete(rel);
  }

  clear(): void {
    this.byPath.clear();
    this.byKey.clear();
  }

  private trustStat(entry: PathEntry, stat: Stats): boolean {
    return (
      entry.mtimeMs === stat.mtimeMs &&
      entry.ctimeMs === stat.ctimeMs &&
      entry.size === stat.size &&
      entry.ino === stat.ino &&
      Math.max(entry.mtimeMs, entry.ctimeMs) + RACY_WINDOW_MS < entry.readAt
    );
  }
}
