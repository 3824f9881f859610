/**
 * Whether a counterexample's first failure can lie at the change at all (issue 14 item 6, decision 171).
 *
 * ajv (allErrors off) stops at the first failing keyword: in an object, `required` before
 * `properties`, and `properties` in the schema's key order. If the rejecting version checks a member
 * `m` of an object on the path before the changed member `x`, and every payload the accepting version
 * takes carries at `m` a value the rejecting version refuses, then no counterexample can fail first at
 * the change, however it is built: the wright-agent pair's `origin` (an object in the old version, a
 * string in the new one, required in both and the first property) is the example.
 *
 * `unavoidableAt` proves that for one counterexample, or says nothing (undefined: not proved, the
 * miss counts against construction). The proof has three parts, each checked here:
 * - every branch: where the accepting version is a union on the path, the proof holds on each of its
 *   branches that can carry the path to the change and still differ there from the rejecting version
 *   (`fits` says when a branch's schema at the change is contained in the rejecting version's), not
 *   only on the one the finding names;
 * - required: the accepting version requires `m` (every payload has it), or the rejecting version
 *   requires it in the one schema object that also constrains `x` (its `required` runs before
 *   `properties`, so a payload without `m` fails there first);
 * - no shared value: the two versions' schemas for `m` are disjoint (by type or a pinned member,
 *   containment.ts `disjoint`), or the engine constructs no value both accept (common-example.ts);
 * - order (unless the accepting version forbids `m`, so no payload has it): on the counterexample
 *   itself, which has `m` and whose value at the change the rejecting version refuses, ajv reports `m`
 *   first, so it checks `m` before `x`.
 */
import type { Step } from "./schema/difference.js";
import type { SchemaContext } from "./schema/context.js";
import { disjoint } from "./schema/containment.js";
import { isSchemaObject, type Schema, type SchemaNode } from "./schema/keywords.js";
import {
  commonExample,
  flatten,
  itemSchemas,
  memberSchemas,
  partsAlongSteps,
  replaceUnion,
  strings,
  unionOf,
  type Part,
} from "./common-example.js";
import { formatPointer, parsePointer } from "../json/index.js";

export interface Unavoidable {
  /** The member checked before the change where the versions share no value (an instance location). */
  member: string;
  /** How "no shared value" was shown: structurally, or by construction finding none. */
  proof: "disjoint" | "no-common-value";
  /** Which version's `required` keeps the member in every payload. */
  requiredBy: "accepting" | "rejecting";
}

export interface Side {
  node: SchemaNode;
  ctx: SchemaContext;
}

/**
 * A proof that no payload `accepting` takes fails `rejecting` first at `at` (the change's instance
 * path, built along `steps`), given the counterexample `payload` whose first error lies at `errorAt`.
 */
export function unavoidableAt(
  accepting: Side,
  rejecting: Side,
  steps: readonly Step[],
  payload: unknown,
  errorAt: string,
  at: string,
  fits: (local: Part[]) => boolean = () => false,
): Unavoidable | undefined {
  let xs: string[];
  let ms: string[];
  try {
    xs = parsePointer(at);
    ms = parsePointer(errorAt);
  } catch {
    return undefined;
  }
  let k = 0;
  while (k < xs.length && k < ms.length && xs[k] === ms[k]) k++;
  // The first error must lie beside the change (another member of an object on its path), not at or above it.
  if (k >= xs.length || k >= ms.length) return undefined;
  const goal: Goal = { k, m: ms[k]!, x: xs[k]!, xs, payload, accepting, rejecting, steps, fits };
  return proveFrom(goal, [{ ...accepting, side: "a" }], [{ ...rejecting, side: "b" }], steps, 0, false);
}

interface Goal {
  k: number;
  m: string;
  x: string;
  xs: string[];
  payload: unknown;
  accepting: Side;
  rejecting: Side;
  steps: readonly Step[];
  /** True when the accepting version's parts at the change admit no value the rejecting version refuses there (the change is not in that branch). */
  fits: (local: Part[]) => boolean;
}

/**
 * Walks both sides along `steps` to the object after `goal.k` prop/item steps. Where the accepting side
 * branches, the proof must hold on every branch that can carry the path to the change (a payload may
 * follow any of them), not only on the branch the finding was found in.
 */
