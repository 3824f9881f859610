/** Any value JSON can carry. Mirrors the six-branch `JsonValue` definition of the contracts. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

const hasOwn = Object.prototype.hasOwnProperty;
const objectProto = Object.prototype;

/**
 * The one JSON-value rule (decision 263): null, a boolean, a string, a finite number, a dense
 * array, or an object whose prototype is Object.prototype or null (what JSON.parse produces),
 * whose own enumerable string-keyed members are JSON values (a hole reads as undefined: not JSON), nested at most MAX_VALUE_DEPTH deep
 * (which also stops cycles). A container reached twice (shared, not cyclic) is fine: it
 * serialises as a tree. Symbol-keyed members are not part of the value (JSON.stringify skips them).
 */
export const MAX_VALUE_DEPTH = 1024;

/** What `adoptJson` returns for a value that is not JSON. */
export const NOT_JSON: unique symbol = Symbol("not JSON");

/** True for an object whose prototype is Object.prototype or null (what JSON.parse produces). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === objectProto || proto === null;
}

/** True when `value` is a JSON value (the rule above). */
export function isJsonValue(value: unknown): value is JsonValue {
  return adoptJson(value, false) !== NOT_JSON;
}

/**
 * Checks `value` against the rule and returns it (copy = false) or a deep copy of it (copy =
 * true), or NOT_JSON. One pass, no allocation for scalars: the frame-wire fold adopts every value
 * pushed into it through here, so it stays recursive (faster than an explicit stack at the depths
 * JSON has) and bounded by the depth limit.
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

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Which of the six JSON types a JSON value belongs to (the branches are disjoint). */
export type JsonKind = "null" | "boolean" | "number" | "string" | "array" | "object";
export function jsonKind(value: JsonValue): JsonKind {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value as "boolean" | "number" | "string" | "object";
}

/**
 * `obj[key] = value` that stays a plain data member even for `__proto__` (an assignment would
 * replace the object's prototype instead). Use it wherever keys come from input.
 */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__")
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}
