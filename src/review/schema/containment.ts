/**
 * Structural subschema check: does every instance valid under `a` (in context A) validate under
 * `b` (in context B)? Sound where it says "proved" (no findings); everything else is a finding:
 * `certain` ones are structural refutations still to be shown with a payload, the others are
 * places the structural rules cannot decide (left to the sampling search).
 *
 * This checker decides type sets, enum/const, oneOf/anyOf branch matching (with exclusivity proved
 * by type or by a discriminating constant) and allOf itself; every other keyword belongs to one
 * keyword family module (families/: numbers, strings, arrays, objects, applicators), which it calls
 * per type of A (or once per pair) with itself as `sub` for nested schemas. References are followed
 * on both sides and recursion is handled co-inductively.
 *
 * Over 500 lines for one reason: the pair judgement's recursion (its memo, co-induction and depth
 * limit) and the type, union and allOf rules it runs share one class's state, and the read-out walks
 * the judgements that recursion made; the keyword families already live in families/.
 */
import type { SchemaContext } from "./context.js";
import { finiteValues, valueType } from "./context.js";
import { sameKeyword, sameSchema } from "./equal.js";
import {
  canonical,
  constraintKeys,
  isSchemaObject,
  isTrivial,
  type JsonType,
  type Schema,
  type SchemaNode,
} from "./keywords.js";
import { mergeConjunction } from "./merge.js";
import { HANDLED_KEYWORDS, KEYWORD_FAMILIES } from "./families/index.js";
import { strings } from "./families/family.js";
import { counterpart, definitionNames, namesakes, pinnedApartThroughAllOf, rankBranches } from "./union-pairing.js";

export type { Aspect, FamilyContext, Difference, Step } from "./difference.js";
import type { Aspect, Below, FamilyContext, Difference, Judgement, Outcome, PathLens, Step } from "./difference.js";

export interface ContainmentOptions {
  /** Produces a valid example of a node of context A, for hints; undefined when it finds none. */
  example?(node: SchemaNode): unknown;
  maxDepth?: number;
}

/** Families that constrain values of one JSON type run per type of A; the others once per schema pair. */
const PER_TYPE = KEYWORD_FAMILIES.filter((f) => f.types !== undefined);
const PER_PAIR = KEYWORD_FAMILIES.filter((f) => f.types === undefined);

/** Shared nodes, so memo keys stay stable across calls. */
const EMPTY: Schema = Object.freeze({}) as Schema;
const TYPE_NODES: Record<string, Schema> = Object.fromEntries(
  ["null", "boolean", "integer", "number", "string", "array", "object"].map((t) => [
    t,
    Object.freeze({ type: t }) as Schema,
  ]),
);

interface Frame {
  index: number;
}

export class Containment {
  private readonly active = new Map<string, number>();
  private readonly cache = new Map<string, Judgement>();
  private stackDepth = 0;
  private lowWater = Infinity;
  private readonly maxDepth: number;
  /** What a keyword family module sees of the checker (one object per checker: `sub` is its memoised recursion). */
  private readonly families: FamilyContext;

  constructor(
    readonly ca: SchemaContext,
    readonly cb: SchemaContext,
    private readonly options: ContainmentOptions = {},
  ) {
    this.maxDepth = options.maxDepth ?? 48;
    this.families = {
      ca,
      cb,
      sub: (x, y, d) => readOut(this.sub(x, y, d), this.ca, this.cb),
      below: (x, y, d, step) => ({ below: this.sub(x, y, d), ...(step ? { step } : {}) }),
      finding: (...args) => this.finding(...args),
      example: (n) => this.example(n),
      disjoint: (x, y) => disjoint(x, ca, y, cb),
      back: (y, x) => {
        this.reverse ??= new Containment(cb, ca, { maxDepth: this.maxDepth });
        return this.reverse.check(y, x).length === 0;
      },
    };
  }

