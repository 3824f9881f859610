/**
 * Which branch of a B-side union an A-side schema is the counterpart of, when the structural pass
 * has to choose (containment.ts, `intoUnion`). A union of per-operation results pairs each A branch
 * with the B branch that *is* it — not with whichever branch happens to yield the fewest findings
 * (that paired "analyze" with "check" and reported "analyze is not check"). Identity first:
 *
 * 1. a member both pin to constant values (a discriminator such as `command: "analyze"`), seen
 *    through `allOf` (upstream spells its envelopes `allOf: [WorkflowEnvelope, {command: {const}}]`);
 *    pinned values that cannot overlap also make the two disjoint, so the branch is no candidate;
 * 2. the same definition name: the node's own definition, or any definition that is a bare `$ref`
 *    alias of it (`ValidateEditTransactionResult: {$ref: EditValidationPayload}` is that payload);
 * 3. structural similarity: the share of member names (declared and required) they have in common.
 *
 * The order only decides which findings are reported when no branch is proved to contain A; a
 * proof is searched over every candidate as before, so soundness does not depend on it.
 */
import type { SchemaContext } from "./context.js";
import { finiteValues } from "./context.js";
import { canonical, isSchemaObject, type Schema, type SchemaNode } from "./keywords.js";
import { mergeConjunction } from "./merge.js";

export interface Candidate {
  br: SchemaNode;
  i: number;
}

export interface Ranked extends Candidate {
  /** Paired by identity (a shared discriminator value or definition name), not just by shape. */
  identified: boolean;
  /** Share of member names in common (0..1). */
  similarity: number;
}

/** Candidates best first: identified ones, then by member-name similarity, then in document order. */
export function rankBranches(a: Schema, ca: SchemaContext, cands: readonly Candidate[], cb: SchemaContext): Ranked[] {
  const namesA = definitionNames(a, ca);
  const scored = cands.map((c) => {
    const identified = sharesDiscriminator(a, ca, c.br, cb) || intersects(namesA, definitionNames(c.br, cb));
    return { ...c, identified, similarity: similarity(a, ca, c.br, cb) };
  });
  scored.sort((x, y) => Number(y.identified) - Number(x.identified) || y.similarity - x.similarity || x.i - y.i);
  return scored;
}

/**
 * A's counterpart among ranked candidates: the first when identified, or when it is strictly more
 * similar than the runner-up (a pairing by shape, not a tie); undefined when nothing singles one out.
 */
export function counterpart(ranked: readonly Ranked[], named = false): Ranked | undefined {
  const [first, second] = ranked;
  if (!first) return undefined;
  if (first.identified && !second?.identified) return first;
  if (first.identified) return first.similarity > second!.similarity ? first : undefined;
  // A named definition with no counterpart by identity is a branch of its own, not the most similar stranger.
  if (named) return undefined;
  return first.similarity > 0 && first.similarity > (second?.similarity ?? 0) ? first : undefined;
}

/** The branches of a union whose definition names include one of `a`'s: its counterparts by name, whatever their type. */
export function namesakes(a: Schema, ca: SchemaContext, branches: readonly SchemaNode[], cb: SchemaContext): number[] {
  const namesA = definitionNames(a, ca);
  if (namesA.size === 0) return [];
  return branches.flatMap((br, i) => (intersects(namesA, definitionNames(br, cb)) ? [i] : []));
}

/**
 * The definitions a node is: those named along its `$ref` chain, the definition it is the root of,
 * and every definition that is a bare `$ref` alias of that one.
 */
export function definitionNames(node: SchemaNode, ctx: SchemaContext): Set<string> {
  const out = new Set<string>();
  let cur: SchemaNode = node;
  for (let hops = 0; hops < 16 && isSchemaObject(cur) && typeof cur.$ref === "string"; hops++) {
    const t = ctx.refTarget(cur.$ref);
    if (!t) break;
    out.add(t.name);
    cur = t.schema;
  }
  const target = ctx.deref(node);
  const site = ctx.site(target);
  // The definition itself, or one of its own union/allOf branches (a list result's array form is still that result).
  if (site && /^(\/(anyOf|oneOf|allOf)\/\d+)*$/.test(site.pointer)) out.add(site.def);
  for (const alias of aliasesOf(target, ctx)) out.add(alias);
  return out;
}

const aliasIndex = new WeakMap<SchemaContext, Map<SchemaNode, string[]>>();

