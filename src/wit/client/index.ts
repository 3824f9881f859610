/**
 * The Wit client entry point. Importing it loads the generated client and validators, node:http and
 * nothing of the daemon: no SQLite, no tree-sitter (test/wit/client-lazy.test.ts proves it).
 */
export { createWitClient, WitSocketClient, type WitClientOptions } from "./client.js";
export {
  UnixSocketTransport,
  WitUnavailableError,
  type UnavailableReason,
  type UnixSocketTransportOptions,
} from "./transport.js";
export { isWitError, witErrorName, type TypedWitError, type WitErrorData, type WitErrorMessage } from "./errors.js";
export {
  autoStartDaemon,
  DaemonStartError,
  DaemonStoppedError,
  daemonCommand,
  daemonStatus,
  defaultRoot,
  ensureWitDirectory,
  logTail,
  markStopped,
  pingDaemon,
  processAlive,
  readPid,
  startDaemonProcess,
  stopDaemonProcess,
  type DaemonStatus,
  type StartOptions,
  type StartResult,
  type StopResult,
} from "./lifecycle.js";
export {
  DEFAULT_TTL_MS,
  SYMBOL_MISSING_ACTUAL,
  WIT_LIMITS,
  WIT_VERSION,
  witPaths,
  type WitPaths,
} from "../protocol.js";
export { RpcError } from "../../rpc/errors.js";
export type * from "../../generated/wit/types.js";
