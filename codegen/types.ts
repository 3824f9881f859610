/** TypeScript types from a schema bundle with json-schema-to-typescript, one exported type per definition. */
import { compile } from "json-schema-to-typescript";
import { definitionName, definitionRef, type Schema, type SchemaBundle } from "./bundle.js";
import { setOwn } from "../src/json/index.js";
import { ANNOTATIONS, isAnnotation, mapSchema } from "../src/schema/walk.js";

export async function generateTypes(bundle: SchemaBundle, rootName: string): Promise<string> {
  // A definition that only names another (`"CapabilitiesResult": {"$ref": "#/$defs/Capabilities"}`)
  // gets no type of its own from json-schema-to-typescript, and references to it come out as
  // numbered copies (`Capabilities1`). Such aliases are taken out, references to them point at
  // what they name, and each becomes `export type Alias = Target;` — every definition still has
  // its exported type, which the validators' declarations name.
  const aliases = aliasTargets(bundle.defs);
  // Each definition's title becomes its type name; force it to the bundle name so types and
  // validators always agree on names.
  const $defs: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(bundle.defs)) {
    if (aliases.has(name)) continue;
    setOwn($defs, name, { ...(retarget(stripRefSiblings(typeView(schema)), aliases) as Schema), title: name });
  }
  const root = { title: rootName, type: "object", additionalProperties: false, properties: {}, $defs };
  let ts = await compile(root as never, rootName, {
    bannerComment: "",
    unreachableDefinitions: true,
    additionalProperties: false,
    declareExternallyReferenced: true,
    // Prettier took 10 of 15 s on a 4 MB description (Stripe); indent() lays the output out instead.
    format: false,
    strictIndexSignatures: false,
  } as never);
  ts = indent(ts);
  // The synthetic root is only a carrier for $defs.
  ts = ts.replace(new RegExp(`export interface ${rootName} \\{\\n*\\}\\n`), "");
  ts = ts.replace(
    /\n *\* ?\n *\* This interface was referenced by `[^`]+`'s JSON-Schema\n *\* via the `definition` "[^"]+"\./g,
    "",
  );
  ts = ts.replace(
    /\/\*\*\n *\* This interface was referenced by `[^`]+`'s JSON-Schema\n *\* via the `definition` "[^"]+"\.\n *\*\/\n/g,
    "",
  );
  const aliasLines = [...aliases].map(([alias, target]) => `export type ${alias} = ${target};`);
  return ts.trimEnd() + "\n" + (aliasLines.length ? "\n" + aliasLines.join("\n") + "\n" : "");
}

/** Definitions that are a bare `$ref` to another definition (annotations aside), each mapped to the final non-alias target. */
function aliasTargets(defs: Record<string, Schema>): Map<string, string> {
  const direct = new Map<string, string>();
  for (const [name, schema] of Object.entries(defs)) {
    const target = definitionName(schema.$ref);
    if (
      target !== undefined &&
      Object.keys(schema).every((k) => k === "$ref" || isAnnotation(k)) &&
      Object.hasOwn(defs, target)
    )
      direct.set(name, target);
  }
  const out = new Map<string, string>();
  for (const name of direct.keys()) {
    const seen = new Set([name]);
    let target = direct.get(name)!;
    while (direct.has(target) && !seen.has(target)) {
      seen.add(target);
      target = direct.get(target)!;
    }
    if (!direct.has(target)) out.set(name, target); // a cycle of aliases stays as written
  }
  return out;
}

/** Points every `$ref` to an alias at the alias's final target (src/schema/walk.ts's table says where subschemas are). */
function retarget(node: unknown, aliases: Map<string, string>): unknown {
  if (aliases.size === 0) return node;
  return mapSchema(node, (n) => {
    const target = definitionName(n.$ref);
    if (target !== undefined && aliases.has(target)) setOwn<unknown>(n, "$ref", definitionRef(aliases.get(target)!));
    return n;
  });
}

/**
 * json-schema-to-typescript turns `{ $ref, description }` into a fresh copy of the target named
 * `<Target>1`, `<Target>2`... Annotations (and `x-` extensions) next to a `$ref` carry no type information, so they are
 * dropped for type generation only (validators still see the document as written).
 */
function stripRefSiblings(node: unknown): unknown {
  return mapSchema(node, (n) =>
    typeof n.$ref === "string" && Object.keys(n).every((k) => k === "$ref" || isAnnotation(k)) ? { $ref: n.$ref } : n,
  );
}

/**
 * The keywords json-schema-to-typescript reads to build a type, and only those. Everything else is
 * dropped for type generation: a document's own `tsType` / `tsEnumNames` / `extends` (the library's
 * extensions) would put a stranger's text into generated code, and a `$ref` under a keyword that is
 * no schema keyword (`items: {schema: {$ref}}`, seen in a public OpenRPC document) was never
 * rewritten into the bundle, so the library would try to resolve it. Validators still see the
 * schema as written.
 */
const TYPE_KEYWORDS: ReadonlySet<string> = new Set([
  "$ref",
  "type",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "items",
  "additionalItems",
  "minItems",
  "maxItems",
  "allOf",
  "anyOf",
  "oneOf",
  "title",
  "description",
  "deprecated",
  "default",
  "format",
]);

/**
 * Keywords of TYPE_KEYWORDS that say nothing about which JSON type a value has: the annotations among
 * them, and `format` (a value of another type passes any format).
 */
const SHAPELESS: ReadonlySet<string> = new Set([...TYPE_KEYWORDS].filter((k) => ANNOTATIONS.has(k) || k === "format"));

function typeView(schema: Schema): Schema {
  return mapSchema(schema, (n) => {
    const out: Schema = {};
    for (const [k, v] of Object.entries(n)) if (TYPE_KEYWORDS.has(k)) setOwn<unknown>(out, k, v);
    // 2020-12's tuple (prefixItems, then items for the rest) in the draft-07 spelling the library reads.
    if (Array.isArray(n.prefixItems)) {
      setOwn<unknown>(out, "items", n.prefixItems);
      if (n.items !== undefined) setOwn<unknown>(out, "additionalItems", n.items);
      else delete out.additionalItems;
    }
    // A schema that says nothing about the value's shape (`{description}`, `{format}`, `{minLength}`
    // as written) accepts every JSON value, and the validator lets every one through; the library
    // would render it as an object map `{ [k: string]: unknown }` all the same. `tsType` is the
    // library's own extension, set here to our constant, never taken from a document.
    if (Object.keys(out).length > 0 && Object.keys(out).every((k) => SHAPELESS.has(k)))
      setOwn<unknown>(out, "tsType", "unknown");
    return out;
  }) as Schema;
}

/**
 * Indents json-schema-to-typescript's unformatted output two spaces per open brace or bracket:
 * a line ending in `{` or `[` opens a level, one starting with `}` or `]` closes it. Doc comment
 * lines (which may end in any character) move with their level and never change it; blank lines go.
 */
export function indent(ts: string): string {
  const out: string[] = [];
  let depth = 0;
  let inComment = false;
  for (const raw of ts.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    if (inComment || line.startsWith("/*")) {
      inComment = !line.endsWith("*/");
      out.push("  ".repeat(depth) + (line.startsWith("*") ? ` ${line}` : line));
      continue;
    }
    if (/^[}\]]/.test(line)) depth = Math.max(0, depth - 1);
    out.push("  ".repeat(depth) + line);
    if (/[{[]$/.test(line)) depth++;
  }
  return out.join("\n") + "\n";
}
