/**
 * The Wit daemon's methods: the generated `WitHandlers` interface, implemented over the store
 * (SQLite), the analysis (tree-sitter) and the clock. The engine has validated params against the
 * contract (lengths, list sizes, the TTL range: decision 228) before a handler runs; each handler
 * checks path safety (check-contracts first its content limit), then does its
 * work. Every write happens in one synchronous transaction (a savepoint of the store's group
 * commit); the HTTP layer sends an answer only after `store.durable()`, so it is only ever sent for
 * committed state.
 */
import { randomUUID } from "node:crypto";
import type { WitHandlers } from "../../generated/wit/handlers.js";
import type * as T from "../../generated/wit/types.js";
import { RpcError } from "../../rpc/errors.js";
import { normalizeRelPath, parseSymbolPath, resolveInsideRealRoot } from "../paths.js";
import { DEFAULT_TTL_MS, SYMBOL_MISSING_ACTUAL } from "../protocol.js";
import { encodeFileList, type ContractRow, type IntentRow, type IntentStatus, type LockRow } from "../store/index.js";
import { iso } from "./clock.js";
import { depChainItems, lockIntersectionItems, overlapItems, type ByteRange } from "./conflicts.js";
import type { DaemonCore } from "./core.js";
import { invalidRequest, witErrors } from "./errors.js";
import { checkStagedContent } from "./limits.js";
import { acceptedLater, retireHandler } from "./retire.js";
import { createSymbolKeys } from "./symbol-keys.js";

/** Forward-only intent transitions; resolved and abandoned are terminal. */
export const INTENT_TRANSITIONS: Readonly<Record<IntentStatus, readonly IntentStatus[]>> = {
  declared: ["active", "resolved", "abandoned"],
  active: ["resolved", "abandoned"],
  resolved: [],
  abandoned: [],
};

