/**
 * The named region that holds a place in a TypeScript source: the dotted chain of the named
 * declarations around it (functions, classes, methods, accessors, class fields, variables,
 * object-literal members; a name that is not an identifier is quoted), or "(module)" outside all
 * of them. A region names code by what it is, so it survives lines moving above or below it; it
 * is how scripts/mutation/ignores.json keys an argued survivor (decision 247).
 *
 *   createWitHandlers."lock.release"   a member named lock.release of an object in createWitHandlers
 *   FrameFold.toolCall                 a method of a class
 *   foldSseBody.parser.onEvent         a method of the object held by the variable parser
 */
import ts from "typescript";

function memberName(name: ts.PropertyName, sf: ts.SourceFile): string {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name))
    return JSON.stringify(name.text);
  return name.getText(sf); // a computed name: [Symbol.iterator]
}

/** The name a node adds to the chain, or undefined when it names nothing. */
function nameOf(node: ts.Node, sf: ts.SourceFile): string | undefined {
  if (ts.isConstructorDeclaration(node)) return "constructor";
  if (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isClassDeclaration(node) ||
    ts.isClassExpression(node)
  )
    return node.name?.text;
  if (ts.isVariableDeclaration(node)) return ts.isIdentifier(node.name) ? node.name.text : undefined;
  if (
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isShorthandPropertyAssignment(node)
  )
    return memberName(node.name, sf);
  return undefined;
}

/** A parsed source, for asking the region of many places in it. */
export class RegionIndex {
  private readonly sf: ts.SourceFile;
  private readonly lines: string[];

  constructor(fileName: string, text: string) {
    this.sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    this.lines = text.split("\n");
  }

  /** The region around a 1-based line and column (as Stryker's reports give them). */
  regionAt(line: number, column: number): string {
    const pos = this.sf.getPositionOfLineAndCharacter(line - 1, column - 1);
    const names: string[] = [];
    let node: ts.Node = this.sf;
    for (;;) {
      const inner: ts.Node | undefined = node.forEachChild((c) =>
        c.getStart(this.sf) <= pos && pos < c.end ? c : undefined,
      );
      if (inner === undefined) break;
      const name = nameOf(inner, this.sf);
      if (name !== undefined) names.push(name);
      node = inner;
    }
    return names.length === 0 ? "(module)" : names.join(".");
  }

  /** The 1-based line's text without its indentation and trailing blanks. */
  lineText(line: number): string {
    return (this.lines[line - 1] ?? "").trim();
  }
}
