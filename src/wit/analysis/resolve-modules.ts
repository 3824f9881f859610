/**
 * Module resolution against the scanned file set (no disk access): relative JS/TS imports as
 * TypeScript tooling resolves them, Python imports as Python does with the repository root (then
 * the importing file's directory, as for a script) on sys.path. Bare JS specifiers
 * (`react`, tsconfig `paths` aliases) and modules outside the root do not resolve.
 * See docs/decisions/045-wit-import-resolution.md.
 */
import path from "node:path";
import { JS_RESOLUTION_EXTENSIONS } from "./languages.js";

const posix = path.posix;

/** What module resolution may ask about the file set (every question is one of these three). */
export interface FileIndex {
  /** A scanned supported file at this repository-relative POSIX path. */
  hasFile(file: string): boolean;
  /** An ancestor directory of some scanned file ("" is the root, always there). */
  hasDir(dir: string): boolean;
  /**
   * Python source roots of src-layout projects: every directory named `src` that is not itself a
   * package (`src/pkg/mod.py` is imported as `pkg.mod` once the project is installed), sorted.
   */
  pySourceRoots(): readonly string[];
}

/** A question whose answer changed when files were added or removed (see `TreeIndex.add`). */
export type IndexQuestion = { kind: "file" | "dir"; path: string } | { kind: "pySourceRoots" };

const isSourceRootName = (dir: string) => dir === "src" || dir.endsWith("/src");

/**
 * The file set as resolution sees it, kept up to date file by file: a file added or removed
 * reports exactly which answers of `hasFile`, `hasDir` and `pySourceRoots` it changed, so the
 * caller graph re-resolves only the files that asked one of them (decision 301).
 */
export class TreeIndex implements FileIndex {
  private readonly files = new Set<string>();
  /** Every ancestor directory of the files (the root excepted) with how many files are under it. */
  private readonly dirs = new Map<string, number>();
  private roots: string[] | null = null;

  constructor(files: Iterable<string> = []) {
    for (const f of files) this.add(f);
  }

  hasFile(file: string): boolean {
    return this.files.has(file);
  }

  hasDir(dir: string): boolean {
    return dir === "" || this.dirs.has(dir);
  }

  pySourceRoots(): readonly string[] {
    this.roots ??= [...this.dirs.keys()]
      .filter((d) => isSourceRootName(d) && !this.files.has(`${d}/__init__.py`))
      .sort();
    return this.roots;
  }

  get size(): number {
    return this.files.size;
  }

  allFiles(): IterableIterator<string> {
    return this.files.values();
  }

  /** Adds a file; the questions whose answers changed (none when it was there already). */
  add(file: string): IndexQuestion[] {
    if (this.files.has(file)) return [];
    const before = this.roots === null ? null : this.pySourceRoots();
    this.files.add(file);
    const changed: IndexQuestion[] = [{ kind: "file", path: file }];
    for (let d = posix.dirname(file); d !== "."; d = posix.dirname(d)) {
      const n = this.dirs.get(d) ?? 0;
      this.dirs.set(d, n + 1);
      if (n === 0) changed.push({ kind: "dir", path: d });
    }
    return this.withRoots(changed, before);
  }

  /** Removes a file; the questions whose answers changed (none when it was not there). */
  remove(file: string): IndexQuestion[] {
    if (!this.files.delete(file)) return [];
    const before = this.roots === null ? null : this.pySourceRoots();
    const changed: IndexQuestion[] = [{ kind: "file", path: file }];
    for (let d = posix.dirname(file); d !== "."; d = posix.dirname(d)) {
      const n = this.dirs.get(d)!;
      if (n > 1) this.dirs.set(d, n - 1);
      else {
        this.dirs.delete(d);
        changed.push({ kind: "dir", path: d });
      }
    }
    return this.withRoots(changed, before);
  }

  /** Adds the pySourceRoots question when a src directory or its `__init__.py` came or went. */
  private withRoots(changed: IndexQuestion[], before: readonly string[] | null): IndexQuestion[] {
    const touchesRoots = changed.some((q) =>
      q.kind === "dir" ? isSourceRootName(q.path) : q.kind === "file" && isSourceRootName(posix.dirname(q.path)),
    );
    if (!touchesRoots) return changed;
    this.roots = null;
    const after = this.pySourceRoots();
    if (before === null || before.length !== after.length || before.some((r, i) => r !== after[i]))
      changed.push({ kind: "pySourceRoots" });
    return changed;
  }
}

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
  return candidates.find((c) => index.hasFile(c)) ?? null;
}

/** A Python module: a file, a package (`__init__.py` plus its directory), or a namespace package (directory only). */
export interface PyModule {
  file: string | null;
  packageDir: string | null;
}

function pyModuleAt(index: FileIndex, location: string): PyModule | null {
  const init = location === "" ? "__init__.py" : `${location}/__init__.py`;
  // Python's FileFinder prefers a regular package, then a module, then a namespace package.
  if (index.hasFile(init)) return { file: init, packageDir: location };
  if (location !== "" && index.hasFile(`${location}.py`)) return { file: `${location}.py`, packageDir: null };
  if (index.hasDir(location)) return { file: null, packageDir: location };
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
    const roots = index.pySourceRoots();
    const enclosing = roots.filter((r) => fromFile.startsWith(`${r}/`)).sort((a, b) => b.length - a.length);
    bases.push(...enclosing);
    if (scriptDir !== ".") bases.push(scriptDir);
    bases.push(...roots.filter((r) => !enclosing.includes(r)));
  }
  for (const base of bases) {
    const location = [base, ...parts].filter((s) => s !== "").join("/");
    // Every intermediate package must exist too (as a directory).
    const found = pyModuleAt(index, location);
    if (found) return found;
  }
  return null;
}
