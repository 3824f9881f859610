/**
 * Source analysis for the Wit daemon. Importing this module is the only way tree-sitter gets
 * loaded, and even then only on `Analyzer.open()` (the runtime is imported dynamically).
 */
export { Analyzer, DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_FILES } from "./analyzer.js";
export type { AnalyzerOptions, AnalysisStats, FileLookup, LookupRefusal, SymbolLookup } from "./analyzer.js";
export type { CallGraph } from "./call-graph.js";
export type { CallFact, FileFacts, ImportFact, SymbolFact, SymbolKind } from "./facts.js";
export { isSupportedFile, languageOf } from "./languages.js";
export type { LanguageId } from "./languages.js";
export { DEFAULT_IGNORED_DIRS } from "./scan.js";
