/**
 * Reads the schema dialect a document declares into the 2020-12 vocabulary the review reasons in and
 * codegen compiles, and repairs the small defects real documents have so that one bad member does not
 * stop a diff. Below both review and codegen (src/schema), so types, validators and the review read a
 * document the same way.
 *
 * - OpenAPI 3.0 (its own JSON Schema subset): `nullable: true` adds `null` to `type` (and to `enum`);
 *   boolean `exclusiveMinimum`/`exclusiveMaximum` become the numeric 2020-12 form.
 * - Defects in any dialect (`type: int`, an empty `oneOf`, a non-numeric bound, a pattern that does
 *   not compile...) are reported as (file, pointer, rule) and the broken keyword is dropped, so the
 *   rest of the schema is still compared. A pattern that only compiles without the `u` flag (which
 *   src/schema/pattern.ts's rule, and so validate and gen, refuse) is kept for the review, which then
 *   runs that document's patterns without unicode regular expressions (decision 163).
 */
import { formatNames } from "ajv-formats/dist/formats.js";
import type { SchemaBundle } from "./bundle.js";
import { setOwn } from "../json/index.js";
import { mapSchema, SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS, type Schema } from "./walk.js";
import { patternProblem } from "./pattern.js";

/** The seven JSON Schema type names. */
export const JSON_TYPES = ["null", "boolean", "integer", "number", "string", "array", "object"] as const;
export type JsonType = (typeof JSON_TYPES)[number];

export type Dialect = "json-schema" | "oas3.0" | "oas3.1" | "oas3.2";

export interface Defect {
  file: string;
  pointer: string;
  rule:
    | "invalid-type"
    | "empty-combinator"
    | "invalid-enum"
    | "invalid-keyword-value"
    | "invalid-pattern"
    | "non-unicode-pattern"
    | "items-array"
    | "boolean-exclusive-bound"
    | "unknown-format";
  message: string;
  /** Not a defect: the document is valid as written (`--strict` does not refuse it), the review only says what it cannot check. */
  notice?: true;
}

/** The formats the review's validators check (ajv-formats' full set, OpenAPI's int32/int64/float/double/byte/binary/password included). */
const KNOWN_FORMATS: ReadonlySet<string> = new Set(formatNames);

export class DialectError extends Error {
  override readonly name = "DialectError";
}

/** The dialect of a document, or a DialectError naming a version the review does not read. */
export function documentDialect(root: unknown): Dialect {
  if (typeof root !== "object" || root === null || Array.isArray(root)) return "json-schema";
  const r = root as Schema;
  if (r.swagger !== undefined)
    throw new DialectError(
      `Swagger ${String(r.swagger)} documents are not supported (OpenAPI 3.0, 3.1 and 3.2 are): convert it first, e.g. with swagger2openapi`,
    );
  if (r.openapi === undefined) return "json-schema";
  const v = String(r.openapi);
  const m = /^3\.([0-2])(?:\.\d+)?(?:-[0-9A-Za-z.-]+)?$/.exec(v);
  if (!m) throw new DialectError(`OpenAPI ${v} is not supported (OpenAPI 3.0, 3.1 and 3.2 are)`);
  return (["oas3.0", "oas3.1", "oas3.2"] as const)[Number(m[1])]!;
}

export interface NormalizeState {
  dialect: Dialect;
  defects: Defect[];
  /** Set when a pattern needs non-unicode regular expressions. */
  nonUnicodePatterns: boolean;
  /**
   * OpenAPI 3.0.0-3.0.2: `nullable: true` "allows sending a null value for the defined schema",
   * whatever else the schema says; 3.0.3 narrowed it to schemas with a `type`. Each document is read
   * by the text of the version it declares (Stripe, 3.0.0, has 345 `anyOf` + `nullable` members).
   */
  nullableWithoutType?: boolean;
}

/** The reading state for a contract's schemas: its dialect and, for OpenAPI 3.0, which `nullable` text applies. */
export function normalizeState(kind: string, root: unknown): NormalizeState {
  const dialect = contractDialect(kind, root);
  const version = typeof root === "object" && root !== null ? (root as Schema).openapi : undefined;
  return {
    dialect,
    defects: [],
    nonUnicodePatterns: false,
    nullableWithoutType: dialect === "oas3.0" && /^3\.0\.[0-2]$/.test(String(version)),
  };
}

const NUMERIC = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "minContains",
  "maxContains",
];
const STRING_VALUED = [
  "format",
  "$ref",
  "title",
  "description",
  "$comment",
  "$id",
  "$anchor",
  "contentMediaType",
  "contentEncoding",
];

