/**
 * Walks over the contract's definitions: which definitions a schema reaches through `$ref`, and
 * whether a recursive reference is reachable (tool input schemas must not contain one). The tool
 * definition emitter and the MCP adapter use the same walk to ship a request's local $defs.
 */
import type { ContractDocument, Schema } from "./contract.js";

const LOCAL = "#/$defs/";

/** Names of the definitions a schema references directly (local `#/$defs/<Name>` refs only). */
export function directRefs(schema: unknown): string[] {
  const out = new Set<string>();
  const walk = (node: unknown, nameMap: boolean): void => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, false));
    if (node === null || typeof node !== "object") return;
    for (const [k, v] of Object.entries(node as Schema)) {
      if (!nameMap && k === "$ref" && typeof v === "string" && v.startsWith(LOCAL)) out.add(decodeURIComponent(v.slice(LOCAL.length)));
      else if (!nameMap && (k === "const" || k === "enum" || k === "examples" || k === "default" || k.startsWith("x-"))) continue;
      else walk(v, !nameMap && (k === "properties" || k === "$defs" || k === "patternProperties"));
    }
  };
  walk(schema, false);
  return [...out];
}

/** Every definition reachable from `root` (excluding root itself unless it is reached again). */
export function reachableDefinitions(doc: ContractDocument, root: string): string[] {
  const seen = new Set<string>();
  const stack = [...directRefs(doc.$defs[root])];
  while (stack.length) {
    const name = stack.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    stack.push(...directRefs(doc.$defs[name]));
  }
  return [...seen].sort();
}

/** A reference cycle reachable from `root`, as the list of definitions on it; undefined when none. */
export function findRecursion(doc: ContractDocument, root: string): string[] | undefined {
  const onPath: string[] = [];
  const done = new Set<string>();
  const visit = (name: string): string[] | undefined => {
    const at = onPath.indexOf(name);
    if (at >= 0) return [...onPath.slice(at), name];
    if (done.has(name)) return undefined;
    onPath.push(name);
    for (const next of directRefs(doc.$defs[name])) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    onPath.pop();
    done.add(name);
    return undefined;
  };
  return visit(root);
}
