/**
 * Keeps the caller graph fresh by events instead of scans (decision 141): one `fs.watch` (one
 * inotify watch) per directory under the root, skipping the ignored names, collecting the paths
 * that changed. `sync()` is the barrier that makes this exact: it gives a cookie file in a
 * watched directory of its own a new name (creating it the first time) and waits until the watcher
 * reports that name. inotify queues the events
 * of one instance in order (libuv reads them from one descriptor), so every change a client made
 * before sending its request has been collected once the cookie is seen.
 *
 * It gives up (the owner then scans) rather than guess: a watch that cannot be added (inotify
 * limit), an error on a watch, an event without a file name, a burst of events large enough that
 * the kernel queue may have overflowed (libuv drops the overflow notice silently), or a cookie
 * that never arrives all set `lost`; `takeChanges()` reports it once and the owner rescans and
 * calls `rewatch()`.
 */
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  watch,
  writeFileSync,
  type FSWatcher,
  type Stats,
} from "node:fs";
import path from "node:path";
import { isSupportedFile } from "./languages.js";

export interface WatchedFile {
  rel: string;
  abs: string;
  stat: Stats;
}

export interface TreeChanges {
  /** Events may have been lost: rescan everything (then `rewatch()`). */
  lost: boolean;
  /** Root-relative paths (files or directories) that were created, changed, moved or deleted. */
  paths: Set<string>;
}

export interface TreeWatcherOptions {
  ignoreDirs: ReadonlySet<string>;
  /** A directory outside the watched tree (or ignored in it) where sync cookies are written. */
  syncDir: string;
  /** How long a cookie may take before the events are considered lost. Default 2 s. */
  syncTimeoutMs?: number;
  log(message: string): void;
}

/** Events in one read burst beyond which the kernel queue may have overflowed. */
function overflowThreshold(): number {
  try {
    const max = Number(readFileSync("/proc/sys/fs/inotify/max_queued_events", "utf8").trim());
    if (Number.isSafeInteger(max) && max > 0) return Math.floor(max / 2);
  } catch {
    /* not Linux: use the Linux default */
  }
  return 8_192;
}

