/**
 * fast-check arbitraries derived from the JSON Schemas of an OpenRPC document (the subset OpenRPC
 * params use: type, enum, const, string length and pattern, integer bounds, arrays, objects with
 * required members, oneOf/anyOf, local $refs). Values are kept small: the point is to exercise a
 * server with every shape its contract allows, not to stress it. Its date-time and `$ref` following
 * are src/schema's (decision 323).
 */
import fc from "fast-check";
import { FORMATS } from "../../src/schema/arbitrary.js";
import { compilePattern } from "../../src/schema/pattern.js";
import { derefLocal } from "../../src/schema/refs.js";

export type Schema = Record<string, unknown> | boolean;

export interface OpenRpcParam {
  name: string;
  required?: boolean;
  schema: Schema;
}
export interface OpenRpcMethod {
  name: string;
  paramStructure?: "by-name" | "by-position" | "either";
  params: OpenRpcParam[];
  result?: { name: string; schema: Schema };
  errors?: { code: number; message: string }[];
}
export interface OpenRpcDocument {
  /** `x-envelope`: members every request and response carries beside jsonrpc and id (Wit: witVersion). */
  info?: { title?: string; version?: string; "x-envelope"?: Record<string, unknown> };
  methods: OpenRpcMethod[];
  components?: { schemas?: Record<string, Schema>; errors?: Record<string, { code: number; message: string }> };
}

const MAX_STRING = 16;
const MAX_ITEMS = 3;

/** Follows `#/...` refs inside the document (src/schema/refs.ts's derefLocal). */
export function deref(schema: Schema, doc: OpenRpcDocument): Schema {
  return derefLocal(schema, doc) as Schema;
}

/** The largest size to generate: small (the bound when the schema has none or a large one), never below the minimum. */
const small = (min: number, max: number | undefined, cap: number) => Math.max(min, Math.min(max ?? Infinity, cap));

function stringArbitrary(s: Record<string, unknown>): fc.Arbitrary<string> {
  const minLength = typeof s.minLength === "number" ? s.minLength : 0;
  const maxLength = small(minLength, typeof s.maxLength === "number" ? s.maxLength : undefined, MAX_STRING);
  if (typeof s.pattern === "string") {
    const hardMax = typeof s.maxLength === "number" ? s.maxLength : Infinity;
    // fast-check builds strings from the pattern's syntax tree; it never runs the pattern.
    return fc
      .stringMatching(new RegExp(s.pattern, "u"))
      .filter(
        (v) => [...v].length >= minLength && [...v].length <= Math.min(hardMax, Math.max(maxLength, minLength + 32)),
      );
  }
  if (s.format === "date-time") return FORMATS["date-time"]!() as fc.Arbitrary<string>;
  return fc.string({ minLength, maxLength, unit: "grapheme" });
}

export function arbitraryFor(schema: Schema, doc: OpenRpcDocument, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(schema, doc);
  if (typeof s === "object" && s.not !== undefined) {
    // Generate from the rest and drop what `not` forbids, where its subset can be evaluated here.
    const { not, ...rest } = s;
    return arbitraryFor(rest, doc, depth).filter((v) => matches(not as Schema, v, doc) !== true);
  }
  if (s === true) return fc.jsonValue({ maxDepth: 2 });
  if (s === false) throw new Error("schema `false` admits nothing");
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (Array.isArray(alternatives)) return fc.oneof(...alternatives.map((a) => arbitraryFor(a, doc, depth + 1)));
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => arbitraryFor({ ...s, type: t }, doc, depth)));
  switch (types[0]) {
    case "string":
      return stringArbitrary(s);
    case "integer":
      return fc.integer({
        min: typeof s.minimum === "number" ? s.minimum : -1_000_000,
        max: typeof s.maximum === "number" ? s.maximum : 1_000_000_000,
      });
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const items =
        s.items !== undefined ? arbitraryFor(s.items as Schema, doc, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      const minLength = typeof s.minItems === "number" ? s.minItems : 0;
      const maxLength = small(minLength, typeof s.maxItems === "number" ? s.maxItems : undefined, MAX_ITEMS);
      return fc.array(items, { minLength, maxLength });
    }
    case "object":
    case undefined: {
      if (types[0] === undefined && s.properties === undefined) return fc.jsonValue({ maxDepth: 2 });
      return objectArbitrary(
        (s.properties ?? {}) as Record<string, Schema>,
        (s.required ?? []) as string[],
        doc,
        depth,
      );
    }
    default:
      throw new Error(`unsupported schema type ${String(types[0])}`);
  }
}

