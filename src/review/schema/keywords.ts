/** Keyword vocabulary the review modules reason about: what is annotation, what constrains, which type. */
import { ANNOTATIONS, isAnnotation, SCHEMA_MAP_KEYWORDS } from "../../schema/walk.js";
export type Schema = Record<string, unknown>;
export type SchemaNode = Schema | boolean;

import type { JsonType } from "../../schema/dialect.js";
export { JSON_TYPES, type JsonType } from "../../schema/dialect.js";

/**
 * Keywords that never change which instances validate: the annotations (src/schema/walk.ts) and what
 * belongs to the document or to OpenAPI's reading of it rather than to the instance.
 */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  ...ANNOTATIONS,
  "$schema",
  "$id",
  "$anchor",
  "$vocabulary",
  "$defs",
  "definitions",
  "contentMediaType",
  "contentEncoding",
  "contentSchema",
  "discriminator",
]);

export function isAnnotationKeyword(k: string): boolean {
  return isAnnotation(k) || ANNOTATION_KEYWORDS.has(k);
}

// The subschema keyword tables are src/schema/walk.ts's (one table for bundler, lint, review and codegen):
// walk through walkSchema / subschemas / mapSubschemas there. contentSchema is an annotation in 2020-12
// (ANNOTATION_KEYWORDS above): review compares it as written, never as a subschema.
export { SCHEMA_MAP_KEYWORDS };

/** Keywords that say which type a schema has (a schema with none of them accepts every type). */
export const TYPE_DETERMINING = [
  "type",
  "$ref",
  "$dynamicRef",
  "const",
  "enum",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
  "if",
];

/** Sets an own data member (a key named `__proto__` stays a member, never the prototype). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

export function isSchemaObject(v: unknown): v is Schema {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function jsonTypeOf(v: unknown): JsonType {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  switch (typeof v) {
    case "boolean":
      return "boolean";
    case "number":
      return Number.isInteger(v) ? "integer" : "number";
    case "string":
      return "string";
    default:
      return "object";
  }
}

/** The constraint keywords of a schema object (annotations removed), in a stable order. */
export function constraintKeys(s: Schema): string[] {
  return Object.keys(s)
    .filter((k) => !isAnnotationKeyword(k))
    .sort();
}

/** True when a schema accepts every instance: `true`, `{}` or annotations only. */
export function isTrivial(s: SchemaNode | undefined): boolean {
  if (s === undefined || s === true) return true;
  if (s === false) return false;
  return constraintKeys(s).length === 0;
}

/** Canonical JSON text (sorted keys) for set-like comparison of data values. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (isSchemaObject(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(",")}}`;
  }
  // JSON Schema equality: 1 and 1.0 are the same number.
  return JSON.stringify(v) ?? "undefined";
}
