/**
 * The three conflict detectors of `intent.declare`, as pure functions over rows (decision 051).
 * INTENT_OVERLAP compares files and byte ranges; LOCK_INTERSECTION and DEP_CHAIN look at locks
 * held by other sessions on the declared `file:symbol` pairs and on their callees.
 */
import type { DepChainItem, IntentOverlapItem, LockIntersectionItem } from "../../generated/wit/types.js";
import { decodeFileList, type IntentRow, type LockRow } from "../store/index.js";
import { iso } from "./clock.js";

export interface ByteRange {
  startByte: number | null;
  endByte: number | null;
}

/** Half-open byte ranges overlap when each starts before the other ends; a null range is the whole file. */
export function rangesOverlap(a: ByteRange, b: ByteRange): boolean {
  if (a.startByte === null || a.endByte === null || b.startByte === null || b.endByte === null) return true;
  return a.startByte < b.endByte && b.startByte < a.endByte;
}

export interface NewIntent extends ByteRange {
  sessionId: string;
  files: readonly string[];
}

/**
 * Live intents of OTHER sessions sharing a file with `intent` and an overlapping range. A ranged
 * intent names exactly one file (see intentRange), so its range is compared within that file.
 * Files are compared as `canonicalFile` maps them (the real path: a file declared through a
 * symlink inside the root is the same file, decision 144); `intent.files` are already mapped.
 */
export function overlapItems(
  intent: NewIntent,
  live: readonly IntentRow[],
  canonicalFile: (file: string) => string = (f) => f,
): IntentOverlapItem[] {
  const mine = new Set(intent.files);
  return live
    .filter((other) => other.sessionId !== intent.sessionId)
    .filter(
      (other) =>
        (other.status === "declared" || other.status === "active") &&
        decodeFileList(other.files).some((f) => mine.has(canonicalFile(f))),
    )
    .filter((other) => rangesOverlap(intent, other))
    .map((other) => ({
      type: "INTENT_OVERLAP",
      overlappingIntentId: other.intentId,
      overlappingSessionId: other.sessionId,
      description: other.description,
    }));
}

/** Declared `file:symbol` pairs locked by another session. */
export function lockIntersectionItems(
  pairs: readonly string[],
  locks: ReadonlyMap<string, LockRow>,
  sessionId: string,
): LockIntersectionItem[] {
  const items: LockIntersectionItem[] = [];
  for (const pair of pairs) {
    const lock = locks.get(pair);
    if (lock && lock.sessionId !== sessionId)
      items.push({
        type: "LOCK_INTERSECTION",
        symbolPath: pair,
        heldBy: lock.sessionId,
        expiresAt: iso(lock.expiresAt),
      });
  }
  return items;
}

/** Callees of declared pairs locked by another session. */
export function depChainItems(
  callees: ReadonlyMap<string, readonly string[]>,
  locks: ReadonlyMap<string, LockRow>,
  sessionId: string,
): DepChainItem[] {
  const items: DepChainItem[] = [];
  for (const [pair, list] of callees) {
    for (const callee of list) {
      const lock = locks.get(callee);
      if (lock && lock.sessionId !== sessionId)
        items.push({ type: "DEP_CHAIN", intentSymbol: pair, lockedCallee: callee, heldBy: lock.sessionId });
    }
  }
  return items;
}
