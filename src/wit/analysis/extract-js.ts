/**
 * Facts of a TypeScript / TSX / JavaScript / JSX file. Symbols: top-level functions (declarations,
 * overload signatures, `const f = () => ...` / `function` expressions bound by const/let/var),
 * classes, and their methods as `Class.method` (including arrow-function fields). Functions nested
 * inside other functions are not symbols: their calls count for the enclosing symbol.
 * See docs/decisions/044-wit-symbols-and-calls.md.
 */
import type { Node, Tree } from "web-tree-sitter";
import type { ExportFact, FileFacts, ImportFact, ReexportFact } from "./facts.js";
import type { LanguageId } from "./languages.js";
import type { OffsetConverter } from "./offsets.js";
import { printSignature } from "./signature.js";
import { SymbolTable } from "./symbol-table.js";

interface Ctx {
  /** Innermost symbol whose body we are in; calls are attributed to it. null at module level. */
  container: string | null;
  /** Set while directly inside a class body: members become `Class.member`. */
  classBody: string | null;
}

const FUNCTION_VALUES = new Set(["arrow_function", "function_expression", "function", "generator_function"]);
const FUNCTION_DECLARATIONS = new Set(["function_declaration", "generator_function_declaration", "function_signature"]);
const CLASS_DECLARATIONS = new Set(["class_declaration", "abstract_class_declaration"]);
const METHOD_NODES = new Set(["method_definition", "method_signature", "abstract_method_signature"]);
const FIELD_NODES = new Set(["public_field_definition", "field_definition"]);

function field(node: Node, name: string): Node | null {
  return node.childForFieldName(name);
}

function namedChildren(node: Node): Node[] {
  return node.namedChildren.filter((c): c is Node => c !== null);
}

function stringValue(node: Node | null): string | null {
  if (!node || node.type !== "string") return null;
  const fragment = namedChildren(node).find((c) => c.type === "string_fragment");
  return fragment ? fragment.text : "";
}

function functionSignature(fn: Node): string {
  return printSignature({
    typeParameters: field(fn, "type_parameters"),
    parameters: field(fn, "parameters") ?? field(fn, "parameter"),
    returnType: field(fn, "return_type"),
  });
}

/** A class's signature is its constructor's; a class without one prints `()`. */
function classSignature(cls: Node): string {
  const body = field(cls, "body");
  const ctor = body
    ? namedChildren(body).find((m) => m.type === "method_definition" && field(m, "name")?.text === "constructor")
    : undefined;
  return ctor ? functionSignature(ctor) : "()";
}

/** `f` -> ["f"], `this.a.b` -> ["this", "a", "b"]; a receiver that is not a name chain -> ["?", last]. */
export function calleeChain(node: Node | null): string[] | null {
  if (!node) return null;
  switch (node.type) {
    case "identifier":
    case "property_identifier":
    case "private_property_identifier":
    case "type_identifier":
      return [node.text];
    case "this":
    case "super":
      return [node.type];
    case "member_expression": {
      const property = field(node, "property");
      if (!property) return null;
      const object = calleeChain(field(node, "object"));
      if (!object || object[0] === "?") return ["?", property.text];
      return [...object, property.text];
    }
    case "parenthesized_expression":
    case "non_null_expression": {
      const inner = node.namedChildren[0] ?? null;
      return calleeChain(inner);
    }
    default:
      return ["?"];
  }
}

