import type { LintRule } from "../rule.js";
import type { SchemaSite } from "../walk.js";
import { DOCUMENT_ROOT_KEYWORDS } from "../../../schema/walk.js";
import { isSchemaObject, TYPE_DETERMINING } from "../../schema/keywords.js";

const OBJECT_KEYWORDS = [
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "minProperties",
  "maxProperties",
  "propertyNames",
];

/** A schema position whose generated TypeScript type is wrong because the schema has object keywords and no `type`. */
export const memberWithoutType: LintRule = {
  id: "member-without-type",
  category: "codegen",
  defaultSeverity: "error",
  doc:
    "A schema with object keywords (`properties`, `required`, `additionalProperties`...) but no `type` (nor `$ref`, `const`, `enum` or a combinator) " +
    "accepts every JSON type, yet generated TypeScript says object, so a generated client refuses the scalars and nulls the validator lets through. " +
    "Fix: say it is an object (`type: object`), or what else it may be (a `oneOf` over types). " +
    "A schema with no shape at all (`{description}`, `{format}`) is fine: it is generated as `unknown`, as the validator reads it.",
  check(ctx) {
    const out = [];
    for (const s of ctx.sites) {
      if (!isSchemaObject(s.node) || s.role === "root" || (s.role === "definition" && isContainerOnly(s.node)))
        continue;
      // `not: {required: [...]}` and the like are idiomatic: codegen emits no type for what a schema forbids.
      if (underNot(s)) continue;
      const keys = Object.keys(s.node);
      if (keys.length === 0 || TYPE_DETERMINING.some((k) => k in (s.node as object))) continue;
      if (keys.every((k) => k === "$comment")) continue;
      // Without object keywords the generator renders `unknown` (codegen/types.ts), which is what the schema accepts.
      if (!OBJECT_KEYWORDS.some((k) => k in (s.node as object))) continue;
      const what =
        s.name !== undefined ? `${s.role === "definition" ? "definition" : s.role} "${s.name}"` : `${s.role} schema`;
      out.push({
        file: s.file,
        pointer: s.pointer,
        message: `${what} declares object keywords but no \`type\`: it accepts any JSON type, while generated TypeScript says object`,
      });
    }
    return out;
  },
};

function underNot(s: SchemaSite): boolean {
  for (let cur: SchemaSite | undefined = s; cur; cur = cur.parent) if (cur.role === "negated") return true;
  return false;
}

function isContainerOnly(node: Record<string, unknown>): boolean {
  return Object.keys(node).every(
    (k) => DOCUMENT_ROOT_KEYWORDS.has(k) || k === "title" || k === "description" || k === "$comment",
  );
}
