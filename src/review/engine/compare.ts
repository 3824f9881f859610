/**
 * One surface pair through the structural pass (schema/containment.ts), in the direction(s) its
 * data travels: request data needs old ⊆ new, response data new ⊆ old; the other direction is
 * informational (a widened request, a narrowed response: compatible). Every difference becomes a
 * draft named by the first payload kind (kinds/, `on: "difference"`) that matches it, located where
 * the changed schema sits in its document. The containment memo is per checker, so a schema pair
 * reached from many surfaces is judged once.
 */
import { escapeToken } from "../../json/index.js";
import { startWalk, stepWalk, type IntroducedMember, type MemberWalk } from "../introduced-member.js";
import { tokensOf } from "../prove/values.js";
import type { ContractModel, Direction, Surface } from "../model.js";
import type { Difference } from "../schema/containment.js";
import type { PathLens } from "../schema/difference.js";
import type { SchemaNode } from "../schema/keywords.js";
import { sameSchema } from "../schema/equal.js";
import { canonical, constraintKeys, isTrivial } from "../schema/keywords.js";
import type { Draft } from "../kinds/kind.js";
import { differenceKind, surfaceKind } from "../kinds/index.js";
import { aSteps, instancePath, type Check } from "../prove/check.js";
import type { Prover } from "../prove/prover.js";

/** A draft the engine still has to decide: the difference, the check it was found in, and whether that check protects the surface's data. */
export interface Observation {
  check: Check;
  difference: Difference;
  required: boolean;
}

export interface EngineDraft extends Draft {
  /** By-proof drafts: what the counterexample service is asked about. */
  observation?: Observation;
  /** The required checks of its surface the structural pass proved: what a compatible verdict rests on. */
  rests?: Check[];
  /** Open-member drafts: the instance path of the member one version names and the other leaves open. */
  member?: string;
}

export interface SurfaceComparison {
  unchanged: boolean;
  drafts: EngineDraft[];
}

export function compareSurface(
  prover: Prover,
  oldM: ContractModel,
  newM: ContractModel,
  so: Surface,
  sn: Surface,
): SurfaceComparison {
  if (sameSchema(so.node, oldM.ctx, sn.node, newM.ctx)) return { unchanged: true, drafts: [] };
  const direction: Direction = so.direction === sn.direction ? sn.direction : "both";
  const reaches = [sn.reach];
  if (so.opaque || sn.opaque) {
    const kind = surfaceKind({ opaque: true, differences: 0 });
    return {
      unchanged: false,
      drafts: [
        {
          kind,
          direction: sn.direction,
          path: sn.path,
          evidence: "the schema of a non-JSON media type changed; it is not judged with JSON payloads",
          reaches,
        },
      ],
    };
  }
  const oldInNew: Check = { from: "old", to: "new", surfA: so, surfB: sn, ma: oldM, mb: newM };
  const newInOld: Check = { from: "new", to: "old", surfA: sn, surfB: so, ma: newM, mb: oldM };
  const required = direction === "request" ? [oldInNew] : direction === "response" ? [newInOld] : [oldInNew, newInOld];
  const informational = direction === "request" ? [newInOld] : direction === "response" ? [oldInNew] : [];
  const drafts: EngineDraft[] = [];
  const rests: Check[] = [];
  for (const [checks, isRequired] of [
    [required, true],
    [informational, false],
  ] as const) {
    for (const check of checks) {
      // The lens walked each difference's instance path from the surface: where it stopped at a member one version leaves open, that member introduces the change.
      const walks: MemberWalk[] = [];
      const lens = memberLens(check);
      const differences = prover.containment(check.from).check(check.surfA.node, check.surfB.node, lens, walks);
      if (isRequired && differences.length === 0) rests.push(check);
      const mine = differences.map((d, i) =>
        described(
          check,
          d,
          direction,
          sn,
          { check, difference: d, required: isRequired },
          memberOf(lens, d, walks[i]!),
        ),
      );
      drafts.push(...foldNewRequiredMembers(mine));
    }
  }
  if (drafts.length === 0)
    return {
      unchanged: false,
      drafts: [
        {
          kind: surfaceKind({ opaque: false, differences: 0 }),
          verdict: "compatible",
          direction,
          path: sn.path,
          evidence: "rewritten with the same instances: proved structurally in both directions",
          reaches,
          rests,
        },
      ],
    };
  for (const d of drafts) if (!d.observation?.required) d.rests = rests;
  return { unchanged: false, drafts };
}

