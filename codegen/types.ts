/** TypeScript types from a schema bundle with json-schema-to-typescript, one exported type per definition. */
import { compile } from "json-schema-to-typescript";
import type { Schema, SchemaBundle } from "./bundle.js";

export async function generateTypes(bundle: SchemaBundle, rootName: string): Promise<string> {
  // Each definition's title becomes its type name; force it to the bundle name so types and
  // validators always agree on names.
  const $defs: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(bundle.defs)) $defs[name] = { ...schema, title: name };
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
