/**
 * Checks that a value pushed into the fold is JSON and, unless the fold owns its input, copies it,
 * so a fold never aliases or mutates its caller's objects. One pass, no allocation for scalars.
 */
import { setOwn, type JsonObject, type JsonValue } from "../json/index.js";

export { setOwn };

export const NOT_JSON: unique symbol = Symbol("not JSON");

/** Deeper than the safe parser's default limit, so anything parseJson accepts is accepted here. */
export const MAX_VALUE_DEPTH = 1024;

const hasOwn = Object.prototype.hasOwnProperty;
const objectProto = Object.prototype;

/** True for an object whose prototype is Object.prototype or null (what JSON.parse produces). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === objectProto || proto === null;
}

/**
 * Returns `value` itself (copy = false) or a deep copy (copy = true) when it is a JSON value, and
 * NOT_JSON otherwise: non-finite numbers, undefined, functions, symbols, bigints, non-plain objects,
 * holes, and nesting deeper than MAX_VALUE_DEPTH (which also stops cycles).
 */
export function adoptJson(value: unknown, copy: boolean, depth = 0): JsonValue | typeof NOT_JSON {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value : NOT_JSON;
    case "object":
      break;
    default:
      return NOT_JSON;
  }
  if (value === null) return null;
  if (depth >= MAX_VALUE_DEPTH) return NOT_JSON;
  if (Array.isArray(value)) {
    const n = value.length;
    const out: JsonValue[] = copy ? new Array<JsonValue>(n) : (value as JsonValue[]);
    for (let i = 0; i < n; i++) {
      const v = adoptJson(value[i], copy, depth + 1);
      if (v === NOT_JSON) return NOT_JSON;
      if (copy) out[i] = v;
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== objectProto && proto !== null) return NOT_JSON;
  const src = value as Record<string, unknown>;
  const out: JsonObject = copy ? {} : (src as JsonObject);
  for (const key in src) {
    if (!hasOwn.call(src, key)) continue;
    const v = adoptJson(src[key], copy, depth + 1);
    if (v === NOT_JSON) return NOT_JSON;
    if (copy) setOwn(out, key, v);
  }
  return out;
}
