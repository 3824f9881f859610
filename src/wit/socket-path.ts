/**
 * Unix socket paths are limited to the size of `sun_path`: 108 bytes on Linux, 104 on macOS, both
 * counting the final NUL. A root deep enough to push `<root>/.wit/daemon.sock` past that limit is
 * reached through a short alias: a symlink `<tmp>/wit-<uid>/<hash>` to the socket's directory, in
 * an owner-only directory. bind() and connect() resolve the symlinked directory like any other
 * path component, so the socket file itself still lives in `<root>/.wit/` with its permissions.
 * The daemon and every client compute the same alias from the absolute socket path, and either may
 * (re)create it. See docs/decisions/052-wit-deep-root-socket.md.
 */
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, lstatSync, mkdirSync, readlinkSync, renameSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Longest socket path used as is (bytes, NUL excluded): the smaller of the Linux and macOS limits. */
export const MAX_SOCKET_PATH_BYTES = 103;

export class SocketPathError extends Error {
  override readonly name = "SocketPathError";
}

export function socketPathFits(socketPath: string): boolean {
  return Buffer.byteLength(socketPath, "utf8") <= MAX_SOCKET_PATH_BYTES;
}

/** Where aliases live: `$TMPDIR/wit-<uid>` (or `/tmp/wit-<uid>` when TMPDIR is itself long). */
export function aliasDirectory(): string {
  const base = os.tmpdir();
  const uid = typeof process.getuid === "function" ? process.getuid() : 0;
  return path.join(Buffer.byteLength(base) <= 48 ? base : "/tmp", `wit-${uid}`);
}

/** The alias path for `socketPath` (whether or not it exists yet). */
export function aliasFor(socketPath: string): string {
  const dir = path.dirname(path.resolve(socketPath));
  const hash = createHash("sha256").update(dir).digest("hex").slice(0, 16);
  return path.join(aliasDirectory(), hash, path.basename(socketPath));
}

/**
 * The path to bind or connect to for `socketPath`: itself when it fits, else its alias (created or
 * repaired when `create` is true). Throws SocketPathError with a clear message when neither works.
 */
export function connectablePath(socketPath: string, options: { create?: boolean } = {}): string {
  const abs = path.resolve(socketPath);
  if (socketPathFits(abs)) return abs;
  const alias = aliasFor(abs);
  if (!socketPathFits(alias)) {
    throw new SocketPathError(
      `the socket path ${abs} is ${Buffer.byteLength(abs)} bytes, over the ${MAX_SOCKET_PATH_BYTES}-byte Unix socket limit, and its alias ${alias} is too long as well (set TMPDIR to a short directory)`,
    );
  }
  if (options.create ?? true) ensureAlias(path.dirname(alias), path.dirname(abs));
  return alias;
}

/** Removes the alias of `socketPath` if it still points at the socket's directory (daemon shutdown). */
export function removeAlias(socketPath: string): void {
  const abs = path.resolve(socketPath);
  const link = path.dirname(aliasFor(abs));
  try {
    if (readlinkSync(link) === path.dirname(abs)) unlinkSync(link);
  } catch {
    /* no alias */
  }
}

/** Makes `link` a symlink to `target` inside an owner-only alias directory. */
function ensureAlias(link: string, target: string): void {
  const dir = path.dirname(link);
  ensurePrivateDirectory(dir);
  try {
    const st = lstatSync(link);
    if (st.isSymbolicLink() && readlinkSync(link) === target) return;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw aliasError(link, e);
  }
  // Create beside it and rename over: atomic, so a concurrent client never sees a missing alias.
  const temp = `${link}.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    symlinkSync(target, temp);
    renameSync(temp, link);
  } catch (e) {
    rmSync(temp, { force: true });
    throw aliasError(link, e);
  }
}

function ensurePrivateDirectory(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw aliasError(dir, e);
  }
  const st = lstatSync(dir);
  const uid = typeof process.getuid === "function" ? process.getuid() : st.uid;
  if (!st.isDirectory() || st.uid !== uid) {
    throw new SocketPathError(`${dir} must be a directory owned by uid ${uid}; refusing to place a socket alias there`);
  }
  if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

function aliasError(where: string, e: unknown): SocketPathError {
  return new SocketPathError(`cannot create the short socket alias ${where}: ${(e as Error).message}`);
}
