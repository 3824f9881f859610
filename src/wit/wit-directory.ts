/**
 * The root's `.wit` directory, created owner-only: by the daemon when it starts and by the client
 * before it starts one (the log file lives there). Shared by both sides, so neither imports the
 * other. Node built-ins only.
 */
import { chmodSync, lstatSync, mkdirSync } from "node:fs";
import { witPaths } from "./protocol.js";

/** A daemon could not be started (its directory, its bin, its socket): one line for the user. */
export class DaemonStartError extends Error {
  override readonly name = "DaemonStartError";
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
