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

/** How long a starting daemon waits for the instance lock before it says another one runs. */
const LOCK_WAIT_MS = 1_000;

export interface InstanceLock {
  release(): void;
}

export function acquireInstanceLock(file: string, describeHolder: () => string): InstanceLock {
  let db: DB;
  try {
    // A busy timeout, not 0: two daemons starting at once both take SQLite's shared lock on the way
    // to the exclusive one, and with no wait each can see the other's and give up, leaving no daemon
    // (seen once in the gate, round 13: both starts timed out after 20 s). SQLite answers the one that would deadlock at
    // once; the other waits for it to let go. A daemon that really holds the lock costs the loser
    // this wait before "already running".
    db = new Database(file, { timeout: LOCK_WAIT_MS });
  } catch (e) {
    throw new Error(`cannot open the daemon lock ${file}: ${(e as Error).message}`, { cause: e });
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
