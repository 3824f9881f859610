/**
 * The lock methods: lock.acquire, lock.release, lock.query. A lock is held under the symbol's
 * canonical key (decision 144); acquiring warns about callers locked by other sessions.
 */
import type { WitHandlers } from "../../../generated/wit/handlers.js";
import type * as T from "../../../generated/wit/types.js";
import { RpcError } from "../../../rpc/errors.js";
import { DEFAULT_TTL_MS } from "../../protocol.js";
import type { LockRow } from "../../store/index.js";
import { iso } from "../clock.js";
import type { DaemonCore } from "../core.js";
import { witErrors } from "../errors.js";
import type { SymbolKeys } from "../symbol-keys.js";

export function lockMethods(
  core: DaemonCore,
  keys: SymbolKeys,
): Pick<WitHandlers, "lock.acquire" | "lock.release" | "lock.query"> {
  const { store, analyzer, clock } = core;

  /** Callers of `symbolPath` locked by another session (warnings never block: failures give none). */
  async function callerWarnings(symbolPath: string, sessionId: string): Promise<T.CallerWarning[]> {
    let callers: string[];
    try {
      callers = await analyzer.callersOf(symbolPath);
    } catch (e) {
      core.log(`caller graph unavailable for ${symbolPath}: ${(e as Error).message}`);
      return [];
    }
    const locks = store.locks.activeAmong(callers, clock.now());
    return callers.flatMap((caller) => {
      const lock = locks.get(caller);
      return lock && lock.sessionId !== sessionId
        ? [{ lockedSymbol: caller, heldBy: lock.sessionId, chain: [caller, symbolPath] as [string, string] }]
        : [];
    });
  }

  const lockRecord = (row: LockRow, now: number): T.LockRecord => ({
    symbolPath: row.symbolPath,
    sessionId: row.sessionId,
    acquiredAt: iso(row.acquiredAt),
    expiresAt: iso(row.expiresAt),
    ttlRemainingMs: Math.max(0, row.expiresAt - now),
  });

  return {
    async "lock.acquire"(p) {
      const target = await keys.canonical(p.symbolPath);
      const ttl = p.ttlMs ?? DEFAULT_TTL_MS;
      const now = clock.now();
      const row = store.transaction(() => {
        const current = store.locks.get(target.key);
        const active = current !== undefined && current.expiresAt > now;
        if (active && current.sessionId !== p.sessionId) {
          throw RpcError.from(witErrors.LockConflict, { heldBy: current.sessionId, expiresAt: iso(current.expiresAt) });
        }
        // A same-session refresh keeps acquiredAt (the hold is continuous); a new or taken-over lock starts now.
        const next: LockRow = {
          symbolPath: target.key,
          sessionId: p.sessionId,
          acquiredAt: active ? current.acquiredAt : now,
          expiresAt: now + ttl,
        };
        store.locks.put(next);
        return next;
      });
      const warnings = await callerWarnings(target.key, p.sessionId);
      return {
        symbolPath: row.symbolPath,
        sessionId: row.sessionId,
        acquiredAt: iso(row.acquiredAt),
        expiresAt: iso(row.expiresAt),
        warnings,
      };
    },

    async "lock.release"(p) {
      const now = clock.now();
      // A lock stored under exactly this spelling is the one meant; else the canonical key.
      const spelled = keys.lexical(p.symbolPath);
      const target = store.locks.getActive(spelled.key, now) ? spelled : await keys.canonical(p.symbolPath);
      store.transaction(() => {
        const current = store.locks.getActive(target.key, now);
        if (!current) throw RpcError.from(witErrors.LockNotFound, { symbolPath: target.key });
        if (current.sessionId !== p.sessionId)
          throw RpcError.from(witErrors.LockNotHeld, { heldBy: current.sessionId });
        store.locks.delete(target.key);
      });
      return { released: true };
    },

    "lock.query"(p) {
      const now = clock.now();
      return store.locks
        .listActive(p.sessionId === undefined ? {} : { sessionId: p.sessionId }, now)
        .map((row) => lockRecord(row, now));
    },
  };
}
