/**
 * JSON Schema -> fast-check arbitrary. Used by the diff's counterexample search and by lint's
 * oneOf-overlap rule. Aims to produce *valid* instances of a schema; callers still filter with
 * the real validator, because some keywords (pattern + length, allOf, not, if/then) are only
 * approximated. Handles `$ref` with a depth bound (past it, the smallest example stands in),
 * oneOf/anyOf, enum/const, the common formats, and patterns through a few fallbacks:
 * `fc.stringMatching`, then literal candidates that match, then plain strings.
 */
import fc from "fast-check";
import { compilePattern } from "../schema/pattern.js";
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

const STRING_CANDIDATES = [
  "",
  "a",
  "x",
  "0",
  "1",
  "a:b",
  "src/a.ts:f",
  "/",
  "/a",
  "/a/0",
  "a-b",
  "a_b",
  "A",
  "abc",
  "x y",
  "2024-01-01",
  "2024-01-01T00:00:00Z",
  "00000000-0000-4000-8000-000000000000",
  "a@example.com",
  "https://example.com/",
];

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

/**
 * A deep copy made of ordinary objects, as JSON.parse would produce: fast-check may build
 * null-prototype objects, which real payloads never are (and which ajv's uniqueItems check
 * cannot compare). Members named `__proto__` stay own data members.
 */
export function plainJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plainJson);
  if (v === null || typeof v !== "object") return Object.is(v, -0) ? 0 : v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v))
    Object.defineProperty(out, k, {
      value: plainJson((v as Record<string, unknown>)[k]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
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

export function anyJson(): Arb {
  return fc.jsonValue({ maxDepth: 2, noUnicodeString: false } as never).map((v) => v as unknown);
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

function bounds(n: Schema): { min: number; max: number } {
  let min = -1_000_000;
  let max = 1_000_000;
  if (typeof n.minimum === "number") min = Math.max(min, n.minimum);
  if (typeof n.exclusiveMinimum === "number")
    min = Math.max(min, n.exclusiveMinimum + Number.EPSILON * Math.max(1, Math.abs(n.exclusiveMinimum)));
  if (typeof n.maximum === "number") max = Math.min(max, n.maximum);
  if (typeof n.exclusiveMaximum === "number")
    max = Math.min(max, n.exclusiveMaximum - Number.EPSILON * Math.max(1, Math.abs(n.exclusiveMaximum)));
  if (typeof n.minimum === "number" && n.minimum > max) max = n.minimum + 1_000_000;
  if (typeof n.maximum === "number" && n.maximum < min) min = n.maximum - 1_000_000;
  return { min, max };
}

function integerArb(n: Schema): Arb {
  const { min, max } = bounds(n);
  let lo = Math.ceil(min);
  let hi = Math.floor(max);
  if (typeof n.exclusiveMinimum === "number" && lo <= n.exclusiveMinimum) lo = Math.floor(n.exclusiveMinimum) + 1;
  if (typeof n.exclusiveMaximum === "number" && hi >= n.exclusiveMaximum) hi = Math.ceil(n.exclusiveMaximum) - 1;
  lo = Math.max(lo, Number.MIN_SAFE_INTEGER);
  hi = Math.min(hi, Number.MAX_SAFE_INTEGER);
  if (hi < lo) return fc.constant(lo);
  const m = typeof n.multipleOf === "number" && n.multipleOf > 0 ? n.multipleOf : undefined;
  if (m !== undefined) {
    const a = Math.ceil(lo / m);
    const b = Math.floor(hi / m);
    if (b < a) return fc.constant(lo);
    return fc.integer({ min: a, max: b }).map((k) => k * m);
  }
  const interesting = [0, 1, -1, lo, hi].filter((v) => v >= lo && v <= hi);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...interesting) },
    { weight: 4, arbitrary: fc.integer({ min: lo, max: hi }) },
  );
}

function doubleArb(n: Schema): Arb {
  const { min, max } = bounds(n);
  if (max < min) return fc.constant(min);
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d));
}

const FORMATS: Record<string, () => Arb> = {
  "date-time": () =>
    fc
      .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString()),
  date: () =>
    fc
      .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  time: () =>
    fc
      .date({ noInvalidDate: true, min: new Date("2000-01-01T00:00:00Z"), max: new Date("2000-01-02T00:00:00Z") })
      .map((d) => d.toISOString().slice(11, 19) + "Z"),
  email: () => fc.emailAddress(),
  uri: () => fc.webUrl(),
  "uri-reference": () => fc.webUrl(),
  url: () => fc.webUrl(),
  uuid: () => fc.uuid(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  hostname: () => fc.domain(),
};

/** JSON Schema counts lengths in code points: clip or pad a generated string to the bounds. */
function fitCodePoints(s: string, min: number, max: number): string {
  const cps = [...s];
  if (cps.length > max) return cps.slice(0, max).join("");
  if (cps.length < min) return s + "x".repeat(min - cps.length);
  return s;
}

function stringArb(n: Schema): Arb {
  const minLength = typeof n.minLength === "number" ? n.minLength : 0;
  const maxLength = Math.min(typeof n.maxLength === "number" ? n.maxLength : Infinity, minLength + 24);
  const format = typeof n.format === "string" ? FORMATS[n.format] : undefined;
  if (typeof n.pattern === "string") return patternArb(n.pattern, minLength, maxLength);
  if (format) return format();
  if (maxLength < minLength) return fc.constant("x".repeat(minLength));
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
      { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: "grapheme" }) },
    )
    .map((s) => fitCodePoints(s, minLength, maxLength));
}

/**
 * Pattern fallbacks, first that works: `fc.stringMatching` (lengths fitted to the bounds, falling
 * back to a matching literal when fitting would break the match), matching literal candidates,
 * then plain strings (the validator filters those). fast-check builds strings from the pattern's
 * syntax tree and never runs it; candidates are tested by the linear matcher (decision 252). An
 * undecidable pattern gets plain strings: the validator then says it cannot judge them.
 */
function patternArb(pattern: string, minLength: number, maxLength: number): Arb {
  const plain = () => fc.string({ minLength, maxLength: Number.isFinite(maxLength) ? maxLength : minLength + 12 });
  const unicode = compilePattern(pattern, true);
  const linear = unicode.kind === "invalid" ? compilePattern(pattern, false) : unicode;
  if (linear.kind !== "linear") return plain();
  const re = new RegExp(pattern, linear === unicode ? "u" : "");
  const fits = (s: string) => [...s].length >= minLength && [...s].length <= maxLength;
  const literal = STRING_CANDIDATES.filter((c) => linear.test(c) && fits(c));
  let matching: Arb | undefined;
  try {
    const m = fc.stringMatching(re);
    matching = m.map((s) => (fits(s) ? s : (literal[0] ?? fitCodePoints(s, minLength, maxLength))));
  } catch {
    matching = undefined;
  }
  if (matching && literal.length)
    return fc.oneof({ weight: 5, arbitrary: matching }, { weight: 1, arbitrary: fc.constantFrom(...literal) });
  if (matching) return matching;
  if (literal.length) return fc.constantFrom(...literal);
  return plain();
}
