/**
 * A payload valid under several schema nodes at once, each in its own context: the "both-valid"
 * base a counterexample is built from. A breaking change's payload is this base with only the
 * member at the change replaced, so the rejecting version's error names that member and not some
 * other difference between the versions (issue 14 item 6, decision 166).
 *
 * Construction, no sampling: the members every part requires (plus those along `steps`, the path
 * to the change), the first union branch whose choice validates under every part, and scalars
 * from each part's own construction tried against all parts. Every value is checked with the real
 * validators of every part before it is returned.
 */
import { compilePattern } from "../schema/pattern.js";
import type { SchemaContext } from "./schema/context.js";
import { finiteValues } from "./schema/context.js";
import type { Step } from "./schema/difference.js";
import { isSchemaObject, isTrivial, setOwn, type JsonType, type Schema, type SchemaNode } from "./schema/keywords.js";
import {
  FORMAT_EXAMPLES,
  NONE,
  numberExample,
  preferType,
  refWeight,
  stringExample,
  uniqueVariants,
  type Built,
  type ExampleResult,
} from "./construct.js";

/** One schema the value must satisfy; `side` says whose union branches a branch step of `steps` names. */
export interface Part {
  node: SchemaNode;
  ctx: SchemaContext;
  side?: "a" | "b";
}

/** Build calls allowed per top-level request (branch choices multiply in nested unions). */
export const BUDGET = 4000;
export const MAX_DEPTH = 32;

/** One request's calls left, and whether the depth limit cut the search short since `cut` was last cleared. */
export interface Budget {
  left: number;
  cut: boolean;
}

export function newBudget(): Budget {
  return { left: BUDGET, cut: false };
}

/** True (and `cut` recorded) when a call is refused: out of budget or past the depth limit. */
export function refused(depth: number, budget: Budget): boolean {
  if (depth > MAX_DEPTH) return (budget.cut = true);
  return budget.left-- <= 0;
}

/**
 * compute() through the memo. A NONE is kept only when neither the budget nor the depth limit cut
 * the search short: the memo outlives the request (it is per context), and a member not found at
 * depth 30 may be found at depth 5, in this request or a later one.
 */
export function memoized(cache: Map<string, Built>, key: string, budget: Budget, compute: () => Built): Built {
  if (cache.has(key)) return cache.get(key);
  const outer = budget.cut;
  budget.cut = false;
  const v = compute();
  if (v !== NONE || (budget.left > 0 && !budget.cut)) cache.set(key, v);
  budget.cut ||= outer;
  return v;
}

const memo = new WeakMap<SchemaContext, Map<string, Built>>();
const stripped = new WeakMap<object, Map<string, Schema>>();
const weights = new WeakMap<object, number>();

/**
 * A value every part accepts that has a member at each prop/item step of `steps` (the last one
 * only when some value for it is valid under every part; otherwise it is left out), following
 * the A side's branch choices where `steps` name them.
 */
export function commonExample(parts: Part[], steps: readonly Step[]): ExampleResult {
  const first = parts[0];
  if (!first) return { found: false };
  let cache = memo.get(first.ctx);
  if (!cache) memo.set(first.ctx, (cache = new Map()));
  const v = build(parts, steps, 0, newBudget(), cache);
  return v !== NONE && allValid(parts, v) ? { found: true, value: v } : { found: false };
}

export function keyOf(parts: Part[], steps: readonly Step[]): string {
  return `${parts.map((p) => `${p.side ?? ""}${p.ctx.id(p.node)}`).join(",")}|${steps.map((s) => (s.kind === "prop" ? `p${s.name}` : s.kind === "item" ? "i" : `${s.side ?? "a"}${s.index}`)).join("\u0000")}`;
}

/** The common build with the memo of the first part's context (near-example.ts calls it for each candidate member). */
export function commonBuild(parts: Part[], steps: readonly Step[], depth: number, budget: Budget): Built {
  const first = parts[0];
  if (!first) return NONE;
  let cache = memo.get(first.ctx);
  if (!cache) memo.set(first.ctx, (cache = new Map()));
  return build(parts, steps, depth, budget, cache);
}

function build(parts: Part[], steps: readonly Step[], depth: number, budget: Budget, cache: Map<string, Built>): Built {
  if (refused(depth, budget)) return NONE;
  return memoized(cache, keyOf(parts, steps), budget, () => buildUncached(parts, steps, depth, budget, cache));
}

