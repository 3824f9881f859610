import { resolve } from "node:path";
import type { LintRule, RuleFinding } from "../rule.js";

/** A `$ref` that does not land on anything. */
export const unresolvedRef: LintRule = {
  id: "unresolved-ref",
  category: "syntax",
  defaultSeverity: "error",
  doc:
    "A `$ref` whose file or pointer does not exist (or an absolute URI, which the suite never fetches). Validators fail to compile, generators " +
    "stop, and the diff cannot compare what it cannot see. Fix the path or pointer; references between contract files are relative to the " +
    "referring file (`./forge_block.json`, `#/$defs/Name`).",
  check(ctx) {
    const out: RuleFinding[] = [];
    // Problems carry cwd-relative paths (loadContract); findings use absolute ones.
    for (const p of ctx.contract.problems)
      if (p.rule === "unresolved-ref") out.push({ file: resolve(p.file), pointer: p.pointer, message: p.message });
    return out;
  },
};
