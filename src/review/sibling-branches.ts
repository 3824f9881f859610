/**
 * A counterexample for a change inside one branch of the rejecting version's union must be refused by
 * every branch, not only by the one the change is in (issue 14 real pair discord-create-invite:
 * `role_ids: true` breaks the guild-invite branch, but the group-DM branch, open and asking only
 * `max_age >= 1`, still takes `{"role_ids": true}`; `{"max_age": 0, "role_ids": true}` is refused by both).
 *
 * `refusedByAll` starts from a payload the accepting version takes and the changed branch refuses,
 * and for each other branch that still takes it applies a witness of where the accepting version's
 * schema there differs from that branch (containment findings' hints at their paths), as long as the
 * accepting version still takes the payload and the branches already refusing it still do. Every
 * step is checked with the real validators; the result is undefined when some branch cannot be made
 * to refuse it.
 */
import type { Difference, Step } from "./schema/difference.js";
import { setOwn, type Schema, type SchemaNode } from "./schema/keywords.js";
import { partsAlongSteps, unionOf, type Part } from "./common-example.js";

export interface SiblingCheck {
  accepting: Part;
  rejecting: Part;
  /** Findings of "accepting's `a` within `b`" (the containment checker of this direction). */
  findings(a: SchemaNode, b: SchemaNode): Difference[];
}

const MAX_BRANCHES = 12;

export function refusedByAll(payload: unknown, steps: readonly Step[], check: SiblingCheck): unknown | undefined {
  let cur: unknown = payload;
  // Innermost union first: a repair there cannot undo one further out (it stays inside the changed branch's value).
  for (let bi = steps.length - 1; bi >= 0; bi--) {
    const s = steps[bi]!;
    if (s.kind !== "branch" || s.side !== "b") continue;
    const next = refuseAt(cur, steps, bi, check);
    if (next === undefined) return undefined;
    cur = next;
  }
  return cur !== payload && !check.rejecting.ctx.valid(check.rejecting.node, cur) ? cur : undefined;
}

/** `cur` made to be refused by every branch of the rejecting side's union named by `steps[bi]`, or undefined. */
function refuseAt(payload: unknown, steps: readonly Step[], bi: number, check: SiblingCheck): unknown | undefined {
  const step = steps[bi] as Extract<Step, { kind: "branch" }>;
  const tokens = steps.slice(0, bi).flatMap((s) => (s.kind === "prop" ? [s.name] : s.kind === "item" ? ["0"] : []));
  const atUnion = partsAlongSteps([check.rejecting], steps.slice(0, bi), "b");
  const part = atUnion?.find((x) => unionOf(x.node) !== undefined);
  if (!part) return undefined;
  const branches = (part.node as Schema)[unionOf(part.node)!] as SchemaNode[];
  const changed = branches[step.index];
  if (changed === undefined) return undefined;
  // The accepting side along the finding's own branches (the payload may also fit an earlier branch).
  const along = partsAlongSteps([check.accepting], steps.slice(0, bi), "a");
  if (!along) return undefined;
  // Nothing constrains the member there on the accepting side: it allows any value.
  const aParts: Part[] = along.length ? along : [{ node: true, ctx: check.accepting.ctx }];
  const { ctx } = part;
  const here = (v: unknown) => valueAt(v, tokens);
  const acceptedA = (v: unknown) => check.accepting.ctx.valid(check.accepting.node, v);
  let cur = payload;
  const refusing: SchemaNode[] = [changed];
  if (ctx.valid(changed, here(cur))) return undefined;
  for (const [d, br] of branches.entries()) {
    if (d === step.index || d >= MAX_BRANCHES) continue;
    if (!ctx.valid(br, here(cur))) {
      refusing.push(br);
      continue;
    }
    let next: unknown;
    for (const g of aParts.flatMap((p) => check.findings(p.node, br))) {
      for (const h of g.hints.slice(0, 3)) {
        const candidate = withValue(
          cur,
          [...tokens, ...g.steps.flatMap((s) => (s.kind === "prop" ? [s.name] : s.kind === "item" ? ["0"] : []))],
          h,
        );
        if (candidate === undefined || !acceptedA(candidate)) continue;
        const v = here(candidate);
        if (ctx.valid(br, v) || refusing.some((r) => ctx.valid(r, v))) continue;
        next = candidate;
        break;
      }
      if (next !== undefined) break;
    }
    if (next === undefined) return undefined;
    cur = next;
    refusing.push(br);
  }
  return cur;
}

function valueAt(doc: unknown, tokens: readonly string[]): unknown {
  let cur = doc;
  for (const t of tokens) {
    if (typeof cur !== "object" || cur === null || !Object.hasOwn(cur, t)) return undefined;
    cur = (cur as Record<string, unknown>)[t];
  }
  return cur;
}

/** A copy of `doc` with `value` at `tokens` (objects along the way must exist; the last member may be new). */
function withValue(doc: unknown, tokens: readonly string[], value: unknown): unknown {
  if (tokens.length === 0) return value;
  if (typeof doc !== "object" || doc === null) return undefined;
  const [t, ...rest] = tokens as [string, ...string[]];
  if (Array.isArray(doc)) {
    const i = Number(t);
    if (!Number.isInteger(i) || i < 0 || i >= doc.length) return undefined;
    const inner = withValue(doc[i], rest, value);
    if (inner === undefined) return undefined;
    const out = [...doc];
    out[i] = inner;
    return out;
  }
  let inner = value;
  if (rest.length) {
    if (!Object.hasOwn(doc, t)) return undefined;
    inner = withValue((doc as Record<string, unknown>)[t], rest, value);
    if (inner === undefined) return undefined;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) setOwn(out, k, v);
  setOwn(out, t, inner);
  return out;
}
