import { resolve } from "node:path";
import type { LintRule, RuleFinding } from "../rule.js";

/** A `$ref` that does not land on anything, or that the loader refused to follow out of the root. */
export const unresolvedRef: LintRule = {
  id: "unresolved-ref",
  category: "syntax",
  defaultSeverity: "error",
  doc:
    "A `$ref` whose file or pointer does not exist, or that the loader refuses: an absolute URI (the suite fetches nothing), an absolute " +
    "path, or a path leaving the registry folder (directly or through a symlink) unless `--ref-root` widens it. Validators fail to compile, " +
    "generators stop, and the diff cannot compare what it cannot see. Fix the path or pointer; references between contract files are " +
    "relative to the referring file (`./forge_block.json`, `#/$defs/Name`).",
  check(ctx) {
    const out: RuleFinding[] = [];
    // Problems carry cwd-relative paths (loadContract); findings use absolute ones.
    for (const p of ctx.contract.problems)
      if (p.rule === "unresolved-ref" || p.rule === "ref-refused")
        out.push({ file: resolve(p.file), pointer: p.pointer, message: p.message });
    return out;
  },
};
