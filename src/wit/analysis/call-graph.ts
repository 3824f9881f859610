/**
 * The caller graph: every call fact of every scanned file, resolved to a symbol path
 * (`<file>:<Qualified.name>`) through local definitions, imports, re-exports, namespace objects,
 * Python submodules, and `this.` / `self.` inside a class. Calls that do not resolve to a known
 * symbol (built-ins, packages, dynamic receivers) are left out. See docs/wit-analysis.md.
 */
import type { FileFacts, ImportFact, SymbolFact } from "./facts.js";
import { familyOf } from "./languages.js";
import type { FileIndex, IndexQuestion, PyModule } from "./resolve-modules.js";
import { pySubmodule, resolveJsModule, resolvePyModule, TreeIndex } from "./resolve-modules.js";

export interface FactsSource {
  /** The current facts of a file of the graph's file set. */
  facts(file: string): FileFacts | undefined;
}

/** What changed since the graph was built or last updated (a file in one list only). */
export interface GraphChanges {
  /** Files whose content changed. */
  edited?: Iterable<string>;
  added?: Iterable<string>;
  removed?: Iterable<string>;
}

type Target =
  | { kind: "symbol"; file: string; symbol: SymbolFact }
  | { kind: "module"; file: string | null; packageDir: string | null; python: boolean };

/** How deep re-export / import chains are followed before giving up (cycles are cut earlier). */
const MAX_HOPS = 16;

interface FileTables {
  facts: FileFacts;
  symbols: Map<string, SymbolFact>;
  imports: Map<string, ImportFact>;
}

/**
 * What a file's call resolution depended on: the facts of a file (`r:`), or one answer of the
 * file index — is there a file (`f:`) or a directory (`d:`) at a path, which are the Python
 * source roots (`roots`). Nothing else enters resolution, so a file none of whose dependencies
 * changed resolves exactly as before (decision 301).
 */
const factsKey = (file: string) => `r:${file}`;
const questionKey = (q: IndexQuestion) =>
  q.kind === "pySourceRoots" ? "roots" : `${q.kind === "file" ? "f" : "d"}:${q.path}`;

export class CallGraph {
  private readonly index: TreeIndex;
  private readonly tables = new Map<string, FileTables | null>();
  private readonly out = new Map<string, Set<string>>();
  private readonly in = new Map<string, Set<string>>();
  /** The callers (`file:symbol` keys with out-edges) of each file, to drop them on an update. */
  private readonly callersByFile = new Map<string, Set<string>>();
  /** For each dependency key, the files whose call resolution used it. */
  private readonly dependents = new Map<string, Set<string>>();
  /** For each file, the dependency keys its call resolution used (to forget them on an update). */
  private readonly dependencies = new Map<string, Set<string>>();
  /** The file whose calls are being resolved (the one dependencies are recorded for). */
  private resolving: string | null = null;
  /** The index as resolution sees it: every question asked is recorded as a dependency. */
  private readonly asked: FileIndex = {
    hasFile: (file) => {
      this.depend(`f:${file}`);
      return this.index.hasFile(file);
    },
    hasDir: (dir) => {
      this.depend(`d:${dir}`);
      return this.index.hasDir(dir);
    },
    pySourceRoots: () => {
      this.depend("roots");
      return this.index.pySourceRoots();
    },
  };

  constructor(
    files: Iterable<string>,
    private readonly source: FactsSource,
  ) {
    this.index = new TreeIndex(files);
    for (const file of this.index.allFiles()) this.addFile(file);
  }

  /** The number of files in the graph's file set. */
  get fileCount(): number {
    return this.index.size;
  }

  /**
   * The graph after files were edited, added or removed (the source now answers their new facts):
   * only the edges of those files and of every file whose resolution read their facts or asked an
   * index question whose answer changed are recomputed (decisions 147, 301). The result is the
   * graph a fresh build would give.
   */
  update(changes: GraphChanges): void {
    const changed = new Set<string>();
    const redo = new Set<string>();
    const factsChanged = (file: string) => {
      this.tables.delete(file);
      changed.add(factsKey(file));
      redo.add(file);
    };
    for (const f of changes.removed ?? []) {
      for (const q of this.index.remove(f)) changed.add(questionKey(q));
      factsChanged(f);
    }
    for (const f of changes.added ?? []) {
      for (const q of this.index.add(f)) changed.add(questionKey(q));
      factsChanged(f);
    }
    for (const f of changes.edited ?? []) factsChanged(f);
    for (const key of changed) for (const reader of this.dependents.get(key) ?? []) redo.add(reader);
    for (const f of redo) this.forget(f);
    for (const f of redo) if (this.index.hasFile(f)) this.addFile(f);
  }

