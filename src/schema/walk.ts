/**
 * The one table of where JSON Schema 2020-12 (and OpenAPI's dialects of it) keep subschemas, and a
 * traversal over it. Review, lint and the bundler walk schemas through here instead of each
 * keeping its own keyword list, so a keyword added here is seen everywhere.
 */
import { escapeToken } from "../json/index.js";

export type Schema = Record<string, unknown>;

/** Keywords whose value is a map of names to schemas. */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);
/** Keywords whose value is one schema. */
export const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  "items",
  "additionalProperties",
  "propertyNames",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
  "additionalItems",
  "contentSchema",
]);
/** Keywords whose value is an array of schemas. */
export const SCHEMA_ARRAY_KEYWORDS: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
/** The keywords that hold a schema document's named definitions (`$defs`, and draft-07's `definitions`). */
export const DEFINITION_KEYWORDS: readonly string[] = ["$defs", "definitions"];
/** Members of a schema document's root that belong to the document, not to the root schema's constraints. */
export const DOCUMENT_ROOT_KEYWORDS: ReadonlySet<string> = new Set([...DEFINITION_KEYWORDS, "$schema", "$id"]);
/**
 * Keywords that assert nothing about an instance (2020-12's annotations and OpenAPI's `example`,
 * `externalDocs`, `xml`): generated types and validators are the same without them. `x-` extensions
 * are annotations too (`isAnnotation`).
 */
export const ANNOTATIONS: ReadonlySet<string> = new Set([
  "title",
  "description",
  "$comment",
  "examples",
  "example",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "externalDocs",
  "xml",
]);

export function isAnnotation(keyword: string): boolean {
  return ANNOTATIONS.has(keyword) || keyword.startsWith("x-");
}

/** Keywords whose values are JSON data, not schemas: never walk into them looking for `$ref`. */
export const DATA_KEYWORDS: ReadonlySet<string> = new Set([
  "enum",
  "const",
  "examples",
  "example",
  "default",
  "x-extensible-enum",
]);

/** What a subschema keyword holds: a map of names to schemas, a list of schemas, or one schema; undefined for every other keyword. */
export function keywordShape(keyword: string): "map" | "array" | "schema" | undefined {
  if (SCHEMA_MAP_KEYWORDS.has(keyword)) return "map";
  if (SCHEMA_ARRAY_KEYWORDS.has(keyword)) return "array";
  return SCHEMA_KEYWORDS.has(keyword) ? "schema" : undefined;
}

function isObject(v: unknown): v is Schema {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export interface SubschemaSite {
  /** The keyword holding the subschema (`properties`, `items`, ...). */
  keyword: string;
  /** Member name (map keywords) or index (array keywords); undefined for single-schema keywords. */
  key?: string | number;
  /** Pointer of the subschema relative to its parent. */
  pointer: string;
  node: unknown;
}

/** The direct subschemas of a schema object, in document order. */
export function subschemas(node: Schema): SubschemaSite[] {
  const out: SubschemaSite[] = [];
  for (const [k, v] of Object.entries(node)) {
    if (DATA_KEYWORDS.has(k)) continue;
    const here = `/${escapeToken(k)}`;
    if (SCHEMA_MAP_KEYWORDS.has(k) && isObject(v))
      for (const [n, s] of Object.entries(v))
        out.push({ keyword: k, key: n, pointer: `${here}/${escapeToken(n)}`, node: s });
    else if (SCHEMA_ARRAY_KEYWORDS.has(k) && Array.isArray(v))
      v.forEach((s, i) => out.push({ keyword: k, key: i, pointer: `${here}/${i}`, node: s }));
    else if (SCHEMA_KEYWORDS.has(k) && k !== "items") out.push({ keyword: k, pointer: here, node: v });
    // `items` is one schema in 2020-12; an array (draft 2019 and older, OpenAPI 3.0 mistakes) is a list.
    else if (k === "items") {
      if (Array.isArray(v)) v.forEach((s, i) => out.push({ keyword: k, key: i, pointer: `${here}/${i}`, node: s }));
      else out.push({ keyword: k, pointer: here, node: v });
    }
  }
  return out;
}

/** Whether a schema object has a schema object among its direct subschemas (of the keywords `follow` admits). */
export function hasSubschemas(node: Schema, follow?: (keyword: string) => boolean): boolean {
  return subschemas(node).some((s) => isObject(s.node) && (!follow || follow(s.keyword)));
}

/**
 * A shallow copy of a schema object with each direct subschema (of the keywords `follow` admits)
 * replaced by `map(subschema, site)`; every other member is kept as it is, in place and order.
 */
export function mapSubschemas(
  node: Schema,
  map: (sub: unknown, site: SubschemaSite) => unknown,
  follow?: (keyword: string) => boolean,
): Schema {
  const sites = new Map<string, SubschemaSite[]>();
  for (const s of subschemas(node)) {
    if (follow && !follow(s.keyword)) continue;
    const list = sites.get(s.keyword);
    if (list) list.push(s);
    else sites.set(s.keyword, [s]);
  }
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) {
    const here = sites.get(k);
    if (!here) define(out, k, v);
    else if (here[0]!.key === undefined) define(out, k, map(here[0]!.node, here[0]!));
    else if (Array.isArray(v))
      define(
        out,
        k,
        here.map((s) => map(s.node, s)),
      );
    else {
      const m: Schema = {};
      for (const s of here) define(m, s.key as string, map(s.node, s));
      define(out, k, m);
    }
  }
  return out;
}

