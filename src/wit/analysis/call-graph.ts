/**
 * The caller graph: every call fact of every scanned file, resolved to a symbol path
 * (`<file>:<Qualified.name>`) through local definitions, imports, re-exports, namespace objects,
 * Python submodules, and `this.` / `self.` inside a class. Calls that do not resolve to a known
 * symbol (built-ins, packages, dynamic receivers) are left out. See docs/wit-analysis.md.
 */
import type { FileFacts, ImportFact, SymbolFact } from "./facts.js";
import { familyOf } from "./languages.js";
import type { FileIndex, PyModule } from "./resolve-modules.js";
import { pySubmodule, resolveJsModule, resolvePyModule } from "./resolve-modules.js";

export interface FactsSource {
  readonly index: FileIndex;
  facts(file: string): FileFacts | undefined;
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

export class CallGraph {
  private readonly tables = new Map<string, FileTables | null>();
  private readonly out = new Map<string, Set<string>>();
  private readonly in = new Map<string, Set<string>>();
  /** The callers (`file:symbol` keys with out-edges) of each file, to drop them on an update. */
  private readonly callersByFile = new Map<string, Set<string>>();
  /** For each file, the files whose call resolution read its facts (itself included). */
  private readonly readBy = new Map<string, Set<string>>();
  /** The file whose calls are being resolved (the reader recorded in `readBy`). */
  private resolving: string | null = null;

  constructor(private readonly source: FactsSource) {
    for (const file of source.index.files) this.addFile(file);
  }

  /**
   * The graph after the CONTENT of `changed` files changed (the file set, hence module
   * resolution, is the same; the source now answers their new facts): only the edges of those
   * files and of every file whose resolution read one of them are recomputed (decision 147).
   * The result is the graph a fresh build would give.
   */
  update(changed: Iterable<string>): void {
    const redo = new Set<string>();
    for (const f of changed) {
      this.tables.delete(f);
      redo.add(f);
      for (const reader of this.readBy.get(f) ?? []) redo.add(reader);
    }
    for (const f of redo) {
      for (const caller of this.callersByFile.get(f) ?? []) {
        for (const target of this.out.get(caller) ?? []) {
          const ins = this.in.get(target);
          ins?.delete(caller);
          if (ins?.size === 0) this.in.delete(target);
        }
        this.out.delete(caller);
      }
      this.callersByFile.delete(f);
    }
    for (const f of redo) if (this.source.index.files.has(f)) this.addFile(f);
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
    if (this.resolving !== null) {
      let readers = this.readBy.get(file);
      if (!readers) this.readBy.set(file, (readers = new Set()));
      readers.add(this.resolving);
    }
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
      const m: PyModule | null = resolvePyModule(this.source.index, file, specifier);
      return m ? { kind: "module", file: m.file, packageDir: m.packageDir, python } : null;
    }
    const resolved = resolveJsModule(this.source.index, file, specifier);
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
      const sub = pySubmodule(this.source.index, mod.packageDir, name);
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
