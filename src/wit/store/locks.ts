/**
 * Lock rows. A lock is active while `now < expiresAt` (a lock whose expiresAt equals now has
 * expired). Expired rows stay until taken over, released, or purged; every "active" query filters
 * them out. The acquire/refresh/takeover rules themselves belong to the daemon.
 */
import type { Database, Statement } from "better-sqlite3";
import type { LockRow } from "./records.js";

const COLUMNS = "symbolPath, sessionId, acquiredAt, expiresAt";

export class LockRepo {
  private readonly getStmt: Statement<[string], LockRow>;
  private readonly getActiveStmt: Statement<[string, number], LockRow>;
  private readonly upsertStmt: Statement<LockRow>;
  private readonly deleteStmt: Statement<[string]>;
  private readonly activeAllStmt: Statement<[number], LockRow>;
  private readonly activeBySessionStmt: Statement<[string, number], LockRow>;
  private readonly activeAmongStmt: Statement<[string, number], LockRow>;
  private readonly purgeStmt: Statement<[number]>;

  constructor(
    db: Database,
    private readonly now: () => number,
  ) {
    this.getStmt = db.prepare(`SELECT ${COLUMNS} FROM locks WHERE symbolPath = ?`);
    this.getActiveStmt = db.prepare(`SELECT ${COLUMNS} FROM locks WHERE symbolPath = ? AND expiresAt > ?`);
    this.upsertStmt = db.prepare(`
      INSERT INTO locks (${COLUMNS}) VALUES (@symbolPath, @sessionId, @acquiredAt, @expiresAt)
      ON CONFLICT (symbolPath) DO UPDATE SET
        sessionId = excluded.sessionId, acquiredAt = excluded.acquiredAt, expiresAt = excluded.expiresAt`);
    this.deleteStmt = db.prepare("DELETE FROM locks WHERE symbolPath = ?");
    this.activeAllStmt = db.prepare(`SELECT ${COLUMNS} FROM locks WHERE expiresAt > ? ORDER BY acquiredAt, symbolPath`);
    this.activeBySessionStmt = db.prepare(
      `SELECT ${COLUMNS} FROM locks WHERE sessionId = ? AND expiresAt > ? ORDER BY acquiredAt, symbolPath`,
    );
    this.activeAmongStmt = db.prepare(
      `SELECT ${COLUMNS} FROM locks WHERE symbolPath IN (SELECT value FROM json_each(?)) AND expiresAt > ? ORDER BY symbolPath`,
    );
    this.purgeStmt = db.prepare("DELETE FROM locks WHERE expiresAt <= ?");
  }

  /** The row for `symbolPath`, expired or not (the daemon needs it to take an expired lock over). */
  get(symbolPath: string): LockRow | undefined {
    return this.getStmt.get(symbolPath);
  }

  getActive(symbolPath: string, at: number = this.now()): LockRow | undefined {
    return this.getActiveStmt.get(symbolPath, at);
  }

  /** Inserts, or replaces the row of the same symbolPath (refresh and takeover). */
  put(row: LockRow): void {
    this.upsertStmt.run({
      symbolPath: row.symbolPath,
      sessionId: row.sessionId,
      acquiredAt: row.acquiredAt,
      expiresAt: row.expiresAt,
    });
  }

  delete(symbolPath: string): boolean {
    return this.deleteStmt.run(symbolPath).changes > 0;
  }

  /** Active locks, optionally of one session, oldest first (`lock.query`). */
  listActive(filter: { sessionId?: string } = {}, at: number = this.now()): LockRow[] {
    return filter.sessionId === undefined
      ? this.activeAllStmt.all(at)
      : this.activeBySessionStmt.all(filter.sessionId, at);
  }

  /** Active locks among `symbolPaths`, keyed by symbolPath (caller warnings, LOCK_INTERSECTION, DEP_CHAIN). */
  activeAmong(symbolPaths: readonly string[], at: number = this.now()): Map<string, LockRow> {
    if (symbolPaths.length === 0) return new Map();
    return new Map(this.activeAmongStmt.all(JSON.stringify(symbolPaths), at).map((r) => [r.symbolPath, r]));
  }

  /** Deletes expired rows; returns how many. Optional housekeeping: queries ignore them anyway. */
  purgeExpired(at: number = this.now()): number {
    return this.purgeStmt.run(at).changes;
  }
}

/** Milliseconds left before `row` expires at `at` (0 once expired). */
export function ttlRemainingMs(row: LockRow, at: number): number {
  return Math.max(0, row.expiresAt - at);
}
