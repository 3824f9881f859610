/**
 * The output folder of `gen` and `gen-lang`, where the tools write and delete only what they wrote.
 * No write, delete or read follows a symlink: every component below the output root is checked with
 * lstat (a symlink, or a file where a folder should be, is refused), files are replaced by renaming
 * a fresh sibling over them (a rename replaces the entry, it never writes through it) and folders
 * are created one level at a time. The output root itself must not be a symlink either: the user
 * names its real path. Whether an existing file may be replaced or removed is the caller's rule
 * (gen: listed in its manifest with the same sha256; gen-lang: its generated header intact).
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmdirSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";

/** The output folder cannot be used as asked; one line, exit 2 at the command line. */
export class OutFolderError extends Error {
  override readonly name = "OutFolderError";
}

/** Largest file the tools read back from an output folder (generated files are far smaller). */
const MAX_READ = 64 * 1024 * 1024;

export type Entry = { kind: "missing" } | { kind: "file"; bytes: Buffer } | { kind: "other"; why: string };

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

/** Refuses an output root that is a symlink or not a folder; a missing one is fine (it is created). */
export function checkOutRoot(root: string): void {
  const st = lstatOrUndefined(root);
  if (st?.isSymbolicLink()) throw new OutFolderError(`${root} is a symlink: give the output folder's real path`);
  if (st && !st.isDirectory()) throw new OutFolderError(`${root} is not a folder`);
}

/** The components of a relative path with forward slashes; refuses anything that could leave the root. */
export function components(rel: string): string[] {
  const parts = rel.split("/");
  if (rel.startsWith("/") || parts.some((p) => p === "" || p === "." || p === ".." || p.includes("\\")))
    throw new OutFolderError(`${JSON.stringify(rel)} is not a plain relative path`);
  return parts;
}

/** What is at `root/rel`, looked at without following any symlink below `root`. */
export function inspect(root: string, rel: string): Entry {
  const parts = components(rel);
  let path = root;
  for (let i = 0; i < parts.length; i++) {
    path = join(path, parts[i]!);
    const st = lstatOrUndefined(path);
    if (!st) return { kind: "missing" };
    const shown = parts.slice(0, i + 1).join("/");
    if (st.isSymbolicLink()) return { kind: "other", why: `${shown} is a symlink` };
    if (i < parts.length - 1 && !st.isDirectory()) return { kind: "other", why: `${shown} is not a folder` };
    if (i === parts.length - 1 && !st.isFile()) return { kind: "other", why: `${shown} is not a regular file` };
  }
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    return { kind: "other", why: `${rel} cannot be read (${(e as NodeJS.ErrnoException).code})` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { kind: "other", why: `${rel} is not a regular file` };
    if (st.size > MAX_READ) return { kind: "other", why: `${rel} is larger than any generated file` };
    const buf = Buffer.alloc(st.size);
    let n = 0;
    for (let r; n < buf.length && (r = readSync(fd, buf, n, buf.length - n, null)) > 0; ) n += r;
    return { kind: "file", bytes: buf.subarray(0, n) };
  } finally {
    closeSync(fd);
  }
}

/** Creates the folders above `rel`, one level at a time, refusing a symlink or file in the way. */
function ensureFolders(root: string, parts: string[]): string {
  mkdirSync(root, { recursive: true }); // the root was checked by checkOutRoot
  let path = root;
  for (const part of parts.slice(0, -1)) {
    path = join(path, part);
    const st = lstatOrUndefined(path);
    if (!st) mkdirSync(path);
    else if (st.isSymbolicLink() || !st.isDirectory())
      throw new OutFolderError(
        `${path} is ${st.isSymbolicLink() ? "a symlink" : "not a folder"}: refusing to write into it`,
      );
  }
  return path;
}

/**
 * Writes `root/rel`: a fresh sibling (created exclusively, so nothing planted there is opened) is
 * renamed over the entry. The caller has decided the current entry, if any, is the tool's own.
 */
export function writeOwned(root: string, rel: string, body: string): void {
  const parts = components(rel);
  const dir = ensureFolders(root, parts);
  const target = join(dir, parts[parts.length - 1]!);
  const st = lstatOrUndefined(target);
  if (st && (st.isSymbolicLink() || !st.isFile()))
    throw new OutFolderError(`${rel} is not a regular file: refusing to replace it`);
  const temp = join(dir, `.${parts[parts.length - 1]}.${process.pid}.tmp`);
  writeFileSync(temp, body, { flag: "wx" });
  try {
    renameSync(temp, target);
  } catch (e) {
    unlinkSync(temp);
    throw e;
  }
}

/** Removes `root/rel` (a regular file the caller owns) and the folders above it that are left empty. */
export function removeOwned(root: string, rel: string): void {
  const parts = components(rel);
  const entry = inspect(root, rel);
  if (entry.kind === "other") throw new OutFolderError(`${entry.why}: refusing to remove it`);
  if (entry.kind === "missing") return;
  unlinkSync(join(root, ...parts));
  for (let i = parts.length - 1; i > 0; i--) {
    const dir = join(root, ...parts.slice(0, i));
    const st = lstatOrUndefined(dir);
    if (!st || st.isSymbolicLink() || !st.isDirectory() || readdirSync(dir).length > 0) break;
    rmdirSync(dir);
  }
}
