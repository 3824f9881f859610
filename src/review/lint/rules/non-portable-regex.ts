import type { LintRule, RuleFinding } from "../rule.js";
import { portabilityIssues } from "../regex.js";
import { patternSites } from "../patterns.js";

/** A `pattern` (or patternProperties key) an RE2-class engine refuses. */
export const nonPortableRegex: LintRule = {
  id: "non-portable-regex",
  category: "portability",
  defaultSeverity: "error",
  doc:
    "JSON Schema patterns are ECMA-262 regexes, but validators in Go (`regexp`), Rust (`regex`) and other RE2-class engines refuse " +
    "lookahead, lookbehind, backreferences, atomic groups and conditionals, so a contract using them cannot be validated the same way " +
    "by every consumer (some skip the keyword, some crash). Also reported: patterns that do not compile in ECMA-262 `u` mode, which ajv uses. " +
    "Fix: express the constraint without those features (split it into several schemas, `not`, or an enum), or move it into prose.",
  check(ctx) {
    const out: RuleFinding[] = [];
    for (const p of patternSites(ctx))
      for (const issue of portabilityIssues(p.pattern))
        out.push({
          file: p.file,
          pointer: p.pointer,
          message: `pattern ${JSON.stringify(p.pattern)} ${issue.message}`,
        });
    return out;
  },
};