export function extractJs(tree: Tree, language: LanguageId, toBytes: OffsetConverter): FileFacts {
  const table = new SymbolTable();
  const imports: ImportFact[] = [];
  const exports: ExportFact[] = [];
  const reexports: ReexportFact[] = [];
  const starSources: string[] = [];

  const visitChildren = (node: Node, ctx: Ctx): void => {
    for (const child of namedChildren(node)) visit(child, ctx);
  };

  const addFunction = (name: string, range: Node, fn: Node): void => {
    table.add(name, "function", range, functionSignature(fn));
    visitChildren(fn, { container: name, classBody: null });
  };

  const addClass = (name: string, cls: Node): void => {
    table.add(name, "class", cls, classSignature(cls));
    visitChildren(cls, { container: name, classBody: name });
  };

  const requireCall = (value: Node | null): string | null => {
    if (!value || value.type !== "call_expression") return null;
    if (field(value, "function")?.text !== "require") return null;
    const args = field(value, "arguments");
    return stringValue(args ? (args.namedChildren[0] ?? null) : null);
  };

  const visitDeclarator = (decl: Node, ctx: Ctx): void => {
    const name = field(decl, "name");
    const value = field(decl, "value");
    const source = requireCall(value);
    if (source !== null && name) {
      if (name.type === "identifier") imports.push({ local: name.text, kind: "namespace", source });
      else if (name.type === "object_pattern") {
        for (const p of namedChildren(name)) {
          if (p.type === "shorthand_property_identifier_pattern")
            imports.push({ local: p.text, kind: "named", source, imported: p.text });
          else if (p.type === "pair_pattern") {
            const key = field(p, "key");
            const local = field(p, "value");
            if (key && local?.type === "identifier")
              imports.push({ local: local.text, kind: "named", source, imported: key.text });
          }
        }
      }
      return;
    }
    if (ctx.container === null && name?.type === "identifier" && value) {
      if (FUNCTION_VALUES.has(value.type)) return addFunction(name.text, decl, value);
      if (value.type === "class") return addClass(name.text, value);
    }
    visitChildren(decl, ctx);
  };

  const visitImport = (node: Node): void => {
    const source = stringValue(field(node, "source"));
    for (const child of namedChildren(node)) {
      if (child.type === "import_require_clause") {
        const local = child.namedChildren.find((c) => c?.type === "identifier");
        const src = stringValue(field(child, "source"));
        if (local && src !== null) imports.push({ local: local.text, kind: "namespace", source: src });
      }
      if (child.type !== "import_clause" || source === null) continue;
      for (const part of namedChildren(child)) {
        if (part.type === "identifier") imports.push({ local: part.text, kind: "named", source, imported: "default" });
        else if (part.type === "namespace_import") {
          const local = part.namedChildren.find((c) => c?.type === "identifier");
          if (local) imports.push({ local: local.text, kind: "namespace", source });
        } else if (part.type === "named_imports") {
          for (const spec of namedChildren(part)) {
            if (spec.type !== "import_specifier") continue;
            const imported = field(spec, "name");
            const alias = field(spec, "alias");
            if (imported)
              imports.push({ local: (alias ?? imported).text, kind: "named", source, imported: imported.text });
          }
        }
      }
    }
  };

  const visitExport = (node: Node, ctx: Ctx): void => {
    const source = stringValue(field(node, "source"));
    const isDefault = node.children.some((c) => c?.type === "default");
    const clause = namedChildren(node).find((c) => c.type === "export_clause");
    if (clause) {
      for (const spec of namedChildren(clause)) {
        if (spec.type !== "export_specifier") continue;
        const local = field(spec, "name");
        const alias = field(spec, "alias");
        if (!local) continue;
        const exported = (alias ?? local).text;
        if (source !== null) reexports.push({ exported, source, imported: local.text });
        else exports.push({ exported, local: local.text });
      }
      return;
    }
    const namespaceExport = namedChildren(node).find((c) => c.type === "namespace_export");
    if (source !== null) {
      const alias = namespaceExport?.namedChildren.find((c) => c?.type === "identifier" || c?.type === "string");
      if (alias) reexports.push({ exported: alias.text, source, imported: "*" });
      else starSources.push(source);
      return;
    }
    const declaration = field(node, "declaration");
    if (declaration) {
      if (isDefault) {
        const name = field(declaration, "name");
        if (name) exports.push({ exported: "default", local: name.text });
      }
      visit(declaration, ctx);
      return;
    }
    const value = field(node, "value");
    if (isDefault && value) {
      if (value.type === "identifier") {
        exports.push({ exported: "default", local: value.text });
        return;
      }
      // An anonymous default export becomes the symbol `default` (a named expression keeps its name).
      const ownName = field(value, "name")?.text;
      const name = ownName ?? "default";
      if (FUNCTION_VALUES.has(value.type)) {
        exports.push({ exported: "default", local: name });
        return addFunction(name, value, value);
      }
      if (value.type === "class") {
        exports.push({ exported: "default", local: name });
        return addClass(name, value);
      }
      visit(value, ctx);
    }
  };

  function visit(node: Node, ctx: Ctx): void {
    const type = node.type;
    if (FUNCTION_DECLARATIONS.has(type) && ctx.container === null) {
      const name = field(node, "name");
      if (name) return addFunction(name.text, node, node);
    }
    if (CLASS_DECLARATIONS.has(type) && ctx.container === null) {
      const name = field(node, "name");
      if (name) return addClass(name.text, node);
    }
    if (ctx.classBody !== null && METHOD_NODES.has(type)) {
      const name = field(node, "name");
      if (name) {
        const qualified = `${ctx.classBody}.${name.text}`;
        table.add(qualified, "method", node, functionSignature(node));
        return visitChildren(node, { container: qualified, classBody: null });
      }
    }
    if (ctx.classBody !== null && FIELD_NODES.has(type)) {
      const name = field(node, "name") ?? field(node, "property");
      const value = field(node, "value");
      if (name && value && FUNCTION_VALUES.has(value.type)) {
        const qualified = `${ctx.classBody}.${name.text}`;
        table.add(qualified, "method", node, functionSignature(value));
        return visitChildren(value, { container: qualified, classBody: null });
      }
    }
    switch (type) {
      case "class_body":
        // Members are only symbols when the class itself is one (ctx.classBody was set by addClass).
        return visitChildren(node, ctx);
      case "variable_declarator":
        return visitDeclarator(node, ctx);
      case "import_statement":
        return visitImport(node);
      case "export_statement":
        return visitExport(node, ctx);
      case "call_expression":
        table.call(ctx.container, calleeChain(field(node, "function")));
        break;
      case "new_expression":
        table.call(ctx.container, calleeChain(field(node, "constructor")), true);
        break;
      case "jsx_opening_element":
      case "jsx_self_closing_element": {
        // <Component /> renders (calls) Component; lower-case names are intrinsic elements.
        const chain = calleeChain(field(node, "name"));
        if (chain && chain[0] !== "?" && (chain.length > 1 || /^[A-Z]/.test(chain[0] ?? "")))
          table.call(ctx.container, chain);
        break;
      }
    }
    // Entering a nested function or class body from inside a symbol keeps the attribution.
    const inner: Ctx =
      ctx.classBody !== null && type !== "class_body" ? { container: ctx.container, classBody: null } : ctx;
    visitChildren(node, inner);
  }

  visitChildren(tree.rootNode, { container: null, classBody: null });
  return { language, symbols: table.symbols(toBytes), calls: table.calls, imports, exports, reexports, starSources };
}
