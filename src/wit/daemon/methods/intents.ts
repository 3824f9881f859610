/**
 * The intent methods: intent.declare (with its conflict report: overlapping intents, locked
 * symbols, dependency chains), intent.update (forward-only transitions), intent.query.
 */
import { randomUUID } from "node:crypto";
import type { WitHandlers } from "../../../generated/wit/handlers.js";
import type * as T from "../../../generated/wit/types.js";
import { RpcError } from "../../../rpc/errors.js";
import { normalizeRelPath, resolveInsideRealRoot } from "../../paths.js";
import { encodeFileList, type IntentRow, type IntentStatus } from "../../store/index.js";
import { depChainItems, lockIntersectionItems, overlapItems, type ByteRange } from "../conflicts.js";
import type { DaemonCore } from "../core.js";
import { invalidRequest, witErrors } from "../errors.js";
import type { SymbolKeys } from "../symbol-keys.js";

/** Forward-only intent transitions; resolved and abandoned are terminal. */
export const INTENT_TRANSITIONS: Readonly<Record<IntentStatus, readonly IntentStatus[]>> = {
  declared: ["active", "resolved", "abandoned"],
  active: ["resolved", "abandoned"],
  resolved: [],
  abandoned: [],
};

export function intentMethods(
  core: DaemonCore,
  keys: SymbolKeys,
): Pick<WitHandlers, "intent.declare" | "intent.update" | "intent.query"> {
  const { store, analyzer, clock } = core;

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

  /** A query filter path in canonical form when it is a well-formed relative path, else as given. */
  const filterPath = (p: string): string => {
    const n = normalizeRelPath(p);
    return n.ok ? n.rel : p;
  };
  return {
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
  };
}
