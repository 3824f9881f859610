/**
 * Deliberately defective behaviours, so the tests can show the conformance suite catching real
 * mistakes (docs/decisions/055-wit-test-clock-and-defects.md). They live here, under test/, and
 * reach the daemon only through the in-process API (`startDaemon({ decorateHandlers })`), in a
 * daemon process the test starts itself (defective-daemon.ts). Each wraps the correct handlers.
 */
import type { WitHandlers } from "../../src/generated/wit/handlers.js";
import type * as T from "../../src/generated/wit/types.js";
import { RpcError } from "../../src/rpc/errors.js";
import { normalizeRelPath, resolveSymbolPath } from "../../src/wit/paths.js";
import { iso } from "../../src/wit/daemon/clock.js";
import type { DaemonCore } from "../../src/wit/daemon/core.js";
import { witErrors } from "../../src/wit/daemon/errors.js";

export const DEFECTS = {
  "same-session-conflict": "lock.acquire answers LOCK_CONFLICT to the session that already holds the lock",
  "query-lists-expired": "lock.query also lists expired locks",
  "intent-query-all-statuses": "intent.query without status also returns resolved and abandoned intents",
  "self-accept": "contract.respond lets the proposer accept or reject its own contract",
  "enforce-proposed": "check-contracts also enforces contracts that are only proposed",
  "warn-callees": "lock.acquire warns about locked callees (symbols the locked one calls) instead of callers",
  "release-any": "lock.release lets any session release another session's lock",
  "terminal-reopen": "intent.update lets a resolved or abandoned intent become active again",
  "strict-symbol-paths":
    "lock.acquire and contract.propose refuse symbol paths outside [A-Za-z0-9_./-]:name (INVALID_REQUEST): a rule the contract does not state",
} as const;

export type DefectName = keyof typeof DEFECTS;

export function parseDefects(value: string | undefined): DefectName[] {
  if (!value) return [];
  const names = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const n of names)
    if (!(n in DEFECTS)) throw new Error(`unknown defect "${n}" (known: ${Object.keys(DEFECTS).join(", ")})`);
  return names as DefectName[];
}

