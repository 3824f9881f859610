/** Contract rows. `respond` only changes a contract that is still `proposed` (one UPDATE, no race). */
import type { Database, Statement } from "better-sqlite3";
import { fileOfSymbolPath } from "./migrations.js";
import type { ContractRow, ContractStatus } from "./records.js";

const COLUMNS =
  "contractId, proposerSessionId, symbolPath, signature, status, responderSessionId, proposedAt, respondedAt";

export interface NewContract {
  contractId: string;
  proposerSessionId: string;
  symbolPath: string;
  signature: string;
  proposedAt?: number;
}

export interface Retirement {
  retiredAt: number;
  retiredBySessionId: string;
}

export type RespondResult =
  | { ok: true; row: ContractRow }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "already-resolved"; row: ContractRow };

interface QueryParams {
  symbolPath: string | null;
  status: string | null;
}

export class ContractRepo {
  private readonly insertStmt: Statement<ContractRow & { file: string }>;
  private readonly getStmt: Statement<[string], ContractRow>;
  private readonly respondStmt: Statement<[string, string, number, string]>;
  private readonly queryStmt: Statement<QueryParams, ContractRow>;
  private readonly acceptedInFilesStmt: Statement<[string], ContractRow>;
  private readonly acceptedOfSymbolStmt: Statement<[string], ContractRow>;
  private readonly retireStmt: Statement<[string]>;
  private readonly retirementStmt: Statement<[string, number, string]>;
  private readonly retirementsStmt: Statement<[string], Retirement & { contractId: string }>;

  constructor(
    db: Database,
    private readonly now: () => number,
  ) {
    this.insertStmt = db.prepare(`INSERT INTO contracts (${COLUMNS}, file) VALUES
      (@contractId, @proposerSessionId, @symbolPath, @signature, @status, @responderSessionId, @proposedAt, @respondedAt, @file)`);
    this.getStmt = db.prepare(`SELECT ${COLUMNS} FROM contracts WHERE contractId = ?`);
    this.respondStmt = db.prepare(
      "UPDATE contracts SET status = ?, responderSessionId = ?, respondedAt = ? WHERE contractId = ? AND status = 'proposed'",
    );
    this.queryStmt = db.prepare(`SELECT ${COLUMNS} FROM contracts
      WHERE (@symbolPath IS NULL OR symbolPath = @symbolPath) AND (@status IS NULL OR status = @status)
      ORDER BY proposedAt, rowid`);
    this.acceptedInFilesStmt = db.prepare(`SELECT ${COLUMNS} FROM contracts
      WHERE status = 'accepted' AND file IN (SELECT value FROM json_each(?))
      ORDER BY file, symbolPath, proposedAt, rowid`);
    this.acceptedOfSymbolStmt = db.prepare(
      `SELECT ${COLUMNS} FROM contracts WHERE status = 'accepted' AND symbolPath = ? ORDER BY proposedAt, rowid`,
    );
    this.retireStmt = db.prepare(
      "UPDATE contracts SET status = 'rejected' WHERE contractId = ? AND status = 'accepted'",
    );
    this.retirementStmt = db.prepare(
      "INSERT INTO contract_retirements (contractId, retiredAt, retiredBySessionId) VALUES (?, ?, ?)",
    );
    this.retirementsStmt = db.prepare(
      "SELECT contractId, retiredAt, retiredBySessionId FROM contract_retirements WHERE contractId IN (SELECT value FROM json_each(?))",
    );
  }

  /** Accepted contracts of one symbol, oldest first. */
  acceptedOf(symbolPath: string): ContractRow[] {
    return this.acceptedOfSymbolStmt.all(symbolPath);
  }

  /**
   * Retires accepted contracts (call inside a transaction): each becomes `rejected`, with its
   * retirement recorded. Returns the ids that were accepted and are now retired.
   */
  retire(contractIds: readonly string[], by: string, at: number = this.now()): string[] {
    const done: string[] = [];
    for (const id of contractIds) {
      if (this.retireStmt.run(id).changes !== 1) continue;
      this.retirementStmt.run(id, at, by);
      done.push(id);
    }
    return done;
  }

  /** Retirements of the given contracts (absent: not retired). */
  retirements(contractIds: readonly string[]): Map<string, Retirement> {
    const out = new Map<string, Retirement>();
    if (contractIds.length === 0) return out;
    for (const r of this.retirementsStmt.all(JSON.stringify(contractIds)))
      out.set(r.contractId, { retiredAt: r.retiredAt, retiredBySessionId: r.retiredBySessionId });
    return out;
  }

  /** Stores a new `proposed` contract and returns its row. */
  insert(c: NewContract): ContractRow {
    const row: ContractRow = {
      contractId: c.contractId,
      proposerSessionId: c.proposerSessionId,
      symbolPath: c.symbolPath,
      signature: c.signature,
      status: "proposed",
      responderSessionId: null,
      proposedAt: c.proposedAt ?? this.now(),
      respondedAt: null,
    };
    this.insertStmt.run({ ...row, file: fileOfSymbolPath(c.symbolPath) });
    return row;
  }

  get(contractId: string): ContractRow | undefined {
    return this.getStmt.get(contractId);
  }

  respond(
    contractId: string,
    status: Exclude<ContractStatus, "proposed">,
    responderSessionId: string,
    at: number = this.now(),
  ): RespondResult {
    if (this.respondStmt.run(status, responderSessionId, at, contractId).changes === 1) {
      return { ok: true, row: this.get(contractId) as ContractRow };
    }
    const row = this.get(contractId);
    return row ? { ok: false, reason: "already-resolved", row } : { ok: false, reason: "not-found" };
  }

  /** `contract.query`, oldest first; an absent filter matches everything. */
  query(filter: { symbolPath?: string; status?: string } = {}): ContractRow[] {
    return this.queryStmt.all({ symbolPath: filter.symbolPath ?? null, status: filter.status ?? null });
  }

  /** Accepted contracts whose symbol lives in one of `files` (`check-contracts`). */
  acceptedInFiles(files: readonly string[]): ContractRow[] {
    if (files.length === 0) return [];
    return this.acceptedInFilesStmt.all(JSON.stringify(files));
  }
}
