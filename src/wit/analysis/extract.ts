/** Parses one text and extracts its facts; the tree is freed before returning. */
import { extractJs } from "./extract-js.js";
import { extractPy } from "./extract-py.js";
import type { FileFacts } from "./facts.js";
import type { LanguageId } from "./languages.js";
import { utf8OffsetConverter } from "./offsets.js";
import type { Grammars } from "./runtime.js";

/**
 * Never throws on any content: a failure (in practice only a stack overflow on absurdly deep
 * nesting, since the walks are recursive) yields empty facts carrying `error`, which are cached
 * like any other result so the same content is not retried on every scan.
 */
export function extractFacts(grammars: Grammars, language: LanguageId, text: string): FileFacts {
  try {
    const tree = grammars.parse(language, text);
    try {
      const toBytes = utf8OffsetConverter(text);
      return language === "python" ? extractPy(tree, toBytes) : extractJs(tree, language, toBytes);
    } finally {
      tree.delete();
    }
  } catch (e) {
    const reason =
      e instanceof RangeError
        ? "nesting too deep to analyse"
        : `analysis failed: ${e instanceof Error ? e.message : String(e)}`;
    return {
      language,
      symbols: [],
      calls: [],
      imports: [],
      exports: [],
      reexports: [],
      starSources: [],
      error: reason,
    };
  }
}
