/**
 * Starting, finding and stopping a root's daemon from the outside: used by the CLI and by the
 * client's start-on-first-use. The daemon always runs as its own process started through the
 * contract-suite CLI's bin (built JavaScript). Node built-ins only.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { closeSync, existsSync, openSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { nativeModuleLine, NativeModuleError } from "../native-module.js";
import { WIT_ENVELOPE, witPaths } from "../protocol.js";
import {
  DaemonStartError,
  DaemonStoppedError,
  ensureWitDirectory,
  markStopped,
  stoppedByPerson,
} from "../wit-directory.js";
import { UnixSocketTransport, WitUnavailableError } from "./transport.js";

export { DaemonStartError, DaemonStoppedError, ensureWitDirectory, markStopped };

/** What `contract-suite/wit-daemon` (src/wit/daemon-command.ts) exports. */
interface DaemonCommandModule {
  witDaemonCommand(root: string, args?: readonly string[]): { command: string; args: string[] };
}

/**
 * The command that runs the root's daemon, from the contract-suite CLI: the package's own export
 * `contract-suite/wit-daemon`, resolved by Node from the root's project, the caller's, or this
 * module's (the CLI package itself, or the repository's workspace link). The client ships no daemon.
 */
export async function daemonCommand(
  root: string,
  args: readonly string[],
): Promise<{ command: string; args: string[] }> {
  for (const from of [
    path.join(root, "package.json"),
    path.join(process.cwd(), "package.json"),
    fileURLToPath(import.meta.url),
  ]) {
    let resolved: string;
    try {
      resolved = createRequire(from).resolve("contract-suite/wit-daemon");
    } catch {
      continue; // not installed there
    }
    const module = (await import(pathToFileURL(resolved).href)) as DaemonCommandModule;
    return module.witDaemonCommand(root, args);
  }
  throw new DaemonStartError(
    "no Wit daemon is running and no contract-suite CLI is installed to start one: `npm install contract-suite` (or start any Wit daemon on <root>/.wit/daemon.sock)",
  );
}

/** Whether a daemon answers `ping` on the root's socket within `timeoutMs`. */
export async function pingDaemon(socketPath: string, timeoutMs = 1_000): Promise<boolean> {
  const transport = new UnixSocketTransport(socketPath, { timeoutMs, keepAlive: false });
  try {
    const body = await transport.send(
      JSON.stringify({ jsonrpc: "2.0", ...WIT_ENVELOPE, id: randomUUID(), method: "ping", params: {} }),
    );
    return (JSON.parse(body) as { result?: unknown }).result === "pong";
  } catch (e) {
    if (e instanceof WitUnavailableError || e instanceof SyntaxError) return false;
    throw e;
  } finally {
    transport.close();
  }
}

export interface DaemonStatus {
  root: string;
  socket: string;
  running: boolean;
  /** From the pid file, when there is one. */
  pid: number | null;
  logFile: string;
  /** True when a person stopped it (`wit daemon stop`) and nothing starts it on use until `wit daemon start`. */
  stoppedByPerson: boolean;
}

