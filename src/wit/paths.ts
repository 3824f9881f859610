/**
 * Path safety for the Wit daemon: every repository-relative path a client sends (the file part of
 * a symbolPath, a declared intent file, a staged file) goes through `resolveInsideRoot` before the
 * daemon reads anything. See docs/decisions/040-wit-path-safety.md.
 *
 * This module only uses node:fs / node:path; it never loads tree-sitter or SQLite.
 */
import { existsSync, lstatSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";

export type PathRefusal =
  | "not-a-string"
  | "empty"
  | "too-long"
  | "nul-byte"
  | "backslash"
  | "absolute"
  | "dot-dot"
  | "symlink-escape"
  | "symlink-loop"
  | "root-unavailable"
  | "io-error";

export type InsideRootResult =
  | {
      ok: true;
      /** Absolute path: the real root joined with `rel` (symlinks inside `rel` are not expanded). */
      abs: string;
      /** Canonical repository-relative path: '/' separators, no '.', no empty or trailing segments. */
      rel: string;
      /** Whether something exists at `abs` (following symlinks) when checked. */
      exists: boolean;
      /**
       * The real repository-relative path (decision 144): symlinks inside the root expanded. For a
       * path that does not exist, the real path of its nearest existing ancestor followed by what is
       * still to be resolved there (the missing tail, or the rest of a dangling link's target). A path
       * that resolves to the root itself keeps `rel`.
       */
      real: string;
    }
  | { ok: false; reason: PathRefusal; message: string };

/** Longest accepted relative path, in Unicode code points as JSON Schema counts (PATH_MAX is 4096 bytes on Linux). */
export const MAX_REL_PATH_LENGTH = 4096;
/** Symlinks followed while checking one path before it counts as a loop (Linux uses 40). */
const MAX_SYMLINK_HOPS = 40;

function refuse(reason: PathRefusal, message: string): InsideRootResult {
  return { ok: false, reason, message };
}

/**
 * Lexical checks and canonical form of a client-supplied relative path, without touching the disk.
 * `..` segments are refused everywhere (not only when they escape): the kernel resolves `a/..`
 * through `a`'s symlink target, so lexical normalisation of `..` could disagree with what a read
 * would open.
 */
export function normalizeRelPath(
  relPath: unknown,
): { ok: true; rel: string } | { ok: false; reason: PathRefusal; message: string } {
  if (typeof relPath !== "string") return { ok: false, reason: "not-a-string", message: "path must be a string" };
  if (relPath.length === 0) return { ok: false, reason: "empty", message: "path is empty" };
  if (relPath.length > MAX_REL_PATH_LENGTH && [...relPath].length > MAX_REL_PATH_LENGTH) {
    return { ok: false, reason: "too-long", message: `path is longer than ${MAX_REL_PATH_LENGTH} characters` };
  }
  if (relPath.includes("\0")) return { ok: false, reason: "nul-byte", message: "path contains a NUL byte" };
  // A backslash is a separator on Windows and an ordinary character on POSIX: refuse the ambiguity.
  if (relPath.includes("\\")) return { ok: false, reason: "backslash", message: "path contains a backslash; use '/'" };
  if (relPath.startsWith("/") || /^[A-Za-z]:/.test(relPath)) {
    return { ok: false, reason: "absolute", message: `path must be relative to the repository root: ${relPath}` };
  }
  const segments = relPath.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.includes(".."))
    return { ok: false, reason: "dot-dot", message: `path must not contain '..': ${relPath}` };
  if (segments.length === 0)
    return { ok: false, reason: "empty", message: `path names the repository root itself: ${relPath}` };
  return { ok: true, rel: segments.join("/") };
}

function isInside(realRoot: string, candidate: string): boolean {
  if (candidate === realRoot) return true;
  const prefix = realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep;
  return candidate.startsWith(prefix);
}

function errCode(e: unknown): string | undefined {
  return typeof e === "object" && e !== null && "code" in e ? String((e as { code: unknown }).code) : undefined;
}

/**
 * Resolves `relPath` against `root` and proves it stays inside, before anything is read.
 * Refuses absolute paths, `..`, NUL bytes, backslashes, and symlinks whose target leaves the root
 * (checked component by component, like the kernel walks a path, so a missing tail is judged by
 * the real location of its nearest existing ancestor). A path inside the root that does not exist
 * is accepted with `exists: false`.
 */
