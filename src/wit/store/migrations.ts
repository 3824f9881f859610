/**
 * Ordered schema migrations. PRAGMA user_version holds the number of the last one applied; each
 * runs in its own IMMEDIATE transaction together with the version bump, so a failure leaves the
 * database at the previous version. Append new migrations; never edit a released one.
 * See docs/decisions/047-wit-store-schema.md.
 */
import type { Database } from "better-sqlite3";

export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "initial tables",
    up(db) {
      db.exec(`
        CREATE TABLE agents (
          agentId INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL,
          sessionId TEXT NOT NULL,
          registeredAt INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE locks (
          symbolPath TEXT PRIMARY KEY,
          sessionId TEXT NOT NULL,
          acquiredAt INTEGER NOT NULL,
          expiresAt INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE intents (
          intentId TEXT PRIMARY KEY,
          sessionId TEXT NOT NULL,
          description TEXT NOT NULL,
          files TEXT NOT NULL CHECK (files LIKE ',%,'),
          symbols TEXT NOT NULL CHECK (json_valid(symbols) AND json_type(symbols) = 'array'),
          startByte INTEGER,
          endByte INTEGER,
          status TEXT NOT NULL CHECK (status IN ('declared', 'active', 'resolved', 'abandoned')),
          declaredAt INTEGER NOT NULL,
          updatedAt INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE contracts (
          contractId TEXT PRIMARY KEY,
          proposerSessionId TEXT NOT NULL,
          symbolPath TEXT NOT NULL,
          signature TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('proposed', 'accepted', 'rejected')),
          responderSessionId TEXT,
          proposedAt INTEGER NOT NULL,
          respondedAt INTEGER
        ) STRICT;
      `);
    },
  },
  {
    version: 2,
    name: "contracts.file column and query indexes",
    up(db) {
      // check-contracts looks contracts up by file; the file is the symbolPath before its last ':'.
      db.exec("ALTER TABLE contracts ADD COLUMN file TEXT NOT NULL DEFAULT ''");
      const rows = db.prepare("SELECT contractId, symbolPath FROM contracts").all() as Array<{
        contractId: string;
        symbolPath: string;
      }>;
      const setFile = db.prepare("UPDATE contracts SET file = ? WHERE contractId = ?");
      for (const r of rows) setFile.run(fileOfSymbolPath(r.symbolPath), r.contractId);
      db.exec(`
        CREATE INDEX contracts_by_file ON contracts (file, status);
        CREATE INDEX contracts_by_symbol ON contracts (symbolPath, status);
        CREATE INDEX intents_by_status ON intents (status, declaredAt);
        CREATE INDEX locks_by_session ON locks (sessionId, expiresAt);
      `);
    },
  },
  {
    version: 3,
    name: "contract retirements",
    up(db) {
      // contract.retire (decision 157): the contract's status becomes 'rejected' (what a client of the
      // seed's three statuses must read), and the retirement is kept beside it.
      db.exec(`
        CREATE TABLE contract_retirements (
          contractId TEXT PRIMARY KEY REFERENCES contracts (contractId),
          retiredAt INTEGER NOT NULL,
          retiredBySessionId TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
];

/** Same rule as parseSymbolPath: the file is everything before the last ':'. */
export function fileOfSymbolPath(symbolPath: string): string {
  const at = symbolPath.lastIndexOf(":");
  return at < 0 ? symbolPath : symbolPath.slice(0, at);
}
