/**
 * Construction of small valid instances, without sampling: required members only, lower bounds,
 * the first enum value, the first branch that validates. The arbitraries (arbitrary.ts) use it
 * past their depth bound; example.ts adds the sampling fallback on top, so neither imports the other.
 */
import fc from "fast-check";
import { compilePattern } from "../schema/pattern.js";
import type { SchemaContext } from "./schema/context.js";
import { finiteValues } from "./schema/context.js";
import { isSchemaObject, isTrivial, type JsonType, type Schema, type SchemaNode } from "./schema/keywords.js";
import { mergeConjunction } from "./schema/merge.js";

export type ExampleResult = { found: true; value: unknown } | { found: false };

export const NONE = Symbol("none");
export type Built = unknown | typeof NONE;

export const FORMAT_EXAMPLES: Record<string, string> = {
  "date-time": "2024-01-01T00:00:00Z",
  date: "2024-01-01",
  time: "00:00:00Z",
  email: "a@example.com",
  uri: "https://example.com/",
  "uri-reference": "https://example.com/",
  url: "https://example.com/",
  uuid: "00000000-0000-4000-8000-000000000000",
  ipv4: "127.0.0.1",
  ipv6: "::1",
  hostname: "example.com",
};

const cache = new WeakMap<SchemaContext, WeakMap<object, ExampleResult>>();

/** The smallest valid instance construction finds (validated with the real validator), or not found. */
export function constructExample(node: SchemaNode, ctx: SchemaContext): ExampleResult {
  const key = typeof node === "object" ? node : undefined;
  let perCtx = cache.get(ctx);
  if (!perCtx) cache.set(ctx, (perCtx = new WeakMap()));
  const hit = key ? perCtx.get(key) : undefined;
  if (hit) return hit;
  const built = build(node, ctx, 0);
  const result: ExampleResult =
    built !== NONE && ctx.valid(node, built) ? { found: true, value: built } : { found: false };
  if (key) perCtx.set(key, result);
  return result;
}

function build(node: SchemaNode, ctx: SchemaContext, depth: number): Built {
  if (depth > 24) return NONE;
  const n = ctx.deref(node);
  if (n === false) return NONE;
  if (n === true || isTrivial(n)) return null;
  const values = finiteValues(n);
  if (values) return values.length ? values[0] : NONE;
  if (Array.isArray(n.allOf)) {
    const merged = mergeConjunction([n], ctx);
    if (merged === false) return NONE;
    if (merged && !Array.isArray(merged.allOf)) return build(merged, ctx, depth + 1);
    for (const part of n.allOf as SchemaNode[]) {
      const v = build(part, ctx, depth + 1);
      if (v !== NONE && ctx.valid(n, v)) return v;
    }
    return NONE;
  }
  for (const kw of ["oneOf", "anyOf"] as const) {
    if (!Array.isArray(n[kw])) continue;
    const { [kw]: branches, ...base } = n;
    // Prefer branches that do not recurse (no $ref): they terminate soonest.
    const order = (branches as SchemaNode[])
      .map((br, i) => ({ br, i }))
      .sort((x, y) => refWeight(x.br) - refWeight(y.br) || x.i - y.i);
    for (const { br } of order) {
      const m = isTrivial(base) ? br : mergeConjunction([base, br], ctx);
      if (m === false) continue;
      const v = build(m ?? br, ctx, depth + 1);
      if (v !== NONE && ctx.valid(n, v)) return v;
    }
    return NONE;
  }
  const types = [...ctx.types(n)];
  const preferred = preferType(n, types);
  for (const t of preferred) {
    const v = typed(n, t, ctx, depth);
    if (v !== NONE) return v;
  }
  return NONE;
}

export function refWeight(s: SchemaNode): number {
  return JSON.stringify(s).split('"$ref"').length - 1;
}

export function preferType(n: Schema, types: JsonType[]): JsonType[] {
  const order: JsonType[] = [];
  if (typeof n.type === "string") order.push(n.type as JsonType);
  else if (Array.isArray(n.type))
    order.push(
      ...(n.type as JsonType[]).filter((t) => t !== "null"),
      ...((n.type as string[]).includes("null") ? (["null"] as JsonType[]) : []),
    );
  else {
    if ("properties" in n || "required" in n || "additionalProperties" in n) order.push("object");
    if ("items" in n || "prefixItems" in n) order.push("array");
    if ("pattern" in n || "minLength" in n || "format" in n) order.push("string");
    if ("minimum" in n || "maximum" in n) order.push("integer");
    order.push("null");
  }
  const out = order.filter((t) => types.includes(t) || (t === "number" && types.includes("integer")));
  for (const t of types) if (!out.includes(t)) out.push(t);
  return out;
}