function isSchemaValue(v: unknown): boolean {
  return typeof v === "boolean" || (typeof v === "object" && v !== null && !Array.isArray(v));
}

/** A normalised copy of one schema; `file`/`pointer` say where it is, for defects. */
export function normalizeSchema(node: unknown, file: string, pointer: string, state: NormalizeState): unknown {
  return mapSchema(
    node,
    (s, at) => {
      const defect = (rule: Defect["rule"], message: string) =>
        state.defects.push({ file, pointer: at, rule, message });
      if (state.dialect === "oas3.0") fromOas30(s, state.nullableWithoutType === true);
      else {
        for (const k of ["exclusiveMinimum", "exclusiveMaximum"]) {
          if (typeof s[k] !== "boolean") continue;
          defect("boolean-exclusive-bound", `boolean ${k} is OpenAPI 3.0 syntax; read as 3.0 does`);
          booleanBound(s, k);
        }
      }
      if (s.type !== undefined) {
        const list = Array.isArray(s.type) ? s.type : [s.type];
        const ok = list.filter(
          (t): t is string => typeof t === "string" && (JSON_TYPES as readonly string[]).includes(t),
        );
        if (ok.length !== list.length) {
          defect(
            "invalid-type",
            `type ${JSON.stringify(s.type)} names no JSON type${ok.length ? `; kept ${JSON.stringify(ok)}` : "; the member is compared as untyped"}`,
          );
          if (ok.length === 0) delete s.type;
          else s.type = ok.length === 1 ? ok[0] : [...new Set(ok)];
        }
      }
      // The subschema keyword tables are src/schema/walk.ts's: a keyword added there is checked here too.
      for (const k of SCHEMA_ARRAY_KEYWORDS) {
        if (s[k] === undefined) continue;
        if (!Array.isArray(s[k]) || (s[k] as unknown[]).length === 0 || !(s[k] as unknown[]).every(isSchemaValue)) {
          defect(
            k === "prefixItems" ? "invalid-keyword-value" : "empty-combinator",
            `${k} must be a non-empty array of schemas; ignored`,
          );
          delete s[k];
        }
      }
      if (s.enum !== undefined && (!Array.isArray(s.enum) || s.enum.length === 0)) {
        defect("invalid-enum", "enum must be a non-empty array; ignored");
        delete s.enum;
      }
      if (s.required !== undefined && (!Array.isArray(s.required) || !s.required.every((r) => typeof r === "string"))) {
        defect("invalid-keyword-value", "required must be an array of strings; non-strings ignored");
        if (Array.isArray(s.required))
          s.required = [...new Set(s.required.filter((r): r is string => typeof r === "string"))];
        else delete s.required;
      } else if (Array.isArray(s.required) && new Set(s.required).size !== s.required.length)
        s.required = [...new Set(s.required)];
      for (const k of NUMERIC) {
        if (s[k] === undefined) continue;
        const v = s[k];
        const bad =
          typeof v !== "number" ||
          !Number.isFinite(v) ||
          (k === "multipleOf" && v <= 0) ||
          (/^(min|max)[A-Z]/.test(k) && !["minimum", "maximum"].includes(k) && (v < 0 || !Number.isInteger(v)));
        if (bad) {
          defect("invalid-keyword-value", `${k} ${JSON.stringify(v)} is not a valid value; ignored`);
          delete s[k];
        }
      }
      for (const k of STRING_VALUED) {
        if (s[k] !== undefined && typeof s[k] !== "string") {
          defect("invalid-keyword-value", `${k} must be a string; ignored`);
          delete s[k];
        }
      }
      // An unknown format is an annotation (2020-12): valid, but nothing checks it. Said once per name and document.
      if (typeof s.format === "string" && !KNOWN_FORMATS.has(s.format)) {
        const message = `format "${s.format}" is not one the review checks; values are compared as unformatted strings`;
        if (!state.defects.some((d) => d.rule === "unknown-format" && d.file === file && d.message === message))
          state.defects.push({ file, pointer: at, rule: "unknown-format", message, notice: true });
      }
      if (Array.isArray(s.items)) {
        defect("items-array", "an array-valued items is the pre-2020 tuple form; read as prefixItems");
        if (s.prefixItems === undefined) s.prefixItems = s.items;
        delete s.items;
        // draft-07's additionalItems (what follows the tuple) is 2020-12's items.
        if (s.additionalItems !== undefined) {
          s.items = s.additionalItems;
          delete s.additionalItems;
        }
      }
      for (const k of SCHEMA_KEYWORDS) {
        if (s[k] !== undefined && !isSchemaValue(s[k])) {
          defect("invalid-keyword-value", `${k} must be a schema; ignored`);
          delete s[k];
        }
      }
      for (const k of SCHEMA_MAP_KEYWORDS) {
        if (s[k] !== undefined && (!isSchemaValue(s[k]) || typeof s[k] === "boolean")) {
          defect("invalid-keyword-value", `${k} must be an object; ignored`);
          delete s[k];
        }
      }
      if (s.pattern !== undefined) {
        const p = s.pattern;
        if (typeof p !== "string") {
          defect("invalid-pattern", "pattern must be a string; ignored");
          delete s.pattern;
        } else if (patternProblem(p) !== undefined) {
          if (compiles(p, "")) {
            defect(
              "non-unicode-pattern",
              `pattern ${JSON.stringify(p)} is not valid with the unicode flag; compiled without it`,
            );
            state.nonUnicodePatterns = true;
          } else {
            defect("invalid-pattern", `pattern ${JSON.stringify(p)} does not compile; ignored`);
            delete s.pattern;
          }
        }
      }
      if (s.patternProperties && typeof s.patternProperties === "object") {
        for (const p of Object.keys(s.patternProperties as Schema)) {
          if (patternProblem(p) === undefined) continue;
          if (compiles(p, "")) {
            defect(
              "non-unicode-pattern",
              `patternProperties key ${JSON.stringify(p)} is not valid with the unicode flag; compiled without it`,
            );
            state.nonUnicodePatterns = true;
          } else {
            defect("invalid-pattern", `patternProperties key ${JSON.stringify(p)} does not compile; ignored`);
            delete (s.patternProperties as Schema)[p];
          }
        }
      }
      return s;
    },
    pointer,
  );
}