function objectArbitrary(
  properties: Record<string, Schema>,
  required: readonly string[],
  doc: OpenRpcDocument,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(properties)) model[k] = arbitraryFor(v, doc, depth + 1);
  return fc.record(model, { requiredKeys: required.filter((k) => k in model) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** Params of `method` as the document allows them (by-name: an object; by-position: an array). */
export function paramsArbitrary(method: OpenRpcMethod, doc: OpenRpcDocument): fc.Arbitrary<unknown> {
  const props = Object.fromEntries(method.params.map((p) => [p.name, p.schema]));
  const required = method.params.filter((p) => p.required).map((p) => p.name);
  if (method.paramStructure === "by-position") {
    return fc.tuple(...method.params.map((p) => arbitraryFor(p.schema, doc)));
  }
  return objectArbitrary(props, required, doc, 0);
}

const SAMPLES: readonly unknown[] = [null, true, 0, 1.5, "x", [], {}];

/** JSON values of a type the schema does not allow (when the schema names its types). */
export function wrongTypeValues(schema: Schema, doc: OpenRpcDocument): unknown[] {
  const s = deref(schema, doc);
  if (typeof s !== "object" || s.type === undefined) return [];
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  const typeOf = (v: unknown): string[] =>
    v === null
      ? ["null"]
      : Array.isArray(v)
        ? ["array"]
        : typeof v === "number"
          ? Number.isInteger(v)
            ? ["integer", "number"]
            : ["number"]
          : [typeof v];
  return SAMPLES.filter((v) => !typeOf(v).some((t) => types.includes(t)));
}

/**
 * Whether `value` is valid under `schema`, for the keywords `not` typically carries (pattern,
 * const, enum, type, anyOf/oneOf/allOf, not); `undefined` when a keyword outside that subset decides.
 * Used only to steer generation: callers that need certainty validate with the contract's validator.
 */
export function matches(schema: Schema, value: unknown, doc: OpenRpcDocument): boolean | undefined {
  const s = deref(schema, doc);
  if (s === true) return true;
  if (s === false) return false;
  let unknown = false;
  const all = (r: boolean | undefined) => (r === undefined ? ((unknown = true), true) : r);
  for (const [k, v] of Object.entries(s)) {
    switch (k) {
      case "description":
      case "title":
      case "$comment":
        break;
      case "pattern": {
        if (typeof value !== "string") break;
        // Run by the linear matcher (decision 252); a pattern it cannot run leaves the answer open.
        const re = compilePattern(v as string);
        if (re.kind !== "linear") all(undefined);
        else if (!re.test(value)) return false;
        break;
      }
      case "const":
        if (JSON.stringify(value) !== JSON.stringify(v)) return false;
        break;
      case "enum":
        if (!(v as unknown[]).some((e) => JSON.stringify(e) === JSON.stringify(value))) return false;
        break;
      case "anyOf":
      case "oneOf": {
        const rs = (v as Schema[]).map((x) => matches(x, value, doc));
        const hits = rs.filter((r) => r === true).length;
        if (k === "anyOf" && hits > 0) break;
        if (rs.includes(undefined)) unknown = true;
        else if (k === "anyOf" || hits !== 1) return false;
        break;
      }
      case "allOf":
        for (const x of v as Schema[]) if (!all(matches(x, value, doc))) return false;
        break;
      case "not": {
        const r = matches(v as Schema, value, doc);
        if (r === true) return false;
        if (r === undefined) unknown = true;
        break;
      }
      default:
        unknown = true;
    }
  }
  return unknown ? undefined : true;
}