/**
 * Paths told apart by the member that introduces a change on the way down (introduced-member.ts): a
 * difference reached both through a member one version leaves open and through members both name is
 * two changes (that member's, and the difference's own), so it is read out once on each kind of path.
 */
function memberLens(check: Check): PathLens<MemberWalk> {
  const narrowed = check.from === "old";
  const oldM = narrowed ? check.ma : check.mb;
  const newM = narrowed ? check.mb : check.ma;
  const [oldNode, newNode] = narrowed ? [check.surfA.node, check.surfB.node] : [check.surfB.node, check.surfA.node];
  const applies = oldM.kind === newM.kind && oldM.kind !== "openrpc";
  const ids = (m: ContractModel, nodes: SchemaNode[]) => nodes.map((n) => m.ctx.id(n)).join(",");
  const keyOf = (w: MemberWalk) =>
    w.kind === "walking"
      ? `${ids(oldM, w.os)};${ids(newM, w.ns)}`
      : w.kind === "found"
        ? `member ${w.member.path}`
        : "";
  // One state per key and one step per (state, token): the walk is shared by every path that reaches a place.
  const keys = new WeakMap<MemberWalk, string>();
  const byKey = new Map<string, MemberWalk>();
  const next = new WeakMap<MemberWalk, Map<string, MemberWalk>>();
  const key = (w: MemberWalk) => {
    let k = keys.get(w);
    if (k === undefined) keys.set(w, (k = keyOf(w)));
    return k;
  };
  const intern = (w: MemberWalk) => {
    const k = key(w);
    const known = byKey.get(k);
    if (known) return known;
    byKey.set(k, w);
    return w;
  };
  return {
    start: intern(applies ? startWalk(oldM, oldNode, newM, newNode) : { kind: "none" }),
    step: (w, st) => {
      if (st.kind === "branch" || w.kind !== "walking") return w;
      const token = st.kind === "prop" ? st.name : "0";
      let m = next.get(w);
      if (!m) next.set(w, (m = new Map()));
      let n = m.get(token);
      if (!n) m.set(token, (n = intern(stepWalk(w, token, oldM, newM))));
      return n;
    },
    key,
  };
}

/**
 * The member that introduces a difference, from the lens's walk at it. Walk states are shared by
 * every path reaching the same schemas, so the member's instance path is found again on this
 * difference's own path (memoised steps: a lookup per token).
 */
function memberOf(lens: PathLens<MemberWalk>, f: Difference, walk: MemberWalk): IntroducedMember | undefined {
  if (walk.kind !== "found") return undefined;
  const tokens = tokensOf(instancePath(f.steps)) ?? [];
  let w = lens.start;
  for (let i = 0; i < tokens.length; i++) {
    w = lens.step(w, { kind: "prop", name: tokens[i]! });
    if (w.kind === "found")
      return {
        ...w.member,
        at: tokens
          .slice(0, i + 1)
          .map((t) => `/${escapeToken(t)}`)
          .join(""),
      };
    if (w.kind !== "walking") return undefined;
  }
  return undefined;
}