  /** The same pair of contexts the other way round, made when a family first asks (`not`: B's forbidden set inside A's). */
  private reverse?: Containment;

  /** Findings for `a ⊆ b`, each once (once per class of path, with a lens); an empty list means proved. */
  check<S>(a: SchemaNode, b: SchemaNode, lens?: PathLens<S>, states?: S[]): Difference[] {
    return readOut(this.sub(a, b, 0), this.ca, this.cb, lens, states);
  }

  /**
   * The judgement of `a ⊆ b`: made once per schema pair (memo on the two nodes' identities) and
   * shared, not copied, by every pair above it, so its cost follows the schemas and not the number
   * of paths that reach them (a component used by many members, a union's branches naming the same
   * definitions: exponentially many paths in a nested document).
   */
  private sub(aIn: SchemaNode, bIn: SchemaNode, depth: number): Judgement {
    const a = this.ca.deref(aIn);
    const b = this.cb.deref(bIn);
    if (b === true || isTrivial(b)) return PROVED;
    if (a === false) return PROVED;
    if (b === false)
      return local([
        this.finding([], "schema", true, "{A} accepts values here; {B} accepts none", a, b, [this.example(a)]),
      ]);
    if (depth > this.maxDepth)
      return local([
        {
          ...this.finding([], "depth", false, "nesting too deep for the structural pass", a, b, []),
          undecided: `the structural pass judges at most ${this.maxDepth} nested schema pairs (decision 255)`,
        },
      ]);
    const aObj: Schema = a === true ? EMPTY : a;
    const key = `${this.ca.id(aObj)}|${this.cb.id(b)}`;
    const onStack = this.active.get(key);
    if (onStack !== undefined) {
      this.lowWater = Math.min(this.lowWater, onStack);
      return PROVED;
    }
    const cached = this.cache.get(key);
    if (cached) return cached;
    const frame: Frame = { index: this.stackDepth++ };
    this.active.set(key, frame.index);
    const outerLow = this.lowWater;
    this.lowWater = Infinity;
    let result: Judgement;
    try {
      result = { entries: this.body(aObj, b, depth) };
    } finally {
      this.active.delete(key);
      this.stackDepth--;
    }
    // Cache only results that did not lean on an assumption made further up the stack.
    if (this.lowWater >= frame.index) this.cache.set(key, result);
    this.lowWater = Math.min(outerLow, this.lowWater);
    return result;
  }

  private body(a: Schema, b: Schema, depth: number): Outcome[] {
    if (sameSchema(a, this.ca, b, this.cb)) return [];

    // b = conjunction: a must be inside every part.
    if (Array.isArray(b.allOf)) {
      const merged = mergeConjunction([b], this.cb);
      if (merged === false)
        return [this.finding([], "schema", true, "{A} accepts values here; {B} accepts none", a, b, [this.example(a)])];
      if (merged && !Array.isArray(merged.allOf)) return [{ below: this.sub(a, merged, depth + 1) }];
      const { allOf, ...base } = b;
      const out: Outcome[] = isTrivial(base) ? [] : [{ below: this.sub(a, base, depth + 1) }];
      for (const part of allOf as SchemaNode[]) out.push({ below: this.sub(a, part, depth + 1) });
      return out;
    }
    // a = conjunction: merge it; failing that, any part inside b proves it.
    if (Array.isArray(a.allOf)) {
      const merged = mergeConjunction([a], this.ca);
      if (merged === false) return [];
      if (merged && !Array.isArray(merged.allOf)) return [{ below: this.sub(merged, b, depth + 1) }];
      const { allOf, ...base } = a;
      const parts = [...(isTrivial(base) ? [] : [base]), ...(allOf as SchemaNode[])];
      let best: { j: Judgement; size: number } | undefined;
      for (const p of parts) {
        const j = this.sub(p, b, depth + 1);
        if (this.proved(j)) return [];
        const size = readOut(j, this.ca, this.cb).length;
        if (!best || size < best.size) best = { j, size };
      }
      return best ? [{ below: best.j, uncertain: true }] : [];
    }
    // a = union: every branch (with a's shared keywords) must be inside b.
    const aUnion = unionKeyword(a);
    if (aUnion) {
      const { [aUnion]: branches, ...base } = a;
      const out: Outcome[] = [];
      (branches as SchemaNode[]).forEach((br, i) => {
        const node = isTrivial(base) ? br : (mergeConjunction([base, br], this.ca) ?? br);
        if (node === false) return;
        this.ca.derivedFrom(node, this.ca.deref(br));
        out.push({ below: this.sub(node, b, depth + 1), step: { kind: "branch", index: i } });
      });
      return out;
    }
    // b = union: a must sit inside one branch (per JSON type), and for oneOf inside exactly one.
    const bUnion = unionKeyword(b);
    if (bUnion) return this.intoUnion(a, b, bUnion, depth);

    return this.plain(a, b, depth);
  }

