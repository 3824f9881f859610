/** Parses one text and extracts its facts; the tree is freed before returning. */
import { extractJs } from "./extract-js.js";
import { extractPy } from "./extract-py.js";
import type { FileFacts } from "./facts.js";
import type { LanguageId } from "./languages.js";
import { utf8OffsetConverter } from "./offsets.js";
import type { Grammars } from "./runtime.js";

export function extractFacts(grammars: Grammars, language: LanguageId, text: string): FileFacts {
  const tree = grammars.parse(language, text);
  try {
    const toBytes = utf8OffsetConverter(text);
    return language === "python" ? extractPy(tree, toBytes) : extractJs(tree, language, toBytes);
  } finally {
    tree.delete();
  }
}
