/**
 * One daemon per root. The daemon holds an exclusive SQLite lock (`BEGIN EXCLUSIVE` on
 * `.wit/daemon.lock`, an fcntl lock underneath) for its whole life. The kernel drops it when the
 * process dies, even by SIGKILL, so a crashed daemon never blocks the next one, and two daemons
 * starting at once cannot both win (decision 053). Whoever holds it may reclaim a stale socket.
 */
import Database from "better-sqlite3";
import type { Database as DB } from "better-sqlite3";

export class DaemonAlreadyRunningError extends Error {
  override readonly name = "DaemonAlreadyRunningError";
}

export interface InstanceLock {
  release(): void;
}

export function acquireInstanceLock(file: string, describeHolder: () => string): InstanceLock {
  let db: DB;
  try {
    db = new Database(file, { timeout: 0 });
  } catch (e) {
    throw new Error(`cannot open the daemon lock ${file}: ${(e as Error).message}`);
  }
  try {
    db.exec("BEGIN EXCLUSIVE");
  } catch (e) {
    db.close();
    if ((e as { code?: string }).code === "SQLITE_BUSY") throw new DaemonAlreadyRunningError(describeHolder());
    throw new Error(`cannot take the daemon lock ${file}: ${(e as Error).message}`);
  }
  return {
    release() {
      if (!db.open) return;
      try {
        db.exec("ROLLBACK");
      } finally {
        db.close();
      }
    },
  };
}