/**
 * Visits every schema object under `root` (pre-order), with its pointer; `false` from `visit` skips its
 * children; `follow` (default: every keyword) says which subschema keywords to walk into.
 */
export function walkSchema(
  root: unknown,
  visit: (node: Schema, pointer: string) => boolean | void,
  pointer = "",
  follow?: (keyword: string) => boolean,
): void {
  const seen = new Set<object>();
  const go = (node: unknown, at: string, depth: number): void => {
    if (!isObject(node) || seen.has(node) || depth > 512) return;
    seen.add(node);
    if (visit(node, at) === false) return;
    for (const s of subschemas(node)) if (!follow || follow(s.keyword)) go(s.node, at + s.pointer, depth + 1);
  };
  go(root, pointer, 0);
}

/**
 * Deep copy of a schema where every schema object passes through `map` (children first mapped, then
 * the node itself). Data keywords are copied as data; keys named `__proto__` stay own members.
 */
export function mapSchema(root: unknown, map: (node: Schema, pointer: string) => unknown, pointer = ""): unknown {
  const go = (node: unknown, at: string, depth: number): unknown => {
    if (!isObject(node) || depth > 512) return node;
    const out: Schema = {};
    for (const [k, v] of Object.entries(node)) {
      // The pointer is built only where the walk goes down (a 4 MB description has millions of members).
      const here = () => `${at}/${escapeToken(k)}`;
      let value: unknown;
      if (DATA_KEYWORDS.has(k)) value = copyData(v);
      else if (SCHEMA_MAP_KEYWORDS.has(k) && isObject(v)) {
        const m: Schema = {};
        const base = here();
        for (const [n, s] of Object.entries(v)) define(m, n, go(s, `${base}/${escapeToken(n)}`, depth + 1));
        value = m;
      } else if ((SCHEMA_ARRAY_KEYWORDS.has(k) || k === "items") && Array.isArray(v)) {
        const base = here();
        value = v.map((s, i) => go(s, `${base}/${i}`, depth + 1));
      } else if (SCHEMA_KEYWORDS.has(k)) value = go(v, here(), depth + 1);
      else value = copyData(v);
      define(out, k, value);
    }
    return map(out, at);
  };
  return go(root, pointer, 0);
}

/** A copy of a JSON value; a string, number, boolean or null is its own copy (no trip through the structured-clone serializer). */
function copyData(v: unknown): unknown {
  return typeof v === "object" && v !== null ? structuredClone(v) : v;
}

