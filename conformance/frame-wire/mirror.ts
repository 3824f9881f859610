/**
 * The frame-wire OpenAPI mirror rule, as the contract states it: components/schemas holds every
 * $defs entry of frame_wire.json plus ForgeBlock (forge_block.json's root), identical but for
 * exactly two translation conventions and the mechanical reference rewrite:
 *   - a schema `const: x` may appear as a one-member `enum: [x]`;
 *   - the external `./forge_block.json` reference appears as `#/components/schemas/ForgeBlock`;
 *   - `#/$defs/X` appears as `#/components/schemas/X`.
 * Every other difference is reported. (The suite-wide mirror check lives with the foundation;
 * this is the frame-wire contract's own statement of the rule, used by its tests.)
 */
import { formatPointer } from "../../src/json/index.js";

type Node = unknown;

const DOCUMENT_KEYWORDS = new Set(["$schema", "$id", "$defs", "x-version"]);

function refMatches(schemaRef: unknown, openapiRef: unknown, forgeBlockSide: boolean): boolean {
  if (typeof schemaRef !== "string" || typeof openapiRef !== "string") return false;
  if (schemaRef === "./forge_block.json") return openapiRef === "#/components/schemas/ForgeBlock";
  // Inside forge_block.json, "#/$defs/JsonValue" is its own copy of JsonValue, which the mirror
  // shares with frame_wire.json's (the test checks the two are identical).
  const m = /^#\/\$defs\/(.+)$/.exec(schemaRef);
  if (m) return openapiRef === `#/components/schemas/${m[1]}`;
  return !forgeBlockSide && schemaRef === openapiRef;
}

function compare(schema: Node, openapi: Node, path: string[], out: string[], forgeBlockSide: boolean): void {
  const where = formatPointer(path) || "/";
  if (Array.isArray(schema) || Array.isArray(openapi)) {
    if (!Array.isArray(schema) || !Array.isArray(openapi) || schema.length !== openapi.length) {
      out.push(`${where}: ${JSON.stringify(schema)} is mirrored as ${JSON.stringify(openapi)}`);
      return;
    }
    schema.forEach((s, i) => compare(s, openapi[i], [...path, String(i)], out, forgeBlockSide));
    return;
  }
  if (schema === null || typeof schema !== "object" || openapi === null || typeof openapi !== "object") {
    if (!Object.is(schema, openapi)) out.push(`${where}: ${JSON.stringify(schema)} is mirrored as ${JSON.stringify(openapi)}`);
    return;
  }
  const s = schema as Record<string, Node>;
  const o = { ...(openapi as Record<string, Node>) };
  for (const key of Object.keys(s)) {
    if (key === "$ref") {
      if (!refMatches(s.$ref, o.$ref, forgeBlockSide)) out.push(`${formatPointer([...path, "$ref"])}: ${JSON.stringify(s.$ref)} is mirrored as ${JSON.stringify(o.$ref)}`);
      delete o.$ref;
      continue;
    }
    if (key === "const" && !("const" in o) && Array.isArray(o.enum) && o.enum.length === 1) {
      compare(s.const, o.enum[0], [...path, "const"], out, forgeBlockSide);
      delete o.enum;
      continue;
    }
    if (!(key in o)) {
      out.push(`${formatPointer([...path, key])}: missing from the mirror`);
      continue;
    }
    compare(s[key], o[key], [...path, key], out, forgeBlockSide);
    delete o[key];
  }
  for (const key of Object.keys(o)) out.push(`${formatPointer([...path, key])}: only in the mirror`);
}

/** Every difference between the schema documents and the OpenAPI components/schemas. */
export function frameWireMirrorDiff(frameWire: Record<string, any>, forgeBlock: Record<string, any>, openapi: Record<string, any>): string[] {
  const out: string[] = [];
  const components = (openapi?.components?.schemas ?? {}) as Record<string, Node>;
  const expected: [string, Node, boolean][] = Object.entries(frameWire.$defs ?? {}).map(([k, v]) => [k, v, false]);
  const root = Object.fromEntries(Object.entries(forgeBlock).filter(([k]) => !DOCUMENT_KEYWORDS.has(k)));
  expected.push(["ForgeBlock", root, true]);
  for (const [name, def, forgeSide] of expected) {
    if (!(name in components)) out.push(`/components/schemas/${name}: missing`);
    else compare(def, components[name], ["components", "schemas", name], out, forgeSide);
  }
  for (const name of Object.keys(components)) if (!expected.some(([n]) => n === name)) out.push(`/components/schemas/${name}: has no counterpart in frame_wire.json`);
  return out;
}
