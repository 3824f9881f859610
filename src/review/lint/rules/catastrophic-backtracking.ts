import type { LintRule, RuleFinding } from "../rule.js";
import { backtrackingIssues } from "../regex.js";
import { patternSites } from "../patterns.js";

/** A `pattern` with nested unbounded quantifiers. */
export const catastrophicBacktracking: LintRule = {
  id: "catastrophic-backtracking",
  category: "performance",
  defaultSeverity: "error",
  doc:
    "A pattern that repeats, without bound, a group that itself repeats without bound (`(a+)+`, `(\\w+\\s?)*`). On a near-miss input a backtracking " +
    "engine (ECMAScript's, so ajv's and every browser's) tries exponentially many splits: one crafted request string can pin a server's CPU. " +
    "Not reported when every repetition starts or ends with a literal the inner repetition cannot match (like `(/[^/]*)*`), which keeps the split unique. " +
    "Fix: make the repetitions unambiguous, or bound them with `maxLength` and `{m,n}`.",
  check(ctx) {
    const out: RuleFinding[] = [];
    for (const p of patternSites(ctx))
      for (const issue of backtrackingIssues(p.pattern))
        out.push({
          file: p.file,
          pointer: p.pointer,
          message: `pattern ${JSON.stringify(p.pattern)} ${issue.message}`,
        });
    return out;
  },
};
