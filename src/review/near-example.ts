/**
 * A payload one version accepts that agrees with the other version everywhere it can: the base of a
 * counterexample when no payload both versions accept exists (issue 14 item 6, decision 168).
 *
 * Example: `origin` is an object in the old version and a string in the new one, required in both.
 * No payload is valid under both, so common-example.ts finds no base, and a counterexample for a
 * change at `/counts/actions` used to carry whatever the old side built for `counts`. Here every
 * member is built for both versions where a value for both exists (`counts` with what the new
 * version requires) and for the accepting version alone where none does (`origin`); members the
 * rejecting version requires are added where the accepting one allows them, members neither
 * requires stay out (so a closed object never meets a member it does not declare). The rejecting
 * version then differs from the base only at the disjoint members, and its first error names the
 * change unless it checks such a member first.
 *
 * `hard` parts must accept the value (checked with their real validators); `soft` parts are
 * preferences. The result is not `isolated`: it is not valid under both versions.
 */
import type { Step } from "./schema/difference.js";
import { finiteValues } from "./schema/context.js";
import type { JsonType, Schema } from "./schema/keywords.js";
import { NONE, preferType, type Built, type ExampleResult } from "./construct.js";
import type { SchemaContext } from "./schema/context.js";
import {
  allValid,
  commonBuild,
  flatten,
  keyOf,
  memoized,
  newBudget,
  refused,
  replaceUnion,
  typedValue,
  unionOf,
  weight,
  type Budget,
  type Part,
} from "./common-example.js";

const memo = new WeakMap<SchemaContext, Map<string, Built>>();

/** A value every `hard` part accepts, built to satisfy the `soft` parts wherever some value satisfies both. */
export function nearExample(hard: Part[], soft: Part[], steps: readonly Step[]): ExampleResult {
  const first = hard[0];
  if (!first) return { found: false };
  let cache = memo.get(first.ctx);
  if (!cache) memo.set(first.ctx, (cache = new Map()));
  const v = near(hard, soft, steps, 0, newBudget(), cache);
  return v !== NONE && allValid(hard, v) ? { found: true, value: v } : { found: false };
}

function near(
  hard: Part[],
  soft: Part[],
  steps: readonly Step[],
  depth: number,
  budget: Budget,
  cache: Map<string, Built>,
): Built {
  if (refused(depth, budget)) return NONE;
  // Where one value satisfies both, that value (a common base, as far down as it goes).
  if (soft.length === 0) return commonBuild(hard, steps, depth + 1, budget);
  const both = commonBuild([...hard, ...soft], steps, depth + 1, budget);
  if (both !== NONE) return both;
  return memoized(cache, `${keyOf(hard, steps)}~${keyOf(soft, [])}`, budget, () =>
    nearUncached(hard, soft, steps, depth, budget, cache),
  );
}

