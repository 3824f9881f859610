/**
 * Operation catalogs: a JSON Schema contract whose request union carries `x-operations` (and,
 * optionally, `x-mcp`) gets one generated catalog — operation name, request and result definitions
 * with their validators, MCP tool membership and the fields each tool drops — and a `ToolHandlers`
 * interface with one method per operation. capabilities, transports and tool emitters read the
 * catalog, so they cannot drift from the schema.
 */
import { definitionName, type Schema, type SchemaBundle } from "./bundle.js";
import { camelCase, propertyKey } from "./names.js";
import { validatorName } from "./validators.js";

interface OperationAnnotation {
  op: string;
  request: string;
  result: string;
  program?: string;
}
interface McpAnnotation {
  toolPrefix?: string;
  tools: { op: string; tool: string; omit: string[] }[];
}

/** The definition carrying the catalog annotations, if any. */
export function findCatalog(
  bundle: SchemaBundle,
): { union: string; operations: OperationAnnotation[]; mcp?: McpAnnotation } | undefined {
  for (const [name, def] of Object.entries(bundle.defs)) {
    const ops = (def as Schema)["x-operations"];
    if (Array.isArray(ops))
      return {
        union: name,
        operations: ops as OperationAnnotation[],
        mcp: (def as Schema)["x-mcp"] as McpAnnotation | undefined,
      };
  }
  return undefined;
}

/** Checks the annotation against the union itself: every branch listed once, every name defined. */
export function checkCatalog(bundle: SchemaBundle, catalog: NonNullable<ReturnType<typeof findCatalog>>): string[] {
  const problems: string[] = [];
  const union = bundle.defs[catalog.union] as Schema;
  const branches = ((union.oneOf as Schema[]) ?? []).map((b) => definitionName(b.$ref) ?? String(b.$ref ?? ""));
  const listed = catalog.operations.map((o) => o.request);
  for (const b of branches)
    if (!listed.includes(b)) problems.push(`${catalog.union} branch ${b} is missing from x-operations`);
  for (const o of catalog.operations) {
    if (!branches.includes(o.request))
      problems.push(`x-operations lists ${o.request}, which is not a branch of ${catalog.union}`);
    if (!bundle.defs[o.result]) problems.push(`x-operations: result ${o.result} of ${o.op} is not defined`);
    const op = ((bundle.defs[o.request] as Schema | undefined)?.properties as Schema | undefined)?.op as
      | Schema
      | undefined;
    if (op?.const !== o.op) problems.push(`x-operations: ${o.request}.op is not the constant ${JSON.stringify(o.op)}`);
  }
  for (const t of catalog.mcp?.tools ?? [])
    if (!catalog.operations.some((o) => o.op === t.op))
      problems.push(`x-mcp tool ${t.tool} names unknown operation ${t.op}`);
  return problems;
}

function description(bundle: SchemaBundle, name: string): string {
  const d = (bundle.defs[name] as Schema | undefined)?.description;
  return typeof d === "string" ? d : "";
}

export function generateCatalog(prefix: string, bundle: SchemaBundle): Record<string, string> {
  const catalog = findCatalog(bundle)!;
  const problems = checkCatalog(bundle, catalog);
  if (problems.length) throw new Error(`operation catalog: ${problems.join("; ")}`);
  const mcpOf = (op: string) => catalog.mcp?.tools.find((t) => t.op === op);
  const out: string[] = [
    `import type { Validator } from "../../json/validator.js";`,
    `import type * as T from "./types.js";`,
    `import * as v from "./validators.js";`,
    "",
    `/** Operation name -> its request and result types. */`,
    `export interface ${prefix}OperationMap {`,
    ...catalog.operations.map((o) => `  ${propertyKey(o.op)}: { request: T.${o.request}; result: T.${o.result} };`),
    "}",
    "",
    `export type ${prefix}Operation = keyof ${prefix}OperationMap;`,
    "",
    `export interface ${prefix}CatalogEntry {`,
    `  readonly op: string;`,
    `  /** Definition names in the contract. */`,
    `  readonly request: string;`,
    `  readonly result: string;`,
    `  /** How the operation uses the session's program (x-operations[].program). */`,
    `  readonly program: string | null;`,
    `  readonly description: string;`,
    `  readonly resultDescription: string;`,
    `  readonly validateRequest: Validator<unknown>;`,
    `  readonly validateResult: Validator<unknown>;`,
    `  /** The MCP tool for this operation and the request fields its inputSchema drops, or null when it is not an MCP tool. */`,
    `  readonly mcp: { readonly tool: string; readonly omit: readonly string[] } | null;`,
    "}",
    "",
    `/** Generated from ${catalog.union}'s x-operations${catalog.mcp ? " and x-mcp" : ""}: the one catalog. */`,
    `export const ${camelCase(prefix)}Catalog: readonly ${prefix}CatalogEntry[] = [`,
  ];
  for (const o of catalog.operations) {
    const m = mcpOf(o.op);
    out.push("  {");
    out.push(`    op: ${JSON.stringify(o.op)},`);
    out.push(`    request: ${JSON.stringify(o.request)},`);
    out.push(`    result: ${JSON.stringify(o.result)},`);
    out.push(`    program: ${JSON.stringify(o.program ?? null)},`);
    out.push(`    description: ${JSON.stringify(description(bundle, o.request))},`);
    out.push(`    resultDescription: ${JSON.stringify(description(bundle, o.result))},`);
    out.push(`    validateRequest: v.${validatorName(o.request)},`);
    out.push(`    validateResult: v.${validatorName(o.result)},`);
    out.push(`    mcp: ${m ? `{ tool: ${JSON.stringify(m.tool)}, omit: ${JSON.stringify(m.omit)} }` : "null"},`);
    out.push("  },");
  }
  out.push("];", "");
  if (catalog.mcp?.toolPrefix)
    out.push(`export const ${camelCase(prefix)}ToolPrefix = ${JSON.stringify(catalog.mcp.toolPrefix)};`, "");
  const handlers = [
    `import type * as T from "./types.js";`,
    "",
    `/** What a ${prefix} service implements: one method per operation, typed request in, typed result out. Refusals are thrown. */`,
    `export interface ToolHandlers {`,
    ...catalog.operations.flatMap((o) => {
      const d = description(bundle, o.request);
      return [
        ...(d ? [`  /** ${d.replace(/\*\//g, "*\\/")} */`] : []),
        `  ${propertyKey(o.op)}(request: T.${o.request}): Promise<T.${o.result}>;`,
      ];
    }),
    "}",
    "",
  ];
  return { "catalog.ts": out.join("\n"), "handlers.ts": handlers.join("\n") };
}
