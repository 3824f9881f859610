/**
 * `contract-suite diff`: classifies every change between two versions of a contract as breaking,
 * compatible or needs-review, in the direction its data travels.
 *
 * For each surface (see model.ts) the structural pass (schema/containment.ts) runs in the
 * direction(s) that matter: request data needs old ⊆ new, response data new ⊆ old. Each
 * structural refutation is shown with a payload checked by the real validators of both
 * versions (valid under one, invalid under the other); a seeded fast-check search with
 * schema-derived arbitraries covers what the structural pass cannot decide. A breaking verdict
 * always carries its counterexample unless no payload can show the change (a removed definition
 * or operation), and a compatible verdict says what it rests on.
 */
import fc from "fast-check";
import { arbitraries } from "./arbitrary.js";
import { embed, minimalExample } from "./example.js";
import { commonExample, partsAlong, type Part } from "./common-example.js";
import { nearExample, stepsAlong } from "./near-example.js";
import { unavoidableAt } from "./first-failure.js";
import { refusedByAll } from "./sibling-branches.js";
import { renameJustified } from "./renames.js";
import { errorInside } from "./change.js";
import { reachable, type ContractModel, type Direction, type Surface } from "./model.js";
import { Containment, short, type Finding, type Step } from "./schema/containment.js";
import { primaryError, type SchemaContext } from "./schema/context.js";
import { sameSchema } from "./schema/equal.js";
import { canonical, constraintKeys, isSchemaObject, isTrivial, setOwn, type SchemaNode } from "./schema/keywords.js";
import { NAME_MAPS } from "../schema/walk.js";
import { escapeToken, parsePointer, pointerWithin as inside, unescapeToken } from "../json/index.js";
import { operationFactChanges } from "./openapi-changes.js";
import { introducedMember } from "./introduced-member.js";

export type { Change, Counterexample, Verdict } from "./change.js";
export { errorInside } from "./change.js";
import type { Change, Counterexample, Verdict } from "./change.js";

/** A defect of an input document, repaired (or worked around) so the diff could go on. */
export interface DiffWarning {
  side: "old" | "new";
  file: string;
  pointer: string;
  rule: string;
  message: string;
  /** Not a defect (the document is valid; `--strict` does not refuse it): something the review cannot check, such as an unknown format. */
  notice?: true;
}

export interface DiffReport {
  verdict: Verdict;
  old: string;
  new: string;
  changes: Change[];
  warnings: DiffWarning[];
  stats: { surfaces: number; unchanged: number; samples: number };
}

export interface DiffOptions {
  /** Samples per surface and direction for the counterexample search. Default 200. */
  samples?: number;
  seed?: number;
}

export const DEFAULT_SAMPLES = 200;
export const DEFAULT_SEED = 0x5eed;

type Side = "old" | "new";

interface Check {
  /** The side whose payloads must stay valid (A) and the side that must accept them (B). */
  from: Side;
  to: Side;
  surfA: Surface;
  surfB: Surface;
  ma: ContractModel;
  mb: ContractModel;
}

