/**
 * `contract.retire` (decision 157): ends an accepted contract, so the hook stops enforcing it. The
 * older accepted contracts of the same symbol are retired with it: the newest acceptance had
 * superseded them (decision 143), and bringing one back into force by retiring its successor would
 * surprise everyone. A newer accepted contract than the one named is left alone. Any session may
 * retire (sessions are not authenticated; accepting is equally open); the session is recorded.
 */
import type { WitHandlers } from "../../../generated/wit/handlers.js";
import { RpcError } from "../../../rpc/errors.js";
import type { ContractRow } from "../../store/index.js";
import type { DaemonCore } from "../core.js";
import { witErrors } from "../errors.js";

/** Which of two accepted contracts of one symbol is the newer: later acceptance, then later proposal. */
export function acceptedLater(
  a: Pick<ContractRow, "respondedAt" | "proposedAt">,
  b: Pick<ContractRow, "respondedAt" | "proposedAt">,
): boolean {
  const ra = a.respondedAt ?? a.proposedAt;
  const rb = b.respondedAt ?? b.proposedAt;
  return ra !== rb ? ra > rb : a.proposedAt >= b.proposedAt;
}

export function retireHandler(core: DaemonCore): WitHandlers["contract.retire"] {
  const { store, clock } = core;
  return (p) => {
    const now = clock.now();
    return store.transaction(() => {
      const row = store.contracts.get(p.contractId);
      if (!row) throw RpcError.from(witErrors.ContractNotFound, { contractId: p.contractId });
      if (row.status !== "accepted") {
        const retired = store.contracts.retirements([row.contractId]).get(row.contractId);
        throw RpcError.from(witErrors.ContractNotAccepted, {
          status: row.status,
          ...(retired ? { retiredAt: retired.retiredAt } : {}),
        });
      }
      const superseded = store.contracts
        .acceptedOf(row.symbolPath)
        .filter((c) => c.contractId !== row.contractId && !acceptedLater(c, row))
        .map((c) => c.contractId);
      const retired = store.contracts.retire([row.contractId, ...superseded], p.sessionId, now);
      return { contractId: row.contractId, retiredAt: now, retired };
    });
  };
}
