/**
 * When a removed definition and an added one with the same instances are a rename. Equal
 * instance sets alone are weak evidence for small shapes (every open object of two string
 * members accepts the same payloads), so a rename also needs the names to be related (a shared
 * word: `LockRecord` -> `ActiveLock`, `BlockPointer` -> `Pointer`) or the shape to be distinctive
 * enough that the match is no coincidence (decision 167).
 */
import type { SchemaContext } from "./schema/context.js";
import { isAnnotationKeyword, isSchemaObject, type SchemaNode } from "./schema/keywords.js";
import { subschemas } from "../schema/walk.js";

/** Facts (named members, listed values, patterns, formats) a shape needs to stand on its own. */
export const DISTINCTIVE_FACTS = 6;

/** The words of a definition name: camelCase, snake_case, kebab-case and digits split, lower-cased, short words dropped. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z]+|\s+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 3);
}

export function namesRelated(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x.includes(y) || y.includes(x)) return true;
  const wb = new Set(nameWords(b));
  return nameWords(a).some((w) => wb.has(w));
}

/** How many facts a schema states, through inline subschemas (references are other definitions' facts). */
export function shapeFacts(node: SchemaNode, depth = 0): number {
  if (!isSchemaObject(node) || depth > 16) return 0;
  let n = 0;
  for (const [k, v] of Object.entries(node)) {
    if (isAnnotationKeyword(k)) continue;
    if (k === "enum" && Array.isArray(v)) n += v.length;
    else if (k === "const" || k === "pattern" || k === "format") n += 1;
  }
  // A named member (properties, patternProperties, ...) is a fact of its own, besides its schema's.
  for (const s of subschemas(node))
    if (!isAnnotationKeyword(s.keyword))
      n += (typeof s.key === "string" ? 1 : 0) + shapeFacts(s.node as SchemaNode, depth + 1);
  return n;
}

/** Whether an equivalent removed/added pair may be reported as a rename at all. */
export function renameJustified(oldName: string, oldNode: SchemaNode, oldCtx: SchemaContext, newName: string): boolean {
  return namesRelated(oldName, newName) || shapeFacts(oldCtx.deref(oldNode)) >= DISTINCTIVE_FACTS;
}
