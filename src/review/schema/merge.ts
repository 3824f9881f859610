/**
 * Merges a conjunction (`allOf`, or a base schema with one `oneOf` branch) into one schema object
 * when that is exact; returns undefined when it is not (the callers then reason about the parts).
 * Object keywords are only merged when at most one part says anything about unknown members,
 * because `additionalProperties` is relative to its own part's `properties`.
 */
import type { SchemaContext } from "./context.js";
import { canonical, isAnnotationKeyword, isSchemaObject, setOwn, type Schema, type SchemaNode } from "./keywords.js";

const OBJECT_CLOSERS = ["additionalProperties", "patternProperties", "unevaluatedProperties"];
const cache = new WeakMap<object, Map<string, Schema | false | undefined>>();

export function mergeConjunction(parts: SchemaNode[], ctx: SchemaContext): Schema | false | undefined {
  const key = parts.map((p) => ctx.id(p)).join(",");
  const anchor = parts.find((p): p is Schema => typeof p === "object");
  if (anchor) {
    const hit = cache.get(anchor)?.get(key);
    if (hit !== undefined || cache.get(anchor)?.has(key)) return hit;
  }
  const result = mergeUncached(parts, ctx);
  if (anchor) {
    let m = cache.get(anchor);
    if (!m) cache.set(anchor, (m = new Map()));
    m.set(key, result);
  }
  return result;
}

function mergeUncached(parts: SchemaNode[], ctx: SchemaContext): Schema | false | undefined {
  const flat: Schema[] = [];
  const expand = (p: SchemaNode, depth: number): boolean => {
    const d = ctx.deref(p);
    if (d === true) return true;
    if (d === false) return false;
    if (depth > 8) return false;
    const { allOf, ...rest } = d;
    if (Array.isArray(allOf)) for (const s of allOf as SchemaNode[]) if (!expand(s, depth + 1)) return false;
    // A part with no `allOf` of its own is kept as it is: a conjunction of one schema is that schema
    // (same identity, so it keeps its place in the document and its memo entries).
    if (Object.keys(rest).some((k) => !isAnnotationKeyword(k))) flat.push(Array.isArray(allOf) ? rest : d);
    return true;
  };
  for (const p of parts) if (!expand(p, 0)) return false;
  if (flat.length === 0) return {};
  if (flat.length === 1) return flat[0]!;
  const closers = flat.filter((s) => OBJECT_CLOSERS.some((k) => k in s));
  if (closers.length > 1) return undefined;
  if (closers.length === 1) {
    // The closing part must already declare every member the other parts declare.
    const own = new Set(Object.keys((closers[0]!.properties as Schema | undefined) ?? {}));
    for (const s of flat)
      if (s !== closers[0])
        for (const n of Object.keys((s.properties as Schema | undefined) ?? {})) if (!own.has(n)) return undefined;
  }
  const out: Schema = {};
  for (const s of flat) {
    for (const [k, v] of Object.entries(s)) {
      if (isAnnotationKeyword(k)) continue;
      if (!Object.hasOwn(out, k)) {
        setOwn(out, k, v);
        continue;
      }
      const merged = combine(k, out[k], v);
      if (merged === undefined) return undefined;
      if (merged === false) return false;
      setOwn(out, k, merged.value);
    }
  }
  return out;
}

function combine(k: string, a: unknown, b: unknown): { value: unknown } | false | undefined {
  if (canonical(a) === canonical(b)) return { value: a };
  switch (k) {
    case "type": {
      const la = (Array.isArray(a) ? a : [a]) as string[];
      const lb = (Array.isArray(b) ? b : [b]) as string[];
      const both = la.filter((t) => lb.includes(t) || (t === "integer" && lb.includes("number")));
      for (const t of lb)
        if (t === "integer" && la.includes("number") && !both.includes("integer")) both.push("integer");
      return both.length ? { value: both.length === 1 ? both[0] : both } : false;
    }
    case "required":
      return { value: [...new Set([...(a as string[]), ...(b as string[])])] };
    case "enum": {
      const eb = (b as unknown[]).map(canonical);
      const v = (a as unknown[]).filter((x) => eb.includes(canonical(x)));
      return v.length ? { value: v } : false;
    }
    case "const":
      return false;
    case "minimum":
    case "exclusiveMinimum":
    case "minLength":
    case "minItems":
    case "minProperties":
      return { value: Math.max(a as number, b as number) };
    case "maximum":
    case "exclusiveMaximum":
    case "maxLength":
    case "maxItems":
    case "maxProperties":
      return { value: Math.min(a as number, b as number) };
    case "uniqueItems":
      return { value: Boolean(a) || Boolean(b) };
    case "properties": {
      if (!isSchemaObject(a) || !isSchemaObject(b)) return undefined;
      const out: Schema = { ...a };
      for (const [n, s] of Object.entries(b)) setOwn(out, n, Object.hasOwn(out, n) ? { allOf: [out[n], s] } : s);
      return { value: out };
    }
    case "items":
    case "additionalProperties":
    case "propertyNames":
      return { value: { allOf: [a, b] } };
    default:
      return undefined;
  }
}
