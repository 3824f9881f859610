/**
 * The root's `.wit` directory, created owner-only: by the daemon when it starts and by the client
 * before it starts one (the log file lives there). Shared by both sides, so neither imports the
 * other. Node built-ins only.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { witPaths } from "./protocol.js";

/** A daemon could not be started (its directory, its bin, its socket): one line for the user. */
export class DaemonStartError extends Error {
  override readonly name: string = "DaemonStartError";
}

/** Creates `<root>/.wit` owner-only (0700), tightening an existing one we own. */
export function ensureWitDirectory(root: string): string {
  const dir = witPaths(root).dir;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw new DaemonStartError(`cannot create ${dir}: ${(e as Error).message}`);
  }
  const st = lstatSync(dir);
  if (!st.isDirectory()) throw new DaemonStartError(`${dir} is not a directory`);
  const uid = typeof process.getuid === "function" ? process.getuid() : st.uid;
  if (st.uid !== uid) throw new DaemonStartError(`${dir} belongs to uid ${st.uid}, not to this user (${uid})`);
  if ((st.mode & 0o777) !== 0o700) chmodSync(dir, 0o700);
  return dir;
}

/**
 * A daemon a person stopped (`wit daemon stop`) stays stopped: the stop leaves `.wit/stopped`, and
 * nothing that starts a daemon on first use (the CLI's commands, the client's autoStart) starts one
 * while it is there. An explicit start (`wit daemon start` / `run`) removes it: the daemon does, once
 * it holds the root.
 */
export class DaemonStoppedError extends DaemonStartError {
  override readonly name = "DaemonStoppedError";
}

/** The marker's path: `<root>/.wit/stopped`. */
export function stoppedMarker(root: string): string {
  return path.join(witPaths(root).dir, "stopped");
}

/** Records that a person stopped the root's daemon. */
export function markStopped(root: string, now = new Date()): void {
  ensureWitDirectory(root);
  writeFileSync(stoppedMarker(root), `stopped by \`contract-suite wit daemon stop\` at ${now.toISOString()}\n`, {
    mode: 0o600,
  });
}

/** Forgets a stop (an explicit start). */
export function clearStopped(root: string): void {
  rmSync(stoppedMarker(root), { force: true });
}

/** The refusal to start a daemon on first use when a person stopped it; undefined when none did. */
export function stoppedByPerson(root: string): DaemonStoppedError | undefined {
  if (!existsSync(stoppedMarker(root))) return undefined;
  const abs = witPaths(root).root;
  return new DaemonStoppedError(
    `the Wit daemon for ${abs} was stopped with \`contract-suite wit daemon stop\` and is not started on use: start it with \`contract-suite wit daemon start --root ${abs}\``,
  );
}
