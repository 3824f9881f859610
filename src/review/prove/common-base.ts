/**
 * Counterexamples as a one-member edit of a payload both versions accept (common-example.ts,
 * decision 166): the member at the change gets the witness (or, for a change of the object itself,
 * loses the newly required member / gains the newly forbidden one). Where no such payload exists,
 * the accepting version's payload nearest the rejecting one (near-example.ts, decision 168), with
 * the rejecting side's own values at the members where the versions share none (`atChange`).
 */
import { commonExample, partsAlong } from "../common-example.js";
import { nearExample, stepsAlong } from "../near-example.js";
import { errorInside, type Counterexample } from "../finding.js";
import type { Difference, Step } from "../schema/containment.js";
import { isSchemaObject } from "../schema/keywords.js";
import { parsePointer, pointerWithin as inside } from "../../json/index.js";
import { shown, type Check, type Checkers } from "./check.js";
import { deleteAt, replacedAt, valueAt, withMember } from "./values.js";

type Shown = { cx: Counterexample; focused: boolean };

/** The counterexample from a common base, `focused` when the rejecting side's error lies at the change. */
export function fromCommonBase(
  prover: Checkers,
  check: Check,
  f: Difference,
  at: string,
  witnesses: unknown[],
): Shown | undefined {
  const ca = check.ma.ctx;
  const cb = check.mb.ctx;
  const parts = [
    { node: check.surfA.node, ctx: ca, side: "a" as const },
    { node: check.surfB.node, ctx: cb, side: "b" as const },
  ];
  // The union branches the finding was found in may have no payload both versions accept; other branches may show the same member.
  const tries = [
    f.steps,
    f.steps.filter((s) => s.kind !== "branch" || s.side === "b"),
    f.steps.filter((s) => s.kind !== "branch"),
  ];
  let first: Counterexample | undefined;
  let common = false;
  for (const [i, steps] of tries.entries()) {
    if (i > 0 && steps.length === tries[i - 1]!.length) continue;
    const base = commonExample(parts, steps);
    if (!base.found) continue;
    common = true;
    const r = editsOf(prover, check, f, at, witnesses, base.value, true, steps !== f.steps);
    if (r?.focused) return r;
    first ??= r?.cx;
    break;
  }
  // No payload both versions accept (or the one found follows another branch, where the change may not be): the
  // accepting version's payload along the finding's branches that agrees with the rejecting one wherever it can.
  if (!common || !first) {
    const near = nearExample([parts[0]!], [parts[1]!], f.steps);
    if (near.found) {
      const r = editsOf(prover, check, f, at, witnesses, near.value, false, false);
      if (r?.focused) return r;
      first ??= r?.cx;
    }
  }
  return first ? { cx: first, focused: false } : undefined;
}

