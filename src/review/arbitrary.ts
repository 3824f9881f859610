/**
 * JSON Schema -> fast-check arbitrary. Used by the diff's counterexample search and by lint's
 * oneOf-overlap rule. Aims to produce *valid* instances of a schema; callers still filter with
 * the real validator, because some keywords (pattern + length, allOf, not, if/then) are only
 * approximated. Handles `$ref` with a depth bound (past it, the smallest example stands in),
 * oneOf/anyOf, enum/const; the leaves (numbers, strings with the common formats and patterns) are
 * src/schema/arbitrary.ts's, shared with the OpenRPC conformance generator (decision 323).
 */
import fc from "fast-check";
import { anyJson, doubleArb, integerArb, plainJson, stringArb } from "../schema/arbitrary.js";
import type { SchemaContext } from "./schema/context.js";
import { finiteValues } from "./schema/context.js";
import {
  isSchemaObject,
  isTrivial,
  setOwn,
  JSON_TYPES,
  type JsonType,
  type Schema,
  type SchemaNode,
} from "./schema/keywords.js";
import { mergeConjunction } from "./schema/merge.js";
import { constructExample } from "./construct.js";

export interface ArbitraryOptions {
  /** How many `$ref` expansions deep before recursion is cut short. Default 3. */
  maxRefDepth?: number;
  /** Longest generated array beyond `minItems`. Default 3. */
  maxExtraItems?: number;
  /** Whether objects that allow unknown members sometimes get one. Default true. */
  extraMembers?: boolean;
}

type Arb = fc.Arbitrary<unknown>;

/** Container nesting from which only required content is generated, and the hard stop. */
const MINIMAL_LEVEL = 6;
const MAX_LEVEL = 64;

/** Builds arbitraries for the nodes of one context; memoised per (node, remaining depth). */
export class ArbitraryBuilder {
  private readonly memo = new Map<string, Arb>();
  private readonly maxRefDepth: number;
  private readonly maxExtraItems: number;
  private readonly extraMembers: boolean;

  constructor(
    readonly ctx: SchemaContext,
    options: ArbitraryOptions = {},
  ) {
    this.maxRefDepth = options.maxRefDepth ?? 3;
    this.maxExtraItems = options.maxExtraItems ?? 3;
    this.extraMembers = options.extraMembers ?? true;
  }

  of(node: SchemaNode): Arb {
    return this.build(node, 0, 0).map(plainJson);
  }

  /**
   * `depth` counts `$ref` expansions; `level` counts nested arrays and objects. Past
   * MINIMAL_LEVEL containers only get what they require, so deeply nested schemas stay linear.
   */
  private build(node: SchemaNode, depth: number, level = 0): Arb {
    const isRef = typeof node === "object" && typeof node.$ref === "string";
    const nextDepth = isRef ? depth + 1 : depth;
    if (isRef && nextDepth > this.maxRefDepth) return this.smallest(node);
    if (level > MAX_LEVEL) return this.smallest(node);
    const n = this.ctx.deref(node);
    const minimal = level >= MINIMAL_LEVEL;
    const key = `${this.ctx.id(n)}@${nextDepth}@${minimal ? "min" : level}`;
    const hit = this.memo.get(key);
    if (hit) return hit;
    // Placeholder breaks cycles through non-$ref recursion (there is none in bundles, but be safe).
    this.memo.set(key, fc.constant(null));
    const arb = this.fresh(n, nextDepth, level);
    this.memo.set(key, arb);
    return arb;
  }

  private smallest(node: SchemaNode): Arb {
    // Construction only: sampling here would build arbitraries again, without end.
    const ex = constructExample(node, this.ctx);
    return fc.constant(ex.found ? ex.value : null);
  }

  private fresh(n: SchemaNode, depth: number, level: number): Arb {
    if (n === false) return fc.constant(null);
    if (n === true || isTrivial(n)) return anyJson();
    const values = finiteValues(n);
    if (values) return values.length ? fc.constantFrom(...values) : fc.constant(null);
    if (Array.isArray(n.allOf)) {
      const merged = mergeConjunction([n], this.ctx);
      if (merged === false) return fc.constant(null);
      if (merged && !Array.isArray(merged.allOf)) return this.fresh(merged, depth, level);
      // Not mergeable: generate from the first part; the validator filters.
      return this.build((n.allOf as SchemaNode[])[0] ?? true, depth, level);
    }
    for (const kw of ["oneOf", "anyOf"] as const) {
      if (!Array.isArray(n[kw])) continue;
      const { [kw]: branches, ...base } = n;
      const arbs = (branches as SchemaNode[]).map((br) => {
        const m = isTrivial(base) ? br : mergeConjunction([base, br], this.ctx);
        return this.build(m === undefined ? br : m, depth, level);
      });
      return arbs.length ? fc.oneof(...arbs) : fc.constant(null);
    }
    const types = this.ctx.types(n);
    const explicit = typeof n.type === "string" || Array.isArray(n.type);
    const chosen = explicit ? [...types] : inferTypes(n, types);
    const arbs = chosen
      .filter((t) => !(t === "integer" && chosen.includes("number")))
      .map((t) => this.typed(n, t, depth, level));
    if (arbs.length === 0) return fc.constant(null);
    return arbs.length === 1 ? arbs[0]! : fc.oneof(...arbs);
  }

