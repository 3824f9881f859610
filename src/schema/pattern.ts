/**
 * A document's `pattern` (and `patternProperties` key) run in linear time (decision 252).
 *
 * A pattern is ECMAScript syntax with `u` flag semantics. It is checked by the platform's own parser
 * (`new RegExp`, which compiles and never runs it), translated token by token into RE2 syntax and
 * compiled by re2js, whose matcher is linear in the input. What RE2 cannot run (backreferences,
 * lookahead, lookbehind, a repeat count over 5000, an unknown Unicode property) is `undecidable`
 * with its reason: nothing here falls back to a backtracking engine.
 */
import { RE2JS } from "re2js";

export type CompiledPattern =
  | { kind: "linear"; source: string /** The RE2 translation re2js compiled. */; re2: string; test(s: string): boolean }
  | { kind: "undecidable"; source: string; reason: string }
  | { kind: "invalid"; source: string; reason: string };

/** Thrown where a pattern must be run on a string and cannot be in linear time (or does not compile). */
export class UndecidablePattern extends Error {
  constructor(
    readonly pattern: string,
    readonly reason: string,
  ) {
    super(`undecidable: pattern ${JSON.stringify(pattern)}: ${reason}`);
    this.name = "UndecidablePattern";
  }
}

/**
 * The one rule for what a document's pattern is (decision 254): JSON Schema 2020-12 (core §6.4) reads
 * `pattern` and `patternProperties` keys as ECMA-262 regular expressions built with the "u" flag, as
 * ajv compiles them by default. Why `source` is not one, or undefined. `validate` reports it and
 * `gen` refuses the document with the same line; without the flag `\p{Foo}` would be a literal
 * "p{Foo}" and `\u{41}` 41 u's, so no pattern is read a second way.
 */
export function patternProblem(source: string): string | undefined {
  try {
    new RegExp(source, "u");
    return undefined;
  } catch (e) {
    const why = (e as Error).message.replace(/^Invalid regular expression: \/.*\/u: /s, "");
    return `${JSON.stringify(source)} is not an ECMA-262 regular expression with the "u" flag JSON Schema 2020-12 reads patterns with: ${why}`;
  }
}

const CACHE_SIZE = 2000;
const cache = new Map<string, CompiledPattern>();