function define(obj: Schema, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Members whose keys are names, not keywords, anywhere in a contract document: schema maps, and the
 * name maps of OpenAPI and OpenRPC (`paths`, `components.*`, `content`, `responses`, ...). Under
 * these a key like `enum`, `default` or `$ref` is a name (a property, a response status, a schema).
 */
export const NAME_MAPS: ReadonlySet<string> = new Set([
  ...SCHEMA_MAP_KEYWORDS,
  "paths",
  "webhooks",
  "schemas",
  "responses",
  "parameters",
  "requestBodies",
  "headers",
  "securitySchemes",
  "links",
  "callbacks",
  "pathItems",
  "mediaTypes",
  "content",
  "encoding",
  "variables",
  "mapping",
  "scopes",
  "contentDescriptors",
  "errors",
  "examplePairings",
  "examplePairingObjects",
  "examples",
]);

export interface DocumentSite {
  node: Schema;
  pointer: string;
  /** The member name this object sits under (undefined for the root and list items). */
  key?: string;
  /** Whether that member's parent is a name map (so `key` is a name, not a keyword). */
  named: boolean;
  /** Whether this object is (inside) a JSON Schema: the root of a JSON Schema document, an OpenAPI/OpenRPC `schema`, a `components.schemas` member. */
  inSchema: boolean;
}

/** What a document is: a JSON Schema (or a schema fragment of a split document), or an OpenAPI or OpenRPC description. */
export type DocumentKind = "json-schema" | "openapi" | "openrpc";

/** The kind a document declares (`openapi: "3.x"`, `openrpc: "1.x"`); anything else is read as JSON Schema. */
export function documentKind(doc: unknown): DocumentKind {
  if (!isObject(doc)) return "json-schema";
  if (typeof doc.openapi === "string") return "openapi";
  if (typeof doc.openrpc === "string") return "openrpc";
  return "json-schema";
}

/** Members of OpenAPI/OpenRPC objects (not name-map members) whose value is a Schema Object. */
export const SCHEMA_MEMBERS: ReadonlySet<string> = new Set(["schema", "itemSchema", "x-item-schema"]);
/** Members of OpenAPI/OpenRPC Example Objects (outside schemas) that hold the example itself: data. */
const EXAMPLE_VALUES: ReadonlySet<string> = new Set(["value", "dataValue", "serializedValue"]);

/**
 * Visits every object of a whole contract document (pre-order, document order): its schemas and the
 * OpenAPI/OpenRPC objects around them alike, since `$ref` sits on both. Data is not visited: the
 * values of `enum`, `const`, `default`, `example`, `x-extensible-enum`, a JSON Schema's `examples`
 * list, and an Example Object's `value`, except where such a key is a name (a property called
 * `default`, the `default` response).
 *
 * `examples` depends on where it sits, hence `kind`: inside a schema it is JSON Schema's list of
 * instances (data, even when one looks like `{"$ref": ...}`); outside schemas it is OpenAPI's map of
 * Example Objects or OpenRPC's list of example pairings, both of which may be Reference Objects. A
 * JSON Schema document is a schema from its root; in OpenAPI/OpenRPC a schema starts at a `schema` /
 * `itemSchema` member and at each `components.schemas` member. An object-valued `examples` is never
 * JSON Schema's (that is a list), so it is walked as a map of Example Objects wherever it sits (a
 * split file of an OpenAPI document reads as JSON Schema). `false` from `visit` skips the object's members.
 */
export function walkDocument(
  doc: unknown,
  visit: (site: DocumentSite) => boolean | void,
  kind: DocumentKind = documentKind(doc),
): void {
  const seen = new Set<object>();
  const go = (
    node: unknown,
    at: string,
    key: string | undefined,
    named: boolean,
    parentKey: string | undefined,
    inSchema: boolean,
    depth: number,
  ): void => {
    if (typeof node !== "object" || node === null || seen.has(node) || depth > 1024) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((v, i) => go(v, `${at}/${i}`, undefined, false, key, inSchema, depth + 1));
      return;
    }
    const rec = node as Schema;
    if (visit({ node: rec, pointer: at, key, named, inSchema }) === false) return;
    // This object's members are names when it is the value of a name-map keyword.
    const membersNamed =
      key !== undefined && !named && NAME_MAPS.has(key) && !(key === "examples" && Array.isArray(node));
    // An OpenAPI/OpenRPC Example Object (a member of an `examples` map): its `value` is data.
    const isExample = named && parentKey === "examples";
    for (const [k, v] of Object.entries(rec)) {
      if (!membersNamed && isData(k, v, inSchema, isExample)) continue;
      const schemaBelow = inSchema || (membersNamed ? key === "schemas" : SCHEMA_MEMBERS.has(k));
      go(v, `${at}/${escapeToken(k)}`, k, membersNamed, key, schemaBelow, depth + 1);
    }
  };
  go(doc, "", undefined, false, undefined, kind === "json-schema", 0);
}

/** Whether keyword `k` (not a name) holds data at this place of a document. */
function isData(k: string, v: unknown, inSchema: boolean, isExample: boolean): boolean {
  if (k === "examples") return inSchema && Array.isArray(v);
  if (DATA_KEYWORDS.has(k)) return true;
  // OpenAPI Example Objects (map members) and OpenRPC ones (a pairing's params and result): their value is data.
  return (isExample || !inSchema) && EXAMPLE_VALUES.has(k);
}