function buildUncached(
  parts: Part[],
  steps: readonly Step[],
  depth: number,
  budget: Budget,
  cache: Map<string, Built>,
): Built {
  const flat = flatten(parts);
  if (flat === false) return NONE;
  const step = steps[0];
  // A-side branch choice named by the path: follow it (the change was found inside that branch).
  if (step?.kind === "branch") {
    const side = step.side ?? "a";
    const i = flat.findIndex((p) => p.side === side && unionOf(p.node) !== undefined);
    if (i < 0) return build(flat, steps.slice(1), depth + 1, budget, cache);
    const p = flat[i]!;
    const kw = unionOf(p.node)!;
    const branch = ((p.node as Schema)[kw] as SchemaNode[])[step.index];
    if (branch === undefined) return NONE;
    const next = replaceUnion(flat, i, kw, branch);
    const v = build(next, steps.slice(1), depth + 1, budget, cache);
    return v !== NONE && p.ctx.valid(p.node, v) ? v : NONE;
  }
  const finite = flat.find((p) => finiteValues(p.node as Schema) !== undefined);
  if (finite) {
    for (const v of finiteValues(finite.node as Schema)!) if (allValid(flat, v)) return v;
    return NONE;
  }
  const u = flat.findIndex((p) => unionOf(p.node) !== undefined);
  if (u >= 0) {
    const p = flat[u]!;
    const kw = unionOf(p.node)!;
    const branches = ((p.node as Schema)[kw] as SchemaNode[])
      .map((br, i) => ({ br, i }))
      .sort((x, y) => weight(x.br) - weight(y.br) || x.i - y.i);
    for (const { br } of branches) {
      const v = build(replaceUnion(flat, u, kw, br), steps, depth + 1, budget, cache);
      if (v !== NONE && p.ctx.valid(p.node, v)) return v;
      if (budget.left <= 0) return NONE;
    }
    return NONE;
  }
  let types: JsonType[] | undefined;
  for (const p of flat) {
    const t = [...p.ctx.types(p.node)];
    types = types ? types.filter((x) => t.includes(x) || (x === "integer" && t.includes("number"))) : t;
  }
  if (step?.kind === "prop") types = (types ?? ["object"]).filter((t) => t === "object");
  if (step?.kind === "item") types = (types ?? ["array"]).filter((t) => t === "array");
  const order = preferType(flat.length ? (flat[0]!.node as Schema) : {}, types ?? ["null"]);
  for (const t of order) {
    const v = typed(flat, t, steps, depth, budget, cache);
    if (v !== NONE && allValid(flat, v)) return v;
  }
  return NONE;
}

function typed(
  parts: Part[],
  t: JsonType,
  steps: readonly Step[],
  depth: number,
  budget: Budget,
  cache: Map<string, Built>,
): Built {
  return typedValue(parts, [], t, steps, (hard, _soft, rest) => build(hard, rest, depth + 1, budget, cache));
}

/** Builds the value of a member or item: `hard` parts must accept it, `soft` ones are preferences. */
export type SubBuild = (hard: Part[], soft: Part[], steps: readonly Step[]) => Built;

/**
 * A value of JSON type `t` that every `hard` part accepts (checked by the caller), satisfying the `soft`
 * parts wherever some value satisfies both: scalars from every part's own construction, tried against
 * all parts first; objects with the members the hard parts require (and the one `steps` leads into),
 * plus those only the soft parts require where the hard ones let them in; arrays with the hard parts'
 * minimum of items. The common base (soft empty) and the near base (near-example.ts) share it.
 */