export function readPid(root: string): number | null {
  try {
    const n = Number(readFileSync(witPaths(root).pidFile, "utf8").trim());
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

export async function daemonStatus(root: string): Promise<DaemonStatus> {
  const p = witPaths(root);
  const running = await pingDaemon(p.socket);
  return {
    root: p.root,
    socket: p.socket,
    running,
    pid: running ? readPid(root) : null,
    logFile: p.logFile,
    stoppedByPerson: !running && stoppedByPerson(root) !== undefined,
  };
}

export interface StartOptions {
  /** How long to wait for the socket to answer. Default 20 s. */
  timeoutMs?: number;
  /** Extra arguments for `wit daemon run` (e.g. ["--synchronous", "FULL"]). */
  args?: string[];
  env?: NodeJS.ProcessEnv;
}

export interface StartResult {
  root: string;
  socket: string;
  pid: number | null;
  /** True when a daemon was already answering (nothing was started). */
  alreadyRunning: boolean;
}

/**
 * Starts the root's daemon as a detached process (its stdio is the log file, never ours) and
 * resolves once its socket answers. A daemon that already answers is left alone.
 */
export async function startDaemonProcess(root: string, options: StartOptions = {}): Promise<StartResult> {
  const p = witPaths(root);
  if (!existsSync(p.root) || !statSync(p.root).isDirectory())
    throw new DaemonStartError(`the root ${p.root} is not a directory`);
  if (await pingDaemon(p.socket)) return { root: p.root, socket: p.socket, pid: readPid(root), alreadyRunning: true };
  const run = await daemonCommand(p.root, options.args ?? []);
  ensureWitDirectory(p.root);
  const log = openSync(p.logFile, "a", 0o600);
  let exited: { code: number | null; signal: NodeJS.Signals | null; error?: string } | null = null;
  let child;
  try {
    child = spawn(run.command, run.args, {
      cwd: p.root,
      detached: true,
      stdio: ["ignore", log, log],
      env: options.env ?? process.env,
    });
  } finally {
    closeSync(log);
  }
  child.on("exit", (code, signal) => (exited = { code, signal }));
  child.on("error", (e) => (exited = { code: null, signal: null, error: e.message }));
  child.unref();
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    if (await pingDaemon(p.socket, 500)) {
      // The daemon writes its pid file before it can answer: another pid means another start won
      // the race, and our child, refused by the instance lock, exits by itself.
      const pid = readPid(root);
      return { root: p.root, socket: p.socket, pid, alreadyRunning: pid !== child.pid };
    }
    if (exited) {
      if (await pingDaemon(p.socket, 500))
        return { root: p.root, socket: p.socket, pid: readPid(root), alreadyRunning: true };
      // Refused by the instance lock: another start won and is still booting; wait for it to answer.
      if (/already running/.test(logTail(p.logFile, 3))) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      // better-sqlite3 built for another Node: the daemon's one line, a setup error (decision 268).
      const native =
        (exited as { code: number | null }).code === 2 ? nativeModuleLine(logTail(p.logFile, 3)) : undefined;
      if (native)
        throw new DaemonStartError(`the Wit daemon for ${p.root} could not start: ${native}`, {
          cause: new NativeModuleError(native),
        });
      throw new DaemonStartError(
        `the Wit daemon for ${p.root} exited before answering (${describeExit(exited)}); log ${p.logFile}:\n${logTail(p.logFile)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new DaemonStartError(
    `the Wit daemon for ${p.root} did not answer within ${options.timeoutMs ?? 20_000} ms; log ${p.logFile}:\n${logTail(p.logFile)}`,
  );
}

/**
 * Start-on-first-use: `startDaemonProcess`, unless a person stopped the root's daemon with
 * `wit daemon stop` (then DaemonStoppedError: only an explicit start brings it back).
 */
export async function autoStartDaemon(root: string, options: StartOptions = {}): Promise<StartResult> {
  const stopped = stoppedByPerson(root);
  if (stopped && !(await pingDaemon(witPaths(root).socket))) throw stopped;
  return startDaemonProcess(root, options);
}

function describeExit(e: { code: number | null; signal: NodeJS.Signals | null; error?: string }): string {
  return e.error ? `could not start: ${e.error}` : e.signal ? `signal ${e.signal}` : `exit code ${e.code}`;
}

export function logTail(file: string, lines = 15): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

export interface StopResult {
  root: string;
  /** False when no daemon was answering. */
  wasRunning: boolean;
  pid: number | null;
}

/** Whether `pid` is a live process. A zombie (exited, not yet reaped by its parent) is not. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    // Linux: the state letter follows the parenthesised command name in /proc/<pid>/stat.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

/**
 * Stops the root's daemon with SIGTERM (SIGKILL after `timeoutMs`). A pid is only signalled while
 * the socket answers, so a stale pid file never makes us signal an unrelated process.
 */
export async function stopDaemonProcess(root: string, timeoutMs = 10_000): Promise<StopResult> {
  const p = witPaths(root);
  const pid = readPid(root);
  if (!(await pingDaemon(p.socket)) || pid === null) return { root: p.root, wasRunning: false, pid: null };
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return { root: p.root, wasRunning: true, pid };
    await new Promise((r) => setTimeout(r, 50));
  }
  try {
    process.kill(pid, "SIGKILL");
  } catch (e) {
    // It exited between the last check and now.
    if ((e as NodeJS.ErrnoException).code !== "ESRCH") throw e;
  }
  return { root: p.root, wasRunning: true, pid };
}

/** The root a person means: the git top level of `cwd`, else `cwd`. */
export function defaultRoot(cwd = process.cwd()): string {
  let dir = path.resolve(cwd);
  for (;;) {
    if (existsSync(path.join(dir, ".git"))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return path.resolve(cwd);
    dir = up;
  }
}
