/**
 * Finds keyword tables in TypeScript source: places that name three or more of the subschema
 * keywords of src/schema/walk.ts (`properties`, `items`, `anyOf`, ...) together, the way a
 * hand-written schema traversal keeps its own list of where subschemas are. Four shapes count:
 * - an array literal (`["properties", "items", ...]`, a `new Set([...])` argument);
 * - an object literal used as a lookup table (three or more such keys, every value a literal);
 * - comparisons of one expression with such strings inside one function (`k === "not" || k === "if"`,
 *   an if/else-if ladder, the `case` labels of a switch);
 * - `"items" in n` tests of one expression inside one function.
 * Used by one-walker.test.ts on the repository and on small sources that break the rule.
 */
import ts from "typescript";

export interface KeywordTable {
  /** 1-based line of the table's first keyword. */
  line: number;
  shape: "array" | "lookup" | "comparisons" | "in-tests";
  keywords: string[];
}

/** The tables in one source text; `keywords` is the walker's subschema keyword set. */
export function keywordTables(text: string, keywords: ReadonlySet<string>, file = "source.ts"): KeywordTable[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: KeywordTable[] = [];
  const lineOf = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const literal = (n: ts.Node): string | undefined =>
    ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) ? n.text : undefined;
  // Per enclosing function: expression text -> keywords compared with it (and where first).
  type Groups = Map<string, { shape: KeywordTable["shape"]; keywords: Set<string>; line: number }>;
  const scopes: Groups[] = [new Map()];
  const note = (shape: KeywordTable["shape"], subject: ts.Node, kw: string | undefined, at: ts.Node) => {
    if (kw === undefined || !keywords.has(kw)) return;
    const groups = scopes[scopes.length - 1]!;
    const key = `${shape}:${subject.getText(sf)}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { shape, keywords: new Set(), line: lineOf(at) }));
    g.keywords.add(kw);
  };
  const flush = (groups: Groups) => {
    for (const g of groups.values())
      if (g.keywords.size >= 3) out.push({ line: g.line, shape: g.shape, keywords: [...g.keywords].sort() });
  };
  const visit = (node: ts.Node): void => {
    const isScope = ts.isFunctionLike(node);
    if (isScope) scopes.push(new Map());
    if (ts.isArrayLiteralExpression(node)) {
      const kws = new Set(node.elements.map(literal).filter((k): k is string => k !== undefined && keywords.has(k)));
      if (kws.size >= 3) out.push({ line: lineOf(node), shape: "array", keywords: [...kws].sort() });
    } else if (ts.isObjectLiteralExpression(node)) {
      const props = node.properties.filter(ts.isPropertyAssignment);
      const names = props
        .map((p) => (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name.text : undefined))
        .filter((k): k is string => k !== undefined && keywords.has(k));
      const allLiteral =
        props.length > 0 &&
        props.every(
          (p) =>
            ts.isStringLiteral(p.initializer) ||
            ts.isNumericLiteral(p.initializer) ||
            p.initializer.kind === ts.SyntaxKind.TrueKeyword ||
            p.initializer.kind === ts.SyntaxKind.FalseKeyword,
        );
      if (allLiteral && new Set(names).size >= 3)
        out.push({ line: lineOf(node), shape: "lookup", keywords: [...new Set(names)].sort() });
    } else if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      if (
        op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
        op === ts.SyntaxKind.EqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsToken
      ) {
        const l = literal(node.left);
        const r = literal(node.right);
        if (r !== undefined) note("comparisons", node.left, r, node);
        else if (l !== undefined) note("comparisons", node.right, l, node);
      } else if (op === ts.SyntaxKind.InKeyword) note("in-tests", node.right, literal(node.left), node);
    } else if (ts.isSwitchStatement(node)) {
      for (const clause of node.caseBlock.clauses)
        if (ts.isCaseClause(clause)) note("comparisons", node.expression, literal(clause.expression), clause);
    }
    ts.forEachChild(node, visit);
    if (isScope) flush(scopes.pop()!);
  };
  visit(sf);
  flush(scopes.pop()!);
  return out.sort((a, b) => a.line - b.line);
}

/** Inline RFC 6901 escaping or unescaping (`.replace(/~1/g, "/")`, `.replace(/\//g, "~1")`, `replaceAll("~0", ...)`, `split("~1")`). */
export const INLINE_POINTER_ESCAPE =
  /\.(?:replace|replaceAll)\(\s*(?:\/~[01]?\/g?|["'`]~[01]?["'`]|\/\\\/\/g\s*,\s*["'`]~1)|\.split\(\s*["'`]~[01]["'`]/;
