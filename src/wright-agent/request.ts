/**
 * Turns an untrusted value into a validated ToolRequest, or the refusal the contract prescribes:
 * - not an object, no string op, an op the service does not advertise: malformed-request;
 * - removed vocabulary (x-removed-fields, e.g. rules.name): malformed-request, never ignored;
 * - any other field the op's request schema does not define: dropped (forward compatibility);
 * - a value outside an enum on a field annotated x-invalid-code (selection filters): that code
 *   (invalid-selection); every other schema violation: malformed-request;
 * - x-exactly-one-of (simulate's seconds/scenario) not satisfied: malformed-request.
 */
import type { ErrorObject } from "ajv/dist/2020.js";
import { isJsonValue } from "../json/index.js";
import { contractDocument, definitionValidator, OPERATION_NAMES, operationEntry, type Schema } from "./contract.js";
import type { OperationName } from "./handlers.js";
import { nearest } from "./mock/text.js";
import type { ToolErrorInfo, ToolRequest } from "../generated/wright-agent/types.js";

/**
 * Why a request was refused, for transports that must tell "malformed arguments" (an MCP protocol
 * error) from a service refusal: `not-a-request` (not an object, no string op), `unknown-operation`,
 * `removed-field`, `schema` (wrong type, missing field), `exactly-one-of`, `invalid-value` (an
 * enum value outside an x-invalid-code field's domain).
 */
export type RefusalReason =
  | "not-a-request"
  | "unknown-operation"
  | "removed-field"
  | "schema"
  | "exactly-one-of"
  | "invalid-value";

export type ParsedRequest =
  | { ok: true; op: OperationName; request: ToolRequest }
  | { ok: false; error: ToolErrorInfo; reason: RefusalReason };

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

function malformed(message: string, reason: RefusalReason): ParsedRequest {
  return { ok: false, error: { code: "malformed-request", message }, reason };
}

export interface ParseOptions {
  /** Operations the service advertises; others are refused. Default: all of the contract's. */
  operations?: readonly string[];
}

export function parseToolRequest(raw: unknown, options: ParseOptions = {}): ParsedRequest {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return malformed("a request is a JSON object with an op member", "not-a-request");
  // In-process callers may leave optional members undefined; JSON has no undefined, so drop them.
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) {
    const v = (raw as Record<string, unknown>)[key];
    if (v !== undefined)
      Object.defineProperty(input, key, { value: v, enumerable: true, writable: true, configurable: true });
  }
  if (!isJsonValue(input)) return malformed("a request must be plain JSON data", "not-a-request");
  const op = input.op;
  if (typeof op !== "string") return malformed("op must be a string naming an operation", "not-a-request");
  const advertised = options.operations ?? OPERATION_NAMES;
  const entry = operationEntry(op);
  if (!entry || !advertised.includes(op)) {
    const hint = nearest(op, advertised);
    return malformed(
      `unknown operation ${JSON.stringify(op)}${hint ? ` (did you mean ${hint}?)` : ""}; capabilities lists the operations`,
      "unknown-operation",
    );
  }
  const def = contractDocument.$defs[entry.request]!;
  const properties = (def.properties ?? {}) as Record<string, Schema>;
  const removed = (def["x-removed-fields"] ?? {}) as Record<string, string>;
  for (const field of Object.keys(removed))
    if (hasOwn(input, field))
      return malformed(`${op}: the ${field} field was removed: ${removed[field]}`, "removed-field");

  const request: Record<string, unknown> = {};
  for (const key of Object.keys(input)) if (hasOwn(properties, key)) request[key] = input[key];

  // The generated (precompiled) validator decides; the runtime allErrors one only explains a failure.
  if (!entry.validateRequest(request)) {
    const validate = definitionValidator(entry.request);
    validate(request);
    const errors = validate.errors ?? [];
    const codes = errors.map((e) => invalidCode(e, properties));
    const message = `${op}: ${errors.map(describe).join("; ")}`;
    if (errors.length && codes.every((c) => c !== undefined))
      return { ok: false, error: { code: codes[0]!, message }, reason: "invalid-value" };
    return malformed(message, "schema");
  }
  const exactlyOne = def["x-exactly-one-of"] as string[] | undefined;
  if (exactlyOne && exactlyOne.filter((k) => hasOwn(request, k)).length !== 1)
    return malformed(`${op}: send exactly one of ${exactlyOne.join(", ")}`, "exactly-one-of");
  return { ok: true, op: op as OperationName, request: request as unknown as ToolRequest };
}

/** The code an enum violation maps to when its top-level field is annotated x-invalid-code. */
function invalidCode(e: ErrorObject, properties: Record<string, Schema>): string | undefined {
  if (e.keyword !== "enum") return undefined;
  const field = e.instancePath.split("/")[1];
  if (field === undefined || !hasOwn(properties, field)) return undefined;
  const code = properties[field]!["x-invalid-code"];
  return typeof code === "string" ? code : undefined;
}

function describe(e: ErrorObject): string {
  const where = e.instancePath || "/";
  if (e.keyword === "enum")
    return `${where} must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
  if (e.keyword === "required") return `missing required field ${String(e.params.missingProperty)}`;
  if (e.keyword === "additionalProperties") return `${where} has unknown member ${String(e.params.additionalProperty)}`;
  return `${where} ${e.message ?? e.keyword}`;
}