export function resolveInsideRoot(root: string, relPath: string): InsideRootResult {
  const lexical = normalizeRelPath(relPath);
  if (!lexical.ok) return lexical;
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch (e) {
    return refuse("root-unavailable", `repository root cannot be resolved (${errCode(e) ?? "error"}): ${root}`);
  }
  return insideRealRoot(realRoot, lexical.rel);
}

/**
 * `resolveInsideRoot` for a root that is already a real path (the daemon resolves its root once at
 * start): the same verdicts, without resolving the root again on every call.
 */
export function resolveInsideRealRoot(realRoot: string, relPath: string): InsideRootResult {
  const lexical = normalizeRelPath(relPath);
  if (!lexical.ok) return lexical;
  return insideRealRoot(realRoot, lexical.rel);
}

function insideRealRoot(realRoot: string, rel: string): InsideRootResult {
  const abs = path.join(realRoot, ...rel.split("/"));
  // Fast path, the common case of a path that exists: one realpath(3) gives where it ends, and
  // ending inside the root is exactly the walk's verdict for an existing path (the walk, too,
  // judges only where the path ends). Anything else (missing, a loop, outside, an I/O error) takes
  // the walk, which names the refusal or judges a missing tail by its nearest existing ancestor.
  // existsSync first: a failing realpath throws, and building that error costs about 17 us, three
  // times the realpath itself (a lock on a symbol of a file not written yet is a common request).
  let real: string | null = null;
  if (existsSync(abs)) {
    try {
      real = realpathSync.native(abs);
    } catch {
      real = null;
    }
  }
  if (real !== null && isInside(realRoot, real)) {
    return { ok: true, abs, rel, exists: true, real: real === realRoot ? rel : relativeTo(realRoot, real) };
  }
  return walkInsideRoot(realRoot, rel);
}

/**
 * The component-by-component walk alone (what resolveInsideRealRoot falls back to when the one
 * realpath does not settle it), for an already normalised `rel`. Exported so that the agreement
 * of the fast path with the walk can be checked on any tree.
 */
export function walkInsideRoot(realRoot: string, rel: string): InsideRootResult {
  const verdict = walkInside(realRoot, rel);
  if (!verdict.ok) return verdict;
  const abs = path.join(realRoot, ...rel.split("/"));
  return {
    ok: true,
    abs,
    rel,
    exists: verdict.exists,
    real: verdict.real === realRoot ? rel : relativeTo(realRoot, verdict.real),
  };
}

/** `candidate` (inside `realRoot`, not the root itself) as a '/'-separated relative path. */
function relativeTo(realRoot: string, candidate: string): string {
  const rest = candidate.slice(realRoot.endsWith(path.sep) ? realRoot.length : realRoot.length + 1);
  return path.sep === "/" ? rest : rest.split(path.sep).join("/");
}

/**
 * Follows `rel` from `realRoot` one component at a time. `current` is always a real path (no
 * symlinks), so `..` coming from a symlink target is resolved exactly as the kernel would.
 * `real` is where the path ends: its real path, or for a missing tail the real ancestor joined
 * with what was left to resolve.
 */
function walkInside(
  realRoot: string,
  rel: string,
): { ok: true; exists: boolean; real: string } | { ok: false; reason: PathRefusal; message: string } {
  let current = realRoot;
  const pending = rel.split("/");
  let hops = 0;
  while (pending.length > 0) {
    const part = pending.shift() as string;
    if (part === "" || part === ".") continue;
    if (part === "..") {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, part);
    let isLink: boolean;
    try {
      // throwIfNoEntry: a missing component is the common case (a file not written yet), and a
      // thrown ENOENT costs several times the lstat itself; the other codes still throw.
      const st = lstatSync(next, { throwIfNoEntry: false });
      if (st === undefined) return missingFrom(realRoot, rel, current, part, pending);
      isLink = st.isSymbolicLink();
    } catch (e) {
      const code = errCode(e);
      // ENOENT no longer throws (throwIfNoEntry). ENOTDIR: a file used as a directory. ENAMETOOLONG:
      // a component longer than the file system allows cannot exist either; the contract's length
      // rule is the only one a client can know in advance (decision 150).
      if (code === "ENOTDIR" || code === "ENAMETOOLONG") return missingFrom(realRoot, rel, current, part, pending);
      return { ok: false, reason: "io-error", message: `cannot inspect ${rel} (${code ?? "error"})` };
    }
    if (!isLink) {
      current = next;
      continue;
    }
    if (++hops > MAX_SYMLINK_HOPS)
      return { ok: false, reason: "symlink-loop", message: `too many symlinks while resolving ${rel}` };
    let target: string;
    try {
      target = readlinkSync(next);
    } catch (e) {
      return { ok: false, reason: "io-error", message: `cannot read symlink in ${rel} (${errCode(e) ?? "error"})` };
    }
    if (path.isAbsolute(target)) current = path.parse(target).root;
    pending.unshift(...target.split(path.sep));
  }
  return isInside(realRoot, current)
    ? { ok: true, exists: true, real: current }
    : { ok: false, reason: "symlink-escape", message: `path leads outside the repository through a symlink: ${rel}` };
}