export function typedValue(hard: Part[], soft: Part[], t: JsonType, steps: readonly Step[], sub: SubBuild): Built {
  const step = steps[0];
  const all = soft.length ? [...hard, ...soft] : hard;
  const pick = (candidates: unknown[]): Built =>
    candidates.find((v) => allValid(all, v)) ??
    (soft.length ? candidates.find((v) => allValid(hard, v)) : undefined) ??
    NONE;
  switch (t) {
    case "null":
      return null;
    case "boolean":
      return pick([false, true]);
    case "integer":
    case "number": {
      const candidates = all
        .map((p) => numberExample(p.node as Schema, t))
        .filter((v): v is number => typeof v === "number");
      if (candidates.length) candidates.push(Math.max(...candidates), Math.min(...candidates));
      return pick([...candidates, 0, 1]);
    }
    case "string": {
      const candidates: unknown[] = [];
      for (const p of all) {
        const n = p.node as Schema;
        candidates.push(stringExample(n));
        if (typeof n.format === "string" && FORMAT_EXAMPLES[n.format]) candidates.push(FORMAT_EXAMPLES[n.format]);
      }
      return pick([...candidates.filter((v) => typeof v === "string"), "x", ""]);
    }
    case "array": {
      const min = Math.max(0, ...hard.map((p) => num((p.node as Schema).minItems) ?? 0));
      const onPath = step?.kind === "item";
      const out: unknown[] = [];
      for (let i = 0; i < Math.max(min, onPath ? 1 : 0); i++) {
        const rest = onPath && i === 0 ? steps.slice(1) : [];
        const v = sub(
          hard.flatMap((p) => itemSchemas(p, i)),
          soft.flatMap((p) => itemSchemas(p, i)),
          rest,
        );
        if (v === NONE) {
          // The changed item itself may stay out of the base when nothing requires it (the counterexample adds it).
          if (onPath && i === 0 && rest.length === 0 && min === 0) return out;
          return NONE;
        }
        out.push(v);
      }
      if (out.length > 1 && hard.some((p) => (p.node as Schema).uniqueItems === true))
        return uniqueVariants(out[0], out.length) ?? NONE;
      return out;
    }
    case "object": {
      const required = new Set(hard.flatMap((p) => strings((p.node as Schema).required)));
      const onPath = step?.kind === "prop" ? step.name : undefined;
      const names = [...required];
      if (onPath !== undefined && !required.has(onPath)) names.push(onPath);
      const out: Record<string, unknown> = {};
      for (const n of names) {
        const rest = n === onPath ? steps.slice(1) : [];
        const v = sub(
          hard.flatMap((p) => memberSchemas(p, n)),
          soft.flatMap((p) => memberSchemas(p, n)),
          rest,
        );
        if (v === NONE) {
          if (n === onPath && rest.length === 0 && !required.has(n)) continue;
          return NONE;
        }
        setOwn(out, n, v);
      }
      // What only the soft side requires: added where the hard side lets the member in.
      for (const n of new Set(soft.flatMap((p) => strings((p.node as Schema).required)))) {
        if (Object.hasOwn(out, n)) continue;
        const v = sub(
          hard.flatMap((p) => memberSchemas(p, n)),
          soft.flatMap((p) => memberSchemas(p, n)),
          [],
        );
        if (v === NONE) continue;
        const next = { ...out };
        setOwn(next, n, v);
        if (allValid(hard, next)) setOwn(out, n, v);
      }
      return out;
    }
  }
}

/** Parts with references followed, `allOf` spread into parts of its own and trivial parts dropped; false when one accepts nothing. */
export function flatten(parts: Part[]): Part[] | false {
  const out: Part[] = [];
  const visit = (p: Part, depth: number): boolean => {
    const n = p.ctx.deref(p.node);
    if (n === false) return false;
    if (n === true || isTrivial(n)) return true;
    if (depth > 16) {
      out.push({ ...p, node: n });
      return true;
    }
    if (Array.isArray(n.allOf)) {
      for (const s of n.allOf as SchemaNode[]) if (!visit({ ...p, node: s }, depth + 1)) return false;
      const rest = without(n, "allOf");
      if (!isTrivial(rest)) out.push({ ...p, node: rest });
      return true;
    }
    out.push({ ...p, node: n });
    return true;
  };
  for (const p of parts) if (!visit(p, 0)) return false;
  return out;
}

/** One side's parts at the end of `steps` (flattened), following that side's branch steps (the A side's have no `side`); undefined where a part accepts nothing or a named branch is missing. */
export function partsAlongSteps(start: Part[], steps: readonly Step[], side: "a" | "b"): Part[] | undefined {
  let parts = start;
  for (const s of steps) {
    const flat = flatten(parts);
    if (flat === false) return undefined;
    if (s.kind === "branch") {
      parts = flat;
      if ((s.side ?? "a") !== side) continue;
      const i = flat.findIndex((p) => unionOf(p.node) !== undefined);
      if (i < 0) continue;
      const kw = unionOf(flat[i]!.node)!;
      const br = ((flat[i]!.node as Schema)[kw] as SchemaNode[])[s.index];
      if (br === undefined) return undefined;
      parts = replaceUnion(flat, i, kw, br);
    } else
      parts =
        s.kind === "prop" ? flat.flatMap((p) => memberSchemas(p, s.name)) : flat.flatMap((p) => itemSchemas(p, 0));
  }
  const flat = flatten(parts);
  return flat === false ? undefined : flat;
}

