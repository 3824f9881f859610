/**
 * One daemon per root. The daemon holds an exclusive SQLite lock (`BEGIN EXCLUSIVE` on
 * `.wit/daemon.lock`, an fcntl lock underneath) for its whole life. The kernel drops it when the
 * process dies, even by SIGKILL, so a crashed daemon never blocks the next one, and two daemons
 * starting at once cannot both win (decision 053). Whoever holds it may reclaim a stale socket.
 */
import Database from "better-sqlite3";
import type { Database as DB } from "better-sqlite3";

export class DaemonAlreadyRunningError extends Error {
  // Stryker disable next-line StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
  override readonly name = "DaemonAlreadyRunningError";
}

export interface InstanceLock {
  release(): void;
}

export function acquireInstanceLock(file: string, describeHolder: () => string): InstanceLock {
  let db: DB;
  try {
    // Stryker disable next-line ObjectLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
    db = new Database(file, { timeout: 0 });
  }
  // Stryker disable next-line BlockStatement,StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
  catch (e) {
    // Stryker disable next-line StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
    throw new Error(`cannot open the daemon lock ${file}: ${(e as Error).message}`);
  }
  try {
    db.exec("BEGIN EXCLUSIVE");
  }
  // Stryker disable next-line BlockStatement: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
  catch (e) {
    db.close();
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
    if ((e as { code?: string }).code === "SQLITE_BUSY") throw new DaemonAlreadyRunningError(describeHolder());
    // Stryker disable next-line StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
    throw new Error(`cannot take the daemon lock ${file}: ${(e as Error).message}`);
  }
  return {
    // Stryker disable BlockStatement,BooleanLiteral,ConditionalExpression,StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
    release() {
      if (!db.open) return;
      try {
        db.exec("ROLLBACK");
      } finally {
        db.close();
      }
    },
    // Stryker restore BlockStatement,BooleanLiteral,ConditionalExpression,StringLiteral
  };
}
