/**
 * Row shapes, as stored and as returned: plain objects whose fields match the OpenRPC records,
 * except that every time is a Unix millisecond integer (the daemon formats ISO strings where the
 * protocol wants them, e.g. LockRecord.acquiredAt).
 */

export interface AgentRecord {
  agentId: number;
  name: string;
  sessionId: string;
  registeredAt: number;
}

export interface LockRow {
  symbolPath: string;
  sessionId: string;
  acquiredAt: number;
  expiresAt: number;
}

export const INTENT_STATUSES = ["declared", "active", "resolved", "abandoned"] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];
/** What `intent.query` returns when no status filter is given. */
export const LIVE_INTENT_STATUSES: readonly IntentStatus[] = ["declared", "active"];

export interface IntentRow {
  intentId: string;
  sessionId: string;
  description: string;
  /** `,src/a.ts,src/b.ts,` — see file-list.ts. */
  files: string;
  /** JSON array of symbol names, e.g. `["validateToken"]`. */
  symbols: string;
  startByte: number | null;
  endByte: number | null;
  status: IntentStatus;
  declaredAt: number;
  updatedAt: number;
}

export const CONTRACT_STATUSES = ["proposed", "accepted", "rejected"] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export interface ContractRow {
  contractId: string;
  proposerSessionId: string;
  symbolPath: string;
  signature: string;
  status: ContractStatus;
  responderSessionId: string | null;
  proposedAt: number;
  respondedAt: number | null;
}
