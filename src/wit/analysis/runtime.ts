/**
 * The only place web-tree-sitter is loaded. The runtime and grammars are imported lazily on the
 * first parse, once per process, and reused. All WASM comes from installed packages
 * (web-tree-sitter's own tree-sitter.wasm; grammars from @vscode/tree-sitter-wasm): nothing is
 * downloaded. See docs/decisions/042-wit-tree-sitter-runtime.md.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { Language, Parser, Tree } from "web-tree-sitter";
import type { LanguageId } from "./languages.js";

const GRAMMAR_FILES: Readonly<Record<LanguageId, string>> = {
  typescript: "tree-sitter-typescript.wasm",
  tsx: "tree-sitter-tsx.wasm",
  javascript: "tree-sitter-javascript.wasm",
  python: "tree-sitter-python.wasm",
};

export interface Grammars {
  /** Parses `text`; the caller must call `tree.delete()` (WASM memory is not garbage-collected). */
  parse(language: LanguageId, text: string): Tree;
  /** ABI version each grammar was generated with (for diagnostics). */
  abiVersions: Readonly<Record<LanguageId, number>>;
}

let loading: Promise<Grammars> | undefined;

export function grammarDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("@vscode/tree-sitter-wasm/package.json")), "wasm");
}

/** Loads the runtime and the four grammars once; concurrent callers share the same promise. */
export function loadGrammars(): Promise<Grammars> {
  loading ??= doLoad().catch((e: unknown) => {
    loading = undefined; // allow a later retry instead of caching the failure forever
    throw e;
  });
  return loading;
}

async function doLoad(): Promise<Grammars> {
  const ts = await import("web-tree-sitter");
  await ts.Parser.init();
  const dir = grammarDirectory();
  const parsers = {} as Record<LanguageId, Parser>;
  const abiVersions = {} as Record<LanguageId, number>;
  for (const id of Object.keys(GRAMMAR_FILES) as LanguageId[]) {
    const language: Language = await ts.Language.load(path.join(dir, GRAMMAR_FILES[id]));
    const parser = new ts.Parser();
    parser.setLanguage(language);
    parsers[id] = parser;
    abiVersions[id] = language.abiVersion;
  }
  return {
    abiVersions,
    parse(language, text) {
      const tree = parsers[language].parse(text);
      // parse() only returns null when cancelled or when no language is set; neither happens here.
      if (!tree) throw new Error(`tree-sitter returned no tree for ${language}`);
      return tree;
    },
  };
}
