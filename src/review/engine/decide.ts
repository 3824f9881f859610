/**
 * Drafts to findings, each change once (decision 248): drafts at the same place of the same change
 * (one location, one kind or its opposite) are one finding, whatever surfaces reached it and
 * whichever way round they saw it; its `reaches` list them all. A `by-proof` finding asks the
 * counterexample service once: on the first few surfaces that saw it narrowed where the direction
 * protects the data (MAX_SHOWN), and searches one surface when the structural pass could not decide.
 */
import { unescapeToken } from "../../json/index.js";
import { UndecidablePattern } from "../../schema/pattern.js";
import { findKind } from "../kinds/index.js";
import type { Draft } from "../kinds/kind.js";
import { errorInside, fingerprint, worstVerdict, type Finding, type Reach, type Verdict } from "../finding.js";
import type { Direction } from "../model.js";
import type { Check } from "../prove/check.js";
import type { Prover, SearchResult } from "../prove/prover.js";
import type { EngineDraft } from "./compare.js";
import { withParamNames } from "./param-names.js";

/** Surfaces a finding is shown on before its verdict rests on what they gave. */
const MAX_SHOWN = 3;

export interface Budget {
  /** Surface searches left for cross-checking what the structural pass proved. */
  crossChecks: number;
  /** What was cut, in words (the report's `budget`). */
  cut: string[];
}

export class Decider {
  private readonly searches = new Map<string, SearchResult>();
  sampled = 0;

  constructor(
    private readonly prover: Prover,
    private readonly budget: Budget,
  ) {}

  /** One finding per change, verdicts decided. */
  decide(drafts: EngineDraft[]): Finding[] {
    const groups = new Map<string, EngineDraft[]>();
    for (const d of drafts) {
      const k = groupKey(d);
      const g = groups.get(k);
      if (g) g.push(d);
      else groups.set(k, [d]);
    }
    const out: Finding[] = [];
    const rejected: EngineDraft[] = [];
    for (const group of groups.values()) out.push(this.finding(group, rejected));
    // A surface search's payload that no difference explains, on a surface no finding could show: reported on its own.
    const shownOn = new Set(out.filter((f) => f.counterexample).flatMap((f) => f.reaches.map(reachKey)));
    for (const r of rejected) if (!r.reaches.some((x) => shownOn.has(reachKey(x)))) out.push(this.finding([r], []));
    return out;
  }

  private finding(group: EngineDraft[], rejected: EngineDraft[]): Finding {
    const required = group.filter((d) => d.observation?.required);
    let decided: { draft: Draft; verdict: Verdict; evidence: string } | undefined;
    if (required.length) decided = this.prove(required, rejected);
    else if (group.some((d) => d.observation)) {
      const d = group[0]!;
      const why = d.direction === "request" ? "requests may only widen" : "responses may only narrow";
      const evidence = mergedEvidence(group, d.evidence);
      decided = { draft: d, verdict: "compatible", evidence: `${evidence} (${why})${this.rests(d.rests)}` };
    } else {
      const d = group.find((x) => x.verdict === worstVerdict(group.map((y) => y.verdict ?? "compatible"))) ?? group[0]!;
      const rests = d.kind === "equivalent" ? this.rests(d.rests, true) : "";
      decided = { draft: d, verdict: d.verdict ?? "compatible", evidence: `${d.evidence}${rests}` };
    }
    const d = decided.draft;
    const reaches = unique(group.flatMap((x) => x.reaches));
    const unit = findKind(d.kind);
    const path = d.path;
    return {
      id: fingerprint(d.kind, path, d.at, d.subject ?? d.evidence),
      kind: d.kind,
      verdict: decided.verdict,
      direction: directionOf(group),
      path,
      subject: {
        label: subjectLabel(path),
        ...(d.gone ? { old: { file: "old", pointer: path } } : { new: { file: "new", pointer: path } }),
      },
      reaches,
      ...(d.at !== undefined ? { at: d.at } : {}),
      // Path parameters by their names, not the engine's `{0}` (the id above keeps the engine's words, so it is stable).
      message: withParamNames(reaches, unit ? unit.describe(d) : d.evidence),
      evidence: withParamNames(reaches, decided.evidence),
      ...(d.counterexample
        ? { counterexample: { ...d.counterexample, shownOn: d.counterexample.shownOn ?? reaches[0] } }
        : {}),
    };
  }

