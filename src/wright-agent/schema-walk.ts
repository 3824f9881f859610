/**
 * Walks over the contract's definitions: which definitions a schema reaches through `$ref`, and
 * whether a recursive reference is reachable (tool input schemas must not contain one). The tool
 * definition emitter and the MCP adapter use the same walk to ship a request's local $defs.
 */
import { unescapeToken } from "../json/index.js";
import { walkSchema } from "../schema/walk.js";
import type { ContractDocument } from "./contract.js";

const LOCAL = "#/$defs/";

/** Names of the definitions a schema references directly (local `#/$defs/<Name>` refs only), found through src/schema/walk.ts's subschema table. */
export function directRefs(schema: unknown): string[] {
  const out = new Set<string>();
  walkSchema(schema, (node) => {
    const name = typeof node.$ref === "string" ? localDefinition(node.$ref) : undefined;
    if (name !== undefined) out.add(name);
  });
  return [...out];
}

/** The definition a `#/$defs/<Name>` reference names: the fragment percent-decoded, then its pointer token unescaped (src/json). */
function localDefinition(ref: string): string | undefined {
  if (!ref.startsWith(LOCAL)) return undefined;
  try {
    return unescapeToken(decodeURIComponent(ref.slice(LOCAL.length)));
  } catch {
    return ref.slice(LOCAL.length); // malformed escapes: named as written, reported missing by the caller
  }
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