function compiles(p: string, flags: string): boolean {
  try {
    new RegExp(p, flags);
    return true;
  } catch {
    return false;
  }
}

/** OpenAPI 3.0's schema object read as 2020-12. */
function fromOas30(s: Schema, nullableWithoutType: boolean): void {
  booleanBound(s, "exclusiveMinimum");
  booleanBound(s, "exclusiveMaximum");
  if (s.nullable === true && s.type === undefined && nullableWithoutType && typeof s.$ref !== "string") {
    // 3.0.0-3.0.2: null is one more value the schema allows (a `$ref` ignores its siblings in 3.0).
    const rest: Schema = {};
    for (const [k, v] of Object.entries(s)) if (k !== "nullable") setOwn(rest, k, v);
    for (const k of Object.keys(s)) delete s[k];
    s.anyOf = [{ type: "null" }, rest];
    return;
  }
  if (s.nullable === true) {
    // 3.0.3: nullable only has an effect together with `type`; an enum must then admit null too.
    if (typeof s.type === "string") s.type = [s.type, "null"];
    else if (Array.isArray(s.type) && !s.type.includes("null")) s.type = [...s.type, "null"];
    if (s.type !== undefined && Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...s.enum, null];
  }
  delete s.nullable;
}

/** `exclusiveMinimum: true` + `minimum: m` -> `exclusiveMinimum: m`; `false` means nothing. */
function booleanBound(s: Schema, k: string): void {
  if (typeof s[k] !== "boolean") return;
  const base = k === "exclusiveMinimum" ? "minimum" : "maximum";
  if (s[k] === true && typeof s[base] === "number") {
    s[k] = s[base];
    delete s[base];
  } else delete s[k];
}

/** The dialect of a contract's schemas: OpenAPI's by its `openapi` version, JSON Schema (2020-12 or draft-07) otherwise. */
export function contractDialect(kind: string, root: unknown): Dialect {
  return kind === "openapi" ? documentDialect(root) : "json-schema";
}

/** Every definition of a bundle read into 2020-12 (normalizeSchema), with where each came from for defects. */
export function normalizeBundle(
  bundle: SchemaBundle,
  state: NormalizeState,
): { bundle: SchemaBundle; state: NormalizeState } {
  const defs: SchemaBundle["defs"] = {};
  for (const [name, def] of Object.entries(bundle.defs)) {
    const origin = bundle.origins[name] ?? "";
    const hash = origin.indexOf("#");
    setOwn(defs, name, normalizeSchema(def, origin.slice(0, hash), origin.slice(hash + 1), state) as Schema);
  }
  return { bundle: { ...bundle, defs }, state };
}