  /** A by-proof finding seen narrowed where its direction protects the data: breaking with a payload, else why not. */
  private prove(
    required: EngineDraft[],
    rejected: EngineDraft[],
  ): { draft: Draft; verdict: Verdict; evidence: string } {
    try {
      return this.proveOrThrow(required, rejected);
    } catch (e) {
      // A pattern no linear engine can run (decision 252): the payloads cannot be judged, so neither can the change.
      if (!(e instanceof UndecidablePattern)) throw e;
      const d = { ...required[0]!, evidence: mergedEvidence(required, required[0]!.evidence) };
      return { draft: d, verdict: "undecided", evidence: `${d.evidence}; ${e.message}` };
    }
  }

  private proveOrThrow(
    required: EngineDraft[],
    rejected: EngineDraft[],
  ): { draft: Draft; verdict: Verdict; evidence: string } {
    for (const d of required.slice(0, MAX_SHOWN)) {
      const cx = this.prover.show(d.observation!.check, d.observation!.difference);
      if (cx)
        return {
          draft: { ...d, counterexample: { ...cx, shownOn: d.reaches[0] } },
          verdict: "breaking",
          evidence: mergedEvidence(required, d.evidence),
        };
    }
    const d = { ...required[0]!, evidence: mergedEvidence(required, required[0]!.evidence) };
    const diff = d.observation!.difference;
    if (diff.certain)
      return {
        draft: d,
        verdict: "needs-review",
        evidence: `${d.evidence}; structurally refuted, but no payload showing it was found`,
      };
    // The structural pass could not decide: the seeded search over the whole surface, once for this finding.
    const search = this.search(d.observation!.check);
    if (search.counterexample && errorInside(search.counterexample, d.at ?? ""))
      return {
        draft: { ...d, counterexample: { ...search.counterexample, shownOn: d.reaches[0] } },
        verdict: "breaking",
        evidence: `${d.evidence}; the sampling search found a payload`,
      };
    if (search.counterexample) rejected.push(this.unexplained(d, search));
    if (diff.undecided)
      return { draft: d, verdict: "undecided", evidence: `${d.evidence}; undecided: ${diff.undecided}` };
    return {
      draft: d,
      verdict: "needs-review",
      evidence:
        search.valid === 0
          ? `${d.evidence}; undecided structurally and no valid payload could be sampled`
          : `${d.evidence}; undecided structurally, ${search.valid} sampled payloads without a counterexample`,
    };
  }

  /** What a compatible verdict rests on: the required directions the structural pass proved, cross-checked by a search while the budget lasts. */
  private rests(checks: Check[] | undefined, alone = false): string {
    if (!checks?.length) return "";
    const said = checks.map((c) => {
      const proved = `${c.from} ⊆ ${c.to} proved structurally`;
      if (this.budget.crossChecks <= 0) return proved;
      this.budget.crossChecks--;
      try {
        const s = this.search(c);
        return `${proved}; ${s.valid} sampled payloads agree`;
      } catch (e) {
        if (!(e instanceof UndecidablePattern)) throw e;
        return `${proved}; not cross-checked (${e.message})`;
      }
    });
    return alone ? ` (${said.join("; ")})` : `; ${said.join("; ")}`;
  }

