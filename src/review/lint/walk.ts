/**
 * Every schema position of a loaded contract, in raw document terms (file + pointer), with the
 * role it plays: a named definition, an object member, a method param/result, a branch... Lint
 * rules work on these so that findings point at the exact place in the file.
 */
import type { LoadedContract } from "../../contracts/index.js";
import { escapeToken } from "../../json/index.js";
import { isSchemaObject, type Schema } from "../schema/keywords.js";
import { DEFINITION_KEYWORDS, subschemas } from "../../schema/walk.js";

export type SchemaRole =
  | "root"
  | "definition"
  | "member"
  | "param"
  | "result"
  | "media"
  | "items"
  | "additional"
  | "branch"
  | "negated"
  | "other";

export interface SchemaSite {
  file: string;
  pointer: string;
  node: unknown;
  role: SchemaRole;
  /** Member, param or definition name. */
  name?: string;
  /** For members: the site of the object schema that declares it. */
  parent?: SchemaSite;
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The role a subschema plays by the keyword holding it (others: "other"). */
const ROLE: Record<string, SchemaRole> = {
  properties: "member",
  items: "items",
  prefixItems: "items",
  additionalProperties: "additional",
  not: "negated",
  allOf: "branch",
  anyOf: "branch",
  oneOf: "branch",
};

export function schemaSites(contract: LoadedContract): SchemaSite[] {
  const out: SchemaSite[] = [];
  const visit = (
    file: string,
    pointer: string,
    node: unknown,
    role: SchemaRole,
    name?: string,
    parent?: SchemaSite,
    depth = 0,
  ): void => {
    if (depth > 256) return;
    const site: SchemaSite = { file, pointer, node, role, name, parent };
    out.push(site);
    if (!isSchemaObject(node)) return;
    // The subschema table is src/schema/walk.ts's; lint only names the role each keyword gives.
    for (const sub of subschemas(node)) {
      if (sub.keyword === "contentSchema") continue; // an annotation in 2020-12, as review reads it
      const named = typeof sub.key === "string" ? sub.key : undefined;
      if (DEFINITION_KEYWORDS.includes(sub.keyword))
        visit(file, pointer + sub.pointer, sub.node, "definition", named, undefined, depth + 1);
      else visit(file, pointer + sub.pointer, sub.node, ROLE[sub.keyword] ?? "other", named, site, depth + 1);
    }
  };
  const { doc, entry } = contract;
  for (const [file, root] of doc.files) {
    if (!isSchemaObject(root)) continue;
    const isEntry = file === doc.path;
    if (entry.kind === "json-schema" || !isEntry) {
      if (!isEntry && (typeof root.openrpc === "string" || typeof root.openapi === "string")) continue;
      visit(file, "", root, "root");
      continue;
    }
    const comps = isSchemaObject(root.components) ? root.components : {};
    if (isSchemaObject(comps.schemas))
      for (const [n, s] of Object.entries(comps.schemas))
        visit(file, `/components/schemas/${escapeToken(n)}`, s, "definition", n);
    if (entry.kind === "openrpc") {
      const methods = Array.isArray(root.methods) ? (root.methods as Schema[]) : [];
      methods.forEach((m, i) => {
        if (!isSchemaObject(m)) return;
        (Array.isArray(m.params) ? (m.params as Schema[]) : []).forEach((p, j) => {
          if (isSchemaObject(p) && p.schema !== undefined)
            visit(file, `/methods/${i}/params/${j}/schema`, p.schema, "param", String(p.name));
        });
        if (isSchemaObject(m.result) && m.result.schema !== undefined)
          visit(file, `/methods/${i}/result/schema`, m.result.schema, "result", String(m.result.name ?? "result"));
      });
      if (isSchemaObject(comps.contentDescriptors))
        for (const [n, cd] of Object.entries(comps.contentDescriptors))
          if (isSchemaObject(cd) && cd.schema !== undefined)
            visit(file, `/components/contentDescriptors/${escapeToken(n)}/schema`, cd.schema, "param", n);
    } else {
      const media = (base: string, content: unknown) => {
        if (!isSchemaObject(content)) return;
        for (const [mt, obj] of Object.entries(content)) {
          if (!isSchemaObject(obj)) continue;
          for (const f of ["schema", "itemSchema", "x-item-schema"])
            if (obj[f] !== undefined) visit(file, `${base}/${escapeToken(mt)}/${f}`, obj[f], "media");
        }
      };
      const params = (base: string, ps: unknown) => {
        if (!Array.isArray(ps)) return;
        ps.forEach(
          (p, j) =>
            isSchemaObject(p) &&
            p.schema !== undefined &&
            visit(file, `${base}/${j}/schema`, p.schema, "param", String(p.name)),
        );
      };
      for (const [path, item] of Object.entries(isSchemaObject(root.paths) ? root.paths : {})) {
        if (!isSchemaObject(item)) continue;
        const base = `/paths/${escapeToken(path)}`;
        params(`${base}/parameters`, item.parameters);
        for (const m of HTTP_METHODS) {
          const op = item[m];
          if (!isSchemaObject(op)) continue;
          params(`${base}/${m}/parameters`, op.parameters);
          if (isSchemaObject(op.requestBody)) media(`${base}/${m}/requestBody/content`, op.requestBody.content);
          for (const [status, r] of Object.entries(isSchemaObject(op.responses) ? op.responses : {}))
            if (isSchemaObject(r)) media(`${base}/${m}/responses/${escapeToken(status)}/content`, r.content);
        }
      }
      for (const [n, p] of Object.entries(isSchemaObject(comps.parameters) ? comps.parameters : {}))
        if (isSchemaObject(p) && p.schema !== undefined)
          visit(file, `/components/parameters/${escapeToken(n)}/schema`, p.schema, "param", n);
      for (const [n, r] of Object.entries(isSchemaObject(comps.requestBodies) ? comps.requestBodies : {}))
        if (isSchemaObject(r)) media(`/components/requestBodies/${escapeToken(n)}/content`, r.content);
      for (const [n, r] of Object.entries(isSchemaObject(comps.responses) ? comps.responses : {}))
        if (isSchemaObject(r)) media(`/components/responses/${escapeToken(n)}/content`, r.content);
    }
  }
  return out;
}
