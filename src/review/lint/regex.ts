/**
 * Regular-expression analysis for lint: features an RE2-class engine (Go's `regexp`, Rust's
 * `regex`) refuses, and nested unbounded quantifiers that backtracking engines (ECMAScript's,
 * which ajv uses) can take exponential time on. A small tokenizer keeps escapes and character
 * classes apart, so `\(` or `[(?=]` are not mistaken for groups. The pattern is analysed as text
 * and never run by a backtracking engine (decision 252).
 */
import { compilePattern } from "../../schema/pattern.js";

export interface RegexIssue {
  message: string;
}

interface Token {
  kind: "char" | "class" | "open" | "close" | "alt" | "quant" | "anchor" | "escape";
  text: string;
  /** For quantifiers: unbounded (`*`, `+`, `{n,}`). */
  unbounded?: boolean;
  /** For groups: the `(?...` prefix. */
  prefix?: string;
}

function tokenize(p: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < p.length; ) {
    const c = p[i]!;
    if (c === "\\") {
      out.push({ kind: "escape", text: p.slice(i, i + 2) });
      i += 2;
      continue;
    }
    if (c === "[") {
      let j = i + 1;
      if (p[j] === "^") j++;
      if (p[j] === "]") j++;
      while (j < p.length && p[j] !== "]") j += p[j] === "\\" ? 2 : 1;
      out.push({ kind: "class", text: p.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    if (c === "(") {
      const m = /^\(\?(<[=!]|[=!:>|]|<[A-Za-z_][\w]*>|P<[A-Za-z_]\w*>|\(|[a-zA-Z-]+[:)])?/.exec(p.slice(i));
      const prefix = p.slice(i).startsWith("(?") ? (m?.[0] ?? "(?") : "(";
      out.push({ kind: "open", text: prefix, prefix });
      i += prefix.length;
      continue;
    }
    if (c === ")") {
      out.push({ kind: "close", text: c });
      i++;
      continue;
    }
    if (c === "|") {
      out.push({ kind: "alt", text: c });
      i++;
      continue;
    }
    if (c === "*" || c === "+" || c === "?") {
      let text = c;
      if (p[i + 1] === "+" || p[i + 1] === "?") text += p[i + 1];
      out.push({ kind: "quant", text, unbounded: c !== "?" });
      i += text.length;
      continue;
    }
    if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}[+?]?/.exec(p.slice(i));
      if (m) {
        out.push({ kind: "quant", text: m[0], unbounded: m[2] !== undefined && m[3] === "" });
        i += m[0].length;
        continue;
      }
    }
    if (c === "^" || c === "$") {
      out.push({ kind: "anchor", text: c });
      i++;
      continue;
    }
    out.push({ kind: "char", text: c });
    i++;
  }
  return out;
}

/** Features Go's and Rust's regex engines refuse (or that ECMAScript itself cannot compile). */
export function portabilityIssues(pattern: string): RegexIssue[] {
  const issues: RegexIssue[] = [];
  try {
    new RegExp(pattern, "u");
  } catch (e) {
    issues.push({ message: `does not compile as an ECMA-262 "u" regex (ajv's dialect): ${(e as Error).message}` });
  }
  const seen = new Set<string>();
  const add = (m: string) => {
    if (!seen.has(m)) issues.push({ message: m });
    seen.add(m);
  };
  for (const t of tokenize(pattern)) {
    if (t.kind === "open" && t.prefix) {
      if (t.prefix === "(?=" || t.prefix === "(?!")
        add("uses lookahead, which RE2-class engines (Go, Rust regex) do not support");
      else if (t.prefix === "(?<=" || t.prefix === "(?<!")
        add("uses lookbehind, which RE2-class engines (Go, Rust regex) do not support");
      else if (t.prefix === "(?>") add("uses an atomic group, which RE2-class engines do not support");
      else if (t.prefix === "(?(") add("uses a conditional group, which RE2-class engines do not support");
    }
    if (t.kind === "escape") {
      if (/^\\[1-9]$/.test(t.text)) add(`uses the backreference ${t.text}, which RE2-class engines do not support`);
      if (t.text === "\\k") add("uses a named backreference (\\k<name>), which RE2-class engines do not support");
      if (t.text === "\\c") add("uses a control escape (\\cX), which Go's regexp does not support");
    }
    if (t.kind === "quant" && /[*+?}]\+$/.test(t.text) && t.text.length > 1)
      add(`uses the possessive quantifier ${t.text}, which neither ECMAScript nor RE2 supports`);
    if (t.kind === "class" && (t.text === "[^]" || t.text === "[]"))
      add(`uses ${t.text}, which only ECMAScript accepts`);
  }
  return issues;
}