  /** The surface search, once per check (surface pair and direction). */
  private search(c: Check): SearchResult {
    const key = `${c.from}|${c.surfA.key}`;
    let s = this.searches.get(key);
    if (!s) {
      s = this.prover.search(c);
      this.sampled += s.tried;
      this.searches.set(key, s);
    }
    return s;
  }

  private unexplained(d: EngineDraft, s: SearchResult): EngineDraft {
    const c = d.observation!.check;
    return {
      kind: c.from === "old" ? "payload-rejected" : "payload-admitted",
      verdict: "breaking",
      direction: d.direction,
      path: c.surfA.path,
      evidence:
        c.from === "old"
          ? "the sampling search found a payload the old version accepts and the new one rejects"
          : "the sampling search found a payload the new version produces that the old one does not allow",
      counterexample: { ...s.counterexample!, shownOn: c.surfA.reach },
      reaches: [c.surfA.reach],
    };
  }
}

/**
 * Drafts of one change: by-proof ones by location and kind pair (a type narrowed one way and
 * widened the other is one edit of `type`), one member each where the kind is about a member
 * (two members made required at one `required` are two changes), a member an open object did not
 * name by its own path; others by location, kind and verdict.
 */
function groupKey(d: EngineDraft): string {
  if (!d.observation) return `${d.path}|${d.kind}|${d.verdict ?? ""}`;
  const opposite = findKind(d.kind)?.opposite;
  const pairKey = opposite && opposite < d.kind ? opposite : d.kind;
  // A member one version names and the other leaves open is one change at its own path, whatever differences it has.
  if (d.member !== undefined) return `${d.path}|${pairKey}`;
  const aspect = d.observation.difference.aspect;
  const member = aspect === "required" || aspect === "property" ? `|${d.subject ?? ""}` : "";
  return `${d.path}|${pairKey}${member}`;
}

const OPEN_MEMBER_KINDS: ReadonlySet<string> = new Set(["open-property-added", "open-property-removed"]);
const SHOWN_DIFFERENCES = 3;

/**
 * One member's several differences (its type, its null, its items ...) are one change: the evidence
 * says the first few and counts the rest, instead of whichever draft came first. Open-member
 * evidence reads `<what happened> ("<name>"): <difference> | <difference>`.
 */
function mergedEvidence(group: EngineDraft[], first: string): string {
  if (!OPEN_MEMBER_KINDS.has(group[0]!.kind)) return first;
  const split = (e: string) => {
    const at = e.indexOf('"): ');
    return at < 0
      ? { lead: e, said: [] as string[] }
      : { lead: e.slice(0, at + 2), said: e.slice(at + 4).split(" | ") };
  };
  const all = split(first);
  for (const d of group) for (const a of split(d.evidence).said) if (!all.said.includes(a)) all.said.push(a);
  if (all.said.length === 0) return first;
  const more = all.said.length - SHOWN_DIFFERENCES;
  return `${all.lead}: ${all.said.slice(0, SHOWN_DIFFERENCES).join(" | ")}${more > 0 ? ` | and ${more} more difference${more === 1 ? "" : "s"}` : ""}`;
}

function directionOf(group: Draft[]): Finding["direction"] {
  const sides = new Set<Direction | "none">(group.map((d) => d.direction));
  if (sides.has("both") || (sides.has("request") && sides.has("response"))) return "both";
  if (sides.has("request")) return "request";
  if (sides.has("response")) return "response";
  return "none";
}

function reachKey(r: Reach): string {
  return `${r.operation}\u0000${r.part}`;
}

function unique(reaches: Reach[]): Reach[] {
  const seen = new Map<string, Reach>();
  for (const r of reaches) seen.set(reachKey(r), r);
  return [...seen.values()];
}

/** A pointer as a reader names its place: the component or definition, else the pointer itself. */
function subjectLabel(path: string): string {
  const m = /^[^#]*#\/(?:components\/schemas|\$defs|definitions)\/([^/]+)/.exec(path);
  return m ? unescapeToken(m[1]!) : path;
}
