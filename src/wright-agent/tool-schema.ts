/**
 * Cuts a standalone tool input schema out of the contract: an operation's request definition
 * without `op` (the tool name carries it) and without the fields the caller asks to drop, its
 * `required` list omitted when empty, every definition it references shipped under a local
 * `$defs` (sorted by name), and the contract's `x-*` annotations removed. A recursive reference,
 * a missing definition or a missing description is an error: the MCP adapter and the client-tool
 * emitter both build on this, and neither may ship such a schema.
 */
import { setOwn } from "../json/index.js";
import type { ContractDocument, Schema } from "./contract.js";
import { directRefs, findRecursion } from "./schema-walk.js";
import { mapSchema, walkSchema } from "../schema/walk.js";

export class ToolSchemaError extends Error {
  override readonly name = "ToolSchemaError";
}

/** A deep copy without `x-*` annotation keywords (property names that start with x- are kept): src/schema/walk.ts's mapSchema, which copies data keywords as data. */
export function stripAnnotations(node: unknown): unknown {
  return mapSchema(node, (n) => {
    for (const k of Object.keys(n)) if (k.startsWith("x-")) delete n[k];
    return n;
  });
}

export interface InputSchemaOptions {
  /** Request fields to drop besides `op` (the MCP table's `omit`). */
  omit?: readonly string[];
}

/** The input schema of one operation's request definition `requestDef` (see the module comment). */
export function deriveInputSchema(doc: ContractDocument, requestDef: string, options: InputSchemaOptions = {}): Schema {
  const def = doc.$defs[requestDef];
  if (!def) throw new ToolSchemaError(`the contract has no request definition ${requestDef}`);
  if (def.type !== "object" || typeof def.properties !== "object" || def.properties === null)
    throw new ToolSchemaError(`${requestDef} is not an object schema with properties`);
  if (typeof def.description !== "string" || def.description.trim() === "")
    throw new ToolSchemaError(`${requestDef} has no description`);
  const drop = new Set(["op", ...(options.omit ?? [])]);
  for (const field of options.omit ?? []) {
    if (!Object.prototype.hasOwnProperty.call(def.properties, field))
      throw new ToolSchemaError(`${requestDef} has no field ${field} to omit`);
  }
  const schema = stripAnnotations(def) as Schema;
  const properties: Schema = {};
  for (const [name, sub] of Object.entries(schema.properties as Schema))
    if (!drop.has(name)) setOwn(properties, name, sub);
  schema.properties = properties;
  const required = ((schema.required as string[] | undefined) ?? []).filter((r) => !drop.has(r));
  if (required.length) schema.required = required;
  else delete schema.required;

  // Only the definitions the remaining fields reach travel with the schema.
  const reached = new Set<string>();
  const stack = directRefs(schema);
  while (stack.length) {
    const name = stack.pop()!;
    if (reached.has(name)) continue;
    if (!doc.$defs[name]) throw new ToolSchemaError(`${requestDef} references the missing definition ${name}`);
    reached.add(name);
    stack.push(...directRefs(doc.$defs[name]));
  }
  const root = "\u0000root";
  const cycle = findRecursion({ $id: "", $defs: { ...doc.$defs, [root]: schema } }, root);
  if (cycle)
    throw new ToolSchemaError(
      `${requestDef} reaches a recursive $ref: ${cycle.filter((n) => n !== root).join(" -> ")}`,
    );
  if (reached.size)
    schema.$defs = Object.fromEntries([...reached].sort().map((name) => [name, stripAnnotations(doc.$defs[name])]));
  return schema;
}

/** Every `$ref` in a standalone schema resolves inside its own `$defs`, and none is recursive. */
export function checkStandalone(schema: Schema): string[] {
  const problems: string[] = [];
  const defs = (schema.$defs ?? {}) as Record<string, Schema>;
  for (const name of [...directRefs(schema), ...Object.values(defs).flatMap((d) => directRefs(d))]) {
    if (!Object.prototype.hasOwnProperty.call(defs, name))
      problems.push(`$ref to #/$defs/${name} does not resolve locally`);
  }
  walkSchema(schema, (node) => {
    if (typeof node.$ref === "string" && !node.$ref.startsWith("#/$defs/"))
      problems.push(`non-local $ref ${node.$ref}`);
  });
  const root = "\u0000root";
  const cycle = findRecursion({ $id: "", $defs: { ...defs, [root]: { ...schema, $defs: undefined } } }, root);
  if (cycle) problems.push(`recursive $ref: ${cycle.filter((n) => n !== root).join(" -> ")}`);
  return [...new Set(problems)];
}