  private intoUnion(a: Schema, b: Schema, kw: "oneOf" | "anyOf", depth: number): Outcome[] {
    const { [kw]: rawBranches, ...base } = b;
    const branches = rawBranches as SchemaNode[];
    const out: Outcome[] = isTrivial(base) ? [] : [{ below: this.sub(a, base, depth + 1) }];
    const finite = finiteValues(a);
    if (finite) {
      // Finitely many values: decide each one with the real validators.
      for (const v of finite) {
        if (!this.ca.valid(a, v)) continue;
        if (!this.cb.valid(b, v))
          out.push(
            this.finding(
              [],
              finite.length === 1 && "const" in a ? "const" : "enum",
              true,
              `{A} allows ${short(v)}; {B} does not`,
              a,
              b,
              [v],
              short(v),
            ),
          );
      }
      return out;
    }
    for (const t of this.ca.types(a)) {
      const aT = restrictType(a, t, this.ca);
      if (aT === false) continue;
      let cands = branches.map((br, i) => ({ br, i })).filter(({ br }) => this.cb.types(br).has(t));
      cands = cands.filter(({ br }) => !disjoint(aT, this.ca, br, this.cb));
      if (cands.length === 0) {
        out.push(
          this.finding(
            [],
            "branch",
            true,
            `{A} allows ${typeWord(t)} here; no branch of {B}'s ${kw} does`,
            aT,
            b,
            [this.example(aT)],
            t,
          ),
        );
        continue;
      }
      if (cands.length === 1) {
        const only = cands[0]!;
        const j = this.sub(aT, only.br, depth + 1);
        // A's namesake in B is not a candidate (another type, or pinned apart): the one branch left is
        // another definition, and its members say nothing about A. The union misses A's values.
        const twins = this.proved(j) ? [] : namesakes(a, this.ca, branches, this.cb);
        if (twins.length > 0 && !twins.includes(only.i)) {
          out.push(
            this.finding(
              [],
              "branch",
              readOut(j, this.ca, this.cb).some((f) => f.certain),
              `{A} allows ${typeWord(t)} here; no branch of {B}'s ${kw} does`,
              aT,
              b,
              [this.example(aT)],
              t,
            ),
          );
          continue;
        }
        out.push({ below: j, step: { kind: "branch", index: only.i, side: "b" } });
        continue;
      }
      // Candidates by identity (discriminator value, definition name), then similarity (union-pairing.ts).
      const ranked = rankBranches(a, this.ca, cands, this.cb);
      let chosen: number | undefined;
      let bestFs: { below: Below; size: number } | undefined;
      const named = definitionNames(a, this.ca).size > 0;
      const paired = counterpart(ranked, named);
      for (const c of ranked) {
        const j = this.sub(aT, c.br, depth + 1);
        if (this.proved(j)) {
          chosen = c.i;
          break;
        }
        const mine: Below = { below: j, step: { kind: "branch", index: c.i, side: "b" }, uncertain: true };
        if (c === paired) bestFs = { below: mine, size: 0 };
        else if (!paired && !named) {
          const size = readOut(j, this.ca, this.cb).length;
          if (!bestFs || size < bestFs.size) bestFs = { below: mine, size };
        }
      }
      if (chosen === undefined) {
        // Several branches could share the values between them: undecided, not refuted.
        if (bestFs) out.push(bestFs.below);
        // A branch identified as A's counterpart says where A differs; without one, say that no branch was found.
        if (!paired?.identified)
          out.push(
            this.finding(
              [],
              "branch",
              false,
              `no single branch of {B}'s ${kw} contains ${typeWord(t)} values of {A}`,
              aT,
              b,
              [this.example(aT)],
              t,
            ),
          );
        continue;
      }
      if (kw === "oneOf") {
        for (const c of cands) {
          if (c.i === chosen) continue;
          out.push(
            this.finding(
              [],
              "branch",
              false,
              `{B}'s oneOf branches ${chosen} and ${c.i} may both match ${typeWord(t)} values of {A}`,
              aT,
              b,
              [this.example(aT)],
              t,
            ),
          );
        }
      }
    }
    return out;
  }

