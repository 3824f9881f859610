/**
 * Signature text: parameters plus optional return type, printed from tree-sitter tokens with
 * canonical spacing, so formatting-only edits (line breaks, indentation, spaces, trailing commas,
 * comments) print the same string while any token change prints a different one.
 * `(token: string): Promise<User | null>` for TS/JS, `(pw: str) -> str` for Python.
 * See docs/decisions/043-wit-signature-normalisation.md.
 */
import type { Node } from "web-tree-sitter";

interface Tok {
  text: string;
  /** Parent node type: tells an optional-marker `?` from a conditional `?`, type-argument `<` from less-than. */
  parent: string;
}

/** Nodes printed verbatim (their inner whitespace is content, not formatting). */
const ATOMS = new Set([
  "string",
  "template_string",
  "template_literal_type",
  "number",
  "regex",
  "integer",
  "float",
  "concatenated_string",
]);
const TERNARY_PARENTS = new Set(["conditional_type", "ternary_expression"]);
const ANGLE_PARENTS = new Set(["type_arguments", "type_parameters"]);
const SPLAT_PARENTS = new Set(["list_splat_pattern", "dictionary_splat_pattern", "list_splat", "dictionary_splat"]);
const UNARY_PARENTS = new Set(["unary_expression", "unary_operator"]);
/** Python `a=1` (no annotation) and keyword arguments print without spaces around '=' (PEP 8). */
const TIGHT_EQUALS_PARENTS = new Set(["default_parameter", "keyword_argument"]);
/** Keywords that keep a space before a following '(' or '['. */
const SPACED_KEYWORDS = new Set([
  "new",
  "typeof",
  "keyof",
  "extends",
  "in",
  "is",
  "asserts",
  "infer",
  "readonly",
  "unique",
  "as",
  "satisfies",
  "lambda",
  "not",
  "and",
  "or",
  "if",
  "else",
  "await",
]);
const WORD = /^[\p{L}\p{N}_$#]+$/u;

function collect(node: Node, parentType: string, out: Tok[]): void {
  if (node.type === "comment") return;
  if (ATOMS.has(node.type) || node.childCount === 0) {
    if (node.text !== "") out.push({ text: node.text, parent: parentType });
    return;
  }
  const children = node.children.filter((c): c is Node => c !== null);
  if (node.type === "object_type") {
    // Members may be separated by ';', ',' or a bare line break: print every separator as "; ".
    let previousWasMember = false;
    for (const child of children) {
      if (child.type === ";" || child.type === ",") continue;
      if (child.isNamed && child.type !== "comment") {
        if (previousWasMember) out.push({ text: ";", parent: "object_type" });
        previousWasMember = true;
      }
      collect(child, node.type, out);
    }
    return;
  }
  children.forEach((child, i) => {
    // A leading '|' or '&' (multi-line union/intersection style) is formatting.
    if (
      i === 0 &&
      (node.type === "union_type" || node.type === "intersection_type") &&
      (child.type === "|" || child.type === "&")
    )
      return;
    collect(child, node.type, out);
  });
}

function dropTrailingSeparators(toks: Tok[]): Tok[] {
  return toks.filter((t, i) => {
    if (t.text !== "," && t.text !== ";") return true;
    const next = toks[i + 1];
    return !(
      next &&
      (next.text === ")" ||
        next.text === "]" ||
        next.text === "}" ||
        (next.text === ">" && ANGLE_PARENTS.has(next.parent)))
    );
  });
}

function isWord(t: Tok): boolean {
  return WORD.test(t.text) && !SPACED_KEYWORDS.has(t.text);
}

function isAngle(t: Tok, ch: "<" | ">"): boolean {
  return t.text === ch && ANGLE_PARENTS.has(t.parent);
}

/** Whether a space separates token `a` from the token `b` that follows it. */
function spaceBetween(a: Tok, b: Tok): boolean {
  if (b.text === "," || b.text === ";" || b.text === ")" || b.text === "]") return false;
  if (a.text === "(" || a.text === "[") return false;
  if (a.text === "{") return b.text !== "}";
  if (b.text === "}") return true;
  if (a.text === "..." || a.text === "." || a.text === "?." || a.text === "@") return false;
  if (b.text === "." || b.text === "?.") return false;
  if (b.text === ":" || b.text === "?") return TERNARY_PARENTS.has(b.parent);
  if (a.text === "?" && !TERNARY_PARENTS.has(a.parent)) return false;
  if (b.text === "!" && b.parent === "non_null_expression") return false;
  if (isAngle(a, "<") || isAngle(b, "<") || isAngle(b, ">")) return false;
  if ((a.text === "*" || a.text === "**") && SPLAT_PARENTS.has(a.parent)) return false;
  if ((a.text === "=" && TIGHT_EQUALS_PARENTS.has(a.parent)) || (b.text === "=" && TIGHT_EQUALS_PARENTS.has(b.parent)))
    return false;
  if ((a.text === "-" || a.text === "+" || a.text === "!" || a.text === "~") && UNARY_PARENTS.has(a.parent))
    return false;
  if (b.text === "(" || b.text === "[") {
    // Calls, generic calls and array types hug their left side: `f(x)`, `Array<T>[]`, `(A | B)[]`.
    return !(isWord(a) || isAngle(a, ">") || a.text === ")" || a.text === "]" || a.text === "?");
  }
  return true;
}

function print(toks: Tok[]): string {
  let out = "";
  let prev: Tok | undefined;
  for (const t of toks) {
    if (prev && spaceBetween(prev, t)) out += " ";
    out += t.text;
    prev = t;
  }
  return out;
}

export interface SignatureParts {
  typeParameters?: Node | null;
  /** formal_parameters / parameters node, or a lone identifier (`x => x`); null prints `()`. */
  parameters: Node | null;
  /** TS return_type node (starts with ':'), or the Python `type` node after '->'. */
  returnType?: Node | null;
  /** Python puts '->' outside the return-type node: the printer inserts it. */
  arrow?: boolean;
}

export function printSignature(parts: SignatureParts): string {
  const toks: Tok[] = [];
  if (parts.typeParameters) collect(parts.typeParameters, "", toks);
  if (!parts.parameters) {
    toks.push({ text: "(", parent: "" }, { text: ")", parent: "" });
  } else if (parts.parameters.type === "formal_parameters" || parts.parameters.type === "parameters") {
    collect(parts.parameters, "", toks);
  } else {
    toks.push({ text: "(", parent: "" });
    collect(parts.parameters, "", toks);
    toks.push({ text: ")", parent: "" });
  }
  if (parts.returnType) {
    if (parts.arrow) toks.push({ text: "->", parent: "" });
    collect(parts.returnType, "", toks);
  }
  return print(dropTrailingSeparators(toks));
}
