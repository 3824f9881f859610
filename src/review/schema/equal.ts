/**
 * Structural equality of two schema nodes across two contexts, modulo annotations and reference
 * names: `$ref` is followed on both sides and recursion is compared co-inductively, so an inline
 * schema equals a `$ref` to the same content and a renamed definition equals its old self.
 */
import type { SchemaContext } from "./context.js";
import { canonical, constraintKeys, isSchemaObject, isTrivial, SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS, type SchemaNode } from "./keywords.js";

const SET_KEYWORDS = new Set(["required", "enum", "type"]);

export function sameSchema(a: SchemaNode, ca: SchemaContext, b: SchemaNode, cb: SchemaContext, assumed: Set<string> = new Set()): boolean {
  const x = ca.deref(a);
  const y = cb.deref(b);
  if (typeof x === "boolean" || typeof y === "boolean") {
    if (typeof x === "boolean" && typeof y === "boolean") return x === y;
    // `{}` and `true` accept the same instances; `false` only equals `false` (or `not: {}`, ignored).
    return (x === true && isTrivial(y)) || (y === true && isTrivial(x));
  }
  const key = `${ca.id(x)}|${cb.id(y)}`;
  if (assumed.has(key)) return true;
  assumed.add(key);
  const kx = constraintKeys(x);
  const ky = constraintKeys(y);
  if (kx.length !== ky.length || kx.some((k, i) => k !== ky[i])) return false;
  for (const k of kx) {
    const vx = x[k];
    const vy = y[k];
    if (SCHEMA_KEYWORDS.has(k)) {
      if (!sameSchema(vx as SchemaNode, ca, vy as SchemaNode, cb, assumed)) return false;
    } else if (SCHEMA_MAP_KEYWORDS.has(k) && isSchemaObject(vx) && isSchemaObject(vy)) {
      const nx = Object.keys(vx).sort();
      const ny = Object.keys(vy).sort();
      if (nx.length !== ny.length || nx.some((n, i) => n !== ny[i])) return false;
      for (const n of nx) if (!sameSchema(vx[n] as SchemaNode, ca, vy[n] as SchemaNode, cb, assumed)) return false;
    } else if (SCHEMA_ARRAY_KEYWORDS.has(k) && Array.isArray(vx) && Array.isArray(vy)) {
      if (vx.length !== vy.length) return false;
      for (let i = 0; i < vx.length; i++) if (!sameSchema(vx[i] as SchemaNode, ca, vy[i] as SchemaNode, cb, assumed)) return false;
    } else if (SET_KEYWORDS.has(k)) {
      if (!sameSet(vx, vy)) return false;
    } else if (canonical(vx) !== canonical(vy)) return false;
  }
  return true;
}

function sameSet(x: unknown, y: unknown): boolean {
  const ax = (Array.isArray(x) ? x : [x]).map(canonical).sort();
  const ay = (Array.isArray(y) ? y : [y]).map(canonical).sort();
  return ax.length === ay.length && ax.every((v, i) => v === ay[i]);
}

/** Equality of one keyword's values on two sides: schemas by content, data canonically. */
export function sameKeyword(k: string, x: unknown, cx: SchemaContext, y: unknown, cy: SchemaContext): boolean {
  if (x === undefined || y === undefined) return x === y;
  if (isSchemaObject(x) && isSchemaObject(y) && (k === "patternProperties" || k === "dependentSchemas")) {
    const kx = Object.keys(x).sort();
    const ky = Object.keys(y).sort();
    return kx.length === ky.length && kx.every((n, i) => n === ky[i] && sameSchema(x[n] as SchemaNode, cx, y[n] as SchemaNode, cy));
  }
  if (Array.isArray(x) && Array.isArray(y) && k === "prefixItems") return x.length === y.length && x.every((s, i) => sameSchema(s as SchemaNode, cx, y[i] as SchemaNode, cy));
  if ((isSchemaObject(x) || typeof x === "boolean") && (isSchemaObject(y) || typeof y === "boolean") && k !== "dependentRequired") return sameSchema(x as SchemaNode, cx, y as SchemaNode, cy);
  return canonical(x) === canonical(y);
}