export function applyDefects(handlers: WitHandlers, core: DaemonCore, defects: readonly DefectName[]): WitHandlers {
  const h: WitHandlers = { ...handlers };
  const { store, clock, analyzer } = core;
  const canonical = (symbolPath: string): string => {
    const r = resolveSymbolPath(core.root, symbolPath);
    return r.ok ? r.symbolPath : symbolPath;
  };
  for (const d of defects) {
    switch (d) {
      case "same-session-conflict": {
        const real = h["lock.acquire"];
        h["lock.acquire"] = (p, ctx) => {
          const held = store.locks.getActive(canonical(p.symbolPath), clock.now());
          if (held && held.sessionId === p.sessionId)
            throw RpcError.from(witErrors.LockConflict, { heldBy: held.sessionId, expiresAt: iso(held.expiresAt) });
          return real(p, ctx);
        };
        break;
      }
      case "query-lists-expired":
        h["lock.query"] = (p) => {
          const now = clock.now();
          return store.locks
            .listActive(p.sessionId === undefined ? {} : { sessionId: p.sessionId }, Number.MIN_SAFE_INTEGER)
            .map((row) => ({
              symbolPath: row.symbolPath,
              sessionId: row.sessionId,
              acquiredAt: iso(row.acquiredAt),
              expiresAt: iso(row.expiresAt),
              ttlRemainingMs: Math.max(0, row.expiresAt - now),
            }));
        };
        break;
      case "intent-query-all-statuses": {
        const real = h["intent.query"];
        h["intent.query"] = async (p, ctx) => {
          if (p.status !== undefined) return real(p, ctx);
          const all = await Promise.all(
            ["declared", "active", "resolved", "abandoned"].map((status) => real({ ...p, status }, ctx)),
          );
          return all.flat();
        };
        break;
      }
      case "self-accept": {
        const real = h["contract.respond"];
        h["contract.respond"] = (p, ctx) => {
          const row = store.contracts.get(p.contractId);
          if (row && row.status === "proposed" && row.proposerSessionId === p.sessionId) {
            const status = p.accept ? "accepted" : "rejected";
            store.transaction(() => store.contracts.respond(p.contractId, status, p.sessionId, clock.now()));
            return { contractId: p.contractId, status };
          }
          return real(p, ctx);
        };
        break;
      }
      case "enforce-proposed": {
        const real = h["check-contracts"];
        h["check-contracts"] = async (p, ctx) => {
          const result = await real(p, ctx);
          const staged = new Map(
            p.files
              .map((f) => [normalizeRelPath(f.path), f.content] as const)
              .flatMap(([r, c]) => (r.ok ? [[r.rel, c] as const] : [])),
          );
          const extra: T.Violation[] = [];
          for (const c of store.contracts.query({ status: "proposed" })) {
            const at = c.symbolPath.lastIndexOf(":");
            const file = c.symbolPath.slice(0, at);
            const content = staged.get(file);
            if (content === undefined) continue;
            const found = analyzer.signatureFromContent(file, content, c.symbolPath.slice(at + 1));
            const actual = found.ok ? found.symbol.signature : "(symbol not found in staged content)";
            if (actual !== c.signature)
              extra.push({ contractId: c.contractId, symbolPath: c.symbolPath, expected: c.signature, actual });
          }
          return { violations: [...result.violations, ...extra] };
        };
        break;
      }
      case "warn-callees": {
        const real = h["lock.acquire"];
        h["lock.acquire"] = async (p, ctx) => {
          const result = await real(p, ctx);
          const callees = await analyzer.calleesOf(result.symbolPath);
          const locks = store.locks.activeAmong(callees, clock.now());
          const warnings = callees.flatMap((c) => {
            const lock = locks.get(c);
            return lock && lock.sessionId !== p.sessionId
              ? [{ lockedSymbol: c, heldBy: lock.sessionId, chain: [c, result.symbolPath] as [string, string] }]
              : [];
          });
          return { ...result, warnings };
        };
        break;
      }
      case "release-any": {
        const real = h["lock.release"];
        h["lock.release"] = (p, ctx) => {
          const path = canonical(p.symbolPath);
          const held = store.locks.getActive(path, clock.now());
          if (held && held.sessionId !== p.sessionId) {
            store.transaction(() => store.locks.delete(path));
            return { released: true };
          }
          return real(p, ctx);
        };
        break;
      }
      case "strict-symbol-paths": {
        // Plausible and stricter than the contract: only "portable" file names.
        const portable = /^[A-Za-z0-9_./-]+:[A-Za-z0-9_.$#]+$/;
        for (const method of ["lock.acquire", "contract.propose"] as const) {
          const real = h[method] as unknown as (p: { symbolPath: string }, ctx: never) => unknown;
          (h as unknown as Record<string, unknown>)[method] = (p: { symbolPath: string }, ctx: never) => {
            if (!portable.test(p.symbolPath))
              throw RpcError.from(witErrors.InvalidRequest, {
                formErrors: [],
                fieldErrors: { symbolPath: ["only [A-Za-z0-9_./-] file names"] },
              });
            return real(p, ctx);
          };
        }
        break;
      }
      case "terminal-reopen": {
        const real = h["intent.update"];
        h["intent.update"] = (p, ctx) => {
          const row = store.intents.get(p.intentId);
          if (
            row &&
            row.sessionId === p.sessionId &&
            (row.status === "resolved" || row.status === "abandoned") &&
            p.status === "active"
          ) {
            const now = clock.now();
            store.transaction(() => store.intents.setStatus(p.intentId, "active", now));
            return { intentId: p.intentId, status: "active", updatedAt: now };
          }
          return real(p, ctx);
        };
        break;
      }
    }
  }
  return h;
}
