/**
 * The counterexample service: shows a difference the structural pass found with a payload that the
 * real validators of both versions disagree on, and searches a surface with seeded schema-derived
 * payloads where the structural pass could not decide. The engine asks it once per finding, on one
 * surface the finding reaches (decision 248), never once per place a schema is used.
 */
import fc from "fast-check";
import { arbitraries } from "../arbitrary.js";
import { embed } from "../example.js";
import type { Part } from "../common-example.js";
import { unavoidableAt } from "../first-failure.js";
import { refusedByAll } from "../sibling-branches.js";
import { errorInside, type Counterexample } from "../finding.js";
import type { Containment, Difference } from "../schema/containment.js";
import type { SchemaNode } from "../schema/keywords.js";
import { parsePointer } from "../../json/index.js";
import { UndecidablePattern } from "../../schema/pattern.js";
import { aSteps, instancePath, shown, type Check, type Checkers, type Side } from "./check.js";
import { fromCommonBase } from "./common-base.js";
import { focus } from "./focus.js";
import { spelledOut } from "./values.js";

export interface SearchResult {
  /** Payloads generated, and how many of them the accepting side accepts. */
  tried: number;
  valid: number;
  counterexample?: Counterexample;
}

export interface ProverOptions {
  seed: number;
  /** Payloads per surface search. */
  samples: number;
}

export class Prover implements Checkers {
  constructor(
    private readonly checkers: Record<Side, Containment>,
    private readonly options: ProverOptions,
  ) {}

  containment(from: Side): Containment {
    return this.checkers[from];
  }

  /** A payload showing the difference (valid under A, invalid under B), focused on the change where one can be. */
  show(check: Check, f: Difference): Counterexample | undefined {
    const cx = this.verify(check, f);
    if (cx) this.markUnavoidable(check, f, cx);
    return cx;
  }

  /** The seeded search over A's payloads on the whole surface: the first one B refuses, shrunk by fast-check. */
  search(check: Check): SearchResult {
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
      { seed: this.options.seed, numRuns: this.options.samples },
    );
    // A pattern no linear engine can run: the search cannot judge payloads (decision 252).
    if (result.failed && result.errorInstance instanceof UndecidablePattern) throw result.errorInstance;
    if (!result.failed || !result.counterexample) return { tried, valid };
    const payload = result.counterexample[0];
    return { tried, valid, counterexample: shown(payload, check.from, check.to, cb, b) };
  }

  private verify(check: Check, f: Difference): Counterexample | undefined {
    const ca = check.ma.ctx;
    const cb = check.mb.ctx;
    const at = instancePath(f.steps);
    const shows = (v: unknown) => ca.valid(f.a, v) && !cb.valid(f.b, v);
    // The hints usually show the change at once: try them on the common base before sampling.
    const hinted = f.hints.filter(shows);
    let best = fromCommonBase(this, check, f, at, hinted.slice(0, 8));
    if (best?.focused) return best.cx;
    const witnesses = new Witnesses(hinted, () => arbitraries(ca).of(f.a), this.options.seed, shows);
    if (!witnesses.has(0)) return best?.cx;
    if (witnesses.has(hinted.length)) {
      const more = fromCommonBase(this, check, f, at, witnesses.slice(hinted.length, hinted.length + 8));
      if (more?.focused) return more.cx;
      best ??= more;
    }
    let fallback: Counterexample | undefined = best?.cx;
    let tries = 0;
    for (let i = 0; witnesses.has(i); i++) {
      const v = witnesses.at(i);
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
        findings: (x: SchemaNode, y: SchemaNode) => this.containment(check.from).check(x, y),
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
  private markUnavoidable(check: Check, f: Difference, cx: Counterexample): void {
    const at = instancePath(f.steps);
    if (errorInside(cx, at)) return;
    // A branch of the accepting version whose schema at the change fits the rejecting version's shows no counterexample there.
    const fits = (local: Part[]) => local.some((p) => this.containment(check.from).check(p.node, f.b).length === 0);
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
}

/** Samples per difference when no hint shows it. */
const SAMPLES = 60;
/** The first samples drawn; the rest only when these do not give the witnesses asked for. */
const FIRST_SAMPLES = 12;

/**
 * The values that show a difference, in order: the hints that do, then those of the difference's
 * seeded samples that do. The samples are drawn lazily (the first few, then the rest, which
 * fast-check's `path` starts at the first one not drawn yet), and a seed's i-th sample does not depend
 * on how many are drawn, so the list is the one all of them would give.
 */
class Witnesses {
  private readonly list: unknown[];
  private drawn = 0;

  constructor(
    hinted: unknown[],
    private readonly arbitrary: () => fc.Arbitrary<unknown>,
    private readonly seed: number,
    private readonly shows: (v: unknown) => boolean,
  ) {
    this.list = [...hinted];
  }

  has(i: number): boolean {
    while (this.list.length <= i && this.drawn < SAMPLES) this.draw(this.drawn === 0 ? FIRST_SAMPLES : SAMPLES);
    return i < this.list.length;
  }

  at(i: number): unknown {
    return this.has(i) ? this.list[i] : undefined;
  }

  slice(from: number, to: number): unknown[] {
    this.has(to - 1);
    return this.list.slice(from, to);
  }

  private draw(upTo: number): void {
    const from = this.drawn;
    // Done either way: an arbitrary that cannot be built (or a sample that cannot be drawn) leaves what was found.
    this.drawn = upTo;
    let sampled: unknown[];
    try {
      sampled = fc.sample(this.arbitrary(), { seed: this.seed, numRuns: upTo - from, path: String(from) });
    } catch {
      this.drawn = SAMPLES;
      return;
    }
    for (const v of sampled) if (this.shows(v)) this.list.push(v);
  }
}
