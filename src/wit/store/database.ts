/**
 * Opens the SQLite file: WAL, synchronous level, busy timeout, then the migrations.
 * See docs/decisions/046-wit-store-durability.md.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Database as DB } from "better-sqlite3";
import { MIGRATIONS, type Migration } from "./migrations.js";

export type Synchronous = "NORMAL" | "FULL";

export interface OpenOptions {
  /** Milliseconds a statement waits for another connection's lock before SQLITE_BUSY. Default 5000. */
  busyTimeoutMs?: number;
  /** NORMAL (default) survives a killed process; FULL also survives power loss. */
  synchronous?: Synchronous;
  /** Migrations to apply (tests pass a prefix to build an older schema). Default: all. */
  migrations?: readonly Migration[];
}

export type StoreErrorCode = "OPEN_FAILED" | "SCHEMA_TOO_NEW" | "BAD_MIGRATIONS" | "MIGRATION_FAILED" | "NOT_WAL";

export class StoreError extends Error {
  override readonly name = "StoreError";
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const DEFAULT_BUSY_TIMEOUT_MS = 5_000;
/** WAL pages (4 KiB) after which a commit checkpoints; see openDatabase. */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;
/** Size the WAL file is truncated back to when it is reset after a checkpoint. */
export const WAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

export function openDatabase(file: string, options: OpenOptions = {}): DB {
  const inMemory = file === ":memory:";
  const busy = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  let db: DB;
  try {
    // .wit/ is private to the owner: it sits next to the socket whose permissions are the access control.
    if (!inMemory) mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    db = new Database(file, { timeout: busy });
  } catch (e) {
    throw new StoreError("OPEN_FAILED", `cannot open the Wit database ${file}: ${(e as Error).message}`, { cause: e });
  }
  try {
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busy))}`);
    const mode = db.pragma("journal_mode = WAL", { simple: true });
    if (!inMemory && String(mode).toLowerCase() !== "wal") {
      throw new StoreError(
        "NOT_WAL",
        `the Wit database ${file} could not switch to WAL (journal_mode=${String(mode)})`,
      );
    }
    db.pragma(`synchronous = ${options.synchronous === "FULL" ? "FULL" : "NORMAL"}`);
    // A checkpoint runs inside the COMMIT that crosses the threshold and, at synchronous=NORMAL, is
    // where the fsyncs are (WAL before, database after, the WAL header when it is reused): a stall
    // of milliseconds on the daemon's only thread. The 16-client lock load wrote ~1,100 WAL
    // frames/s: SQLite's default of 1,000 pages checkpointed about every second, 10,000 does about
    // every 9 s; journal_size_limit gives the disk back after each (decision 147).
    db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    db.pragma("foreign_keys = ON");
    migrate(db, options.migrations ?? MIGRATIONS);
    return db;
  } catch (e) {
    db.close();
    if (e instanceof StoreError) throw e;
    // e.g. SQLITE_NOTADB when the file is not a database.
    throw new StoreError("OPEN_FAILED", `cannot open the Wit database ${file}: ${(e as Error).message}`, { cause: e });
  }
}

export function schemaVersion(db: DB): number {
  return Number(db.pragma("user_version", { simple: true }));
}

export function migrate(db: DB, migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new StoreError("BAD_MIGRATIONS", `migration #${i} has version ${m.version}, expected ${i + 1}`);
  });
  const latest = migrations.length;
  const current = schemaVersion(db);
  if (current > latest) {
    throw new StoreError(
      "SCHEMA_TOO_NEW",
      `the Wit database has schema version ${current}, newer than this daemon knows (${latest}); upgrade the daemon`,
    );
  }
  for (const m of migrations) {
    if (m.version <= current) continue;
    const apply = db.transaction(() => {
      // Re-read under the write lock: another process may have migrated in the meantime.
      if (schemaVersion(db) >= m.version) return;
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    });
    try {
      apply.immediate();
    } catch (e) {
      throw new StoreError("MIGRATION_FAILED", `migration ${m.version} (${m.name}) failed: ${(e as Error).message}`, {
        cause: e,
      });
    }
  }
}
