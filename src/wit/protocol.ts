/**
 * Facts of the Wit protocol shared by the daemon, the client, the hook and the conformance suite:
 * the envelope, where a root keeps its files, and the daemon's documented limits
 * (docs/wit.md, docs/decisions/050-wit-limits.md). Node built-ins only: importing this module never
 * loads SQLite or tree-sitter.
 */
import path from "node:path";

/** The `witVersion` member every request and response carries. */
export const WIT_VERSION = "1";
export const WIT_ENVELOPE = { witVersion: WIT_VERSION } as const;

/** HTTP path of the JSON-RPC endpoint on the socket. */
export const RPC_PATH = "/rpc";

/** Lock TTL when `lock.acquire` names none: 30 minutes. */
export const DEFAULT_TTL_MS = 1_800_000;

/** The sentinel `actual` of a violation whose symbol is missing from the staged content. */
export const SYMBOL_MISSING_ACTUAL = "(symbol not found in staged content)";

/** Files a root keeps under `.wit/`. */
export interface WitPaths {
  root: string;
  dir: string;
  socket: string;
  database: string;
  pidFile: string;
  logFile: string;
  instanceLock: string;
}

export function witPaths(root: string): WitPaths {
  const abs = path.resolve(root);
  const dir = path.join(abs, ".wit");
  return {
    root: abs,
    dir,
    socket: path.join(dir, "daemon.sock"),
    database: path.join(dir, "wit.db"),
    pidFile: path.join(dir, "daemon.pid"),
    logFile: path.join(dir, "daemon.log"),
    instanceLock: path.join(dir, "daemon.lock"),
  };
}

/** The root a socket at `<root>/.wit/daemon.sock` belongs to. */
export function rootOfSocket(socketPath: string): string {
  return path.dirname(path.dirname(path.resolve(socketPath)));
}

/**
 * The daemon's limits, stated in contracts/wit/openrpc.json (maxLength, maxItems, minimum/maximum;
 * lengths count Unicode code points, as JSON Schema does). Every refusal is `-32600
 * INVALID_REQUEST` with field errors, or HTTP 413.
 */
export const WIT_LIMITS = {
  /** Largest HTTP request body (bytes); larger is refused with 413 before it is read. */
  maxBodyBytes: 8 * 1024 * 1024,
  /** Deepest JSON nesting accepted in a body (the protocol's own messages nest 4 levels). */
  maxJsonDepth: 64,
  /** Requests in one JSON-RPC batch. */
  maxBatch: 50,
  /** sessionId, register name, one symbol name. */
  maxIdLength: 256,
  /** intent description. */
  maxDescriptionLength: 4096,
  /** Any path-like string (symbolPath, file, staged path); paths.ts also stops at 4096. */
  maxPathLength: 4352,
  /** One declared intent file (the stored list's entries; paths.ts stops every file path at 4096). */
  maxIntentFileLength: 4096,
  /** Other free strings (query filters). */
  maxStringLength: 4352,
  /** Files and symbols of one intent. */
  maxIntentFiles: 100,
  maxIntentSymbols: 100,
  /** Files in one check-contracts call, and bytes of one staged file (the analysis skips larger). */
  maxCheckFiles: 200,
  maxFileContentBytes: 2 * 1024 * 1024,
  /** |ttlMs| above this (10 years) is refused: expiry must stay a representable date. */
  maxTtlMs: 315_576_000_000,
} as const;

export type WitLimits = typeof WIT_LIMITS;
