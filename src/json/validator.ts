/**
 * The shape of a precompiled (ajv standalone) validator, and helpers to turn its errors into the
 * structured error data our contracts return. Generated validators.d.ts files import these types.
 */
import { unescapeToken } from "./pointer.js";
export interface ValidationError {
  /** RFC 6901 pointer to the offending value. */
  instancePath: string;
  /** JSON Schema keyword that failed, e.g. "required", "type", "minLength". */
  keyword: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface Validator<T> {
  (data: unknown): data is T;
  errors?: ValidationError[] | null;
}

/** Readable one-line messages, `<path> <message>`. */
export function describeErrors(errors: readonly ValidationError[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`);
}

/**
 * Zod-style flattened field errors (`{formErrors, fieldErrors}`): the shape the Wit contract
 * promises in INVALID_REQUEST's data. A field is the first token of the error's path, or the
 * missing property for `required`/`additionalProperties`.
 */
export interface FlattenedErrors {
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
}

export function flattenErrors(errors: readonly ValidationError[] | null | undefined): FlattenedErrors {
  const fieldErrors: Record<string, string[]> = Object.create(null);
  const formErrors: string[] = [];
  for (const e of errors ?? []) {
    let field: string | undefined;
    const path = e.instancePath.split("/").slice(1);
    if (path.length > 0) field = memberOf(path[0]!);
    else if (e.keyword === "required") field = String(e.params.missingProperty);
    else if (e.keyword === "additionalProperties") field = String(e.params.additionalProperty);
    const where = path.length > 1 ? `${e.instancePath} ` : "";
    const message =
      e.keyword === "additionalProperties"
        ? `unknown field "${String(e.params.additionalProperty)}"`
        : `${where}${e.message ?? e.keyword}`;
    if (field === undefined) formErrors.push(message);
    else (fieldErrors[field] ??= []).push(message);
  }
  // A plain object for JSON output (no null prototype surprises for consumers).
  return { formErrors, fieldErrors: { ...fieldErrors } };
}

/** The member a reference token of ajv's instancePath names (ajv escapes them; a malformed one is kept as written). */
function memberOf(token: string): string {
  try {
    return unescapeToken(token);
  } catch {
    return token;
  }
}