function typed(n: Schema, t: JsonType, ctx: SchemaContext, depth: number): Built {
  switch (t) {
    case "null":
      return null;
    case "boolean":
      return false;
    case "integer":
    case "number":
      return numberExample(n, t);
    case "string":
      return stringExample(n);
    case "array": {
      const min = typeof n.minItems === "number" ? n.minItems : 0;
      const out: unknown[] = [];
      if (Array.isArray(n.prefixItems)) {
        for (const p of n.prefixItems as SchemaNode[]) {
          if (out.length >= min) break;
          const v = build(p, ctx, depth + 1);
          if (v === NONE) return NONE;
          out.push(v);
        }
      }
      if (out.length < min) {
        if (n.items === false) return NONE;
        const item = build((n.items as SchemaNode | undefined) ?? true, ctx, depth + 1);
        if (item === NONE) return NONE;
        const items =
          n.uniqueItems === true
            ? uniqueVariants(item, min - out.length)
            : Array.from({ length: min - out.length }, () => item);
        if (!items) return NONE;
        out.push(...items);
      }
      return out;
    }
    case "object": {
      const props = (isSchemaObject(n.properties) ? n.properties : {}) as Record<string, SchemaNode>;
      const ap = (n.additionalProperties as SchemaNode | undefined) ?? true;
      const out: Record<string, unknown> = {};
      for (const r of Array.isArray(n.required) ? (n.required as string[]) : []) {
        const v = build(Object.hasOwn(props, r) ? props[r]! : ap, ctx, depth + 1);
        if (v === NONE) return NONE;
        Object.defineProperty(out, r, { value: v, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
  }
}

export function numberExample(n: Schema, t: JsonType): Built {
  let v = 0;
  if (typeof n.minimum === "number") v = Math.max(v, n.minimum);
  if (typeof n.exclusiveMinimum === "number" && v <= n.exclusiveMinimum)
    v = t === "integer" ? Math.floor(n.exclusiveMinimum) + 1 : n.exclusiveMinimum + 1;
  if (typeof n.maximum === "number" && v > n.maximum) v = n.maximum;
  if (typeof n.exclusiveMaximum === "number" && v >= n.exclusiveMaximum)
    v = t === "integer" ? Math.ceil(n.exclusiveMaximum) - 1 : n.exclusiveMaximum - 1;
  if (t === "integer") v = Math.ceil(v);
  if (typeof n.multipleOf === "number" && n.multipleOf > 0 && v % n.multipleOf !== 0)
    v = Math.ceil(v / n.multipleOf) * n.multipleOf;
  return v;
}

export function stringExample(n: Schema): Built {
  const min = typeof n.minLength === "number" ? n.minLength : 0;
  if (typeof n.format === "string" && FORMAT_EXAMPLES[n.format] && typeof n.pattern !== "string")
    return FORMAT_EXAMPLES[n.format];
  if (typeof n.pattern === "string") {
    const re = compilePattern(n.pattern);
    if (re.kind !== "linear") return NONE;
    for (const c of ["", "x", "a:b", "src/a.ts:f", "/a", "a", "0", "A", "a-b", "ab", "abc"]) {
      const s = c.length < min ? c + "x".repeat(min - c.length) : c;
      if (re.test(s)) return s;
    }
    try {
      // fast-check builds the string from the pattern's syntax tree (it never runs the pattern); the linear matcher checks it.
      const [s] = fc.sample(fc.stringMatching(new RegExp(n.pattern, "u")), { seed: 7, numRuns: 1 });
      return s !== undefined && re.test(s) ? s : NONE;
    } catch {
      return NONE;
    }
  }
  return "x".repeat(Math.max(min, 1));
}

export function uniqueVariants(item: unknown, count: number): unknown[] | undefined {
  if (count <= 1) return count === 1 ? [item] : [];
  if (typeof item === "string") return Array.from({ length: count }, (_, i) => item + (i === 0 ? "" : String(i)));
  if (typeof item === "number") return Array.from({ length: count }, (_, i) => item + i);
  return undefined;
}