export function diffModels(oldM: ContractModel, newM: ContractModel, options: DiffOptions = {}): DiffReport {
  const samples = options.samples ?? DEFAULT_SAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  const changes: Change[] = [];
  let unchanged = 0;
  let sampled = 0;
  const examplesOld = (n: SchemaNode) => exampleValue(n, oldM.ctx);
  const examplesNew = (n: SchemaNode) => exampleValue(n, newM.ctx);

  // One checker per direction for the whole diff: surfaces share definitions, and its memo of (A node, B node) results with them.
  const checkers = {
    old: new Containment(oldM.ctx, newM.ctx, { example: examplesOld }),
    new: new Containment(newM.ctx, oldM.ctx, { example: examplesNew }),
  };
  const containment = (from: Side) => checkers[from];

  const removedDefs: Surface[] = [];
  const addedDefs: Surface[] = [];
  const handledOwners = new Set<string>();

  for (const so of oldM.surfaces.values()) {
    const sn = newM.surfaces.get(so.key);
    if (sn && so.role === "errors") {
      const r = compareErrors(so, sn);
      if (r === "unchanged") unchanged++;
      continue;
    }
    if (sn) {
      const r = compareSurface(so, sn);
      if (r === "unchanged") unchanged++;
      continue;
    }
    if (so.role === "definition") {
      // A component that is merely reachable now (or no longer) is compared through its users.
      if (!newM.definitions.has(so.key.slice("def:".length)) || oldM.kind === "json-schema") removedDefs.push(so);
    } else if (so.owner && oldM.kind === "openrpc" && !newM.methods.has(so.owner)) {
      if (!handledOwners.has(so.owner)) changes.push(methodRemoved(so.owner));
      handledOwners.add(so.owner);
    } else if (so.owner && oldM.kind === "openapi" && !newM.operations.has(so.owner)) {
      if (!handledOwners.has(so.owner))
        changes.push({
          path: oldM.openapi?.operations.get(so.owner)?.path ?? so.path,
          kind: "operation-removed",
          direction: "request",
          verdict: "breaking",
          evidence: `operation ${so.owner} is gone: clients calling it fail (no payload schema can show it)`,
        });
      handledOwners.add(so.owner);
    } else if (so.role === "body") {
      changes.push({
        path: so.path,
        kind: "request-media-type-removed",
        direction: so.direction,
        verdict: "breaking",
        evidence: `${so.key.split(":").pop()} request bodies are no longer accepted`,
      });
    } else if (so.role === "response" && statusKept(so)) {
      changes.push({
        path: so.path,
        kind: "response-media-type-removed",
        direction: so.direction,
        verdict: "breaking",
        evidence: `${so.key.split(":").slice(4).join(":")} is no longer documented for this status; clients negotiating it lose its contract`,
      });
    } else if (so.role === "headers" && statusKept(so)) {
      unchanged++; // an empty header set is still a surface of a documented status
    }
  }
  for (const sn of newM.surfaces.values()) {
    if (oldM.surfaces.has(sn.key)) continue;
    if (sn.role === "definition") {
      if (!oldM.definitions.has(sn.key.slice("def:".length)) || newM.kind === "json-schema") addedDefs.push(sn);
    } else if (sn.owner && newM.kind === "openrpc" && !oldM.methods.has(sn.owner)) {
      if (!handledOwners.has(`+${sn.owner}`))
        changes.push({
          path: `#/methods/${escapeToken(sn.owner)}`,
          kind: "method-added",
          direction: "request",
          verdict: "compatible",
          evidence: `new method ${sn.owner}: no existing request changes meaning`,
        });
      handledOwners.add(`+${sn.owner}`);
    } else if (sn.owner && newM.kind === "openapi" && !oldM.operations.has(sn.owner)) {
      if (!handledOwners.has(`+${sn.owner}`))
        changes.push({
          path: newM.openapi?.operations.get(sn.owner)?.path ?? sn.path,
          kind: "operation-added",
          direction: "request",
          verdict: "compatible",
          evidence: `new operation ${sn.owner}`,
        });
      handledOwners.add(`+${sn.owner}`);
    } else if (sn.role === "body") {
      changes.push({
        path: sn.path,
        kind: "request-media-type-added",
        direction: sn.direction,
        verdict: "compatible",
        evidence: "a new request media type is accepted",
      });
    } else if (sn.role === "response" && statusExisted(sn)) {
      changes.push({
        path: sn.path,
        kind: "response-media-type-added",
        direction: sn.direction,
        verdict: "needs-review",
        evidence: "a new response media type a client may now receive; no payload of the old contract shows it",
      });
    }
  }
  // Definitions: a removed name whose content lives on under a new name is a rename.
  for (const so of removedDefs) {
    const match = addedDefs.find(
      (sn) =>
        renameJustified(defName(so), so.node, oldM.ctx, defName(sn)) &&
        equivalent(so.node, oldM.ctx, sn.node, newM.ctx),
    );
    if (match) {
      addedDefs.splice(addedDefs.indexOf(match), 1);
      changes.push({
        path: match.path,
        kind: "definition-renamed",
        direction: "none",
        verdict: "compatible",
        evidence: `${so.path} is now ${match.path}: same instances, proved structurally in both directions`,
      });
    } else {
      changes.push({
        path: so.path,
        kind: "definition-removed",
        direction: so.direction,
        verdict: "breaking",
        evidence: `${so.path} is gone: documents and code that reference it break (no payload can show it)`,
      });
    }
  }
  for (const sn of addedDefs)
    changes.push({
      path: sn.path,
      kind: "definition-added",
      direction: "none",
      verdict: "compatible",
      evidence: `new definition ${sn.path}`,
    });

  // OpenRPC method-level facts the envelopes do not carry.
  if (oldM.kind === "openrpc" && newM.kind === "openrpc") {
    for (const [name, mo] of oldM.methods) {
      const mn = newM.methods.get(name);
      if (!mn || mo.paramStructure === mn.paramStructure) continue;
      const widened = mn.paramStructure === "either";
      changes.push({
        path: `#/methods/${escapeToken(name)}/paramStructure`,
        kind: "param-structure-changed",
        direction: "request",
        verdict: widened ? "compatible" : "needs-review",
        evidence: `paramStructure ${mo.paramStructure} -> ${mn.paramStructure}${widened ? ": every old request is still accepted" : ": requests in the old structure may be refused"}`,
      });
    }
  }
  for (const [what, pass] of [
    ["operation facts", operationFactChanges],
    ["annotations", annotationChanges],
  ] as const) {
    try {
      changes.push(...pass(oldM, newM));
    } catch (e) {
      changes.push({
        path: "#",
        kind: "analysis-failed",
        direction: "none",
        verdict: "needs-review",
        evidence: `comparing ${what} failed (${(e as Error).message.split("\n")[0]}); review it by hand`,
      });
    }
  }
  const deduped = dedupe(changes);
  relabelRenamedParams(deduped, oldM, newM);
  const verdict: Verdict = deduped.some((c) => c.verdict === "breaking")
    ? "breaking"
    : deduped.some((c) => c.verdict === "needs-review")
      ? "needs-review"
      : "compatible";
  // A schema can be read twice (a bundled definition and the inline surface it came from): one warning per site.
  const warnings = [
    ...new Map(
      [
        ...oldM.defects.map((d) => ({ side: "old" as const, ...d })),
        ...newM.defects.map((d) => ({ side: "new" as const, ...d })),
      ].map((w) => [`${w.side}|${w.file}|${w.pointer}|${w.rule}|${w.message}`, w] as const),
    ).values(),
  ] as DiffWarning[];
  return {
    verdict,
    old: oldM.label,
    new: newM.label,
    changes: deduped,
    warnings,
    stats: { surfaces: oldM.surfaces.size, unchanged, samples: sampled },
  };

  /** OpenAPI: the status of a response surface is still documented (only the media type went away). */
  function statusKept(so: Surface): boolean {
    const status = so.key.split(":")[3] ?? "";
    return newM.openapi?.operations.get(so.owner ?? "")?.statuses.has(status) === true;
  }
  function statusExisted(sn: Surface): boolean {
    const status = sn.key.split(":")[3] ?? "";
    return oldM.openapi?.operations.get(sn.owner ?? "")?.statuses.has(status) === true;
  }

  function methodRemoved(name: string): Change {
    const surf = oldM.surfaces.get(`method:${name}:params`)!;
    const ex = minimalExample(surf.node, oldM.ctx);
    const change: Change = {
      path: `#/methods/${escapeToken(name)}`,
      kind: "method-removed",
      direction: "request",
      verdict: "breaking",
      evidence: `method ${name} is gone: its requests now fail with METHOD_NOT_FOUND`,
    };
    if (
      ex.found &&
      oldM.anyRequest &&
      newM.anyRequest &&
      oldM.ctx.valid(oldM.anyRequest, ex.value) &&
      !newM.ctx.valid(newM.anyRequest, ex.value)
    ) {
      change.counterexample = shown(ex.value, "old", "new", newM.ctx, newM.anyRequest);
    }
    return change;
  }

  /** OpenRPC errors: a declared (code, message) pair is what a method may return. */
  function compareErrors(so: Surface, sn: Surface): "unchanged" | "changed" {
    const mo = oldM.methods.get(so.owner!)!;
    const mn = newM.methods.get(sn.owner!)!;
    const key = (e: { code: number; message: string }) => `${e.code} ${e.message}`;
    const added = mn.errors.filter((e) => !mo.errors.some((x) => key(x) === key(e)));
    const removed = mo.errors.filter((e) => !mn.errors.some((x) => key(x) === key(e)));
    for (const e of added) {
      const payload = { jsonrpc: "2.0", id: 1, error: { code: e.code, message: e.message } };
      const change: Change = {
        path: sn.path,
        kind: "error-added",
        direction: "response",
        verdict: "breaking",
        evidence: `${sn.owner} may now return error ${e.code} ${e.message}, which the old contract does not declare`,
        surfaces: [sn.path],
      };
      if (newM.ctx.valid(sn.node, payload) && !oldM.ctx.valid(so.node, payload))
        change.counterexample = shown(payload, "new", "old", oldM.ctx, so.node);
      else change.verdict = "needs-review";
      changes.push(change);
    }
    for (const e of removed)
      changes.push({
        path: sn.path,
        kind: "error-removed",
        direction: "response",
        verdict: "compatible",
        evidence: `${sn.owner} no longer declares error ${e.code} ${e.message} (responses may only narrow)`,
        surfaces: [sn.path],
      });
    return added.length || removed.length ? "changed" : "unchanged";
  }

  /** One surface pair; an analysis that throws becomes a needs-review change instead of ending the diff. */
  function compareSurface(so: Surface, sn: Surface): "unchanged" | "changed" {
    try {
      return compareSurfaceUnguarded(so, sn);
    } catch (e) {
      changes.push({
        path: sn.path,
        kind: "analysis-failed",
        direction: sn.direction,
        verdict: "needs-review",
        evidence: `the comparison of this surface failed (${(e as Error).message.split("\n")[0]}); review it by hand`,
        surfaces: [sn.path],
      });
      return "changed";
    }
  }

  function compareSurfaceUnguarded(so: Surface, sn: Surface): "unchanged" | "changed" {
    if (sameSchema(so.node, oldM.ctx, sn.node, newM.ctx)) return "unchanged";
    if (so.opaque || sn.opaque) {
      changes.push({
        path: sn.path,
        kind: "non-json-schema-changed",
        direction: sn.direction,
        verdict: "needs-review",
        evidence: `the schema of a non-JSON media type changed; it is not judged with JSON payloads`,
        surfaces: [sn.path],
      });
      return "changed";
    }
    const direction: Direction = so.direction === sn.direction ? sn.direction : "both";
    const oldInNew: Check = { from: "old", to: "new", surfA: so, surfB: sn, ma: oldM, mb: newM };
    const newInOld: Check = { from: "new", to: "old", surfA: sn, surfB: so, ma: newM, mb: oldM };
    const required =
      direction === "request" ? [oldInNew] : direction === "response" ? [newInOld] : [oldInNew, newInOld];
    const informational = direction === "request" ? [newInOld] : direction === "response" ? [oldInNew] : [];
    let anyFinding = false;
    const proofs: string[] = [];
    for (const check of required) {
      const findings = containment(check.from).check(check.surfA.node, check.surfB.node);
      const search = searchCounterexample(check);
      sampled += search.tried;
      if (findings.length === 0 && !search.counterexample) {
        proofs.push(`${check.from} ⊆ ${check.to} proved structurally; ${search.valid} sampled payloads agree`);
        continue;
      }
      anyFinding = true;
      let searchUsed = false;
      for (const f of findings) {
        const cx = verifyFinding(check, f);
        if (cx) markUnavoidable(check, f, cx);
        const base = describe(check, f, direction, sn);
        if (cx) {
          changes.push({ ...base, verdict: "breaking", evidence: `${base.evidence}`, counterexample: cx });
        } else if (f.certain) {
          changes.push({
            ...base,
            verdict: "needs-review",
            evidence: `${base.evidence}; structurally refuted, but no payload showing it was found (${search.valid} valid samples)`,
          });
        } else if (search.counterexample && !searchUsed && errorInside(search.counterexample, base.at ?? "")) {
          // Only a payload whose rejection lies at this finding shows it; another one is reported on its own below.
          searchUsed = true;
          changes.push({
            ...base,
            verdict: "breaking",
            evidence: `${base.evidence}; the sampling search found a payload`,
            counterexample: search.counterexample,
          });
        } else if (search.valid === 0) {
          changes.push({
            ...base,
            verdict: "needs-review",
            evidence: `${base.evidence}; undecided structurally and no valid payload could be sampled`,
          });
        } else {
          // Not proved: sampling without a counterexample is no proof, so the gate must not pass it silently.
          changes.push({
            ...base,
            verdict: "needs-review",
            evidence: `${base.evidence}; undecided structurally, ${search.valid} sampled payloads (seed ${seed}) without a counterexample`,
          });
        }
      }
      if (
        search.counterexample &&
        !searchUsed &&
        !changes.some((c) => c.counterexample && c.surfaces?.includes(check.surfA.path))
      ) {
        changes.push({
          path: sn.path,
          kind: check.from === "old" ? "payload-rejected" : "payload-admitted",
          direction,
          verdict: "breaking",
          evidence:
            check.from === "old"
              ? "the sampling search found a payload the old version accepts and the new one rejects"
              : "the sampling search found a payload the new version produces that the old one does not allow",
          counterexample: search.counterexample,
          surfaces: [sn.path],
        });
      }
    }
    for (const check of informational) {
      const findings = containment(check.from).check(check.surfA.node, check.surfB.node);
      for (const f of findings) {
        anyFinding = true;
        const base = describe(check, f, direction, sn);
        changes.push({
          ...base,
          verdict: "compatible",
          evidence: `${base.evidence} (${direction === "request" ? "requests may only widen" : "responses may only narrow"})`,
        });
      }
    }
    if (!anyFinding) {
      changes.push({
        path: sn.path,
        kind: "equivalent",
        direction,
        verdict: "compatible",
        evidence: `rewritten with the same instances: proved structurally in both directions (${proofs.join("; ")})`,
        surfaces: [sn.path],
      });
    } else if (proofs.length) {
      // The required direction held: say what it rests on next to the informational changes.
      for (const c of changes)
        if (c.surfaces?.includes(sn.path) && c.verdict === "compatible" && !c.evidence.includes("proved"))
          c.evidence += `; ${proofs.join("; ")}`;
    }
    return "changed";
  }

  function verifyFinding(check: Check, f: Finding): Counterexample | undefined {
    const ca = check.ma.ctx;
    const cb = check.mb.ctx;
    let sampled: unknown[] | undefined;
    // Hints first; the seeded samples only when no hint shows the change (same order as one list, generated lazily).
    const candidates = function* (): Generator<unknown> {
      yield* f.hints;
      try {
        sampled ??= fc.sample(arbitraries(ca).of(f.a), { seed, numRuns: 60 });
      } catch {
        sampled = []; // an arbitrary that cannot be built leaves the hints
      }
      yield* sampled;
    };
    const at = instancePath(f.steps);
    const shows = (v: unknown) => ca.valid(f.a, v) && !cb.valid(f.b, v);
    // The hints usually show the change at once: try them on the common base before sampling.
    const hinted = f.hints.filter(shows);
    let best = fromCommonBase(check, f, at, hinted.slice(0, 8));
    if (best?.focused) return best.cx;
    const witnesses = [...candidates()].filter(shows);
    if (witnesses.length === 0) return best?.cx;
    if (witnesses.length > hinted.length) {
      const more = fromCommonBase(check, f, at, witnesses.slice(hinted.length, hinted.length + 8));
      if (more?.focused) return more.cx;
      best ??= more;
    }
    let fallback: Counterexample | undefined = best?.cx;
    let tries = 0;
    for (const v of witnesses) {
      const raw = embed(check.surfA.node, aSteps(f.steps), v, ca);
      if (ca.valid(check.surfA.node, raw) && !cb.valid(check.surfB.node, raw)) {
        const { payload, focused } = focus(raw, check, at);
        const cx = shown(payload, check.from, check.to, cb, check.surfB.node);
        if (focused) return cx;
        fallback ??= cx;
        // A few witnesses are worth focusing; past that the first valid one stands.
        if (++tries >= 3) return fallback;
      }
    }
    if (fallback) return fallback;
    // The change is in one branch of B's union and another branch takes the payload: make that one refuse it too.
    if (f.steps.some((s) => s.kind === "branch" && s.side === "b")) {
      const sides = {
        accepting: { node: check.surfA.node, ctx: ca },
        rejecting: { node: check.surfB.node, ctx: cb },
        findings: (x: SchemaNode, y: SchemaNode) => containment(check.from).check(x, y),
      };
      for (const v of witnesses.slice(0, 4)) {
        // Embedded along A's schema, or spelled out along the path where A leaves it open (an array A does not type).
        for (const raw of [embed(check.surfA.node, aSteps(f.steps), v, ca), spelledOut(parsePointer(at), v)]) {
          if (!ca.valid(check.surfA.node, raw)) continue;
          const payload = refusedByAll(raw, f.steps, sides);
          // Every branch refuses it: the error shown is the changed branch's, at the change, where there is one.
          if (payload !== undefined) return shown(payload, check.from, check.to, cb, check.surfB.node, at);
        }
      }
    }
    return undefined;
  }

  /** Where the first error is not at the change: the proof, if one holds, that no payload could fail first there (first-failure.ts, decision 171). */
  function markUnavoidable(check: Check, f: Finding, cx: Counterexample): void {
    const at = instancePath(f.steps);
    if (errorInside(cx, at)) return;
    // A branch of the accepting version whose schema at the change fits the rejecting version's shows no counterexample there.
    const fits = (local: Part[]) => local.some((p) => containment(check.from).check(p.node, f.b).length === 0);
    const proof = unavoidableAt(
      { node: check.surfA.node, ctx: check.ma.ctx },
      { node: check.surfB.node, ctx: check.mb.ctx },
      f.steps,
      cx.payload,
      cx.errorAt ?? "",
      at,
      fits,
    );
    if (proof) cx.unavoidable = proof;
  }

  /**
   * The counterexample as a one-member edit of a payload both versions accept (common-example.ts):
   * the member at the change gets the witness (or, for a change of the object itself, loses the
   * newly required member / gains the newly forbidden one). `focused` when the rejecting side's
   * error lies at the change.
   */
  function fromCommonBase(
    check: Check,
    f: Finding,
    at: string,
    witnesses: unknown[],
  ): { cx: Counterexample; focused: boolean } | undefined {
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
      const r = editsOf(check, f, at, witnesses, base.value, true, steps !== f.steps);
      if (r?.focused) return r;
      first ??= r?.cx;
      break;
    }
    // No payload both versions accept (or the one found follows another branch, where the change may not be): the
    // accepting version's payload along the finding's branches that agrees with the rejecting one wherever it can.
    if (!common || !first) {
      const near = nearExample([parts[0]!], [parts[1]!], f.steps);
      if (near.found) {
        const r = editsOf(check, f, at, witnesses, near.value, false, false);
        if (r?.focused) return r;
        first ??= r?.cx;
      }
    }
    return first ? { cx: first, focused: false } : undefined;
  }

  /** The counterexamples `base` gives with the change's member edited (a focused one first); `otherBranch` when the base does not follow the finding's branches. */
  function editsOf(
    check: Check,
    f: Finding,
    at: string,
    witnesses: unknown[],
    baseValue: unknown,
    isolated: boolean,
    otherBranch: boolean,
  ): { cx: Counterexample; focused: boolean } | undefined {
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
    const tryEdits = (list: unknown[]): { cx: Counterexample; focused: boolean } | undefined => {
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
        containment(check.from)
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

  /**
   * Makes a counterexample differ from a payload both versions accept only at the change: while the
   * rejecting side's first error lies elsewhere (a member it newly requires, a member it closed off,
   * a sibling it types differently), that spot is repaired from the rejecting side's own minimal
   * example, as long as the accepting side still accepts the payload and the rejecting side still
   * refuses it. `focused` says whether the first error now names the changed member.
   */
  function focus(payload: unknown, check: Check, at: string): { payload: unknown; focused: boolean } {
    const ca = check.ma.ctx;
    const cb = check.mb.ctx;
    const validateB = cb.validator(check.surfB.node);
    const exB = minimalExample(check.surfB.node, cb);
    let current = payload;
    for (let i = 0; i < 24; i++) {
      if (validateB(current)) return { payload, focused: false };
      const err = primaryError(validateB.errors ?? []);
      if (!err) break;
      const where = err.instancePath;
      if (inside(where, at)) return { payload: current, focused: true };
      const next = structuredClone(current);
      let changed = false;
      if (
        err.keyword === "required" &&
        typeof (err.params as { missingProperty?: string }).missingProperty === "string"
      ) {
        const name = (err.params as { missingProperty: string }).missingProperty;
        const fill = exB.found ? valueAt(exB.value, `${where}/${escapeToken(name)}`) : undefined;
        changed = fill !== undefined && setAt(next, `${where}/${escapeToken(name)}`, fill.value);
      } else if (
        (err.keyword === "additionalProperties" || err.keyword === "unevaluatedProperties") &&
        typeof (err.params as { additionalProperty?: string }).additionalProperty === "string"
      ) {
        changed = deleteAt(
          next,
          `${where}/${escapeToken((err.params as { additionalProperty: string }).additionalProperty)}`,
        );
      } else {
        const fill = exB.found ? valueAt(exB.value, where) : undefined;
        changed = fill !== undefined && setAt(next, where, fill.value);
      }
      if (!changed || !ca.valid(check.surfA.node, next) || cb.valid(check.surfB.node, next)) {
        // The rejecting side has no value to offer here: drop the member if the accepting side lets it go.
        const dropped = structuredClone(current);
        if (
          where !== "" &&
          deleteAt(dropped, where) &&
          ca.valid(check.surfA.node, dropped) &&
          !cb.valid(check.surfB.node, dropped)
        ) {
          current = dropped;
          continue;
        }
        break;
      }
      current = next;
    }
    return { payload: current === payload ? payload : current, focused: false };
  }

  function searchCounterexample(check: Check): { tried: number; valid: number; counterexample?: Counterexample } {
    const ca = check.ma.ctx;
    const cb = check.mb.ctx;
    const a = check.surfA.node;
    const b = check.surfB.node;
    let tried = 0;
    let valid = 0;
    let failing = false;
    let arb: fc.Arbitrary<unknown>;
    try {
      arb = arbitraries(ca).of(a);
    } catch {
      return { tried: 0, valid: 0 };
    }
    const result = fc.check(
      fc.property(arb, (v) => {
        const okA = ca.valid(a, v);
        if (!failing) {
          tried++;
          if (okA) valid++;
        }
        const holds = !okA || cb.valid(b, v);
        if (!holds) failing = true;
        return holds;
      }),
      { seed, numRuns: samples },
    );
    if (!result.failed || !result.counterexample) return { tried, valid };
    const payload = result.counterexample[0];
    return { tried, valid, counterexample: shown(payload, check.from, check.to, cb, b) };
  }

  function describe(check: Check, f: Finding, direction: Direction, sn: Surface): Change {
    const narrowed = check.from === "old";
    const newSide = narrowed ? f.b : f.a;
    const oldSide = narrowed ? f.a : f.b;
    const newLocated = newM.locate(newSide);
    const located = newLocated ?? oldM.locate(oldSide);
    const at = instancePath(f.steps);
    let path = located ? located + suffix(f) : `${sn.path}${at === "" ? "" : ` @ ${at}`}`;
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
    // A member one version names and the other left open: the change is that member (introduced-member.ts;
    // OpenAPI and JSON Schema documents, decisions 176 and 240; OpenRPC params keep their param-* kinds).
    const intro =
      oldM.kind === newM.kind &&
      oldM.kind !== "openrpc" &&
      introducedMember(
        oldM,
        narrowed ? check.surfA.node : check.surfB.node,
        newM,
        narrowed ? check.surfB.node : check.surfA.node,
        tokensOf(at) ?? [],
      );
    if (intro)
      return {
        path: intro.path,
        kind: intro.change === "added" ? "open-property-added" : "open-property-removed",
        direction,
        verdict: "compatible",
        evidence: `${intro.change === "added" ? "a member an open object did not name is now named" : "a member is no longer named by an open object"} ("${intro.name}"): ${message}`,
        surfaces: [sn.path],
        at,
      };
    return {
      path,
      kind: kindOf(f, narrowed, sn.role),
      direction,
      verdict: "compatible",
      evidence: message,
      surfaces: [sn.path],
      at,
    };
  }
}

/** The value with `v` at `tokens` and nothing else ("0" an array's first item). */
function spelledOut(tokens: readonly string[], v: unknown): unknown {
  let out = v;
  for (const t of [...tokens].reverse()) {
    if (t === "0") out = [out];
    else {
      const o: Record<string, unknown> = {};
      setOwn(o, t, out);
      out = o;
    }
  }
  return out;
}

/** A counterexample: the payload, the sides, and the rejecting side's error with the location it names. */
function shown(
  payload: unknown,
  valid: Side,
  invalid: Side,
  rejecting: SchemaContext,
  node: SchemaNode,
  near?: string,
): Counterexample {
  const why = rejecting.explain(node, payload, near);
  return { payload, valid, invalid, error: why?.text ?? "", errorAt: why?.at ?? "" };
}

function exampleValue(n: SchemaNode, ctx: SchemaContext): unknown {
  const ex = minimalExample(n, ctx);
  return ex.found ? ex.value : undefined;
}

function defName(s: Surface): string {
  return s.key.slice("def:".length);
}

/** Checkers without hints for the rename proofs, one per context pair (their memo spans all candidate pairs). */
const renameCheckers = new WeakMap<SchemaContext, WeakMap<SchemaContext, Containment>>();

function checker(ca: SchemaContext, cb: SchemaContext): Containment {
  let m = renameCheckers.get(ca);
  if (!m) renameCheckers.set(ca, (m = new WeakMap()));
  let c = m.get(cb);
  if (!c) m.set(cb, (c = new Containment(ca, cb)));
  return c;
}

function equivalent(a: SchemaNode, ca: SchemaContext, b: SchemaNode, cb: SchemaContext): boolean {
  if (sameSchema(a, ca, b, cb)) return true;
  return checker(ca, cb).check(a, b).length === 0 && checker(cb, ca).check(b, a).length === 0;
}

/** The A-side steps (B-side branch choices left out): what embed and the kind rules read. */
function aSteps(steps: readonly Step[]): Step[] {
  return steps.filter((s) => s.kind !== "branch" || s.side !== "b");
}

function instancePath(steps: Step[]): string {
  return steps
    .filter((s) => s.kind !== "branch")
    .map((s) => (s.kind === "prop" ? `/${escapeToken(s.name)}` : "/0"))
    .join("");
}

function suffix(f: Finding): string {
  switch (f.aspect) {
    case "property":
      return `/properties/${escapeToken(f.subject ?? "")}`;
    case "required":
      return "/required";
    case "enum":
      return "/enum";
    case "const":
      return "/const";
    case "pattern":
      return "/pattern";
    case "format":
      return "/format";
    case "min-length":
      return "/minLength";
    case "max-length":
      return "/maxLength";
    case "minimum":
      return "/minimum";
    case "maximum":
      return "/maximum";
    case "type":
      return "/type";
    case "additional-properties":
      return "/additionalProperties";
    default:
      return "";
  }
}

const KINDS: Record<string, [narrowed: string, widened: string]> = {
  schema: ["schema-narrowed", "schema-widened"],
  type: ["type-narrowed", "type-widened"],
  enum: ["enum-value-removed", "enum-value-added"],
  const: ["const-changed", "const-changed"],
  required: ["required-added", "required-removed"],
  property: ["property-removed", "property-added"],
  "additional-properties": ["additional-properties-restricted", "additional-properties-relaxed"],
  pattern: ["pattern-tightened", "pattern-relaxed"],
  format: ["format-tightened", "format-relaxed"],
  "min-length": ["min-length-raised", "min-length-lowered"],
  "max-length": ["max-length-lowered", "max-length-raised"],
  minimum: ["minimum-raised", "minimum-lowered"],
  maximum: ["maximum-lowered", "maximum-raised"],
  "multiple-of": ["multiple-of-tightened", "multiple-of-relaxed"],
  "min-items": ["min-items-raised", "min-items-lowered"],
  "max-items": ["max-items-lowered", "max-items-raised"],
  "unique-items": ["unique-items-added", "unique-items-removed"],
  "min-properties": ["min-properties-raised", "min-properties-lowered"],
  "max-properties": ["max-properties-lowered", "max-properties-raised"],
  branch: ["branch-removed", "branch-added"],
  keyword: ["constraint-changed", "constraint-changed"],
};

function kindOf(f: Finding, narrowed: boolean, role: Surface["role"]): string {
  if (role === "errors" && ["branch", "enum", "const", "schema"].includes(f.aspect))
    return narrowed ? "error-removed" : "error-added";
  const steps = aSteps(f.steps);
  const paramsLevel =
    role === "params" && steps.length === 1 && steps[0]!.kind === "prop" && steps[0]!.name === "params";
  if (paramsLevel && f.aspect === "property") return narrowed ? "param-removed" : "param-added";
  if (paramsLevel && f.aspect === "required") return narrowed ? "param-required" : "param-optional";
  // OpenAPI parameters (one closed object per location) have kinds of their own (kinds/openapi.ts).
  const parametersLevel = role === "parameters" && steps.length === 0;
  if (parametersLevel && f.aspect === "property") return narrowed ? "parameter-removed" : "parameter-added";
  if (parametersLevel && f.aspect === "required") return narrowed ? "parameter-required" : "parameter-optional";
  if (f.aspect === "pattern" && f.certain === false) return "pattern-changed";
  if (f.aspect === "format" && f.certain === false) return "format-changed";
  const pair = KINDS[f.aspect] ?? ["constraint-changed", "constraint-changed"];
  return narrowed ? pair[0] : pair[1];
}

const OPEN_MEMBER_KINDS: ReadonlySet<string> = new Set(["open-property-added", "open-property-removed"]);
const SHOWN_DIFFERENCES = 3;

/** An open-member evidence line (`<what happened> ("<name>"): <difference> | <difference>`) split at its lead. */
function aspectsOf(evidence: string): { lead: string; said: string[] } {
  const at = evidence.indexOf('"): ');
  if (at < 0) return { lead: evidence, said: [] };
  return { lead: evidence.slice(0, at + 2), said: evidence.slice(at + 4).split(" | ") };
}

/** One entry per (location, kind, verdict); the surfaces it touches are merged. */
function dedupe(changes: Change[]): Change[] {
  const out = new Map<string, Change>();
  const merged = new Map<string, { lead: string; said: string[] }>();
  for (const c of changes) {
    const key = `${c.path}|${c.kind}|${c.verdict}`;
    const prev = out.get(key);
    if (!prev) {
      out.set(key, { ...c, surfaces: c.surfaces ? [...c.surfaces] : undefined });
      continue;
    }
    for (const s of c.surfaces ?? []) if (!prev.surfaces?.includes(s)) (prev.surfaces ??= []).push(s);
    if (OPEN_MEMBER_KINDS.has(c.kind)) {
      // One member's several differences (its type, its null, its items ...) are one change: the
      // evidence says the first few and counts the rest, instead of whichever finding came first.
      const all = merged.get(key) ?? merged.set(key, aspectsOf(prev.evidence)).get(key)!;
      for (const a of aspectsOf(c.evidence).said) if (!all.said.includes(a)) all.said.push(a);
      const more = all.said.length - SHOWN_DIFFERENCES;
      prev.evidence = `${all.lead}: ${all.said.slice(0, SHOWN_DIFFERENCES).join(" | ")}${more > 0 ? ` | and ${more} more difference${more === 1 ? "" : "s"}` : ""}`;
      if (!prev.counterexample && c.counterexample) prev.counterexample = c.counterexample;
      continue;
    }
    if (!prev.counterexample && c.counterexample) {
      prev.counterexample = c.counterexample;
      prev.evidence = c.evidence;
    }
  }
  const order: Record<Verdict, number> = { breaking: 0, "needs-review": 1, compatible: 2 };
  return [...out.values()].sort(
    (a, b) => order[a.verdict] - order[b.verdict] || a.path.localeCompare(b.path) || a.kind.localeCompare(b.kind),
  );
}

/** A param removed and another added with the same schema in the same method: a rename. */
function relabelRenamedParams(changes: Change[], oldM: ContractModel, newM: ContractModel): void {
  for (const c of changes) {
    if (c.kind !== "param-removed" || !c.surfaces?.[0]) continue;
    const token = /^#\/methods\/([^/]+)\/params/.exec(c.surfaces[0])?.[1];
    const method = token === undefined ? undefined : unescapeToken(token);
    const mo = method ? oldM.methods.get(method) : undefined;
    const mn = method ? newM.methods.get(method) : undefined;
    if (!mo || !mn) continue;
    const gone = mo.params.filter((p) => !mn.params.some((q) => q.name === p.name));
    const added = mn.params.filter((q) => !mo.params.some((p) => p.name === q.name));
    for (const g of gone) {
      if (!c.path.endsWith(`/${escapeToken(g.name)}`) && !c.evidence.includes(`"${g.name}"`)) continue;
      const twin = added.find((a) => sameSchema(g.schema, oldM.ctx, a.schema, newM.ctx));
      if (twin) {
        c.kind = "param-renamed";
        c.evidence = `param "${g.name}" is now "${twin.name}": ${c.evidence}`;
      }
    }
  }
}

const ANNOTATIONS = new Set([
  "description",
  "summary",
  "title",
  "$comment",
  "examples",
  "example",
  "default",
  "deprecated",
]);

const sideCache = new WeakMap<ContractModel, { request: Set<string>; response: Set<string> }>();

/**
 * Which way the data at a raw document pointer travels: OpenAPI parameters and request bodies are
 * sent, responses received (the other way round under webhooks and callbacks); OpenRPC params are
 * sent, results received; a shared component by the surfaces that reach it. "none" when unknown.
 */
export function wireSide(m: ContractModel, pointer: string): Direction | "none" {
  const tokens = tokensOf(pointer) ?? [];
  if (m.kind === "openapi" && (tokens[0] === "paths" || tokens[0] === "webhooks")) {
    let flipped = tokens[0] === "webhooks";
    let side: Direction | "none" = "none";
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i] === "callbacks") flipped = !flipped;
      if (tokens[i] === "parameters" || tokens[i] === "requestBody") side = flipped ? "response" : "request";
      if (tokens[i] === "responses") side = flipped ? "request" : "response";
    }
    return side;
  }
  if (m.kind === "openapi" && tokens[0] === "components" && ["parameters", "requestBodies"].includes(tokens[1] ?? ""))
    return "request";
  if (m.kind === "openapi" && tokens[0] === "components" && ["responses", "headers"].includes(tokens[1] ?? ""))
    return "response";
  if (m.kind === "openrpc" && tokens[0] === "methods")
    return tokens[2] === "params" ? "request" : tokens[2] === "result" || tokens[2] === "errors" ? "response" : "none";
  const def = tokens[0] === "components" && tokens[1] === "schemas" ? tokens[2] : undefined;
  if (def === undefined) return "none";
  let sides = sideCache.get(m);
  if (!sides) {
    const of = (d: Direction) =>
      reachable(
        [...m.surfaces.values()]
          .filter((s) => s.role !== "definition" && (s.direction === d || s.direction === "both"))
          .map((s) => s.node),
        m.ctx,
      );
    sideCache.set(m, (sides = { request: of("request"), response: of("response") }));
  }
  // A definition may have readOnly/writeOnly view copies (openapi-views.ts) with the same origin.
  const names = Object.entries(m.origins)
    .filter(([, origin]) => origin.endsWith(`#/components/schemas/${def}`))
    .map(([n]) => n);
  if (!names.length) return "none";
  const req = names.some((n) => sides.request.has(n));
  const res = names.some((n) => sides.response.has(n));
  return req && res ? "both" : req ? "request" : res ? "response" : "none";
}

