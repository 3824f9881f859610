import type { LintRule, RuleFinding } from "../rule.js";
import { isSchemaObject } from "../../schema/keywords.js";
import { walkDocument, walkSchema } from "../../../schema/walk.js";

/** A tool input schema (as configured, or named by an `x-operations` catalog) that reaches a recursive `$ref`. */
export const recursiveToolInput: LintRule = {
  id: "recursive-tool-input",
  category: "consumer",
  defaultSeverity: "error",
  doc:
    "Tool-calling consumers (LLM tool definitions, MCP `inputSchema`) inline references and refuse or truncate recursive ones, so a tool " +
    "input schema must not reach a `$ref` cycle. Tool inputs are the definitions the lint config lists under `toolInputs` for the contract " +
    "(names or `*` globs) and every `request` named by an `x-operations` catalog in the document (wright-agent's request schemas). " +
    "The finding names the cycle. Fix: bound the recursion (a fixed-depth copy) or take the recursive part as an opaque string.",
  check(ctx) {
    const out: RuleFinding[] = [];
    const bundle = ctx.bundle();
    if (!bundle) return out;
    const doc = ctx.contract.doc;
    const patterns = [...ctx.options.toolInputs, ...catalogRequests(doc.root)];
    if (patterns.length === 0) return out;
    const matches = (name: string) => patterns.some((p) => globMatch(p, name));
    const edges = new Map<string, string[]>();
    for (const [name, def] of Object.entries(bundle.ctx.defs))
      edges.set(
        name,
        refsOf(def)
          .map((r) => bundle.ctx.refTarget(r)?.name)
          .filter((x): x is string => x !== undefined),
      );
    for (const s of ctx.sites) {
      if (s.role !== "definition" || s.name === undefined || s.file !== doc.path || !matches(s.name)) continue;
      const def = bundle.defAt(s.file, s.pointer);
      if (!def) continue;
      const cycle = findCycle(def, edges);
      if (cycle)
        out.push({
          file: s.file,
          pointer: s.pointer,
          message: `tool input "${s.name}" reaches a recursive $ref cycle: ${cycle.map((n) => displayName(n, bundle)).join(" -> ")}`,
        });
    }
    return out;
  },
};

function displayName(name: string, bundle: { origin(n: string): { pointer: string } | undefined }): string {
  const o = bundle.origin(name);
  return o ? (o.pointer.split("/").pop() ?? name) || name : name;
}

/** Request definition names of every `x-operations` catalog (`[{op, request, ...}]`) in a document. */
export function catalogRequests(root: unknown): string[] {
  const out: string[] = [];
  walkDocument(root, ({ node }) => {
    const ops = node["x-operations"];
    if (Array.isArray(ops))
      for (const op of ops) if (isSchemaObject(op) && typeof op.request === "string") out.push(op.request);
  });
  return out;
}

export function globMatch(pattern: string, name: string): boolean {
  if (!pattern.includes("*")) return pattern === name;
  const re = new RegExp(
    `^${pattern
      .split("*")
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
  return re.test(name);
}

/** The references a definition makes, through the one walker's subschema table. */
function refsOf(node: unknown): string[] {
  const out: string[] = [];
  walkSchema(node, (n) => {
    if (typeof n.$ref === "string") out.push(n.$ref);
  });
  return out;
}

/** A cycle reachable from `start` (depth-first search with an explicit path), or undefined. */
function findCycle(start: string, edges: Map<string, string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (n: string): string[] | undefined => {
    if (onPath.has(n)) return [...path.slice(path.indexOf(n)), n];
    if (done.has(n)) return undefined;
    path.push(n);
    onPath.add(n);
    for (const m of edges.get(n) ?? []) {
      const c = visit(m);
      if (c) return c;
    }
    path.pop();
    onPath.delete(n);
    done.add(n);
    return undefined;
  };
  return visit(start);
}