  private plain(a: Schema, b: Schema, depth: number): Outcome[] {
    const out: Outcome[] = [];
    const finiteA = finiteValues(a);
    if (finiteA) {
      for (const v of finiteA) {
        if (!this.ca.valid(a, v)) continue;
        if (!this.cb.valid(b, v)) {
          const aspect = !this.cb.types(b).has(valueType(v)) ? "type" : "const" in a && "const" in b ? "const" : "enum";
          out.push(
            this.finding(
              [],
              aspect,
              true,
              aspect === "const"
                ? `{A}'s constant ${short(v)} is not {B}'s ${short(b.const)}`
                : `{A} allows ${short(v)}; {B} does not`,
              a,
              b,
              [v],
              short(v),
            ),
          );
        }
      }
      return out;
    }
    const typesA = this.ca.types(a);
    const typesB = this.cb.types(b);
    const finiteB = finiteValues(b);
    for (const t of typesA) {
      const aT = restrictType(a, t, this.ca);
      if (aT === false) continue;
      if (!typesB.has(t)) {
        const hints = t === "number" ? [0.5, 1.5, -0.5, this.example(aT)] : [this.example(aT)];
        out.push(this.finding([], "type", true, `{A} allows ${typeWord(t)} here; {B} does not`, aT, b, hints, t));
        continue;
      }
      if (finiteB) {
        if (t === "null" || t === "boolean") {
          for (const v of t === "null" ? [null] : [true, false])
            if (this.ca.valid(a, v) && !this.cb.valid(b, v))
              out.push(this.finding([], "enum", true, `{A} allows ${short(v)}; {B} does not`, a, b, [v], short(v)));
        } else {
          out.push(
            this.finding(
              [],
              "enum",
              true,
              `{A} allows any ${typeWord(t)} here; {B} only ${finiteB.map(short).join(", ")}`,
              aT,
              b,
              [this.example(aT), ...mutations(t)],
              undefined,
            ),
          );
        }
        continue;
      }
      for (const family of PER_TYPE)
        if (family.types!.includes(t)) out.push(...family.findings(this.families, a, b, aT, depth, t));
    }
    for (const family of PER_PAIR) out.push(...family.findings(this.families, a, b, a, depth));
    for (const k of constraintKeys(b)) {
      if (HANDLED_KEYWORDS.has(k)) continue;
      if (k in a && sameKeyword(k, a[k], this.ca, b[k], this.cb)) continue;
      out.push(
        this.finding(
          [],
          "keyword",
          false,
          `{B} adds or changes \`${k}\`, which the structural pass does not decide`,
          a,
          b,
          [this.example(a)],
          k,
        ),
      );
    }
    return out;
  }

  /** No difference reachable (pairs still being judged up the stack count as proved: recursion is co-inductive). */
  private proved(j: Judgement): boolean {
    return isProved(j);
  }