  private typed(n: Schema, t: JsonType, depth: number, level: number): Arb {
    switch (t) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer":
        return integerArb(n);
      case "number":
        return fc.oneof({ weight: 3, arbitrary: integerArb(n) }, { weight: 1, arbitrary: doubleArb(n) });
      case "string":
        return stringArb(n);
      case "array":
        return this.arrayArb(n, depth, level + 1);
      case "object":
        return this.objectArb(n, depth, level + 1);
    }
  }

  private arrayArb(n: Schema, depth: number, level: number): Arb {
    const minItems = typeof n.minItems === "number" ? n.minItems : 0;
    const extra = level >= MINIMAL_LEVEL ? 0 : this.maxExtraItems;
    const maxItems = Math.min(typeof n.maxItems === "number" ? n.maxItems : Infinity, minItems + extra);
    if (maxItems < minItems) return fc.constant([]);
    const prefix = Array.isArray(n.prefixItems)
      ? (n.prefixItems as SchemaNode[]).map((s) => this.build(s, depth, level))
      : [];
    const item = n.items === false ? undefined : this.build((n.items as SchemaNode | undefined) ?? true, depth, level);
    const restMin = Math.max(0, minItems - prefix.length);
    const restMax = Math.max(restMin, maxItems - prefix.length);
    const rest = item
      ? n.uniqueItems === true
        ? fc.uniqueArray(item, { minLength: restMin, maxLength: restMax, selector: (v) => JSON.stringify(v) })
        : fc.array(item, { minLength: restMin, maxLength: restMax })
      : fc.constant([] as unknown[]);
    if (prefix.length === 0) return rest;
    return fc.tuple(fc.tuple(...prefix), rest).map(([p, r]) => [...p, ...r]);
  }

  private objectArb(n: Schema, depth: number, level: number): Arb {
    const props = (isSchemaObject(n.properties) ? n.properties : {}) as Record<string, SchemaNode>;
    const required = new Set(Array.isArray(n.required) ? (n.required as string[]) : []);
    const ap = (n.additionalProperties as SchemaNode | undefined) ?? true;
    const model: Record<string, Arb> = {};
    for (const [k, s] of Object.entries(props)) {
      if (this.ctx.deref(s) === false) continue;
      if (level >= MINIMAL_LEVEL && !required.has(k)) continue;
      setOwn(model, k, this.build(s, depth, level));
    }
    for (const r of required) if (!Object.hasOwn(model, r)) setOwn(model, r, this.build(ap, depth, level));
    const requiredKeys = Object.keys(model).filter((k) => required.has(k));
    const declared = fc.record(model, { requiredKeys });
    if (
      !this.extraMembers ||
      level >= MINIMAL_LEVEL ||
      this.ctx.deref(ap) === false ||
      n.patternProperties !== undefined
    )
      return declared;
    const names = new Set(Object.keys(props));
    const key = fc
      .oneof(
        fc.constantFrom("extra", "x", "meta", "__proto__", "constructor"),
        fc.string({ minLength: 1, maxLength: 6 }),
      )
      .filter((k) => !names.has(k));
    const extras = fc.dictionary(key, this.build(ap, depth + 1, level), { maxKeys: 2, noNullPrototype: true });
    return fc.oneof(
      { weight: 3, arbitrary: declared },
      { weight: 1, arbitrary: fc.tuple(declared, extras).map(([d, e]) => assignOwn({}, e, d)) },
    );
  }
}

/** Copies members as own data properties (a `__proto__` member stays a member). */
function assignOwn(target: Record<string, unknown>, ...sources: Record<string, unknown>[]): Record<string, unknown> {
  for (const s of sources)
    for (const k of Object.keys(s))
      Object.defineProperty(target, k, { value: s[k], enumerable: true, writable: true, configurable: true });
  return target;
}

/** Convenience: an arbitrary for one node of a context. */
const shared = new WeakMap<SchemaContext, ArbitraryBuilder>();

/**
 * One builder per context with the default options: an arbitrary depends only on (node, depth,
 * level), so the diff's many searches over the same definitions share the memo.
 */
export function arbitraries(ctx: SchemaContext): ArbitraryBuilder {
  let b = shared.get(ctx);
  if (!b) shared.set(ctx, (b = new ArbitraryBuilder(ctx)));
  return b;
}

export function schemaArbitrary(
  node: SchemaNode,
  ctx: SchemaContext,
  options?: ArbitraryOptions,
): fc.Arbitrary<unknown> {
  return new ArbitraryBuilder(ctx, options).of(node);
}

/** Types for a schema without `type`: the ones its keywords talk about, else every type. */
function inferTypes(n: Schema, types: Set<JsonType>): JsonType[] {
  const hinted: JsonType[] = [];
  if (
    [
      "properties",
      "required",
      "additionalProperties",
      "patternProperties",
      "minProperties",
      "maxProperties",
      "propertyNames",
    ].some((k) => k in n)
  )
    hinted.push("object");
  if (["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"].some((k) => k in n))
    hinted.push("array");
  if (["minLength", "maxLength", "pattern", "format"].some((k) => k in n)) hinted.push("string");
  if (["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"].some((k) => k in n))
    hinted.push("number");
  // Still produce the other types sometimes: a schema without `type` accepts them.
  const rest = JSON_TYPES.filter((t) => types.has(t) && !hinted.includes(t) && t !== "integer");
  return hinted.length ? [...hinted, ...rest.slice(0, 2)] : rest;
}
