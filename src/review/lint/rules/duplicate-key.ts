import type { LintRule, RuleFinding } from "../rule.js";
import { scanText } from "../locate.js";
import { escapeToken } from "../../../json/index.js";

/** The same key twice in one object of a document's raw text. */
export const duplicateKey: LintRule = {
  id: "duplicate-key",
  category: "syntax",
  defaultSeverity: "error",
  doc:
    "An object with the same key twice. JSON.parse (and so every JavaScript tool) silently keeps the last one, other parsers keep the first " +
    "or refuse the document, so two readers of the same contract can see two different schemas. Found by scanning the raw text, which is the only " +
    "place the first occurrence still exists. Fix: delete or merge one of them.",
  check(ctx) {
    const out: RuleFinding[] = [];
    for (const [file, bytes] of ctx.raw) {
      for (const d of scanText(file, bytes.toString("utf8")).duplicates) {
        out.push({
          file,
          pointer: `${d.pointer}/${escapeToken(d.key)}`,
          message: `key "${d.key}" appears twice in the object at ${d.pointer || "/"} (lines ${d.first.line} and ${d.again.line}); JSON.parse keeps only the last`,
        });
      }
    }
    return out;
  },
};