  private example(node: SchemaNode): unknown {
    try {
      return this.options.example?.(node);
    } catch {
      return undefined;
    }
  }

  private finding(
    steps: Step[],
    aspect: Aspect,
    certain: boolean,
    message: string,
    a: SchemaNode,
    b: SchemaNode,
    hints: unknown[],
    subject?: string,
  ): Difference {
    return { steps, aspect, certain, message, subject, a, b, hints: hints.filter((h) => h !== undefined) };
  }
}

const PROVED: Judgement = Object.freeze({ entries: Object.freeze([]) as unknown as Outcome[], empty: true });

function local(list: Difference[]): Judgement {
  return { entries: list, empty: list.length === 0 };
}

function isBelow(o: Outcome): o is Below {
  return "below" in o;
}

/** No difference reachable from a judgement (each judgement visited once; the answer kept on it). */
function isProved(j: Judgement): boolean {
  if (j.empty !== undefined) return j.empty;
  const seen = new Set<Judgement>();
  const walk = (x: Judgement): boolean => {
    if (x.empty !== undefined) return x.empty;
    if (seen.has(x)) return true;
    seen.add(x);
    for (const o of x.entries) if (!isBelow(o) || !walk(o.below)) return (x.empty = false);
    return true;
  };
  // A judgement is complete once made (a pair still on the stack counts as proved and is not linked), so
  // the answer holds for good: every judgement a proved walk visited is proved too.
  const empty = walk(j);
  if (empty) for (const x of seen) x.empty = true;
  return empty;
}

const ONE_CLASS: PathLens<undefined> = { start: undefined, step: () => undefined, key: () => "" };

/**
 * The differences of a judgement, each once, in the order the pairs were judged: a judgement met
 * again on another path adds nothing (its differences were listed on the first), and the same
 * difference made twice (the same schema pair, aspect, subject, certainty and words) is one. With a
 * lens, paths of different classes are read apart: a difference once per class of path reaching it.
 */
export function readOut<S>(
  j: Judgement,
  ca: SchemaContext,
  cb: SchemaContext,
  lens: PathLens<S> = ONE_CLASS as PathLens<S>,
  /** Filled in step with the result: the lens's state at each difference (what the reader's class key was made from). */
  states?: S[],
): Difference[] {
  if (j.empty === true) return [];
  const out: Difference[] = [];
  const seenDifference = new Set<string>();
  const visited = new Set<string>();
  const ids = new Map<Judgement, number>();
  // The path so far as a chain (shared by every pair below it), made an array only for a difference listed.
  const walk = (x: Judgement, steps: StepChain | undefined, uncertain: boolean, state: S) => {
    if (x.empty === true) return;
    let id = ids.get(x);
    if (id === undefined) ids.set(x, (id = ids.size + 1));
    const cls = lens.key(state);
    const mark = `${id}|${uncertain}|${cls}`;
    if (visited.has(mark)) return;
    visited.add(mark);
    for (const o of x.entries) {
      if (isBelow(o)) {
        const next = o.step ? lens.step(state, o.step) : state;
        walk(o.below, o.step ? { step: o.step, up: steps } : steps, uncertain || o.uncertain === true, next);
        continue;
      }
      const certain = o.certain && !uncertain;
      let here = cls;
      let s = state;
      if (o.steps.length) {
        for (const st of o.steps) s = lens.step(s, st);
        here = lens.key(s);
      }
      const k = `${ca.id(o.a)}|${cb.id(o.b)}|${o.aspect}|${o.subject}|${certain}|${o.message}|${here}`;
      if (seenDifference.has(k)) continue;
      seenDifference.add(k);
      states?.push(s);
      out.push(
        steps === undefined && certain === o.certain ? o : { ...o, steps: [...stepsOf(steps), ...o.steps], certain },
      );
    }
  };
  walk(j, undefined, false, lens.start);
  return out;
}

