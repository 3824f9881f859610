/**
 * Structural equality of two schema nodes across two contexts, modulo annotations and reference
 * names: `$ref` is followed on both sides and recursion is compared co-inductively, so an inline
 * schema equals a `$ref` to the same content and a renamed definition equals its old self.
 */
import type { SchemaContext } from "./context.js";
import { keywordShape, subschemas, type SubschemaSite } from "../../schema/walk.js";
import { canonical, constraintKeys, isSchemaObject, isTrivial, type Schema, type SchemaNode } from "./keywords.js";

const SET_KEYWORDS = new Set(["required", "enum", "type"]);

export function sameSchema(
  a: SchemaNode,
  ca: SchemaContext,
  b: SchemaNode,
  cb: SchemaContext,
  assumed: Set<string> = new Set(),
): boolean {
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
  // Subschemas as the one walker (src/schema/walk.ts) finds them, by keyword; every other keyword is data.
  const sx = sitesByKeyword(x);
  const sy = sitesByKeyword(y);
  for (const k of kx) {
    const ax = sx.get(k);
    const ay = sy.get(k);
    if (ax || ay) {
      if (!ax || !ay || !sameSites(ax, ca, ay, cb, assumed)) return false;
    } else if (SET_KEYWORDS.has(k)) {
      if (!sameSet(x[k], y[k])) return false;
    } else if (canonical(x[k]) !== canonical(y[k])) return false;
  }
  return true;
}

/** The subschemas of a node the review reads as subschemas (contentSchema is an annotation), grouped by keyword. */
function sitesByKeyword(n: Schema): Map<string, SubschemaSite[]> {
  const out = new Map<string, SubschemaSite[]>();
  for (const s of subschemas(n)) {
    if (s.keyword === "contentSchema") continue; // an annotation in 2020-12, as review reads it (keywords.ts)
    let list = out.get(s.keyword);
    if (!list) out.set(s.keyword, (list = []));
    list.push(s);
  }
  return out;
}

/** Same subschemas under one keyword: the same member names (maps, in any order) or positions, each equal. */
function sameSites(
  x: SubschemaSite[],
  cx: SchemaContext,
  y: SubschemaSite[],
  cy: SchemaContext,
  assumed: Set<string>,
): boolean {
  if (x.length !== y.length) return false;
  const byKey = (list: SubschemaSite[]) =>
    [...list].sort((p, q) =>
      String(p.key ?? "") < String(q.key ?? "") ? -1 : String(p.key ?? "") > String(q.key ?? "") ? 1 : 0,
    );
  const [ox, oy] = typeof x[0]?.key === "string" ? [byKey(x), byKey(y)] : [x, y];
  return ox.every(
    (s, i) => s.key === oy[i]!.key && sameSchema(s.node as SchemaNode, cx, oy[i]!.node as SchemaNode, cy, assumed),
  );
}

function sameSet(x: unknown, y: unknown): boolean {
  const ax = (Array.isArray(x) ? x : [x]).map(canonical).sort();
  const ay = (Array.isArray(y) ? y : [y]).map(canonical).sort();
  return ax.length === ay.length && ax.every((v, i) => v === ay[i]);
}

/** Equality of one keyword's values on two sides: schemas by content, data canonically. */
export function sameKeyword(k: string, x: unknown, cx: SchemaContext, y: unknown, cy: SchemaContext): boolean {
  if (x === undefined || y === undefined) return x === y;
  if (isSchemaObject(x) && isSchemaObject(y) && keywordShape(k) === "map") {
    const kx = Object.keys(x).sort();
    const ky = Object.keys(y).sort();
    return (
      kx.length === ky.length &&
      kx.every((n, i) => n === ky[i] && sameSchema(x[n] as SchemaNode, cx, y[n] as SchemaNode, cy))
    );
  }
  if (Array.isArray(x) && Array.isArray(y) && keywordShape(k) === "array")
    return x.length === y.length && x.every((s, i) => sameSchema(s as SchemaNode, cx, y[i] as SchemaNode, cy));
  if (
    (isSchemaObject(x) || typeof x === "boolean") &&
    (isSchemaObject(y) || typeof y === "boolean") &&
    k !== "dependentRequired"
  )
    return sameSchema(x as SchemaNode, cx, y as SchemaNode, cy);
  return canonical(x) === canonical(y);
}
