import type { LintRule, RuleFinding } from "../rule.js";
import { lookupRef } from "../../../contracts/index.js";
import { escapeToken } from "../../../json/index.js";
import { isSchemaObject, type Schema } from "../../schema/keywords.js";

/** Public definitions, members, params and methods without a description. */
export const missingDescription: LintRule = {
  id: "missing-description",
  category: "documentation",
  defaultSeverity: "warning",
  doc:
    "Every public name of a contract (a definition, an object member, an OpenRPC method or param, an OpenAPI operation or parameter) " +
    "needs a `description` (methods and operations: `summary` or `description`): it becomes the doc comment of the generated type, the " +
    "tool description an agent reads, and the only place a constraint's *why* is written down. A member that is a bare `$ref` inherits " +
    "its target's description. Names starting with `_` are private and exempt.",
  check(ctx) {
    const out: RuleFinding[] = [];
    const files = ctx.contract.doc.files;
    const described = (node: unknown, file: string): boolean => {
      if (!isSchemaObject(node)) return true; // `true`/`false` members are not documentation sites
      if (typeof node.description === "string" && node.description.trim() !== "") return true;
      if (typeof node.$ref === "string") {
        const found = lookupRef(files, file, node.$ref);
        return (
          found !== undefined &&
          isSchemaObject(found.value) &&
          typeof found.value.description === "string" &&
          found.value.description.trim() !== ""
        );
      }
      return false;
    };
    for (const s of ctx.sites) {
      if (s.name?.startsWith("_")) continue;
      if (s.role === "definition" && !described(s.node, s.file))
        out.push({ file: s.file, pointer: s.pointer, message: `definition "${s.name}" has no description` });
      if (s.role === "member" && !described(s.node, s.file))
        out.push({ file: s.file, pointer: s.pointer, message: `member "${s.name}" has no description` });
    }
    const root = ctx.contract.doc.root as Schema;
    const file = ctx.contract.doc.path;
    if (ctx.contract.entry.kind === "openrpc" && Array.isArray(root.methods)) {
      (root.methods as Schema[]).forEach((m, i) => {
        if (!isSchemaObject(m)) return;
        if (!text(m.summary) && !text(m.description))
          out.push({
            file,
            pointer: `/methods/${i}`,
            message: `method "${String(m.name)}" has neither summary nor description`,
          });
        (Array.isArray(m.params) ? (m.params as Schema[]) : []).forEach((p, j) => {
          if (isSchemaObject(p) && !text(p.description) && !described(p.schema, file))
            out.push({
              file,
              pointer: `/methods/${i}/params/${j}`,
              message: `param "${String(p.name)}" of "${String(m.name)}" has no description`,
            });
        });
      });
    }
    if (ctx.contract.entry.kind === "openapi" && isSchemaObject(root.paths)) {
      for (const [path, item] of Object.entries(root.paths)) {
        if (!isSchemaObject(item)) continue;
        for (const [method, op] of Object.entries(item)) {
          if (
            !isSchemaObject(op) ||
            !["get", "put", "post", "delete", "options", "head", "patch", "trace"].includes(method)
          )
            continue;
          const base = `/paths/${escapeToken(path)}/${method}`;
          if (!text(op.summary) && !text(op.description))
            out.push({
              file,
              pointer: base,
              message: `operation ${method.toUpperCase()} ${path} has neither summary nor description`,
            });
          (Array.isArray(op.parameters) ? (op.parameters as Schema[]) : []).forEach((p, j) => {
            if (isSchemaObject(p) && typeof p.$ref !== "string" && !text(p.description) && !described(p.schema, file))
              out.push({
                file,
                pointer: `${base}/parameters/${j}`,
                message: `parameter "${String(p.name)}" of ${method.toUpperCase()} ${path} has no description`,
              });
          });
        }
      }
    }
    return out;
  },
};

function text(v: unknown): boolean {
  return typeof v === "string" && v.trim() !== "";
}
