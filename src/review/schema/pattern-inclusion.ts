/**
 * Whether every string matching pattern A also matches pattern B (decision 276).
 *
 * Both patterns are compiled by the linear-time module (src/schema/pattern.ts, decision 252) and
 * re2js; this module reads re2js's compiled program (an NFA: rune, alternation, empty-width and
 * match instructions) and walks the product of the two programs' subset automata breadth-first,
 * with JSON Schema's unanchored search (a match may start and end anywhere). The alphabet is cut,
 * per pair of states, into the intervals the instructions distinguish, so a class of a million code
 * points is one step. No pattern is run by a backtracking engine.
 *
 * - `contained`: no string reaches a state where A accepts and B does not (exhaustive).
 * - `refuted`: the shortest such string, confirmed by the linear matcher on both patterns.
 * - `undecided`: a pattern RE2 cannot run, an instruction this walk does not model (case folding,
 *   `\b`, multiline anchors, lookbehind), or more states than the budget allows, with the reason.
 */
import { RE2JS } from "re2js";
import { compilePattern } from "../../schema/pattern.js";

export type PatternInclusion =
  | { kind: "contained" }
  | { kind: "refuted"; witness: string }
  | { kind: "undecided"; reason: string };

/** Product states explored before the walk gives up (each costs one interval cut of the alphabet). */
const MAX_STATES = 2000;
/** Alphabet intervals stepped through in all, over the whole walk. */
const MAX_STEPS = 200_000;

const MAX_RUNE = 0x10ffff;
const ALT = 1;
const ALT_MATCH = 2;
const CAPTURE = 3;
const EMPTY_WIDTH = 4;
const FAIL = 5;
const MATCH = 6;
const NOP = 7;
const RUNE = 8;
const RUNE1 = 9;
const RUNE_ANY = 10;
const RUNE_ANY_NOT_NL = 11;
const BEGIN_TEXT = 4;
const END_TEXT = 8;
const FOLD_CASE = 1;

interface Inst {
  op: number;
  out: number;
  arg: number;
  runes: ArrayLike<number>;
}

class Unmodelled extends Error {}

/** One pattern's program, stepped as a subset automaton with search semantics. */
class Machine {
  private readonly inst: Inst[];
  private readonly start: number;
  private readonly closures = new Map<string, State>();

  constructor(prog: { inst: Inst[]; start: number }) {
    this.inst = prog.inst;
    this.start = prog.start;
  }

  initial(): State {
    return this.closure([this.start], true);
  }

  /** The state after reading `r` (a match may also start after it). */
  next(s: State, r: number): State {
    if (s.matched) return s;
    const seeds: number[] = [];
    for (const pc of s.pcs) if (matches(this.inst[pc]!, r)) seeds.push(this.inst[pc]!.out);
    seeds.push(this.start);
    return this.closure(seeds, false);
  }

  /** The code point ranges the state's rune instructions distinguish. */
  ranges(s: State): Array<[number, number]> {
    if (s.matched) return [];
    return s.pcs.flatMap((pc) => runeRanges(this.inst[pc]!));
  }