/** Description, summary, title, examples, default and deprecated edits, by document location. */
function annotationChanges(oldM: ContractModel, newM: ContractModel): Change[] {
  const out: Change[] = [];
  const walk = (o: unknown, n: unknown, pointer: string, nameMap: boolean, resolved = 0): void => {
    if (Array.isArray(o) && Array.isArray(n)) {
      const named = (xs: unknown[]) => xs.every((x) => isSchemaObject(x) && typeof x.name === "string");
      if (named(o) && named(n)) {
        for (const x of o as Record<string, unknown>[]) {
          const y = (n as Record<string, unknown>[]).find((z) => z.name === x.name);
          if (y) walk(x, y, `${pointer}/${escapeToken(String(x.name))}`, false);
        }
      } else o.forEach((x, i) => i < n.length && walk(x, n[i], `${pointer}/${i}`, false));
      return;
    }
    if (!isSchemaObject(o) || !isSchemaObject(n)) return;
    // One side references what the other writes inline (an inlined or extracted $ref): compare the
    // inline side with the referenced schema, or an unchanged `default` reads as added or removed.
    const oRef = typeof o.$ref === "string" ? o.$ref : undefined;
    const nRef = typeof n.$ref === "string" ? n.$ref : undefined;
    if (!nameMap && (oRef === undefined) !== (nRef === undefined) && resolved < 8) {
      const target = oRef !== undefined ? localTarget(oldM.raw, o) : localTarget(newM.raw, n);
      if (target === undefined) return;
      return oRef !== undefined
        ? walk(target, n, pointer, nameMap, resolved + 1)
        : walk(o, target, pointer, nameMap, resolved + 1);
    }
    for (const k of new Set([...Object.keys(o), ...Object.keys(n)])) {
      const here = `${pointer}/${escapeToken(k)}`;
      const isAnnotation = !nameMap && ANNOTATIONS.has(k) && !isSchemaObject(o[k]) && !isSchemaObject(n[k]);
      if (isAnnotation) {
        if (canonical(o[k]) === canonical(n[k])) continue;
        if (k === "default") {
          // A client that omits a value it sends now gets another behaviour; on data it receives, the meaning of an absent member shifts.
          const side = wireSide(newM, here);
          const verdict: Verdict = side === "request" || side === "both" ? "breaking" : "needs-review";
          out.push({
            path: `#${here}`,
            kind: "default-changed",
            direction: side,
            verdict,
            evidence: `default ${short(o[k])} -> ${short(n[k])}: an omitted member now means something else${verdict === "breaking" ? " (clients that omit it get another behaviour)" : ""}`,
          });
        } else if (k === "deprecated")
          out.push({
            path: `#${here}`,
            kind: n[k] === true ? "deprecated" : "undeprecated",
            direction: "none",
            verdict: "compatible",
            evidence: `deprecated ${short(o[k])} -> ${short(n[k])}`,
          });
        else
          out.push({
            path: `#${here}`,
            kind: `${k === "$comment" ? "comment" : k}-changed`,
            direction: "none",
            verdict: "compatible",
            evidence: o[k] === undefined ? `${k} added` : n[k] === undefined ? `${k} removed` : `${k} edited`,
          });
        continue;
      }
      if (k === "enum" || k === "const") continue;
      if (k === "x-extensible-enum" && Array.isArray(o[k]) && Array.isArray(n[k])) {
        // Clients must tolerate unknown values of an extensible enum, so additions are safe; a removed value is refused from now on.
        const has = (xs: unknown[], v: unknown) => xs.some((x) => canonical(x) === canonical(v));
        const side = wireSide(newM, pointer);
        for (const v of o[k] as unknown[])
          if (!has(n[k] as unknown[], v))
            out.push({
              path: `#${here}`,
              kind: "extensible-enum-value-removed",
              direction: side,
              verdict: side === "response" ? "compatible" : "breaking",
              evidence: `${short(v)} is no longer a value of the extensible enum${side === "response" ? " (responses may only narrow)" : ": clients sending it are refused"}`,
            });
        for (const v of n[k] as unknown[])
          if (!has(o[k] as unknown[], v))
            out.push({
              path: `#${here}`,
              kind: "extensible-enum-value-added",
              direction: side,
              verdict: "compatible",
              evidence: `${short(v)} is a new value of the extensible enum (clients must tolerate unknown values)`,
            });
        continue;
      }
      if (o[k] !== undefined && n[k] !== undefined) walk(o[k], n[k], here, !nameMap && NAME_MAPS.has(k));
    }
  };
  walk(oldM.raw, newM.raw, "", false);
  return out;
}