function proveFrom(
  goal: Goal,
  aIn: Part[],
  bIn: Part[],
  steps: readonly Step[],
  seen: number,
  bOpen: boolean,
): Unavoidable | undefined {
  let a = aIn;
  let b = bIn;
  let open = bOpen;
  for (const [idx, s] of steps.entries()) {
    if (s.kind === "branch") {
      const flat = flatten(s.side === "b" ? b : a);
      if (flat === false) return undefined;
      const i = flat.findIndex((p) => unionOf(p.node) !== undefined);
      if (i < 0) continue;
      if (s.side === "b") {
        const next = branchAt(flat, i, s.index);
        if (!next) return undefined;
        b = next;
        continue;
      }
      const p = flat[i]!;
      const kw = unionOf(p.node)!;
      const branches = (p.node as Schema)[kw] as SchemaNode[];
      if (s.index >= branches.length) return undefined;
      const rest = steps.slice(idx + 1);
      let chosen: Unavoidable | undefined;
      for (const [j, br] of branches.entries()) {
        const next = replaceUnion(flat, i, kw, br);
        if (j !== s.index && (!carries(next, rest) || changeAbsent(goal, next, rest))) continue;
        const r = proveFrom(goal, next, b, rest, seen, open);
        if (!r) return undefined;
        if (j === s.index) chosen = r;
      }
      return chosen;
    }
    if (seen === goal.k) break;
    seen++;
    const fa = flatten(a);
    const fb = flatten(b);
    if (fa === false || fb === false) return undefined;
    if (fb.some((p) => unionOf(p.node) !== undefined)) open = true;
    a = s.kind === "prop" ? fa.flatMap((p) => memberSchemas(p, s.name)) : fa.flatMap((p) => itemSchemas(p, 0));
    b = s.kind === "prop" ? fb.flatMap((p) => memberSchemas(p, s.name)) : fb.flatMap((p) => itemSchemas(p, 0));
  }
  if (seen !== goal.k) return undefined;
  const fa = flatten(a);
  const fb = flatten(b);
  if (fa === false || fb === false) return undefined;
  return proveAt(goal, fa, fb, open);
}

/** The proof at the object holding both the change's member `x` and the member `m` the first error lies in. */
function proveAt(goal: Goal, a: Part[], b: Part[], bOpen: boolean): Unavoidable | undefined {
  const { m, x, xs, k, payload } = goal;
  const aRequires = a.some((p) => strings((p.node as Schema).required).includes(m));
  // The rejecting version's `required` runs before the `properties` of the same schema object: only when that object alone constrains x.
  const bConstrainsX = b.filter((p) => constrains(p, x));
  const bRequires =
    !bOpen && bConstrainsX.length === 1 && strings((bConstrainsX[0]!.node as Schema).required).includes(m);
  if (!aRequires && !bRequires) return undefined;
  const am = a.flatMap((p) => memberSchemas(p, m));
  const bm = b.flatMap((p) => memberSchemas(p, m));
  if (bm.length === 0) return undefined;
  let proof: Unavoidable["proof"] | undefined;
  if (am.some((pa) => bm.some((pb) => disjoint(pa.node, pa.ctx, pb.node, pb.ctx)))) proof = "disjoint";
  else if (!commonExample([...am, ...bm], []).found) proof = "no-common-value";
  if (!proof) return undefined;
  // A payload that has m carries a value the rejecting version refuses: the order decides, unless the accepting version never has m.
  if (flatten(am) !== false) {
    // Order, from the counterexample: it has m, its value at the change is refused there, yet ajv reported m.
    const atX = partsAlongSteps([{ ...goal.rejecting, side: "b" }], goal.steps, "b");
    const value = valueAt(payload, xs);
    const hasM = valueAt(payload, [...xs.slice(0, k), m]) !== undefined;
    if (!hasM || !atX || atX.length === 0 || value === undefined || atX.every((p) => p.ctx.valid(p.node, value.v)))
      return undefined;
  }
  return { member: formatPointer([...xs.slice(0, k), m]), proof, requiredBy: aRequires ? "accepting" : "rejecting" };
}

/** True when the accepting side's branch `parts`, followed along `rest` to the change, has nothing there the rejecting version refuses. */
function changeAbsent(goal: Goal, parts: Part[], rest: readonly Step[]): boolean {
  const local = partsAlongSteps(parts, rest, "a");
  return local !== undefined && local.length > 0 && goal.fits(local);
}

/** True when a value under `parts` may carry the next member or item `rest` steps into (so a payload may follow this branch to the change). */
function carries(parts: Part[], rest: readonly Step[]): boolean {
  const flat = flatten(parts);
  if (flat === false) return false;
  const next = rest.find((s) => s.kind !== "branch");
  if (!next) return true;
  const want = next.kind === "prop" ? "object" : "array";
  if (!flat.every((p) => p.ctx.types(p.node).has(want))) return false;
  if (next.kind === "item") return true;
  return flat.every((p) => memberSchemas(p, next.name).every((q) => q.ctx.deref(q.node) !== false));
}

function branchAt(parts: Part[], i: number, index: number): Part[] | undefined {
  const p = parts[i]!;
  const kw = unionOf(p.node)!;
  const branch = ((p.node as Schema)[kw] as SchemaNode[])[index];
  return branch === undefined ? undefined : replaceUnion(parts, i, kw, branch);
}

/** True when the part has a say about member `name` (a property, a matching pattern, additionalProperties, or a union that may). */
function constrains(p: Part, name: string): boolean {
  const n = p.node as Schema;
  if (typeof n !== "object") return false;
  if (
    unionOf(n) !== undefined ||
    n.not !== undefined ||
    n.if !== undefined ||
    n.dependentSchemas !== undefined ||
    n.unevaluatedProperties !== undefined
  )
    return true;
  return memberSchemas(p, name).length > 0 || isSchemaObject(n.propertyNames);
}

function valueAt(doc: unknown, tokens: readonly string[]): { v: unknown } | undefined {
  let cur = doc;
  for (const t of tokens) {
    if (typeof cur !== "object" || cur === null || !Object.hasOwn(cur, t)) return undefined;
    cur = (cur as Record<string, unknown>)[t];
  }
  return { v: cur };
}