  /** Symbols anywhere under the root that call `symbolPath`, sorted. */
  callersOf(symbolPath: string): string[] {
    return [...(this.in.get(symbolPath) ?? [])].sort();
  }

  /** Symbols that `symbolPath` calls (resolved ones only), sorted. */
  calleesOf(symbolPath: string): string[] {
    return [...(this.out.get(symbolPath) ?? [])].sort();
  }

  get edgeCount(): number {
    let n = 0;
    for (const s of this.out.values()) n += s.size;
    return n;
  }

  private addFile(file: string): void {
    this.resolving = file;
    try {
      this.resolveFile(file);
    } finally {
      this.resolving = null;
    }
  }

  /** Drops a file's edges and recorded dependencies (before it is resolved again or removed). */
  private forget(file: string): void {
    for (const caller of this.callersByFile.get(file) ?? []) {
      for (const target of this.out.get(caller) ?? []) {
        const ins = this.in.get(target);
        ins?.delete(caller);
        if (ins?.size === 0) this.in.delete(target);
      }
      this.out.delete(caller);
    }
    this.callersByFile.delete(file);
    for (const key of this.dependencies.get(file) ?? []) {
      const readers = this.dependents.get(key);
      readers?.delete(file);
      if (readers?.size === 0) this.dependents.delete(key);
    }
    this.dependencies.delete(file);
  }

  private depend(key: string): void {
    const reader = this.resolving;
    if (reader === null) return;
    let readers = this.dependents.get(key);
    if (!readers) this.dependents.set(key, (readers = new Set()));
    readers.add(reader);
    let keys = this.dependencies.get(reader);
    if (!keys) this.dependencies.set(reader, (keys = new Set()));
    keys.add(key);
  }

  private resolveFile(file: string): void {
    const t = this.table(file);
    if (!t) return;
    const memo = new Map<string, string | null>();
    const python = familyOf(t.facts.language) === "python";
    for (const call of t.facts.calls) {
      const cls = this.classOf(t, call.from);
      const key = `${call.construct ? "new" : ""}\0${cls ?? ""}\0${call.callee.join("\0")}`;
      let target = memo.get(key);
      if (target === undefined) {
        const found = this.resolveChain(file, t, call.callee, cls);
        // Constructing a class calls its constructor, declared or implicit (decision 145):
        // `new X()` in JS/TS, and calling a class in Python.
        target =
          found === null
            ? null
            : found.kind === "class" && (call.construct || python)
              ? `${found.file}:${found.name}.${python ? "__init__" : "constructor"}`
              : `${found.file}:${found.name}`;
        memo.set(key, target);
      }
      if (target === null) continue;
      const caller = `${file}:${call.from}`;
      let mine = this.callersByFile.get(file);
      if (!mine) this.callersByFile.set(file, (mine = new Set()));
      mine.add(caller);
      let outs = this.out.get(caller);
      if (!outs) this.out.set(caller, (outs = new Set()));
      outs.add(target);
      let ins = this.in.get(target);
      if (!ins) this.in.set(target, (ins = new Set()));
      ins.add(caller);
    }
  }

  private table(file: string | null): FileTables | null {
    if (file === null) return null;
    this.depend(factsKey(file));
    let t = this.tables.get(file);
    if (t !== undefined) return t;
    const facts = this.source.facts(file);
    t = facts
      ? {
          facts,
          symbols: new Map(facts.symbols.map((s) => [s.name, s])),
          // Later bindings of the same local name win, as they do at run time in Python.
          imports: new Map(facts.imports.map((i) => [i.local, i])),
        }
      : null;
    this.tables.set(file, t);
    return t;
  }

  private classOf(t: FileTables, from: string): string | null {
    const s = t.symbols.get(from);
    if (!s) return null;
    if (s.kind === "class") return s.name;
    if (s.kind === "method") return s.name.slice(0, s.name.lastIndexOf("."));
    return null;
  }