/** A local `$ref`'s target with the referencing object's other members over it; undefined for a reference into another file. */
function localTarget(doc: unknown, node: Record<string, unknown>): Record<string, unknown> | undefined {
  const ref = node.$ref as string;
  if (!ref.startsWith("#")) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined; // a malformed percent-escape: no such target
  }
  const target = valueAt(doc, pointer)?.value;
  if (!isSchemaObject(target)) return undefined;
  const { $ref: _, ...siblings } = node;
  return { ...target, ...siblings };
}

/** The reference tokens of a pointer (src/json's RFC 6901 unescaping); undefined for a malformed one (a `$ref` of the input). */
function tokensOf(pointer: string): string[] | undefined {
  try {
    return parsePointer(pointer);
  } catch {
    return undefined;
  }
}

/** The value at a JSON pointer, wrapped so `undefined` means absent. */
function valueAt(doc: unknown, pointer: string): { value: unknown } | undefined {
  let cur: unknown = doc;
  const tokens = tokensOf(pointer);
  if (!tokens) return undefined;
  for (const t of tokens) {
    if (Array.isArray(cur) && /^\d+$/.test(t) && Number(t) < cur.length) cur = cur[Number(t)];
    else if (isSchemaObject(cur) && Object.hasOwn(cur, t)) cur = cur[t];
    else return undefined;
  }
  return { value: structuredClone(cur) };
}