export class TreeWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private changed = new Set<string>();
  private lost = false;
  private closed = false;
  private syncWatcher: FSWatcher | null = null;
  private cookieSeq = 0;
  /**
   * The one cookie file on disk, under its latest name: each cookie renames it to a new name (one
   * syscall, and the IN_MOVED_TO event carries the new name) instead of creating a file and
   * removing it afterwards (open, close and unlink).
   */
  private cookieFile: string | null = null;
  /** Waiters of the cookie not written yet (requests arriving in the same tick share it). */
  private nextCookie: { waiters: (() => void)[] } | null = null;
  private readonly inFlight = new Map<string, { resolve: () => void; timer: NodeJS.Timeout }>();
  private burst = 0;
  private readonly overflowAt = overflowThreshold();
  private readonly syncTimeoutMs: number;

  private constructor(
    private readonly root: string,
    private readonly options: TreeWatcherOptions,
  ) {
    this.syncTimeoutMs = options.syncTimeoutMs ?? 2_000;
  }

  /** Starts watching; null (logged) when the platform or the limits give no watcher. */
  static start(root: string, options: TreeWatcherOptions): TreeWatcher | null {
    const w = new TreeWatcher(root, options);
    try {
      w.watchSyncDir();
    } catch (e) {
      options.log(`analysis: no file watcher (${(e as Error).message}); the caller graph is kept fresh by scanning`);
      w.close();
      return null;
    }
    return w;
  }

  /**
   * Watches every directory of the tree afresh and returns the supported files in it (sorted,
   * breadth-first, at most `maxFiles`). Each directory is watched before it is listed, so a
   * change is either in the listing or reported as an event.
   */
  async rewatch(maxFiles: number): Promise<{ files: WatchedFile[]; truncated: boolean } | null> {
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    this.changed = new Set();
    this.lost = false;
    try {
      this.watchSyncDir(); // it may be what was lost (removed under us)
    } catch (e) {
      this.options.log(`analysis: cannot watch ${this.options.syncDir} (${(e as Error).message})`);
      return null;
    }
    const out: WatchedFile[] = [];
    const truncated = await this.watchTree("", out, maxFiles);
    return this.lost ? null : { files: out, truncated };
  }

  /** Watches the directory `rel` and everything under it; appends the supported files found. */
  async watchTree(rel: string, out: WatchedFile[], maxFiles = Number.POSITIVE_INFINITY): Promise<boolean> {
    const queue = [rel];
    let sinceYield = 0;
    while (queue.length > 0) {
      const dirRel = queue.shift() as string;
      const dirAbs = dirRel === "" ? this.root : path.join(this.root, dirRel);
      if (!this.watchDir(dirRel, dirAbs)) return false;
      let entries;
      try {
        entries = readdirSync(dirAbs, { withFileTypes: true });
      } catch {
        continue; // vanished: its parent's event says so
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        const childRel = dirRel === "" ? entry.name : `${dirRel}/${entry.name}`;
        if (entry.isDirectory()) {
          if (!this.options.ignoreDirs.has(entry.name)) queue.push(childRel);
          continue;
        }
        if (!entry.isFile() || !isSupportedFile(entry.name)) continue;
        if (out.length >= maxFiles) return true;
        const abs = path.join(this.root, childRel);
        try {
          out.push({ rel: childRel, abs, stat: statSync(abs) });
        } catch {
          continue;
        }
        if (++sinceYield >= 500) {
          sinceYield = 0;
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      }
    }
    return false;
  }

  /** Stops watching `rel` and every directory under it (it was deleted or moved away). */
  unwatch(rel: string): void {
    for (const [dir, w] of this.watchers) {
      if (dir === rel || dir.startsWith(`${rel}/`)) {
        w.close();
        this.watchers.delete(dir);
      }
    }
  }

  get watchedDirectories(): number {
    return this.watchers.size;
  }

  /** Resolves once every change made before this call has been collected (or declared lost). */
  sync(): Promise<void> {
    if (this.closed || this.lost) return Promise.resolve();
    return new Promise<void>((resolve) => {
      if (this.nextCookie) {
        this.nextCookie.waiters.push(resolve);
        return;
      }
      const cookie = { waiters: [resolve] };
      this.nextCookie = cookie;
      // Written on the next turn, so requests arriving together share one cookie; each waiter
      // joined before the write, i.e. after its client's changes were made.
      setImmediate(() => {
        this.nextCookie = null;
        this.writeCookie(cookie.waiters);
      });
    });
  }

  /** What changed since the last call. */
  takeChanges(): TreeChanges {
    const changes = { lost: this.lost, paths: this.changed };
    this.changed = new Set();
    return changes;
  }

  close(): void {
    this.closed = true;
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    this.syncWatcher?.close();
    this.syncWatcher = null;
    for (const f of this.inFlight.values()) {
      clearTimeout(f.timer);
      f.resolve();
    }
    this.inFlight.clear();
    if (this.cookieFile !== null) this.removeCookie(this.cookieFile);
    this.cookieFile = null;
  }

  private watchSyncDir(): void {
    this.syncWatcher?.close();
    this.syncWatcher = null;
    const dir = this.options.syncDir;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const name of readdirSync(dir))
      if (name.startsWith("cookie-") && !this.inFlight.has(name)) unlinkSync(path.join(dir, name));
    if (this.cookieFile !== null && !this.inFlight.has(this.cookieFile)) this.cookieFile = null;
    this.syncWatcher = watch(dir, { persistent: false }, (_event, name) => this.onCookie(name));
    this.syncWatcher.on("error", (e) => this.giveUp(`sync watch failed: ${e.message}`));
  }

  private watchDir(rel: string, abs: string): boolean {
    if (this.watchers.has(rel)) return true;
    try {
      // lstat: a symlinked directory is not followed (nothing outside the root is watched).
      if (!lstatSync(abs).isDirectory()) return true;
      const w = watch(abs, { persistent: false }, (_event, name) => this.onEvent(rel, name));
      w.on("error", (e) => this.giveUp(`watch of ${rel || "."} failed: ${e.message}`));
      this.watchers.set(rel, w);
      return true;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return true;
      this.giveUp(`cannot watch ${rel || "."} (${code ?? (e as Error).message})`);
      return false;
    }
  }

  private onEvent(dirRel: string, name: string | Buffer | null): void {
    if (name === null) return this.giveUp(`an event without a file name in ${dirRel || "."}`);
    if (++this.burst === 1) setImmediate(() => (this.burst = 0));
    if (this.burst > this.overflowAt)
      return this.giveUp(`more than ${this.overflowAt} events at once (the kernel queue may have overflowed)`);
    const base = String(name);
    if (this.options.ignoreDirs.has(base)) return; // node_modules, .git, .wit at any depth
    this.changed.add(dirRel === "" ? base : `${dirRel}/${base}`);
  }

  private writeCookie(waiters: (() => void)[]): void {
    const resolve = () => {
      for (const w of waiters) w();
    };
    if (this.closed || this.lost) return resolve();
    const name = `cookie-${process.pid}-${++this.cookieSeq}`;
    const timer = setTimeout(() => {
      // Timers run before the loop polls for I/O: after a long synchronous stretch (a busy
      // machine) the cookie's event may be waiting unread. setImmediate runs after that poll, so
      // only a cookie still missing then is late.
      setImmediate(() => {
        if (!this.inFlight.has(name)) return;
        this.inFlight.delete(name);
        this.giveUp(`a sync cookie took longer than ${this.syncTimeoutMs} ms`);
        resolve();
      });
    }, this.syncTimeoutMs);
    this.inFlight.set(name, { resolve, timer });
    const file = path.join(this.options.syncDir, name);
    try {
      if (this.cookieFile === null) writeFileSync(file, "");
      else {
        try {
          renameSync(path.join(this.options.syncDir, this.cookieFile), file);
        } catch {
          writeFileSync(file, ""); // removed under us: start a new one
        }
      }
      this.cookieFile = name;
    } catch (e) {
      clearTimeout(timer);
      this.inFlight.delete(name);
      this.giveUp(`cannot write a sync cookie (${(e as Error).message})`);
      resolve();
    }
  }

  private onCookie(name: string | Buffer | null): void {
    if (name === null) return;
    const f = this.inFlight.get(String(name));
    if (!f) return; // the old name of a renamed cookie, or another daemon's
    this.inFlight.delete(String(name));
    clearTimeout(f.timer);
    f.resolve();
  }

  private removeCookie(name: string): void {
    try {
      unlinkSync(path.join(this.options.syncDir, name));
    } catch {
      /* already gone */
    }
  }

  private giveUp(reason: string): void {
    if (this.lost) return;
    this.lost = true;
    this.options.log(`analysis: file events may be lost (${reason}); rescanning the tree`);
  }
}