  private closure(seeds: number[], atStart: boolean): State {
    const memo = `${atStart ? 1 : 0}|${seeds.join(",")}`;
    const hit = this.closures.get(memo);
    if (hit) return hit;
    const pcs = new Set<number>();
    let end = false;
    let matched = false;
    const seen = new Set<string>();
    const stack: Array<[number, boolean]> = seeds.map((pc) => [pc, false]);
    while (stack.length > 0 && !matched) {
      const [pc, atEnd] = stack.pop()!;
      const key = `${pc}|${atEnd}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const i = this.inst[pc];
      if (!i) throw new Unmodelled("an instruction outside the program");
      switch (i.op) {
        case ALT:
        case ALT_MATCH:
          stack.push([i.out, atEnd], [i.arg, atEnd]);
          break;
        case CAPTURE:
        case NOP:
          stack.push([i.out, atEnd]);
          break;
        case EMPTY_WIDTH: {
          if ((i.arg & ~(BEGIN_TEXT | END_TEXT)) !== 0)
            throw new Unmodelled("a line anchor or word boundary (`\\b`, `\\B`)");
          if (i.arg & BEGIN_TEXT && !atStart) break;
          stack.push([i.out, atEnd || (i.arg & END_TEXT) !== 0]);
          break;
        }
        case FAIL:
          break;
        case MATCH:
          if (atEnd) end = true;
          else matched = true;
          break;
        case RUNE:
        case RUNE1:
          if (i.arg & FOLD_CASE) throw new Unmodelled("case-insensitive matching");
          if (!atEnd) pcs.add(pc);
          break;
        case RUNE_ANY:
        case RUNE_ANY_NOT_NL:
          if (!atEnd) pcs.add(pc);
          break;
        default:
          throw new Unmodelled("lookbehind");
      }
    }
    const state: State = matched
      ? MATCHED
      : { pcs: [...pcs].sort((x, y) => x - y), end, matched: false, key: `${[...pcs].sort((x, y) => x - y)}|${end}` };
    this.closures.set(memo, state);
    return state;
  }
}

interface State {
  /** Rune instructions waiting for the next code point. */
  pcs: number[];
  /** The input may end here (a match reached through `$`). */
  end: boolean;
  /** A match was found: every continuation matches. */
  matched: boolean;
  key: string;
}

const MATCHED: State = { pcs: [], end: true, matched: true, key: "M" };

const accepts = (s: State) => s.matched || s.end;

function runeRanges(i: Inst): Array<[number, number]> {
  switch (i.op) {
    case RUNE1:
      return [[i.runes[0]!, i.runes[0]!]];
    case RUNE: {
      if (i.runes.length === 1) return [[i.runes[0]!, i.runes[0]!]];
      const out: Array<[number, number]> = [];
      for (let j = 0; j + 1 < i.runes.length; j += 2) out.push([i.runes[j]!, i.runes[j + 1]!]);
      return out;
    }
    case RUNE_ANY:
      return [[0, MAX_RUNE]];
    case RUNE_ANY_NOT_NL:
      return [
        [0, 9],
        [11, MAX_RUNE],
      ];
    default:
      return [];
  }
}

function matches(i: Inst, r: number): boolean {
  for (const [lo, hi] of runeRanges(i)) if (r >= lo && r <= hi) return true;
  return false;
}

/** Code points a reader recognises, tried first as an interval's representative. */
const PREFERRED = [
  ...new Set(
    [..."abcxyz019ABCXYZ -_.:/@+", ...Array.from({ length: 95 }, (_, k) => String.fromCharCode(32 + k))].map(
      (c) => c.codePointAt(0)!,
    ),
  ),
];

/** An interval's representative and its rank (preferred code points first, so witnesses read well). */
function representative(lo: number, hi: number): { r: number; rank: number } {
  for (let k = 0; k < PREFERRED.length; k++)
    if (PREFERRED[k]! >= lo && PREFERRED[k]! <= hi) return { r: PREFERRED[k]!, rank: k };
  if (lo >= 0xd800 && lo <= 0xdfff && hi >= 0xe000) return { r: 0xe000, rank: PREFERRED.length + 1 };
  return { r: lo, rank: PREFERRED.length + (lo < 0x20 ? 2 : 0) };
}

/** The elementary intervals of [0, MAX_RUNE] the given ranges cut it into. */
function intervals(ranges: Array<[number, number]>): Array<[number, number]> {
  const cuts = new Set<number>([0]);
  for (const [lo, hi] of ranges) {
    cuts.add(lo);
    if (hi < MAX_RUNE) cuts.add(hi + 1);
  }
  const sorted = [...cuts].sort((x, y) => x - y);
  return sorted.map((c, k) => [c, k + 1 < sorted.length ? sorted[k + 1]! - 1 : MAX_RUNE]);
}

function machine(source: string, unicode: boolean): Machine | string {
  const compiled = compilePattern(source, unicode);
  if (compiled.kind !== "linear") return `pattern ${JSON.stringify(source)} is ${compiled.kind}: ${compiled.reason}`;
  const prog = (RE2JS.compile(compiled.re2) as unknown as { re2Input?: { prog?: { inst?: Inst[]; start?: number } } })
    .re2Input?.prog;
  if (!prog || !Array.isArray(prog.inst) || typeof prog.start !== "number")
    return "re2js's compiled program is not readable";
  return new Machine({ inst: prog.inst, start: prog.start });
}

/** Whether every string matching `a` matches `b` (both unanchored ECMAScript patterns, `u` flag unless told). */
export function patternIncluded(a: string, b: string, unicode = true): PatternInclusion {
  if (a === b) return { kind: "contained" };
  const key = `${unicode ? "u" : "-"}${JSON.stringify([a, b])}`;
  let hit = results.get(key);
  if (!hit) {
    if (results.size >= 500) results.delete(results.keys().next().value!);
    results.set(key, (hit = decide(a, b, unicode)));
  }
  return hit;
}

const results = new Map<string, PatternInclusion>();

function decide(a: string, b: string, unicode: boolean): PatternInclusion {
  const ma = machine(a, unicode);
  if (typeof ma === "string") return { kind: "undecided", reason: ma };
  const mb = machine(b, unicode);
  if (typeof mb === "string") return { kind: "undecided", reason: mb };
  try {
    return walk(ma, mb, a, b, unicode);
  } catch (e) {
    if (e instanceof Unmodelled) return { kind: "undecided", reason: `the inclusion walk does not model ${e.message}` };
    throw e;
  }
}

function walk(ma: Machine, mb: Machine, a: string, b: string, unicode: boolean): PatternInclusion {
  type Node = { sa: State; sb: State; text: string };
  const start: Node = { sa: ma.initial(), sb: mb.initial(), text: "" };
  const seen = new Set<string>();
  const queue: Node[] = [start];
  let steps = 0;
  for (let head = 0; head < queue.length; head++) {
    const { sa, sb, text } = queue[head]!;
    const key = `${sa.key}#${sb.key}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (sb.matched) continue; // B accepts every continuation
    if (accepts(sa) && !accepts(sb)) {
      const ra = compilePattern(a, unicode);
      const rb = compilePattern(b, unicode);
      if (ra.kind === "linear" && rb.kind === "linear" && ra.test(text) && !rb.test(text))
        return { kind: "refuted", witness: text };
      return { kind: "undecided", reason: `the inclusion walk's witness ${JSON.stringify(text)} was not confirmed` };
    }
    if (seen.size > MAX_STATES)
      return { kind: "undecided", reason: `more than ${MAX_STATES} states to compare ${a} with ${b}` };
    if (!accepts(sa) && sa.pcs.length === 0) continue; // A can accept nothing from here
    const cut = intervals([...ma.ranges(sa), ...mb.ranges(sb)]);
    steps += cut.length;
    if (steps > MAX_STEPS)
      return { kind: "undecided", reason: `more than ${MAX_STEPS} steps to compare ${a} with ${b}` };
    for (const { r } of cut.map(([lo, hi]) => representative(lo, hi)).sort((x, y) => x.rank - y.rank)) {
      const na = ma.next(sa, r);
      const nb = mb.next(sb, r);
      if (!seen.has(`${na.key}#${nb.key}`)) queue.push({ sa: na, sb: nb, text: text + String.fromCodePoint(r) });
    }
  }
  return { kind: "contained" };
}
