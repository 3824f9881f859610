/**
 * The Wit daemon's entry point. This is the only module that loads SQLite and tree-sitter; the
 * client (src/wit/client) never imports it.
 */
export { startDaemon, checkWitVersion, type DaemonOptions, type RunningDaemon } from "./daemon.js";
export { runDaemonProcess } from "./process.js";
export { createWitHandlers, INTENT_TRANSITIONS } from "./handlers.js";
export { ManualClock, systemClock, type Clock } from "./clock.js";
export { DaemonAlreadyRunningError } from "./instance-lock.js";
export type { DaemonCore } from "./core.js";