/** A copy of `doc` with the value at `tokens` replaced; only the containers along the path are copied. Undefined when the parent is missing. */
function replacedAt(doc: unknown, tokens: string[], value: unknown): unknown {
  if (tokens.length === 0) return value;
  const [t, ...rest] = tokens as [string, ...string[]];
  if (Array.isArray(doc) && /^\d+$/.test(t) && Number(t) <= doc.length) {
    const child = rest.length === 0 ? value : replacedAt(doc[Number(t)], rest, value);
    if (child === undefined) return undefined;
    const out = [...doc];
    out[Number(t)] = child;
    return out;
  }
  if (!isSchemaObject(doc)) return undefined;
  const child = rest.length === 0 ? value : Object.hasOwn(doc, t) ? replacedAt(doc[t], rest, value) : undefined;
  if (child === undefined) return undefined;
  return withMember(doc, t, child);
}

function withMember(o: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const out = { ...o };
  Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Sets the value at a pointer whose parent exists (own data member, never the prototype). */
function setAt(doc: unknown, pointer: string, value: unknown): boolean {
  const tokens = tokensOf(pointer) ?? [];
  const last = tokens.pop();
  if (last === undefined) return false;
  const parent = valueRef(doc, tokens);
  if (Array.isArray(parent) && /^\d+$/.test(last)) parent[Number(last)] = value;
  else if (isSchemaObject(parent))
    Object.defineProperty(parent, last, { value, enumerable: true, writable: true, configurable: true });
  else return false;
  return true;
}

function deleteAt(doc: unknown, pointer: string): boolean {
  const tokens = tokensOf(pointer) ?? [];
  const last = tokens.pop();
  const parent = valueRef(doc, tokens);
  if (last === undefined || !isSchemaObject(parent) || !Object.hasOwn(parent, last)) return false;
  delete parent[last];
  return true;
}

function valueRef(doc: unknown, tokens: string[]): unknown {
  let cur: unknown = doc;
  for (const t of tokens) {
    if (Array.isArray(cur) && /^\d+$/.test(t)) cur = cur[Number(t)];
    else if (isSchemaObject(cur) && Object.hasOwn(cur, t)) cur = cur[t];
    else return undefined;
  }
  return cur;
}