/**
 * Nested unbounded quantifiers: an unbounded repetition of a group that itself contains an
 * unbounded repetition, like `(a+)+` or `(\w+\s?)*`. Not flagged when every repetition of the
 * outer group must start with a literal the inner repetitions cannot match (e.g. `(/[^/]*)*`):
 * such a split is unambiguous and backtracks linearly.
 */
export function backtrackingIssues(pattern: string): RegexIssue[] {
  const tokens = tokenize(pattern);
  const stack: { start: number; inner: boolean }[] = [];
  const issues: RegexIssue[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === "open") stack.push({ start: i, inner: false });
    else if (t.kind === "close") {
      const g = stack.pop();
      if (!g) continue;
      const q = tokens[i + 1];
      const body = tokens.slice(g.start + 1, i);
      const repeated = q?.kind === "quant" && q.unbounded === true;
      if (repeated && g.inner && !separated(body)) {
        issues.push({
          message: `nests unbounded quantifiers (${render(tokens.slice(g.start, i + 2))}): backtracking engines can take exponential time on a near-miss input`,
        });
      }
      if (stack.length && (g.inner || repeated)) stack[stack.length - 1]!.inner = true;
    } else if (t.kind === "quant" && t.unbounded && stack.length) {
      stack[stack.length - 1]!.inner = true;
    }
  }
  return issues;
}

function render(ts: Token[]): string {
  return ts.map((t) => t.text).join("");
}

/** The body starts with a literal char that no unbounded atom inside the body can match. */
function separated(body: Token[]): boolean {
  let depth = 0;
  for (const t of body) {
    if (t.kind === "open") depth++;
    else if (t.kind === "close") depth--;
    else if (t.kind === "alt" && depth === 0) return false;
  }
  // A mandatory literal at the start or at the end of every repetition can serve as separator.
  const literalAt = (i: number): string | undefined => {
    const t = body[i];
    if (!t || body[i + 1]?.kind === "quant") return undefined;
    if (t.kind === "char" && t.text !== ".") return t.text;
    if (t.kind === "escape" && /^\\[^\w]$/.test(t.text)) return t.text[1];
    return undefined;
  };
  return [literalAt(0), literalAt(body.length - 1)].some((lit) => lit !== undefined && separatedBy(body, lit));
}

function separatedBy(body: Token[], lit: string): boolean {
  for (let i = 0; i < body.length; i++) {
    const t = body[i]!;
    const q = body[i + 1];
    if (!(q?.kind === "quant" && q.unbounded)) continue;
    // The atom an unbounded quantifier repeats must never match the separator.
    const atoms = t.kind === "close" ? groupAtoms(body, i) : [t];
    for (const a of atoms) if (canMatch(a, lit)) return false;
  }
  return true;
}

function groupAtoms(body: Token[], closeIndex: number): Token[] {
  let depth = 0;
  for (let j = closeIndex; j >= 0; j--) {
    const t = body[j]!;
    if (t.kind === "close") depth++;
    if (t.kind === "open" && --depth === 0)
      return body
        .slice(j + 1, closeIndex)
        .filter((x) => x.kind === "char" || x.kind === "class" || x.kind === "escape");
  }
  return body;
}

function canMatch(t: Token, ch: string): boolean {
  if (t.kind === "char") return t.text === "." ? ch !== "\n" : t.text === ch;
  // One escape or class against one character, run by the linear matcher; what it cannot run may match.
  if (t.kind === "escape" || t.kind === "class") {
    const re = compilePattern(t.text);
    return re.kind !== "linear" || re.test(ch);
  }
  return false;
}