interface StepChain {
  step: Step;
  up: StepChain | undefined;
}

function stepsOf(chain: StepChain | undefined): Step[] {
  const out: Step[] = [];
  for (let c = chain; c; c = c.up) out.push(c.step);
  return out.reverse();
}

function unionKeyword(s: Schema): "oneOf" | "anyOf" | undefined {
  if (Array.isArray(s.oneOf)) return "oneOf";
  if (Array.isArray(s.anyOf)) return "anyOf";
  return undefined;
}

/** `a` restricted to one JSON type ("number" meaning the non-integers keeps the integers too: an over-approximation). */
export function restrictType(a: Schema, t: JsonType, ctx: SchemaContext): SchemaNode {
  const types = ctx.types(a);
  if (types.size === 1 && types.has(t)) return a;
  const merged = mergeConjunction([a, TYPE_NODES[t]!], ctx);
  if (merged === undefined) return a;
  // Findings about the restricted node name a's location, not the other document's.
  ctx.derivedFrom(merged, a);
  return merged;
}

/**
 * True when no instance can satisfy both nodes, proved by type or by a member both pin: `x`
 * requires member p with values Vx, `y` constrains p to values Vy, and Vx ∩ Vy = ∅.
 */
export function disjoint(xIn: SchemaNode, cx: SchemaContext, yIn: SchemaNode, cy: SchemaContext): boolean {
  const x = cx.deref(xIn);
  const y = cy.deref(yIn);
  if (x === false || y === false) return true;
  if (x === true || y === true) return false;
  const tx = cx.types(x);
  const ty = cy.types(y);
  if (![...tx].some((t) => ty.has(t))) return true;
  const fx = finiteValues(x);
  if (fx) return fx.every((v) => !cx.valid(x, v) || !cy.valid(y, v));
  const fy = finiteValues(y);
  if (fy) return fy.every((v) => !cy.valid(y, v) || !cx.valid(x, v));
  return pinnedApart(x, cx, y, cy) || pinnedApart(y, cy, x, cx) || pinnedApartThroughAllOf(x, cx, y, cy);
}

function pinnedApart(x: Schema, cx: SchemaContext, y: Schema, cy: SchemaContext): boolean {
  const mx = flatObject(x, cx);
  const my = flatObject(y, cy);
  if (!mx || !my) return false;
  const required = new Set(strings(mx.required));
  const px = (isSchemaObject(mx.properties) ? mx.properties : {}) as Record<string, SchemaNode>;
  const py = (isSchemaObject(my.properties) ? my.properties : {}) as Record<string, SchemaNode>;
  for (const p of required) {
    if (!Object.hasOwn(px, p) || !Object.hasOwn(py, p)) continue;
    const vx = cx.deref(px[p]!);
    const vy = cy.deref(py[p]!);
    if (typeof vx === "boolean" || typeof vy === "boolean") continue;
    const fx = finiteValues(vx);
    const fy = finiteValues(vy);
    if (fx && fy) {
      const ys = new Set(fy.map(canonical));
      if (!fx.some((v) => ys.has(canonical(v)))) return true;
    }
  }
  return false;
}

function flatObject(s: Schema, ctx: SchemaContext): Schema | undefined {
  if (!Array.isArray(s.allOf)) return s;
  const m = mergeConjunction([s], ctx);
  return m === false ? undefined : m;
}

function mutations(t: JsonType): unknown[] {
  switch (t) {
    case "string":
      return ["", "x", "unlisted-value"];
    case "integer":
      return [0, 1, -1, 1000003];
    case "number":
      return [0.5, 1e9 + 0.5];
    case "array":
      return [[]];
    case "object":
      return [{}];
    default:
      return [];
  }
}

export function typeWord(t: string): string {
  return t === "number" ? "non-integer numbers" : t === "integer" ? "integers" : t === "null" ? "null" : `${t}s`;
}

export function short(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? s.slice(0, 57) + "..." : s;
}