/** A difference as a draft: its kind, its location in the document (the changed schema's), and the difference in words. */
function described(
  check: Check,
  f: Difference,
  direction: Direction,
  sn: Surface,
  observation: Observation,
  intro: IntroducedMember | undefined,
): EngineDraft {
  const oldM = check.from === "old" ? check.ma : check.mb;
  const newM = check.from === "old" ? check.mb : check.ma;
  const narrowed = check.from === "old";
  const newSide = narrowed ? f.b : f.a;
  const oldSide = narrowed ? f.a : f.b;
  const newLocated = newM.locate(newSide);
  const located = newLocated ?? oldM.locate(oldSide);
  const at = instancePath(f.steps);
  let path = located ? located + suffix(f) : sn.path;
  // Method params are listed by name in the document: `params/<name>`, not `params/properties/<name>`.
  path = path
    .replace(/(#\/methods\/[^/]+\/params)\/properties\//, "$1/")
    .replace(/(\/parameters\/(?:query|path|header|cookie))\/properties\//, "$1/");
  let message = f.message.replaceAll("{A}", check.from).replaceAll("{B}", check.to);
  // The path names old's schema when new has none of its own here (a member new leaves open): say so,
  // or "new allows null" reads as a claim about new's same-named definition.
  if (!newLocated && located) {
    // An unconstrained node, or one type carved out of it ({type} alone: derived nodes of located ones inherit their location), is a value new leaves open.
    const open =
      typeof newSide === "boolean"
        ? newSide
        : isTrivial(newSide) || canonical(constraintKeys(newSide)) === canonical(["type"]);
    message += ` (the path is old's schema: ${open ? `new constrains nothing at ${at === "" ? "the payload root" : at}` : "new's schema here has no location of its own"})`;
  }
  // `intro`: a member one version names and the other left open, whose change this is (introduced-member.ts;
  // OpenAPI and JSON Schema documents, decisions 176 and 240; OpenRPC params keep their param-* kinds).
  const kind = differenceKind({
    aspect: f.aspect,
    narrowed,
    certain: f.certain,
    role: sn.role,
    steps: aSteps(f.steps),
    subject: f.subject,
    introduced: intro ? intro.change : undefined,
  });
  const base = { kind, direction, at, reaches: [sn.reach], observation };
  if (intro)
    return {
      ...base,
      path: intro.path,
      subject: intro.name,
      member: intro.at,
      evidence: `${intro.change === "added" ? "a member an open object did not name is now named" : "a member is no longer named by an open object"} ("${intro.name}"): ${message}`,
    };
  return { ...base, path, subject: f.subject, evidence: message };
}

/**
 * A member that is new and required at once is one change (issue 34): the `open-property-added`
 * drafts of a member some `required-added` draft of the same check names fold into it.
 */
function foldNewRequiredMembers(drafts: EngineDraft[]): EngineDraft[] {
  const required = new Map<string, EngineDraft>();
  for (const d of drafts)
    if (d.kind === "required-added" && d.subject !== undefined)
      required.set(`${d.at ?? ""}/${escapeToken(d.subject)}`, d);
  if (required.size === 0) return drafts;
  return drafts.filter((d) => {
    const owner = d.kind === "open-property-added" && d.member !== undefined ? required.get(d.member) : undefined;
    if (!owner) return true;
    if (!owner.evidence.includes("; it is also newly declared"))
      owner.evidence += `; it is also newly declared where the object took any value (${d.evidence.slice(d.evidence.indexOf('"): ') + 4)})`;
    return false;
  });
}

function suffix(f: Difference): string {
  return f.aspect === "property" ? `/properties/${escapeToken(f.subject ?? "")}` : (SUFFIX[f.aspect] ?? "");
}

const SUFFIX: Partial<Record<Difference["aspect"], string>> = {
  required: "/required",
  enum: "/enum",
  const: "/const",
  pattern: "/pattern",
  format: "/format",
  "min-length": "/minLength",
  "max-length": "/maxLength",
  minimum: "/minimum",
  maximum: "/maximum",
  type: "/type",
  "additional-properties": "/additionalProperties",
};
