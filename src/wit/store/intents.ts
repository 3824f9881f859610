/**
 * Intent rows. The stored `files` string is the protocol's `,a,b,` form, and the file filter
 * matches one whole entry with instr(files, ',' || file || ','): never LIKE, whose `%` and `_`
 * wildcards would let `src/a_b.ts` match `src/axb.ts`.
 */
import type { Database, Statement } from "better-sqlite3";
import { LIVE_INTENT_STATUSES, type IntentRow, type IntentStatus } from "./records.js";

const COLUMNS = "intentId, sessionId, description, files, symbols, startByte, endByte, status, declaredAt, updatedAt";

export interface IntentQuery {
  sessionId?: string;
  /** One whole entry of the stored list (`src/auth.ts` matches `,src/auth.ts,src/api.ts,`). */
  file?: string;
  /** Absent: declared + active. Present: exactly this status (an unknown one matches nothing). */
  status?: string;
}

interface QueryParams {
  sessionId: string | null;
  file: string | null;
  statuses: string;
}

export class IntentRepo {
  private readonly insertStmt: Statement<IntentRow>;
  private readonly getStmt: Statement<[string], IntentRow>;
  private readonly setStatusStmt: Statement<[string, number, string]>;
  private readonly queryStmt: Statement<QueryParams, IntentRow>;
  private readonly touchingStmt: Statement<[string, string], IntentRow>;

  constructor(
    db: Database,
    private readonly now: () => number,
  ) {
    this.insertStmt = db.prepare(`INSERT INTO intents (${COLUMNS}) VALUES
      (@intentId, @sessionId, @description, @files, @symbols, @startByte, @endByte, @status, @declaredAt, @updatedAt)`);
    this.getStmt = db.prepare(`SELECT ${COLUMNS} FROM intents WHERE intentId = ?`);
    this.setStatusStmt = db.prepare("UPDATE intents SET status = ?, updatedAt = ? WHERE intentId = ?");
    this.queryStmt = db.prepare(`SELECT ${COLUMNS} FROM intents
      WHERE (@sessionId IS NULL OR sessionId = @sessionId)
        AND (@file IS NULL OR instr(files, ',' || @file || ',') > 0)
        AND status IN (SELECT value FROM json_each(@statuses))
      ORDER BY declaredAt, rowid`);
    this.touchingStmt = db.prepare(`SELECT ${COLUMNS} FROM intents
      WHERE status IN ('declared', 'active') AND intentId <> ?
        AND EXISTS (SELECT 1 FROM json_each(?) AS f WHERE instr(intents.files, ',' || f.value || ',') > 0)
      ORDER BY declaredAt, rowid`);
  }

  insert(row: IntentRow): void {
    // Bind exactly the columns: extra properties on the caller's object never reach SQL.
    const { intentId, sessionId, description, files, symbols, startByte, endByte, status, declaredAt, updatedAt } = row;
    this.insertStmt.run({
      intentId,
      sessionId,
      description,
      files,
      symbols,
      startByte,
      endByte,
      status,
      declaredAt,
      updatedAt,
    });
  }

  get(intentId: string): IntentRow | undefined {
    return this.getStmt.get(intentId);
  }

  /** Sets status and updatedAt; returns the updated row, or undefined when there is no such intent. */
  setStatus(intentId: string, status: IntentStatus, at: number = this.now()): IntentRow | undefined {
    if (this.setStatusStmt.run(status, at, intentId).changes === 0) return undefined;
    return this.get(intentId);
  }

  /** `intent.query`, oldest first. */
  query(filter: IntentQuery = {}): IntentRow[] {
    const file = filter.file;
    // A comma can never be inside one stored entry, and an empty name is no entry: match nothing.
    if (file !== undefined && (file.length === 0 || file.includes(","))) return [];
    return this.queryStmt.all({
      sessionId: filter.sessionId ?? null,
      file: file ?? null,
      statuses: JSON.stringify(filter.status === undefined ? LIVE_INTENT_STATUSES : [filter.status]),
    });
  }

  /**
   * Declared or active intents listing any of `files` (candidates for INTENT_OVERLAP; the daemon
   * then compares byte ranges and decides about the caller's own intents).
   */
  liveTouching(files: readonly string[], excludeIntentId = ""): IntentRow[] {
    const usable = files.filter((f) => f.length > 0 && !f.includes(","));
    if (usable.length === 0) return [];
    return this.touchingStmt.all(excludeIntentId, JSON.stringify(usable));
  }
}