/**
 * The walk's verdict once `part` (under the real directory `current`) does not exist: nothing
 * exists from there on, so the real ancestor is judged; a '..' still pending (from a symlink
 * target) would climb out of a directory that does not exist yet, and is refused.
 */
function missingFrom(
  realRoot: string,
  rel: string,
  current: string,
  part: string,
  pending: readonly string[],
): ReturnType<typeof walkInside> {
  if (pending.includes("..")) {
    return {
      ok: false,
      reason: "symlink-escape",
      message: `symlink target climbs through a missing directory: ${rel}`,
    };
  }
  return isInside(realRoot, current)
    ? { ok: true, exists: false, real: path.join(current, part, ...pending.filter((p) => p !== "" && p !== ".")) }
    : { ok: false, reason: "symlink-escape", message: `path leads outside the repository through a symlink: ${rel}` };
}

export type SymbolPathRefusal = "not-a-string" | "no-colon" | "empty-file" | "empty-symbol" | "nul-byte";

export type SymbolPathResult =
  | { ok: true; file: string; symbol: string }
  | { ok: false; reason: SymbolPathRefusal; message: string };

/**
 * Splits `<file>:<symbol>` at the LAST ':' — symbol names (identifiers, `Class.method`) never
 * contain ':', while POSIX file names may. Only the shape is checked here; the file part still
 * has to go through `resolveInsideRoot`. See docs/decisions/041-wit-symbol-path.md.
 */
export function parseSymbolPath(symbolPath: unknown): SymbolPathResult {
  if (typeof symbolPath !== "string")
    return { ok: false, reason: "not-a-string", message: "symbolPath must be a string" };
  if (symbolPath.includes("\0")) return { ok: false, reason: "nul-byte", message: "symbolPath contains a NUL byte" };
  const at = symbolPath.lastIndexOf(":");
  if (at < 0)
    return { ok: false, reason: "no-colon", message: `symbolPath must look like '<file>:<symbol>': ${symbolPath}` };
  const file = symbolPath.slice(0, at);
  const symbol = symbolPath.slice(at + 1);
  if (file.length === 0)
    return { ok: false, reason: "empty-file", message: `symbolPath has an empty file part: ${symbolPath}` };
  if (symbol.length === 0)
    return { ok: false, reason: "empty-symbol", message: `symbolPath has an empty symbol part: ${symbolPath}` };
  return { ok: true, file, symbol };
}

export function formatSymbolPath(file: string, symbol: string): string {
  return `${file}:${symbol}`;
}

export type ResolvedSymbolPath =
  | { ok: true; file: string; symbol: string; abs: string; exists: boolean; symbolPath: string; realFile: string }
  | { ok: false; reason: SymbolPathRefusal | PathRefusal; message: string };

/**
 * parseSymbolPath + resolveInsideRoot in one call; `symbolPath` in the result is canonical
 * (`./src//a.ts:f` becomes `src/a.ts:f`), which is the form the daemon should store and compare;
 * `realFile` is the file part's real path. `rootIsReal`: the root is already a real path (see
 * resolveInsideRealRoot).
 */
export function resolveSymbolPath(
  root: string,
  symbolPath: unknown,
  options: { rootIsReal?: boolean } = {},
): ResolvedSymbolPath {
  const parsed = parseSymbolPath(symbolPath);
  if (!parsed.ok) return parsed;
  const inside = options.rootIsReal ? resolveInsideRealRoot(root, parsed.file) : resolveInsideRoot(root, parsed.file);
  if (!inside.ok) return inside;
  return {
    ok: true,
    file: inside.rel,
    symbol: parsed.symbol,
    abs: inside.abs,
    exists: inside.exists,
    symbolPath: formatSymbolPath(inside.rel, parsed.symbol),
    realFile: inside.real,
  };
}
