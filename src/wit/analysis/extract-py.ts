/**
 * Facts of a Python file. Symbols: module-level functions and classes, methods as `Class.method`,
 * nested classes as `Outer.Inner`. Functions nested in functions are not symbols (their calls count
 * for the enclosing one). A decorated definition's range includes its decorators.
 * See docs/decisions/044-wit-symbols-and-calls.md.
 */
import type { Node, Tree } from "web-tree-sitter";
import type { FileFacts, ImportFact } from "./facts.js";
import type { OffsetConverter } from "./offsets.js";
import { printSignature } from "./signature.js";
import { SymbolTable } from "./symbol-table.js";

interface Ctx {
  container: string | null;
  classBody: string | null;
}

function namedChildren(node: Node): Node[] {
  return node.namedChildren.filter((c): c is Node => c !== null);
}

function functionSignature(fn: Node): string {
  return printSignature({
    typeParameters: fn.childForFieldName("type_parameters"),
    parameters: fn.childForFieldName("parameters"),
    returnType: fn.childForFieldName("return_type"),
    arrow: true,
  });
}

/** A class's signature is its `__init__`'s (self included); a class without one prints `()`. */
function classSignature(cls: Node): string {
  const body = cls.childForFieldName("body");
  for (const member of body ? namedChildren(body) : []) {
    const fn = member.type === "decorated_definition" ? member.childForFieldName("definition") : member;
    if (fn?.type === "function_definition" && fn.childForFieldName("name")?.text === "__init__")
      return functionSignature(fn);
  }
  return "()";
}

export function pythonCalleeChain(node: Node | null): string[] | null {
  if (!node) return null;
  if (node.type === "identifier") return [node.text];
  if (node.type === "attribute") {
    const attr = node.childForFieldName("attribute");
    if (!attr) return null;
    const object = pythonCalleeChain(node.childForFieldName("object"));
    if (!object || object[0] === "?") return ["?", attr.text];
    return [...object, attr.text];
  }
  if (node.type === "parenthesized_expression") return pythonCalleeChain(node.namedChildren[0] ?? null);
  return ["?"];
}

/** `from ..pkg.mod import x` -> "..pkg.mod"; `from . import x` -> ".". */
function moduleSource(node: Node | null): string | null {
  if (!node) return null;
  if (node.type === "dotted_name") return node.text;
  if (node.type === "relative_import") {
    let text = "";
    for (const c of namedChildren(node)) text += c.type === "import_prefix" ? c.text.replace(/\s+/g, "") : c.text;
    return text;
  }
  return null;
}

export function extractPy(tree: Tree, toBytes: OffsetConverter): FileFacts {
  const table = new SymbolTable();
  const imports: ImportFact[] = [];
  const starSources: string[] = [];

  const visitChildren = (node: Node, ctx: Ctx): void => {
    for (const child of namedChildren(node)) visit(child, ctx);
  };

  const qualify = (name: string, ctx: Ctx): string | null => {
    if (ctx.classBody !== null) return `${ctx.classBody}.${name}`;
    return ctx.container === null ? name : null;
  };

  const definition = (node: Node, range: Node, ctx: Ctx): boolean => {
    const name = node.childForFieldName("name")?.text;
    const qualified = name ? qualify(name, ctx) : null;
    if (!qualified) return false;
    if (node.type === "function_definition") {
      table.add(qualified, ctx.classBody !== null ? "method" : "function", range, functionSignature(node));
      visitChildren(node, { container: qualified, classBody: null });
    } else {
      table.add(qualified, "class", range, classSignature(node));
      visitChildren(node, { container: qualified, classBody: qualified });
    }
    return true;
  };

  const visitImport = (node: Node): void => {
    for (const name of namedChildren(node)) {
      if (name.type === "dotted_name") {
        // `import a.b.c` binds `a`; `a.b.c` is then reached attribute by attribute.
        const top = name.namedChildren[0]?.text;
        if (top) imports.push({ local: top, kind: "namespace", source: top });
      } else if (name.type === "aliased_import") {
        const dotted = name.childForFieldName("name");
        const alias = name.childForFieldName("alias");
        if (dotted && alias) imports.push({ local: alias.text, kind: "namespace", source: dotted.text });
      }
    }
  };

  const visitImportFrom = (node: Node): void => {
    const moduleNode = node.childForFieldName("module_name");
    const source = moduleSource(moduleNode);
    if (source === null) return;
    for (const child of namedChildren(node)) {
      if (child.id === moduleNode?.id) continue;
      if (child.type === "wildcard_import") starSources.push(source);
      else if (child.type === "dotted_name")
        imports.push({ local: child.text, kind: "named", source, imported: child.text });
      else if (child.type === "aliased_import") {
        const imported = child.childForFieldName("name");
        const alias = child.childForFieldName("alias");
        if (imported && alias) imports.push({ local: alias.text, kind: "named", source, imported: imported.text });
      }
    }
  };

  function visit(node: Node, ctx: Ctx): void {
    switch (node.type) {
      case "function_definition":
      case "class_definition":
        if (definition(node, node, ctx)) return;
        break;
      case "decorated_definition": {
        const inner = node.childForFieldName("definition");
        // Decorators run where the definition sits, so their calls belong to the enclosing symbol.
        for (const d of namedChildren(node))
          if (d.type === "decorator") visit(d, { container: ctx.container, classBody: null });
        if (inner && definition(inner, node, ctx)) return;
        if (inner) visit(inner, ctx);
        return;
      }
      case "block":
        return visitChildren(node, ctx);
      case "import_statement":
        return visitImport(node);
      case "import_from_statement":
        return visitImportFrom(node);
      case "call":
        table.call(ctx.container, pythonCalleeChain(node.childForFieldName("function")));
        break;
    }
    visitChildren(node, ctx.classBody !== null ? { container: ctx.container, classBody: null } : ctx);
  }

  visitChildren(tree.rootNode, { container: null, classBody: null });
  return {
    language: "python",
    symbols: table.symbols(toBytes),
    calls: table.calls,
    imports,
    exports: [],
    reexports: [],
    starSources,
  };
}
