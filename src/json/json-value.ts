/** Any value JSON can carry. Mirrors the six-branch `JsonValue` definition of the contracts. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * True when `value` is a JSON value: finite numbers only, plain (or null-prototype) objects,
 * dense arrays, no cycles. Iterative, so deeply nested input cannot overflow the stack.
 */
export function isJsonValue(value: unknown): value is JsonValue {
  const stack: unknown[] = [value];
  const onPath = new Set<object>();
  // Cycle detection: every container is visited once; a container seen twice is either
  // shared (fine for JSON semantics but not representable as a tree) or cyclic. Both rejected.
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null) continue;
    switch (typeof v) {
      case "boolean":
      case "string":
        continue;
      case "number":
        if (!Number.isFinite(v)) return false;
        continue;
      case "object":
        break;
      default:
        return false;
    }
    const obj = v as object;
    if (onPath.has(obj)) return false;
    onPath.add(obj);
    if (Array.isArray(obj)) {
      for (let i = 0; i < obj.length; i++) {
        if (!hasOwn.call(obj, i)) return false;
        stack.push(obj[i]);
      }
      continue;
    }
    const proto = Object.getPrototypeOf(obj);
    if (proto !== Object.prototype && proto !== null) return false;
    if (Object.getOwnPropertySymbols(obj).length > 0) return false;
    for (const key of Object.keys(obj)) stack.push((obj as Record<string, unknown>)[key]);
  }
  return true;
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
