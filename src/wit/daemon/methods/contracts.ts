/**
 * The contract methods: contract.propose (stored under the canonical key, with the signature the
 * analysis finds), contract.respond, contract.retire (retire.ts), contract.query.
 */
import { randomUUID } from "node:crypto";
import type { WitHandlers } from "../../../generated/wit/handlers.js";
import type * as T from "../../../generated/wit/types.js";
import { RpcError } from "../../../rpc/errors.js";
import { normalizeRelPath, parseSymbolPath } from "../../paths.js";
import type { ContractRow } from "../../store/index.js";
import type { DaemonCore } from "../core.js";
import { invalidRequest, witErrors } from "../errors.js";
import type { SymbolKeys } from "../symbol-keys.js";
import { retireHandler } from "./retire.js";

export function contractMethods(
  core: DaemonCore,
  keys: SymbolKeys,
): Pick<WitHandlers, "contract.propose" | "contract.respond" | "contract.retire" | "contract.query"> {
  const { store, analyzer, clock } = core;

  const contractRecord = (row: ContractRow): T.ContractRecord => ({
    contractId: row.contractId,
    proposerSessionId: row.proposerSessionId,
    symbolPath: row.symbolPath,
    signature: row.signature,
    status: row.status,
    responderSessionId: row.responderSessionId,
    proposedAt: row.proposedAt,
    respondedAt: row.respondedAt,
  });

  /** Contracts are stored under canonical keys: one stored under this spelling needs no analysis. */
  const contractFilter = async (symbolPath: string): Promise<string> => {
    let spelled: string | null = null;
    try {
      spelled = keys.lexical(symbolPath).key;
    } catch {
      return filterSymbolPath(symbolPath);
    }
    if (store.contracts.query({ symbolPath: spelled }).length > 0) return spelled;
    return (await keys.canonicalOrNull(symbolPath))?.key ?? spelled;
  };
  const filterSymbolPath = (p: string): string => {
    const parsed = parseSymbolPath(p);
    if (!parsed.ok) return p;
    const n = normalizeRelPath(parsed.file);
    return n.ok ? `${n.rel}:${parsed.symbol}` : p;
  };

  return {
    async "contract.propose"(p) {
      // The contract is stored under the canonical key: check-contracts and the superseding rule
      // match on it, whatever spelling the proposer used (decision 144).
      const target = await keys.canonical(p.symbolPath);
      let signature = target.fact?.signature;
      if (signature === undefined) {
        const found = await analyzer.findSymbol(target.file, target.symbol);
        if (!found.ok) {
          if (found.reason === "path-refused")
            throw invalidRequest("symbolPath", found.message, { reason: found.reason });
          throw RpcError.from(witErrors.SymbolNotFound, { symbolPath: p.symbolPath, reason: found.reason });
        }
        signature = found.symbol.signature;
      }
      const now = clock.now();
      const row = store.transaction(() =>
        store.contracts.insert({
          contractId: randomUUID(),
          proposerSessionId: p.sessionId,
          symbolPath: target.key,
          signature: signature!,
          proposedAt: now,
        }),
      );
      return { contractId: row.contractId, symbolPath: row.symbolPath, signature: row.signature };
    },

    "contract.respond"(p) {
      const now = clock.now();
      return store.transaction(() => {
        const row = store.contracts.get(p.contractId);
        if (!row) throw RpcError.from(witErrors.ContractNotFound, { contractId: p.contractId });
        if (row.status !== "proposed") throw RpcError.from(witErrors.ContractAlreadyResolved, { status: row.status });
        if (row.proposerSessionId === p.sessionId)
          throw RpcError.from(witErrors.SelfAcceptNotAllowed, { proposerSessionId: row.proposerSessionId });
        const status = p.accept ? "accepted" : "rejected";
        const r = store.contracts.respond(p.contractId, status, p.sessionId, now);
        if (!r.ok)
          throw RpcError.from(witErrors.ContractAlreadyResolved, {
            status: r.reason === "already-resolved" ? r.row.status : "unknown",
          });
        return { contractId: p.contractId, status };
      });
    },

    "contract.retire": retireHandler(core),

    async "contract.query"(p) {
      const filter = p.symbolPath === undefined ? undefined : await contractFilter(p.symbolPath);
      const rows = store.contracts.query({ symbolPath: filter, status: p.status });
      const retired = store.contracts.retirements(rows.filter((r) => r.status === "rejected").map((r) => r.contractId));
      return rows.map((row) => ({ ...contractRecord(row), ...retired.get(row.contractId) }));
    },
  };
}
