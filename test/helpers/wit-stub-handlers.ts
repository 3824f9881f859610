/**
 * Wit handlers that answer contract-valid results and nothing else, for tests where the RPC engine
 * (dispatch, validation, envelopes) is what is checked, not the daemon. `lock.acquire` answers
 * LOCK_CONFLICT when `conflicts(params)` says so, so tests can reach a declared error.
 */
import { witErrors, type WitHandlers } from "../../src/generated/wit/index.js";
import { RpcError } from "../../src/rpc/index.js";

export const STUB_NOW = "2026-11-29T12:00:00.000Z";

export function stubWitHandlers(
  conflicts: (p: { symbolPath: string; sessionId: string; ttlMs?: number }) => boolean,
): WitHandlers {
  const now = STUB_NOW;
  return {
    ping: () => "pong",
    register: () => ({ agentId: 1 }),
    "lock.acquire": (p) => {
      if (conflicts(p)) throw RpcError.from(witErrors.LockConflict, { heldBy: "s1", expiresAt: now });
      return { symbolPath: p.symbolPath, sessionId: p.sessionId, acquiredAt: now, expiresAt: now, warnings: [] };
    },
    "lock.release": () => ({ released: true }),
    "lock.query": () => [],
    "intent.declare": () => ({ intentId: "i1", conflicts: { hasConflicts: false, items: [] } }),
    "intent.update": (p) => ({ intentId: p.intentId, status: p.status, updatedAt: 1 }),
    "intent.query": () => [],
    "contract.propose": (p) => ({ contractId: "c1", symbolPath: p.symbolPath, signature: "()" }),
    "contract.respond": (p) => ({ contractId: p.contractId, status: p.accept ? "accepted" : "rejected" }),
    "contract.retire": (p) => ({ contractId: p.contractId, retiredAt: 1, retired: [p.contractId] }),
    "contract.query": () => [],
    "check-contracts": () => ({ violations: [] }),
  };
}
