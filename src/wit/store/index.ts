/**
 * The Wit daemon's storage: one SQLite file (default `.wit/wit.db`), data only. Protocol rules
 * (conflicts, transitions, who may respond) live in the daemon's handlers.
 */
import path from "node:path";
import type { Database, Statement } from "better-sqlite3";
import { AgentRepo } from "./agents.js";
import { ContractRepo } from "./contracts.js";
import { openDatabase, schemaVersion, type OpenOptions } from "./database.js";
import { IntentRepo } from "./intents.js";
import { LockRepo } from "./locks.js";

export { StoreError, DEFAULT_BUSY_TIMEOUT_MS } from "./database.js";
export type { OpenOptions, StoreErrorCode, Synchronous } from "./database.js";
export { MIGRATIONS, fileOfSymbolPath } from "./migrations.js";
export type { Migration } from "./migrations.js";
export { ttlRemainingMs } from "./locks.js";
export type { LockRepo } from "./locks.js";
export type { IntentQuery, IntentRepo } from "./intents.js";
export type { ContractRepo, NewContract, RespondResult, Retirement } from "./contracts.js";
export type { AgentRepo } from "./agents.js";
export { decodeFileList, encodeFileList, fileListHas } from "./file-list.js";
export type { FileListResult } from "./file-list.js";
export * from "./records.js";

export interface StoreOptions extends OpenOptions {
  /** Clock for every default timestamp and "active at" check. Default Date.now. */
  now?: () => number;
  /**
   * Group commit: writes made in the same turn of the event loop share one transaction, committed
   * on `setImmediate`; each write is still atomic (a savepoint). A caller must `await durable()`
   * before acknowledging a write. Off by default (each `transaction` commits at once).
   */
  groupCommit?: boolean;
}

/** Where the daemon keeps its database: next to the socket in `<root>/.wit/`. */
export function defaultDatabasePath(root: string): string {
  return path.join(root, ".wit", "wit.db");
}

export class WitStore {
  readonly agents: AgentRepo;
  readonly locks: LockRepo;
  readonly intents: IntentRepo;
  readonly contracts: ContractRepo;

  private readonly groupCommit: boolean;
  /** Waiters for the open group transaction's commit. */
  private waiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private batchOpen = false;
  /**
   * Transaction control, prepared once: better-sqlite3's `db.transaction(fn)` builds four wrapper
   * functions and their properties on every call, and `exec` parses its SQL every time; with one
   * savepoint per request both showed in the daemon's profile (decision 147).
   */
  private readonly tx: Record<"begin" | "commit" | "rollback" | "savepoint" | "release" | "rollbackTo", Statement>;

  private constructor(
    private readonly db: Database,
    readonly now: () => number,
    groupCommit = false,
  ) {
    this.groupCommit = groupCommit;
    this.tx = {
      begin: db.prepare("BEGIN IMMEDIATE"),
      commit: db.prepare("COMMIT"),
      rollback: db.prepare("ROLLBACK"),
      savepoint: db.prepare("SAVEPOINT wit_write"),
      release: db.prepare("RELEASE wit_write"),
      rollbackTo: db.prepare("ROLLBACK TO wit_write"),
    };
    this.agents = new AgentRepo(db, now);
    this.locks = new LockRepo(db, now);
    this.intents = new IntentRepo(db, now);
    this.contracts = new ContractRepo(db, now);
  }

  /** Opens (creating if needed) and migrates; throws StoreError with a code on failure. */
  static open(file: string, options: StoreOptions = {}): WitStore {
    return new WitStore(openDatabase(file, options), options.now ?? Date.now, options.groupCommit);
  }

  get schemaVersion(): number {
    return schemaVersion(this.db);
  }

  /** Connection settings as SQLite reports them (for a daemon status line and for tests). */
  diagnostics(): {
    journalMode: string;
    synchronous: number;
    busyTimeoutMs: number;
    walAutocheckpoint: number;
    schemaVersion: number;
  } {
    return {
      journalMode: String(this.db.pragma("journal_mode", { simple: true })),
      // 1 = NORMAL, 2 = FULL
      synchronous: Number(this.db.pragma("synchronous", { simple: true })),
      busyTimeoutMs: Number(this.db.pragma("busy_timeout", { simple: true })),
      walAutocheckpoint: Number(this.db.pragma("wal_autocheckpoint", { simple: true })),
      schemaVersion: this.schemaVersion,
    };
  }

  /**
   * Runs `fn` in one IMMEDIATE transaction (write lock taken up front, so read-then-write
   * sequences such as lock acquire cannot interleave with another connection); commits when `fn`
   * returns, rolls back when it throws. Nested calls become savepoints. `fn` must be synchronous.
   */
  transaction<T>(fn: () => T): T {
    if (this.groupCommit && !this.batchOpen) {
      this.tx.begin.run();
      this.batchOpen = true;
      setImmediate(() => this.commitBatch());
    }
    // Inside an open transaction `fn` runs in a savepoint (a throw undoes only it); outside one,
    // in its own IMMEDIATE transaction (what better-sqlite3's transaction().immediate() does).
    const nested = this.db.inTransaction;
    const tx = this.tx;
    (nested ? tx.savepoint : tx.begin).run();
    try {
      const result = fn();
      if (result instanceof Promise) throw new TypeError("a store transaction must be synchronous");
      (nested ? tx.release : tx.commit).run();
      return result;
    } catch (e) {
      if (this.db.inTransaction) {
        if (nested) {
          tx.rollbackTo.run();
          tx.release.run();
        } else tx.rollback.run();
      }
      throw e;
    }
  }

  /**
   * Resolves once every write made so far is committed (at once when none is pending); rejects when
   * the commit failed, in which case none of the batch's writes happened.
   */
  durable(): Promise<void> {
    if (!this.batchOpen) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  private commitBatch(): void {
    if (!this.batchOpen) return;
    const waiters = this.waiters;
    this.waiters = [];
    this.batchOpen = false;
    try {
      this.tx.commit.run();
    } catch (e) {
      if (this.db.inTransaction) this.tx.rollback.run();
      for (const w of waiters) w.reject(e as Error);
      return;
    }
    for (const w of waiters) w.resolve();
  }

  /** Commits a pending group, checkpoints the WAL and closes. Idempotent. */
  close(): void {
    this.commitBatch();
    if (this.db.open) this.db.close();
  }
}

export function openStore(file: string, options?: StoreOptions): WitStore {
  return WitStore.open(file, options);
}