  private resolveChain(
    file: string,
    t: FileTables,
    chain: readonly string[],
    cls: string | null,
  ): { file: string; name: string; kind: SymbolFact["kind"] } | null {
    const [head, ...rest] = chain;
    const own = (name: string) => {
      const member = t.symbols.get(name);
      return member ? { file, name: member.name, kind: member.kind } : null;
    };
    // A `#private` name is lexically scoped to the class whose body it is written in, whatever the
    // receiver (`this.#m()`, `other.#m()`, `(await x).#m()`, `Ky.#s()`): it is that class's member.
    const last = chain[chain.length - 1];
    if (last !== undefined && last.startsWith("#") && familyOf(t.facts.language) !== "python") {
      return cls === null || chain.length < 2 ? null : own(`${cls}.${last}`);
    }
    if (head === undefined || head === "?") return null;
    const python = familyOf(t.facts.language) === "python";
    if (head === "this" || (python && (head === "self" || head === "cls"))) {
      if (cls === null || rest.length !== 1) return null;
      return own(`${cls}.${rest[0] as string}`);
    }
    let target = this.resolveLocal(file, head, new Set());
    for (const part of rest) {
      if (!target) return null;
      target = this.member(target, part);
    }
    return target?.kind === "symbol" ? { file: target.file, name: target.symbol.name, kind: target.symbol.kind } : null;
  }

  private member(target: Target, name: string): Target | null {
    if (target.kind === "module") return this.resolveExport(target, name, new Set());
    if (target.symbol.kind !== "class") return null;
    const t = this.table(target.file);
    const member = t?.symbols.get(`${target.symbol.name}.${name}`);
    return member ? { kind: "symbol", file: target.file, symbol: member } : null;
  }

  private moduleFor(file: string, python: boolean, specifier: string): Target | null {
    if (python) {
      const m: PyModule | null = resolvePyModule(this.asked, file, specifier);
      return m ? { kind: "module", file: m.file, packageDir: m.packageDir, python } : null;
    }
    const resolved = resolveJsModule(this.asked, file, specifier);
    return resolved ? { kind: "module", file: resolved, packageDir: null, python } : null;
  }

  /** What a name means at the top level of `file`: its own definition, else an import. */
  private resolveLocal(file: string, name: string, seen: Set<string>): Target | null {
    const t = this.table(file);
    if (!t || seen.size > MAX_HOPS) return null;
    const own = name.includes(".") ? undefined : t.symbols.get(name);
    if (own) return { kind: "symbol", file, symbol: own };
    const imp = t.imports.get(name);
    if (!imp) return null;
    const python = familyOf(t.facts.language) === "python";
    const mod = this.moduleFor(file, python, imp.source);
    if (!mod || mod.kind !== "module") return null;
    return imp.kind === "namespace" ? mod : this.resolveExport(mod, imp.imported, seen);
  }

  /** What `module.name` means: an export, a re-export, a Python submodule, or a star re-export. */
  private resolveExport(mod: Extract<Target, { kind: "module" }>, name: string, seen: Set<string>): Target | null {
    const key = `${mod.file ?? ""}\0${mod.packageDir ?? ""}\0${name}`;
    if (seen.has(key) || seen.size > MAX_HOPS) return null;
    seen.add(key);
    const t = this.table(mod.file);
    if (t && mod.file !== null) {
      const file = mod.file;
      if (!mod.python) {
        const explicit = t.facts.exports.find((e) => e.exported === name);
        if (explicit) return this.resolveLocal(file, explicit.local, seen);
      }
      // Unexported top-level definitions are accepted too (CommonJS, Python modules).
      const own = name !== "default" && !name.includes(".") ? t.symbols.get(name) : undefined;
      if (own) return { kind: "symbol", file, symbol: own };
      if (mod.python && t.imports.has(name)) return this.resolveLocal(file, name, seen);
      const re = t.facts.reexports.find((r) => r.exported === name);
      if (re) {
        const next = this.moduleFor(file, mod.python, re.source);
        if (!next || next.kind !== "module") return null;
        return re.imported === "*" ? next : this.resolveExport(next, re.imported, seen);
      }
    }
    if (mod.python && mod.packageDir !== null) {
      const sub = pySubmodule(this.asked, mod.packageDir, name);
      if (sub) return { kind: "module", file: sub.file, packageDir: sub.packageDir, python: true };
    }
    if (t && mod.file !== null && name !== "default") {
      for (const star of t.facts.starSources) {
        const next = this.moduleFor(mod.file, mod.python, star);
        if (next?.kind !== "module") continue;
        const found = this.resolveExport(next, name, seen);
        if (found) return found;
      }
    }
    return null;
  }
}
