/** TypeScript types from a schema bundle with json-schema-to-typescript, one exported type per definition. */
import { compile } from "json-schema-to-typescript";
import type { Schema, SchemaBundle } from "./bundle.js";
import { setOwn } from "../src/json/index.js";

export async function generateTypes(bundle: SchemaBundle, rootName: string): Promise<string> {
  // Each definition's title becomes its type name; force it to the bundle name so types and
  // validators always agree on names.
  const $defs: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(bundle.defs)) $defs[name] = { ...(stripRefSiblings(schema) as Schema), title: name };
  const root = { title: rootName, type: "object", additionalProperties: false, properties: {}, $defs };
  let ts = await compile(root as never, rootName, {
    bannerComment: "",
    unreachableDefinitions: true,
    additionalProperties: false,
    declareExternallyReferenced: true,
    format: true,
    strictIndexSignatures: false,
    style: { printWidth: 120, singleQuote: false, trailingComma: "all" },
  } as never);
  // The synthetic root is only a carrier for $defs.
  ts = ts.replace(new RegExp(`export interface ${rootName} \\{\\}\\n`), "");
  ts = ts.replace(/\n \*\n \* This interface was referenced by `[^`]+`'s JSON-Schema\n \* via the `definition` "[^"]+"\./g, "");
  ts = ts.replace(/\/\*\*\n \* This interface was referenced by `[^`]+`'s JSON-Schema\n \* via the `definition` "[^"]+"\.\n \*\/\n/g, "");
  return ts.trimEnd() + "\n";
}

const ANNOTATIONS = new Set(["description", "title", "$comment", "examples", "default", "deprecated", "readOnly", "writeOnly"]);

/**
 * json-schema-to-typescript turns `{ $ref, description }` into a fresh copy of the target named
 * `<Target>1`, `<Target>2`... Annotations (and `x-` extensions) next to a `$ref` carry no type information, so they are
 * dropped for type generation only (validators still see the document as written).
 */
function stripRefSiblings(node: unknown, nameMap = false): unknown {
  if (Array.isArray(node)) return node.map((v) => stripRefSiblings(v));
  if (node === null || typeof node !== "object") return node;
  const obj = node as Schema;
  if (!nameMap && typeof obj.$ref === "string" && Object.keys(obj).every((k) => k === "$ref" || ANNOTATIONS.has(k) || k.startsWith("x-"))) return { $ref: obj.$ref };
  const out: Schema = {};
  for (const [k, v] of Object.entries(obj)) {
    if (!nameMap && (k === "enum" || k === "const" || k === "examples" || k === "default")) setOwn(out, k, v);
    else setOwn(out, k, stripRefSiblings(v, !nameMap && (k === "properties" || k === "$defs" || k === "patternProperties")));
  }
  return out;
}
