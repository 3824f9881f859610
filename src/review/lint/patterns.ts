/** Shared by the regex rules: every regular expression a contract carries (not a rule itself). */
import type { LintContext } from "./rule.js";
import { escapeToken } from "../../json/index.js";
import { isSchemaObject } from "../schema/keywords.js";

export function patternSites(ctx: LintContext): { file: string; pointer: string; pattern: string }[] {
  const out: { file: string; pointer: string; pattern: string }[] = [];
  for (const s of ctx.sites) {
    if (!isSchemaObject(s.node)) continue;
    if (typeof s.node.pattern === "string")
      out.push({ file: s.file, pointer: `${s.pointer}/pattern`, pattern: s.node.pattern });
    if (isSchemaObject(s.node.patternProperties))
      for (const k of Object.keys(s.node.patternProperties))
        out.push({ file: s.file, pointer: `${s.pointer}/patternProperties/${escapeToken(k)}`, pattern: k });
  }
  return out;
}