export function createWitHandlers(core: DaemonCore): WitHandlers {
  const { store, analyzer, clock, limits } = core;
  /** Canonical symbol keys (decision 144): every lock, conflict check and contract match uses them. */
  const keys = createSymbolKeys(core);

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

  /**
   * The intent's byte range (decision 051): only an intent naming exactly one file and at least
   * one symbol, every one of which is found there, gets the span from the first symbol's start to
   * the last one's end. Anything else is file-level (null), which overlaps everything in its files.
   */
  async function intentRange(files: readonly string[], symbols: readonly string[]): Promise<ByteRange> {
    const fileLevel = { startByte: null, endByte: null };
    if (files.length !== 1 || symbols.length === 0) return fileLevel;
    let start = Infinity;
    let end = -Infinity;
    for (const symbol of symbols) {
      // The symbol the name denotes (a bare method name too); an ambiguous or unknown one: file-level.
      const { facts } = await keys.keysFor(files[0]!, symbol);
      if (facts.length !== 1) return fileLevel;
      start = Math.min(start, facts[0]!.startByte);
      end = Math.max(end, facts[0]!.endByte);
    }
    return { startByte: start, endByte: end };
  }

  const lockRecord = (row: LockRow, now: number): T.LockRecord => ({
    symbolPath: row.symbolPath,
    sessionId: row.sessionId,
    acquiredAt: iso(row.acquiredAt),
    expiresAt: iso(row.expiresAt),
    ttlRemainingMs: Math.max(0, row.expiresAt - now),
  });

  const intentRecord = (row: IntentRow): T.IntentRecord => ({
    intentId: row.intentId,
    sessionId: row.sessionId,
    description: row.description,
    files: row.files,
    symbols: row.symbols,
    startByte: row.startByte,
    endByte: row.endByte,
    status: row.status,
    declaredAt: row.declaredAt,
    updatedAt: row.updatedAt,
  });

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

  /** A query filter path in canonical form when it is a well-formed relative path, else as given. */
  const filterPath = (p: string): string => {
    const n = normalizeRelPath(p);
    return n.ok ? n.rel : p;
  };
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
    ping() {
      return "pong";
    },

    register(p) {
      const row = store.transaction(() => store.agents.register(p.name, p.sessionId, clock.now()));
      return { agentId: row.agentId };
    },

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

    async "intent.declare"(p) {
      const files: string[] = [];
      for (const [i, f] of p.files.entries()) {
        const inside = resolveInsideRealRoot(core.root, f);
        if (!inside.ok) throw invalidRequest("files", `/files/${i}: ${inside.message}`, { reason: inside.reason });
        if (!files.includes(inside.rel)) files.push(inside.rel);
      }
      const encoded = encodeFileList(files);
      if (!encoded.ok) throw invalidRequest("files", encoded.message);
      const symbols = p.symbols ?? [];
      const range = await intentRange(files, symbols);
      // Conflicts are matched on canonical keys (decision 144): the declared spelling is what the
      // intent stores and what DEP_CHAIN names as the intent's symbol; an ambiguous name checks
      // every candidate (intent.declare never fails).
      const declared: { pair: string; keys: string[] }[] = [];
      for (const f of files) {
        for (const s of symbols)
          if (s.length > 0) declared.push({ pair: `${f}:${s}`, keys: (await keys.keysFor(f, s)).keys });
      }
      const lockKeys = [...new Set(declared.flatMap((d) => d.keys))];
      const callees = new Map<string, string[]>();
      if (declared.length > 0) {
        try {
          const graph = await analyzer.callGraph();
          for (const d of declared) callees.set(d.pair, [...new Set(d.keys.flatMap((k) => graph.calleesOf(k)))]);
        } catch (e) {
          core.log(`caller graph unavailable for intent.declare: ${(e as Error).message}`);
        }
      }
      const realFiles = files.map(keys.realFile);
      const now = clock.now();
      const intentId = randomUUID();
      const items = store.transaction(() => {
        const locks = store.locks.activeAmong([...new Set([...lockKeys, ...[...callees.values()].flat()])], now);
        const found: T.ConflictItem[] = [
          ...overlapItems(
            { sessionId: p.sessionId, files: realFiles, ...range },
            store.intents.query({}),
            keys.realFile,
          ),
          ...lockIntersectionItems(lockKeys, locks, p.sessionId),
          ...depChainItems(callees, locks, p.sessionId),
        ];
        store.intents.insert({
          intentId,
          sessionId: p.sessionId,
          description: p.description,
          files: encoded.value,
          symbols: JSON.stringify(symbols),
          startByte: range.startByte,
          endByte: range.endByte,
          status: "declared",
          declaredAt: now,
          updatedAt: now,
        });
        return found;
      });
      return { intentId, conflicts: { hasConflicts: items.length > 0, items } };
    },

    "intent.update"(p) {
      const now = clock.now();
      return store.transaction(() => {
        const row = store.intents.get(p.intentId);
        if (!row) throw RpcError.from(witErrors.IntentNotFound, { intentId: p.intentId });
        if (row.sessionId !== p.sessionId) throw RpcError.from(witErrors.IntentNotOwned, { intentId: p.intentId });
        if (!INTENT_TRANSITIONS[row.status].includes(p.status)) {
          throw RpcError.from(witErrors.InvalidTransition, { current: row.status, requested: p.status });
        }
        store.intents.setStatus(p.intentId, p.status, now);
        return { intentId: p.intentId, status: p.status, updatedAt: now };
      });
    },

    "intent.query"(p) {
      const file = p.file === undefined ? undefined : filterPath(p.file);
      return store.intents.query({ sessionId: p.sessionId, file, status: p.status }).map(intentRecord);
    },

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

    "check-contracts"(p) {
      checkStagedContent(p.files, limits);
      // A path the daemon could never hold a contract for (a backslash, a drive-like `c:`, NUL...)
      // is skipped, not a reason to refuse the whole batch: the other files are still checked
      // (decision 143). The hook names what it skipped; the daemon logs it.
      const staged = new Map<string, string[]>();
      const skipped: string[] = [];
      for (const [i, f] of p.files.entries()) {
        // Escapes (absolute, a '..' segment) never reach this: the contract's schema refuses them
        // (decision 150), whatever else is wrong with the path; the engine validates params first.
        const rel = normalizeRelPath(f.path);
        if (!rel.ok) {
          skipped.push(`/files/${i}/path ${JSON.stringify(f.path.slice(0, 200))}: ${rel.message}`);
          continue;
        }
        // A file listed twice is checked in each of its contents: refusing the batch would let
        // every other file through unchecked, and either content could be the one committed.
        staged.set(rel.rel, [...(staged.get(rel.rel) ?? []), f.content]);
      }
      if (skipped.length)
        core.log(`check-contracts: skipped ${skipped.length} unusable path(s): ${skipped.slice(0, 5).join("; ")}`);
      const violations: T.Violation[] = [];
      // The newest acceptance of a symbol supersedes the older ones (decision 143).
      const newest = new Map<string, ReturnType<typeof store.contracts.acceptedInFiles>[number]>();
      for (const contract of store.contracts.acceptedInFiles([...staged.keys()])) {
        const held = newest.get(contract.symbolPath);
        if (!held || acceptedLater(contract, held)) newest.set(contract.symbolPath, contract);
      }
      for (const contract of newest.values()) {
        const parsed = parseSymbolPath(contract.symbolPath);
        if (!parsed.ok) continue;
        const actuals = new Set<string>();
        for (const content of staged.get(parsed.file) ?? []) {
          const found = analyzer.signatureFromContent(parsed.file, content, parsed.symbol);
          actuals.add(found.ok ? found.symbol.signature : SYMBOL_MISSING_ACTUAL);
        }
        for (const actual of actuals) {
          if (actual !== contract.signature)
            violations.push({
              contractId: contract.contractId,
              symbolPath: contract.symbolPath,
              expected: contract.signature,
              actual,
            });
        }
      }
      return { violations };
    },
  };
}