/** The counterexamples `base` gives with the change's member edited (a focused one first); `otherBranch` when the base does not follow the finding's branches. */
function editsOf(
  prover: Checkers,
  check: Check,
  f: Difference,
  at: string,
  witnesses: unknown[],
  baseValue: unknown,
  isolated: boolean,
  otherBranch: boolean,
): Shown | undefined {
  const ca = check.ma.ctx;
  const cb = check.mb.ctx;
  const local = valueAt(baseValue, at)?.value;
  const edits: unknown[] = [];
  if (isSchemaObject(local) && f.subject !== undefined) {
    if (f.aspect === "required" && Object.hasOwn(local, f.subject)) {
      const { [f.subject]: _, ...rest } = local;
      edits.push(rest);
    }
    if (f.aspect === "property" || f.aspect === "additional-properties") {
      for (const h of f.hints)
        if (isSchemaObject(h) && Object.hasOwn(h, f.subject)) edits.push(withMember(local, f.subject, h[f.subject]));
    }
  }
  edits.push(...witnesses);
  const twin = isolated || at === "" ? undefined : rejectingTwin(baseValue, check, f.steps, at);
  let first: Counterexample | undefined;
  const tryEdits = (list: unknown[]): Shown | undefined => {
    for (const edit of list) {
      const payload = at === "" ? edit : replacedAt(baseValue, parsePointer(at), edit);
      if (payload === undefined) continue;
      if (!ca.valid(check.surfA.node, payload) || cb.valid(check.surfB.node, payload)) continue;
      const cx: Counterexample = shown(payload, check.from, check.to, cb, check.surfB.node);
      if (isolated) cx.isolated = true;
      if (errorInside(cx, at)) return { cx, focused: true };
      if (twin) {
        const t = replacedAt(twin.value, parsePointer(at), edit);
        const why = t === undefined ? undefined : cb.explain(check.surfB.node, t);
        if (why && inside(why.at, at)) {
          cx.atChange = { error: why.text, errorAt: why.at, apart: twin.apart };
          return { cx, focused: true };
        }
      }
      first ??= cx;
    }
    return undefined;
  };
  const done = tryEdits(edits);
  if (done) return done;
  // The base follows another branch of the accepting version than the finding (whose witnesses need not
  // fit it): witnesses for the same change from the accepting version's schema along the base itself.
  if (otherBranch && at !== "") {
    const localA = partsAlong([{ node: check.surfA.node, ctx: ca, side: "a" }], baseValue, parsePointer(at)) ?? [];
    const more = localA.flatMap((p) =>
      prover
        .containment(check.from)
        .check(p.node, f.b)
        .filter((g) => g.steps.length === 0)
        .flatMap((g) => g.hints),
    );
    const again = tryEdits(more);
    if (again) return again;
  }
  return first ? { cx: first, focused: false } : undefined;
}

/**
 * The base (valid under the accepting side, A) with the members the rejecting side (B) fails it at
 * set as B has them, one error at a time: those are the members where construction found no value
 * both versions accept (`apart`). Undefined when B's objection is not such a member (the whole
 * payload, or something around the change) or B has no value to offer there.
 */
function rejectingTwin(
  base: unknown,
  check: Check,
  steps: Step[],
  at: string,
): { value: unknown; apart: string[] } | undefined {
  const cb = check.mb.ctx;
  const b = check.surfB.node;
  const source = nearExample(
    [{ node: b, ctx: cb, side: "b" }],
    [{ node: check.surfA.node, ctx: check.ma.ctx, side: "a" }],
    steps,
  );
  let twin = base;
  const apart: string[] = [];
  for (let i = 0; i < 16; i++) {
    const why = cb.explain(b, twin);
    // Done when B accepts it, or objects only at the change (the change itself is a disjoint member).
    if (!why || inside(why.at, at)) return apart.length ? { value: twin, apart } : undefined;
    if (why.at === "" || inside(at, why.at) || apart.includes(why.at)) return undefined;
    let next: unknown;
    if (why.keyword === "additionalProperties" || why.keyword === "unevaluatedProperties") {
      next = structuredClone(twin);
      if (!deleteAt(next, why.at)) return undefined;
    } else {
      // B's value there: from B's twin of the whole base, else one built along the path to that member.
      const fill = (source.found ? valueAt(source.value, why.at) : undefined) ?? valueAlong(twin, why.at, check);
      if (!fill) return undefined;
      next = replacedAt(twin, parsePointer(why.at), fill.value);
    }
    if (next === undefined) return undefined;
    apart.push(why.at);
    twin = next;
  }
  return undefined;
}

/** A value B accepts with a member at `pointer` (first array items only), built along that path; the member's value. */
function valueAlong(doc: unknown, pointer: string, check: Check): { value: unknown } | undefined {
  const steps = stepsAlong(doc, parsePointer(pointer));
  if (!steps) return undefined;
  const built = nearExample(
    [{ node: check.surfB.node, ctx: check.mb.ctx, side: "b" }],
    [{ node: check.surfA.node, ctx: check.ma.ctx, side: "a" }],
    steps,
  );
  return built.found ? valueAt(built.value, pointer) : undefined;
}