/**
 * The parts a member at `tokens` of `value` must satisfy: along the path, union branches are those
 * `value` takes (the first branch it is valid under); undefined when `value` has no such path.
 */
export function partsAlong(parts: Part[], value: unknown, tokens: readonly string[]): Part[] | undefined {
  let cur = parts;
  let v = value;
  for (let d = 0; ; d++) {
    const flat = branchesTaken(cur, v);
    if (!flat) return undefined;
    if (d === tokens.length) return flat;
    const t = tokens[d]!;
    if (Array.isArray(v)) {
      const i = Number(t);
      cur = flat.flatMap((p) => itemSchemas(p, i));
      v = v[i];
    } else if (isSchemaObject(v)) {
      cur = flat.flatMap((p) => memberSchemas(p, t));
      v = Object.hasOwn(v, t) ? v[t] : undefined;
    } else return undefined;
  }
}

/** Parts flattened, each union replaced by the first branch `v` is valid under (left as it is where `v` is absent). */
function branchesTaken(parts: Part[], v: unknown): Part[] | undefined {
  let flat = flatten(parts);
  for (let n = 0; n < 16; n++) {
    if (flat === false) return undefined;
    if (v === undefined) return flat;
    const i = flat.findIndex((p) => unionOf(p.node) !== undefined);
    if (i < 0) return flat;
    const p = flat[i]!;
    const kw = unionOf(p.node)!;
    const branch = ((p.node as Schema)[kw] as SchemaNode[]).find((br) => p.ctx.valid(br, v));
    if (branch === undefined) return undefined;
    flat = flatten(replaceUnion(flat, i, kw, branch));
  }
  return undefined;
}

export function replaceUnion(parts: Part[], i: number, kw: "oneOf" | "anyOf", branch: SchemaNode): Part[] {
  const p = parts[i]!;
  const base = without(p.node as Schema, kw);
  const repl: Part[] = [{ ...p, node: branch }];
  if (!isTrivial(base)) repl.unshift({ ...p, node: base });
  return [...parts.slice(0, i), ...repl, ...parts.slice(i + 1)];
}

/** The schemas a member `name` must satisfy under one part: its property, matching patterns, or additionalProperties. */
export function memberSchemas(p: Part, name: string): Part[] {
  const n = p.node as Schema;
  const out: Part[] = [];
  const props = isSchemaObject(n.properties) ? n.properties : {};
  if (Object.hasOwn(props, name)) out.push({ ...p, node: props[name] as SchemaNode });
  if (isSchemaObject(n.patternProperties)) {
    for (const [re, s] of Object.entries(n.patternProperties)) {
      // An invalid or undecidable pattern: the final validation decides (and says undecidable).
      const c = compilePattern(re);
      if (c.kind === "linear" && c.test(name)) out.push({ ...p, node: s as SchemaNode });
    }
  }
  if (out.length === 0 && n.additionalProperties !== undefined)
    out.push({ ...p, node: n.additionalProperties as SchemaNode });
  return out;
}

export function itemSchemas(p: Part, i: number): Part[] {
  const n = p.node as Schema;
  const prefix = Array.isArray(n.prefixItems) ? (n.prefixItems as SchemaNode[]) : [];
  if (i < prefix.length) return [{ ...p, node: prefix[i]! }];
  return n.items === undefined ? [] : [{ ...p, node: n.items as SchemaNode }];
}

export function allValid(parts: Part[], v: unknown): boolean {
  return parts.every((p) => p.ctx.valid(p.node, v));
}

export function unionOf(n: SchemaNode): "oneOf" | "anyOf" | undefined {
  if (typeof n !== "object") return undefined;
  return Array.isArray(n.oneOf) ? "oneOf" : Array.isArray(n.anyOf) ? "anyOf" : undefined;
}

/** `n` without one keyword, as one stable object per (node, keyword): validators and caches key on identity. */
function without(n: Schema, kw: string): Schema {
  let m = stripped.get(n);
  if (!m) stripped.set(n, (m = new Map()));
  let s = m.get(kw);
  if (!s) {
    s = {};
    for (const [k, v] of Object.entries(n)) if (k !== kw) setOwn(s, k, v);
    m.set(kw, s);
  }
  return s;
}

export function weight(n: SchemaNode): number {
  if (typeof n !== "object") return 0;
  let w = weights.get(n);
  if (w === undefined) weights.set(n, (w = refWeight(n)));
  return w;
}

export function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

export function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}