function nearUncached(
  hardIn: Part[],
  softIn: Part[],
  steps: readonly Step[],
  depth: number,
  budget: Budget,
  cache: Map<string, Built>,
): Built {
  const hard = flatten(hardIn);
  if (hard === false) return NONE;
  // A preference that accepts nothing here is no preference.
  const soft = flatten(softIn) || [];
  const step = steps[0];
  if (step?.kind === "branch") {
    // The side the step names may be the hard or the soft one (a twin of the rejecting side swaps them).
    const side = step.side ?? "a";
    const named = (list: Part[]) => list.findIndex((p) => p.side === side && unionOf(p.node) !== undefined);
    const inHard = named(hard) >= 0;
    const list = inHard ? hard : soft;
    const i = named(list);
    if (i < 0) return near(hard, soft, steps.slice(1), depth + 1, budget, cache);
    const p = list[i]!;
    const kw = unionOf(p.node)!;
    const branch = ((p.node as Schema)[kw] as Schema[])[step.index];
    if (branch === undefined) return NONE;
    if (inHard) {
      const v = near(replaceUnion(hard, i, kw, branch), soft, steps.slice(1), depth + 1, budget, cache);
      return v !== NONE && p.ctx.valid(p.node, v) ? v : NONE;
    }
    const v = near(hard, replaceUnion(soft, i, kw, branch), steps.slice(1), depth + 1, budget, cache);
    return v !== NONE ? v : near(hard, dropAt(soft, i), steps.slice(1), depth + 1, budget, cache);
  }
  const finite = hard.find((p) => finiteValues(p.node as Schema) !== undefined);
  if (finite) {
    const values = finiteValues(finite.node as Schema)!.filter((v) => allValid(hard, v));
    return values.find((v) => allValid(soft, v)) ?? (values.length ? values[0] : NONE);
  }
  const u = hard.findIndex((p) => unionOf(p.node) !== undefined);
  if (u >= 0) {
    const p = hard[u]!;
    const kw = unionOf(p.node)!;
    for (const br of byWeight((p.node as Schema)[kw] as Schema[])) {
      const v = near(replaceUnion(hard, u, kw, br), soft, steps, depth + 1, budget, cache);
      if (v !== NONE && p.ctx.valid(p.node, v)) return v;
      if (budget.left <= 0) return NONE;
    }
    return NONE;
  }
  const su = soft.findIndex((p) => unionOf(p.node) !== undefined);
  if (su >= 0) {
    // The soft branch whose value it fully satisfies, else the first branch that gives any value.
    const p = soft[su]!;
    const kw = unionOf(p.node)!;
    let fallback: Built = NONE;
    for (const br of byWeight((p.node as Schema)[kw] as Schema[])) {
      const v = near(hard, replaceUnion(soft, su, kw, br), steps, depth + 1, budget, cache);
      if (v !== NONE && p.ctx.valid(p.node, v)) return v;
      if (fallback === NONE) fallback = v;
      if (budget.left <= 0) break;
    }
    return fallback !== NONE ? fallback : near(hard, dropAt(soft, su), steps, depth + 1, budget, cache);
  }
  const hardTypes = typesOf(hard) ?? ["null"];
  const softTypes = typesOf(soft);
  const shared = softTypes ? hardTypes.filter((t) => softTypes.includes(t)) : [];
  let types = shared.length ? [...shared, ...hardTypes.filter((t) => !shared.includes(t))] : hardTypes;
  if (step?.kind === "prop") types = types.filter((t) => t === "object");
  if (step?.kind === "item") types = types.filter((t) => t === "array");
  const order = preferType(hard[0] ? (hard[0].node as Schema) : {}, types);
  if (shared.length) order.sort((x, y) => Number(!shared.includes(x)) - Number(!shared.includes(y)));
  for (const t of order) {
    const v = typedValue(hard, shared.includes(t) ? soft : [], t, steps, (h, so, rest) =>
      near(h, so, rest, depth + 1, budget, cache),
    );
    if (v !== NONE && allValid(hard, v)) return v;
  }
  return NONE;
}

/** The construction steps to the member at `tokens` of `doc` (an array step only for its first item), or undefined. */
export function stepsAlong(doc: unknown, tokens: readonly string[]): Step[] | undefined {
  const steps: Step[] = [];
  let cur: unknown = doc;
  for (const t of tokens) {
    if (Array.isArray(cur)) {
      if (t !== "0") return undefined;
      steps.push({ kind: "item" });
      cur = cur[0];
    } else {
      steps.push({ kind: "prop", name: t });
      cur =
        typeof cur === "object" && cur !== null && Object.hasOwn(cur, t)
          ? (cur as Record<string, unknown>)[t]
          : undefined;
    }
  }
  return steps;
}

function typesOf(parts: Part[]): JsonType[] | undefined {
  let types: JsonType[] | undefined;
  for (const p of parts) {
    const t = [...p.ctx.types(p.node)];
    types = types ? types.filter((x) => t.includes(x) || (x === "integer" && t.includes("number"))) : t;
  }
  return types;
}

function byWeight(branches: Schema[]): Schema[] {
  return branches
    .map((br, i) => ({ br, i }))
    .sort((x, y) => weight(x.br) - weight(y.br) || x.i - y.i)
    .map((x) => x.br);
}

function dropAt(parts: Part[], i: number): Part[] {
  return [...parts.slice(0, i), ...parts.slice(i + 1)];
}
