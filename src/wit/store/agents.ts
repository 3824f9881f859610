import type { Database, Statement } from "better-sqlite3";
import type { AgentRecord } from "./records.js";

export class AgentRepo {
  private readonly insertStmt: Statement<[string, string, number]>;
  private readonly getStmt: Statement<[number], AgentRecord>;
  private readonly listStmt: Statement<[], AgentRecord>;

  constructor(
    db: Database,
    private readonly now: () => number,
  ) {
    this.insertStmt = db.prepare("INSERT INTO agents (name, sessionId, registeredAt) VALUES (?, ?, ?)");
    this.getStmt = db.prepare("SELECT agentId, name, sessionId, registeredAt FROM agents WHERE agentId = ?");
    this.listStmt = db.prepare("SELECT agentId, name, sessionId, registeredAt FROM agents ORDER BY agentId");
  }

  /** Every call is a new registration with a new auto-incremented agentId (AUTOINCREMENT: never reused). */
  register(name: string, sessionId: string, at: number = this.now()): AgentRecord {
    const info = this.insertStmt.run(name, sessionId, at);
    return { agentId: Number(info.lastInsertRowid), name, sessionId, registeredAt: at };
  }

  get(agentId: number): AgentRecord | undefined {
    return this.getStmt.get(agentId);
  }

  list(): AgentRecord[] {
    return this.listStmt.all();
  }
}