/** Definitions whose whole body is a `$ref` (annotations aside) to `target`, directly or through other aliases. */
function aliasesOf(target: SchemaNode, ctx: SchemaContext): string[] {
  let index = aliasIndex.get(ctx);
  if (!index) {
    index = new Map();
    for (const [name, def] of Object.entries(ctx.defs)) {
      if (!isSchemaObject(def) || typeof def.$ref !== "string") continue;
      const resolved = ctx.deref(def);
      if (resolved === def) continue; // unresolvable, or a $ref with constraints beside it (a conjunction, not an alias)
      if (isSchemaObject(resolved) && Array.isArray(resolved.allOf) && ctx.site(resolved)?.def === name) continue;
      index.set(resolved, [...(index.get(resolved) ?? []), name]);
    }
    aliasIndex.set(ctx, index);
  }
  return index.get(target) ?? [];
}

/**
 * Values an object requires member `p` to take, or that it allows `p` (when present) to take:
 * finite sets only, seen through `$ref` and `allOf` (each value checked against the whole node).
 */
export function pinnedValues(
  node: SchemaNode,
  ctx: SchemaContext,
): { required: Set<string>; values: Map<string, unknown[]> } {
  const flat = flatten(node, ctx);
  const required = new Set(
    Array.isArray(flat?.required)
      ? (flat!.required as unknown[]).filter((x): x is string => typeof x === "string")
      : [],
  );
  const values = new Map<string, unknown[]>();
  const props = flat && isSchemaObject(flat.properties) ? (flat.properties as Record<string, SchemaNode>) : {};
  for (const [p, s] of Object.entries(props)) {
    const v = memberValues(s, ctx);
    if (v) values.set(p, v);
  }
  return { required, values };
}

/** A finite set of values a member schema allows, through `$ref` and `allOf`; undefined when not finite. */
export function memberValues(node: SchemaNode, ctx: SchemaContext, depth = 0): unknown[] | undefined {
  const s = ctx.deref(node);
  if (typeof s === "boolean" || depth > 8) return undefined;
  const own = finiteValues(s);
  if (own) return own.filter((v) => ctx.valid(s, v));
  if (!Array.isArray(s.allOf)) return undefined;
  for (const part of s.allOf as SchemaNode[]) {
    const vs = memberValues(part, ctx, depth + 1);
    if (vs) return vs.filter((v) => ctx.valid(s, v));
  }
  return undefined;
}

/**
 * True when x requires a member whose finite values y's member of that name cannot take (and the
 * other way round): no instance satisfies both. Sound: only pinned, finite value sets decide it.
 */
export function pinnedApartThroughAllOf(x: SchemaNode, cx: SchemaContext, y: SchemaNode, cy: SchemaContext): boolean {
  const px = pinnedValues(x, cx);
  const py = pinnedValues(y, cy);
  const apart = (p: { required: Set<string>; values: Map<string, unknown[]> }, q: { values: Map<string, unknown[]> }) =>
    [...p.required].some((m) => {
      const vp = p.values.get(m);
      const vq = q.values.get(m);
      return vp !== undefined && vq !== undefined && !vp.some((v) => vq.some((w) => canonical(v) === canonical(w)));
    });
  return apart(px, py) || apart(py, px);
}

/** Both pin some member to finite values that overlap (`command: "analyze"` on both sides). */
function sharesDiscriminator(a: SchemaNode, ca: SchemaContext, b: SchemaNode, cb: SchemaContext): boolean {
  const pa = pinnedValues(a, ca);
  const pb = pinnedValues(b, cb);
  for (const [m, va] of pa.values) {
    const vb = pb.values.get(m);
    if (
      vb &&
      (pa.required.has(m) || pb.required.has(m)) &&
      va.some((v) => vb.some((w) => canonical(v) === canonical(w)))
    )
      return true;
  }
  return false;
}

function similarity(a: SchemaNode, ca: SchemaContext, b: SchemaNode, cb: SchemaContext): number {
  const na = memberNames(a, ca);
  const nb = memberNames(b, cb);
  const union = new Set([...na, ...nb]);
  if (union.size === 0) return 0;
  let shared = 0;
  for (const n of na) if (nb.has(n)) shared++;
  return shared / union.size;
}

function memberNames(node: SchemaNode, ctx: SchemaContext): Set<string> {
  const flat = flatten(node, ctx);
  const out = new Set<string>();
  if (!flat) return out;
  if (isSchemaObject(flat.properties)) for (const k of Object.keys(flat.properties)) out.add(`p:${k}`);
  if (Array.isArray(flat.required))
    for (const k of flat.required as unknown[]) if (typeof k === "string") out.add(`r:${k}`);
  return out;
}

function flatten(node: SchemaNode, ctx: SchemaContext): Schema | undefined {
  const s = ctx.deref(node);
  if (typeof s === "boolean") return undefined;
  if (!Array.isArray(s.allOf)) return s;
  const m = mergeConjunction([s], ctx);
  return m === false ? undefined : m;
}

function intersects(x: Set<string>, y: Set<string>): boolean {
  for (const v of x) if (y.has(v)) return true;
  return false;
}
