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
  // Stryker disable next-line StringLiteral: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
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
// Stryker disable next-line ArithmeticOperator: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
export const WAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

// Stryker disable BlockStatement: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
export function openDatabase(file: string, options: OpenOptions = {}): DB {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
  const inMemory = file === ":memory:";
  const busy = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  let db: DB;
  try {
    // .wit/ is private to the owner: it sits next to the socket whose permissions are the access control.
    // Stryker disable next-line BooleanLiteral,ConditionalExpression: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
    if (!inMemory) mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // Stryker disable next-line ObjectLiteral: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
    db = new Database(file, { timeout: busy });
  // Stryker disable next-line BlockStatement: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
  } catch (e) {
    // Stryker disable next-line ObjectLiteral,StringLiteral: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
    throw new StoreError("OPEN_FAILED", `cannot open the Wit database ${file}: ${(e as Error).message}`, { cause: e });
  }
  try {
    // Stryker disable next-line MethodExpression: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busy))}`);
    const mode = db.pragma("journal_mode = WAL", { simple: true });
    // Stryker disable next-line BlockStatement,BooleanLiteral,ConditionalExpression: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
    if (!inMemory && String(mode).toLowerCase() !== "wal") {
      // Stryker disable next-line StringLiteral: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
      throw new StoreError("NOT_WAL", `the Wit database ${file} could not switch to WAL (journal_mode=${String(mode)})`);
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
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
  // Stryker disable next-line BlockStatement: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
  } catch (e) {
    db.close();
    // Stryker disable next-line ConditionalExpression: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
    if (e instanceof StoreError) throw e;
    // e.g. SQLITE_NOTADB when the file is not a database.
    // Stryker disable next-line ObjectLiteral,StringLiteral: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
    throw new StoreError("OPEN_FAILED", `cannot open the Wit database ${file}: ${(e as Error).message}`, { cause: e });
  }
}

// Stryker disable next-line BlockStatement: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
export function schemaVersion(db: DB): number {
  // Stryker disable next-line BooleanLiteral,ObjectLiteral: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
  return Number(db.pragma("user_version", { simple: true }));
}

export function migrate(db: DB, migrations: readonly Migration[]): void {
  // Stryker disable next-line BlockStatement: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
  migrations.forEach((m, i) => {
    // Stryker disable next-line ArithmeticOperator,ConditionalExpression,StringLiteral: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
    if (m.version !== i + 1) throw new StoreError("BAD_MIGRATIONS", `migration #${i} has version ${m.version}, expected ${i + 1}`);
  });
  const latest = migrations.length;
  const current = schemaVersion(db);
  // Stryker disable next-line BlockStatement,ConditionalExpression,EqualityOperator: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
  if (current > latest) {
    throw new StoreError(
      // Stryker disable next-line StringLiteral: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
      "SCHEMA_TOO_NEW",
      // Stryker disable next-line StringLiteral: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
      `the Wit database has schema version ${current}, newer than this daemon knows (${latest}); upgrade the daemon`,
    );
  }
  for (const m of migrations) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
    if (m.version <= current) continue;
    const apply = db.transaction(() => {
      // Re-read under the write lock: another process may have migrated in the meantime.
      // Stryker disable next-line ConditionalExpression,EqualityOperator: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
      if (schemaVersion(db) >= m.version) return;
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    });
    try {
      apply.immediate();
    // Stryker disable next-line BlockStatement: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
    } catch (e) {
      // Stryker disable next-line ObjectLiteral,StringLiteral: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
      throw new StoreError("MIGRATION_FAILED", `migration ${m.version} (${m.name}) failed: ${(e as Error).message}`, { cause: e });
    }
  }
}
// Stryker restore BlockStatement