/** The pattern compiled for linear matching, or why it cannot be. Cached by source and flag. */
export function compilePattern(source: string, unicode = true): CompiledPattern {
  const key = `${unicode ? "u" : "-"}${source}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const compiled = compile(source, unicode);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, compiled);
  return compiled;
}

/** Whether `s` contains a match of the pattern (JSON Schema's unanchored `pattern`); throws {@link UndecidablePattern}. */
export function patternMatches(source: string, s: string, unicode = true): boolean {
  const p = compilePattern(source, unicode);
  if (p.kind !== "linear") throw new UndecidablePattern(source, p.reason);
  return p.test(s);
}

/**
 * ajv's `code.regExp` engine: the validator of a document's schema tests patterns in linear time.
 * An invalid pattern throws at compile time as ajv's default engine does; an undecidable one
 * compiles, and throws {@link UndecidablePattern} when a value is tested against it.
 */
export function linearRegExp(pattern: string, u: string): { test(s: string): boolean; toString(): string } {
  const p = compilePattern(pattern, u.includes("u"));
  if (p.kind === "invalid") throw new SyntaxError(p.reason);
  // ajv keys its compiled patterns by `toString()`, as it would a RegExp's `/source/flags`.
  const toString = () => `/${pattern}/${u}`;
  if (p.kind === "undecidable") {
    const reason = p.reason;
    return {
      test() {
        throw new UndecidablePattern(pattern, reason);
      },
      toString,
    };
  }
  return { test: p.test, toString };
}
linearRegExp.code = "linearRegExp";

function compile(source: string, unicode: boolean): CompiledPattern {
  try {
    new RegExp(source, unicode ? "u" : "");
  } catch (e) {
    return { kind: "invalid", source, reason: (e as Error).message };
  }
  let re2: string;
  try {
    re2 = new Translator(source, unicode).run();
  } catch (e) {
    if (e instanceof Unsupported) return { kind: "undecidable", source, reason: e.message };
    throw e;
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(re2);
  } catch (e) {
    return { kind: "undecidable", source, reason: `RE2 refuses it (${(e as Error).message})` };
  }
  return { kind: "linear", source, re2, test: (s: string) => compiled.test(s) };
}

class Unsupported extends Error {}

/** The largest repeat count spelled out for RE2 (a `{4097,}` in Wit's contract fits). */
const MAX_REPEAT = 5000;

/** ECMAScript's `\s` (WhiteSpace and LineTerminator), as code point ranges. */
const SPACE: Array<[number, number]> = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

function complement(ranges: Array<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

const hex = (c: number) => `\\x{${c.toString(16)}}`;
const rangesText = (rs: Array<[number, number]>) =>
  rs.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join("");
const SPACE_IN = rangesText(SPACE);
const NOT_SPACE_IN = rangesText(complement(SPACE));
/** ECMAScript's `.` without the `s` flag: anything but a line terminator. */
const DOT = "[^\\x{a}\\x{d}\\x{2028}\\x{2029}]";

/** Long General_Category names ECMAScript accepts, as RE2's short ones. */
const CATEGORIES: Record<string, string> = {
  Letter: "L",
  Uppercase_Letter: "Lu",
  Lowercase_Letter: "Ll",
  Titlecase_Letter: "Lt",
  Modifier_Letter: "Lm",
  Other_Letter: "Lo",
  Mark: "M",
  Combining_Mark: "M",
  Nonspacing_Mark: "Mn",
  Spacing_Mark: "Mc",
  Enclosing_Mark: "Me",
  Number: "N",
  Decimal_Number: "Nd",
  digit: "Nd",
  Letter_Number: "Nl",
  Other_Number: "No",
  Punctuation: "P",
  punct: "P",
  Connector_Punctuation: "Pc",
  Dash_Punctuation: "Pd",
  Open_Punctuation: "Ps",
  Close_Punctuation: "Pe",
  Initial_Punctuation: "Pi",
  Final_Punctuation: "Pf",
  Other_Punctuation: "Po",
  Symbol: "S",
  Math_Symbol: "Sm",
  Currency_Symbol: "Sc",
  Modifier_Symbol: "Sk",
  Other_Symbol: "So",
  Separator: "Z",
  Space_Separator: "Zs",
  Line_Separator: "Zl",
  Paragraph_Separator: "Zp",
  Other: "C",
  Control: "Cc",
  cntrl: "Cc",
  Format: "Cf",
  Surrogate: "Cs",
  Private_Use: "Co",
  Unassigned: "Cn",
};

/** One pass over the pattern's code points, writing RE2 syntax; throws {@link Unsupported}. */
class Translator {
  /** The pattern's code points (UTF-16 units without the `u` flag) and where each starts in the source. */
  private readonly cps: number[] = [];
  private readonly starts: number[] = [];
  private i = 0;
  private out = "";
  /** Where in `out` the last atom (what a quantifier repeats) starts, and where each open group's starts. */
  private atomStart = 0;
  private readonly groups: number[] = [];

  constructor(
    private readonly source: string,
    private readonly unicode: boolean,
  ) {
    for (let k = 0; k < source.length; ) {
      const c = unicode ? source.codePointAt(k)! : source.charCodeAt(k);
      this.cps.push(c);
      this.starts.push(k);
      k += c > 0xffff ? 2 : 1;
    }
    this.starts.push(source.length);
  }

  run(): string {
    while (this.i < this.cps.length) this.atom();
    return this.out;
  }

  private peek(k = 0): string {
    const c = this.cps[this.i + k];
    return c === undefined ? "" : String.fromCodePoint(c);
  }

  private atom(): void {
    const c = this.peek();
    if (c === ")") {
      this.i++;
      this.out += c;
      this.atomStart = this.groups.pop() ?? 0;
      return;
    }
    if ("*+?".includes(c) || (c === "{" && this.quantifierAt())) {
      if (c === "{") this.braces();
      else {
        this.i++;
        this.out += c;
      }
      return;
    }
    this.atomStart = this.out.length;
    if (c === "\\") {
      this.out += this.escape(false);
      return;
    }
    if (c === "[") {
      this.klass();
      return;
    }
    if (c === "(") {
      this.group();
      return;
    }
    if (c === ".") {
      this.i++;
      this.out += DOT;
      return;
    }
    if ("^$|".includes(c)) {
      this.i++;
      this.out += c;
      return;
    }
    this.i++;
    this.out += literal(this.cps[this.i - 1]!);
  }

  /** `{n}`, `{n,}`, `{n,m}` at the cursor (outside a class). */
  private quantifierAt(): boolean {
    const rest = this.source.slice(this.offset());
    return /^\{\d+(,\d*)?\}/.test(rest);
  }

  private offset(): number {
    return this.starts[Math.min(this.i, this.cps.length)]!;
  }

  /**
   * A counted repeat. RE2 takes counts up to 1000; a larger one (`[\s\S]{4097,}`) is spelled as a
   * sequence of repeats of at most 1000, up to {@link MAX_REPEAT} in all (the program grows with it).
   */
  private braces(): void {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.offset()))!;
    this.i += m[0].length;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
    if (min <= 1000 && (max <= 1000 || max === Infinity)) {
      this.out += m[0];
      return;
    }
    if (Math.max(min, Number.isFinite(max) ? max : 0) > MAX_REPEAT)
      throw new Unsupported(`a repeat count over ${MAX_REPEAT} (${m[0]})`);
    const atom = `(?:${this.out.slice(this.atomStart)})`;
    let spelled = "";
    const chunks = (n: number, optional: boolean) => {
      for (; n > 0; n -= Math.min(n, 1000)) spelled += `${atom}{${optional ? "0," : ""}${Math.min(n, 1000)}}`;
    };
    chunks(min, false);
    if (max === Infinity) spelled += `${atom}*`;
    else chunks(max - min, true);
    this.out = this.out.slice(0, this.atomStart) + `(?:${spelled})`;
  }

  private group(): void {
    this.groups.push(this.out.length);
    this.i++;
    if (this.peek() !== "?") {
      this.out += "(?:";
      return;
    }
    const two = this.peek(1);
    if (two === ":") {
      this.i += 2;
      this.out += "(?:";
      return;
    }
    if (two === "=" || two === "!") throw new Unsupported("it uses a lookahead");
    if (two === "<" && (this.peek(2) === "=" || this.peek(2) === "!")) throw new Unsupported("it uses a lookbehind");
    if (two === "<") {
      // A named group: only whether it matches is asked, so its name is dropped.
      while (this.i < this.cps.length && this.peek() !== ">") this.i++;
      this.i++;
      this.out += "(?:";
      return;
    }
    throw new Unsupported(`group modifiers (?${two}...) are not supported`);
  }

  private klass(): void {
    this.i++;
    let negated = false;
    if (this.peek() === "^") {
      negated = true;
      this.i++;
    }
    let body = "";
    // After one character (not a set like \d, not a range's end), `-` before another character is a range.
    let single = false;
    while (this.i < this.cps.length && this.peek() !== "]") {
      if (this.peek() === "-") {
        this.i++;
        const range = single && this.peek() !== "]" && this.i < this.cps.length;
        body += range ? "-" : "\\-";
        single = false;
        if (range) {
          body += this.peek() === "\\" ? this.escape(true) : literal(this.cps[this.i++]!);
        }
        continue;
      }
      const item = this.peek() === "\\" ? this.escape(true) : literal(this.cps[this.i++]!);
      single = !item.startsWith("[") && (item.length === 1 || /^\\x\{[0-9a-f]+\}$/.test(item));
      body += item;
    }
    this.i++; // ]
    if (body === "") {
      this.out += negated ? "[\\x{0}-\\x{10ffff}]" : "[^\\x{0}-\\x{10ffff}]";
      return;
    }
    this.out += `[${negated ? "^" : ""}${body}]`;
  }

  /** One escape at the cursor; `inClass`: inside `[...]` (where `\b` is backspace and a set is spliced in). */
  private escape(inClass: boolean): string {
    this.i++;
    const c = this.peek();
    this.i++;
    switch (c) {
      case "d":
      case "D":
      case "w":
      case "W":
        return `\\${c}`;
      case "s":
        return inClass ? SPACE_IN : `[${SPACE_IN}]`;
      case "S":
        return inClass ? NOT_SPACE_IN : `[${NOT_SPACE_IN}]`;
      case "b":
        return inClass ? hex(8) : "\\b";
      case "B":
        if (inClass) return literal(0x42);
        return "\\B";
      case "t":
        return hex(9);
      case "n":
        return hex(10);
      case "v":
        return hex(11);
      case "f":
        return hex(12);
      case "r":
        return hex(13);
      case "0":
        if (/^[0-9]$/.test(this.peek())) throw new Unsupported("it uses an octal escape");
        return hex(0);
      case "c": {
        const l = this.peek();
        if (/^[A-Za-z]$/.test(l)) {
          this.i++;
          return hex(l.charCodeAt(0) % 32);
        }
        return literal(0x5c) + literal(0x63);
      }
      case "x": {
        const h = this.source.slice(this.offset()).match(/^[0-9a-fA-F]{2}/);
        if (!h) return literal(0x78);
        this.i += 2;
        return hex(Number.parseInt(h[0], 16));
      }
      case "u":
        return hex(this.unicodeEscape());
      case "p":
      case "P":
        return this.property(c === "P", inClass);
      case "k":
        if (this.unicode || /^<[^>]+>/.test(this.source.slice(this.offset())))
          throw new Unsupported("it uses a backreference (\\k<name>)");
        return literal(0x6b);
      default:
        if (/^[1-9]$/.test(c)) throw new Unsupported(`it uses a backreference (\\${c})`);
        return literal(c.codePointAt(0)!);
    }
  }

  /** After `\u`: `{H...}`, or `HHHH` (with a following low surrogate escape, one code point). */
  private unicodeEscape(): number {
    const rest = this.source.slice(this.offset());
    const braced = this.unicode ? /^\{([0-9a-fA-F]+)\}/.exec(rest) : null;
    if (braced) {
      this.i += braced[0].length;
      return Number.parseInt(braced[1]!, 16);
    }
    const four = /^[0-9a-fA-F]{4}/.exec(rest);
    if (!four) return 0x75;
    this.i += 4;
    const hi = Number.parseInt(four[0], 16);
    const low = /^\\u(d[c-f][0-9a-f]{2})/i.exec(rest.slice(4));
    if (this.unicode && hi >= 0xd800 && hi <= 0xdbff && low) {
      this.i += 6;
      return (hi - 0xd800) * 0x400 + (Number.parseInt(low[1]!, 16) - 0xdc00) + 0x10000;
    }
    return hi;
  }

  private property(negated: boolean, inClass: boolean): string {
    const m = /^\{([^}]*)\}/.exec(this.source.slice(this.offset()));
    if (!this.unicode || !m) return literal(negated ? 0x50 : 0x70);
    this.i += m[0].length;
    const [name, value] = m[1]!.includes("=") ? m[1]!.split("=") : [undefined, m[1]!];
    let re2: string | undefined;
    if (name === "General_Category" || name === "gc" || name === undefined) re2 = CATEGORIES[value!] ?? value;
    else if (name === "Script" || name === "sc") re2 = value;
    else throw new Unsupported(`the Unicode property ${m[1]} is not supported`);
    if (name === undefined && value === "Any")
      return inClass ? "\\x{0}-\\x{10ffff}" : negated ? "[^\\x{0}-\\x{10ffff}]" : "[\\x{0}-\\x{10ffff}]";
    if (name === undefined && value === "ASCII")
      return negated ? "[^\\x{0}-\\x{7f}]" : inClass ? "\\x{0}-\\x{7f}" : "[\\x{0}-\\x{7f}]";
    if (!/^[A-Za-z_]+$/.test(re2!)) throw new Unsupported(`the Unicode property ${m[1]} is not supported`);
    try {
      RE2JS.compile(`\\p{${re2}}`);
    } catch {
      throw new Unsupported(`the Unicode property ${m[1]} is not supported`);
    }
    return `\\${negated ? "P" : "p"}{${re2}}`;
  }
}

/** A literal code point in RE2 syntax: ASCII letters and digits as they are, anything else as `\x{...}`. */
function literal(c: number): string {
  return /[A-Za-z0-9]/.test(String.fromCodePoint(c)) ? String.fromCodePoint(c) : hex(c);
}
