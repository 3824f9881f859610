/**
 * Module resolution against the scanned file set (no disk access): relative JS/TS imports as
 * TypeScript tooling resolves them, Python imports as Python does with the repository root (then
 * the importing file's directory, as for a script) on sys.path. Bare JS specifiers
 * (`react`, tsconfig `paths` aliases) and modules outside the root do not resolve.
 * See docs/decisions/045-wit-import-resolution.md.
 */
import path from "node:path";
import { JS_RESOLUTION_EXTENSIONS } from "./languages.js";

export interface FileIndex {
  /** Repository-relative POSIX paths of every scanned supported file. */
  readonly files: ReadonlySet<string>;
  /** Every ancestor directory of those files ("" is the root). */
  readonly dirs: ReadonlySet<string>;
  /**
   * Python source roots of src-layout projects: every directory named `src` that is not itself a
   * package (`src/pkg/mod.py` is imported as `pkg.mod` once the project is installed), sorted.
   */
  readonly pySourceRoots: readonly string[];
}

export function buildFileIndex(files: Iterable<string>): FileIndex {
  const fileSet = new Set<string>();
  const dirs = new Set<string>([""]);
  for (const f of files) {
    fileSet.add(f);
    for (let d = path.posix.dirname(f); d !== "." && !dirs.has(d); d = path.posix.dirname(d)) dirs.add(d);
  }
  const pySourceRoots = [...dirs]
    .filter((d) => (d === "src" || d.endsWith("/src")) && !fileSet.has(`${d}/__init__.py`))
    .sort();
  return { files: fileSet, dirs, pySourceRoots };
}

const posix = path.posix;

/** Joins inside the root; null when the result would climb above it. */
function joinInside(dir: string, rel: string): string | null {
  const joined = posix.normalize(posix.join(dir === "" ? "." : dir, rel));
  if (joined === ".." || joined.startsWith("../") || posix.isAbsolute(joined)) return null;
  return joined === "." ? "" : joined;
}

const TS_FROM_JS: Readonly<Record<string, readonly string[]>> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx", ".ts"],
};

/**
 * `./auth` -> auth.ts | auth.tsx | auth.js | auth.jsx | auth/index.{ts,tsx,js,jsx}.
 * An explicit extension is taken as written, except that a TS/TSX importer writing `./x.js`
 * (NodeNext style) gets `x.ts`/`x.tsx` first, as tsc does.
 */
export function resolveJsModule(index: FileIndex, fromFile: string, specifier: string): string | null {
  if (!(specifier === "." || specifier === ".." || specifier.startsWith("./") || specifier.startsWith("../")))
    return null;
  const base = joinInside(posix.dirname(fromFile), specifier);
  if (base === null) return null;
  const ext = posix.extname(base);
  const importerIsTs = /\.tsx?$/.test(fromFile);
  const candidates: string[] = [];
  if (ext && Object.prototype.hasOwnProperty.call(TS_FROM_JS, ext) && importerIsTs) {
    const stem = base.slice(0, -ext.length);
    for (const e of TS_FROM_JS[ext] ?? []) candidates.push(stem + e);
  }
  if ((JS_RESOLUTION_EXTENSIONS as readonly string[]).includes(ext)) candidates.push(base);
  for (const e of JS_RESOLUTION_EXTENSIONS) candidates.push(base + e);
  for (const e of JS_RESOLUTION_EXTENSIONS) candidates.push(base === "" ? `index${e}` : `${base}/index${e}`);
  return candidates.find((c) => index.files.has(c)) ?? null;
}

/** A Python module: a file, a package (`__init__.py` plus its directory), or a namespace package (directory only). */
export interface PyModule {
  file: string | null;
  packageDir: string | null;
}

function pyModuleAt(index: FileIndex, location: string): PyModule | null {
  const init = location === "" ? "__init__.py" : `${location}/__init__.py`;
  // Python's FileFinder prefers a regular package, then a module, then a namespace package.
  if (index.files.has(init)) return { file: init, packageDir: location };
  if (location !== "" && index.files.has(`${location}.py`)) return { file: `${location}.py`, packageDir: null };
  if (index.dirs.has(location)) return { file: null, packageDir: location };
  return null;
}

/** `name` inside a package: `pkg/name/__init__.py`, `pkg/name.py` or a namespace directory. */
export function pySubmodule(index: FileIndex, packageDir: string, name: string): PyModule | null {
  if (!/^[\p{L}_][\p{L}\p{N}_]*$/u.test(name)) return null;
  return pyModuleAt(index, packageDir === "" ? name : `${packageDir}/${name}`);
}

/** `a.b`, `.mod`, `..pkg.mod`, `.` as written after `from` / `import`. */
export function resolvePyModule(index: FileIndex, fromFile: string, source: string): PyModule | null {
  const dots = /^\.*/.exec(source)?.[0].length ?? 0;
  const dotted = source.slice(dots);
  const parts = dotted === "" ? [] : dotted.split(".");
  if (parts.some((p) => !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(p))) return null;
  const bases: string[] = [];
  if (dots > 0) {
    let dir = posix.dirname(fromFile);
    if (dir === ".") dir = "";
    for (let i = 1; i < dots; i++) {
      if (dir === "") return null; // beyond the top-level package
      dir = posix.dirname(dir);
      if (dir === ".") dir = "";
    }
    bases.push(dir);
  } else {
    if (parts.length === 0) return null;
    // sys.path as an installed project sees it: the root, the src-layout source root the importer
    // lives in (nearest first), the importer's directory (as for a script), then the other
    // source roots (tests/ importing the package under src/). Decision 146.
    bases.push("");
    const scriptDir = posix.dirname(fromFile);
    const enclosing = index.pySourceRoots
      .filter((r) => fromFile.startsWith(`${r}/`))
      .sort((a, b) => b.length - a.length);
    bases.push(...enclosing);
    if (scriptDir !== ".") bases.push(scriptDir);
    bases.push(...index.pySourceRoots.filter((r) => !enclosing.includes(r)));
  }
  for (const base of bases) {
    const location = [base, ...parts].filter((s) => s !== "").join("/");
    // Every intermediate package must exist too (as a directory).
    const found = pyModuleAt(index, location);
    if (found) return found;
  }
  return null;
}
