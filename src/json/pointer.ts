/**
 * RFC 6901 JSON Pointer: parse/format/escape and evaluation over own members only.
 *
 * Two modes:
 * - "plain": RFC 6901 as written. Any own member may be addressed, including one named `constructor`.
 * - "receiver": frame-wire's receiver rule on top. A pointer may not address or traverse
 *   `__proto__`, `constructor` or `prototype` at any position, because in JavaScript "the container
 *   exists" is otherwise satisfied by an inherited member.
 *
 * Array indices follow the RFC grammar `0 / (%x31-39 *DIGIT)`: `"01"` never addresses element 1
 * (as an object member name it is an ordinary key).
 */
import type { JsonObject, JsonValue } from "./json-value.js";

export type PointerMode = "plain" | "receiver";

export type PointerErrorCode =
  | "pointer-syntax" // not "" and not "/"-prefixed, or a "~" not followed by 0 or 1
  | "forbidden-member" // receiver mode: __proto__ / constructor / prototype
  | "leading-zero" // an array index token such as "01"
  | "invalid-array-index" // an array token that is not an index at all ("x", "-1", "1.5", "-" when evaluating)
  | "index-out-of-range" // an array index >= length
  | "missing-member" // an object has no own member by that name
  | "not-a-container"; // traversal through a scalar

export class PointerError extends Error {
  override readonly name = "PointerError";
  constructor(
    readonly code: PointerErrorCode,
    message: string,
    /** 0-based position of the offending reference token, when one is at fault. */
    readonly tokenIndex?: number,
  ) {
    super(message);
  }
}

export const RECEIVER_FORBIDDEN_MEMBERS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

const hasOwn = Object.prototype.hasOwnProperty;
const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;
const DIGITS = /^[0-9]+$/;

export function escapeToken(token: string): string {
  if (!token.includes("~") && !token.includes("/")) return token;
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapeToken(token: string): string {
  if (!token.includes("~")) return token;
  if (/~(?![01])/.test(token))
    throw new PointerError(
      "pointer-syntax",
      `invalid escape in reference token ${JSON.stringify(token)}: "~" must be followed by 0 or 1`,
    );
  // Order matters (RFC 6901 section 4): ~1 first, then ~0, so "~01" becomes "~1" and not "/".
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Splits a pointer into unescaped reference tokens. `""` is the whole document (no tokens). */
export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (pointer.charCodeAt(0) !== 0x2f)
    throw new PointerError("pointer-syntax", `JSON pointer ${JSON.stringify(pointer)} must be empty or start with "/"`);
  const raw = pointer.slice(1).split("/");
  const tokens = new Array<string>(raw.length);
  for (let i = 0; i < raw.length; i++) {
    try {
      tokens[i] = unescapeToken(raw[i]!);
    } catch (e) {
      throw new PointerError("pointer-syntax", (e as Error).message, i);
    }
  }
  return tokens;
}

export function formatPointer(tokens: readonly string[]): string {
  let out = "";
  for (const t of tokens) out += "/" + escapeToken(t);
  return out;
}

/** Whether `pointer` is `ancestor` itself or lies below it ("/a/b" is within "/a" and within "", "/ab" is not within "/a"). */
export function pointerWithin(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}

/** True for tokens matching the RFC's array-index grammar (no leading zeros, no sign). */
export function isArrayIndexToken(token: string): boolean {
  return ARRAY_INDEX.test(token);
}

const CACHE_LIMIT = 4096;
const cache = new Map<string, readonly string[]>();

/**
 * `parsePointer` with a bounded cache of frozen token lists: a stream that names the same paths
 * over and over decodes each once.
 */
export function compilePointer(pointer: string): readonly string[] {
  let tokens = cache.get(pointer);
  if (tokens === undefined) {
    tokens = Object.freeze(parsePointer(pointer));
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(pointer, tokens);
  }
  return tokens;
}

/** True when no token is `__proto__`, `constructor` or `prototype` (the receiver rule holds). */
export function isReceiverSafe(tokens: readonly string[]): boolean {
  for (let i = 0; i < tokens.length; i++) if (RECEIVER_FORBIDDEN_MEMBERS.has(tokens[i]!)) return false;
  return true;
}

/**
 * Allocation-free walk of `tokens[0, end)` over own members and in-range RFC 6901 indices: the value
 * reached, or undefined when any step would fail (`evaluatePointer` then says why). Hot paths (the
 * frame-wire fold) use it so the common case costs no result objects; receiver-mode callers check
 * `isReceiverSafe` first.
 */
export function walkOwn(
  document: JsonValue,
  tokens: readonly string[],
  end: number = tokens.length,
): JsonValue | undefined {
  let c: JsonValue = document;
  for (let i = 0; i < end; i++) {
    const t = tokens[i]!;
    if (Array.isArray(c)) {
      if (!ARRAY_INDEX.test(t)) return undefined;
      const n = Number(t);
      if (n >= c.length) return undefined;
      c = c[n]!;
    } else if (c !== null && typeof c === "object") {
      if (!hasOwn.call(c, t)) return undefined;
      c = (c as JsonObject)[t]!;
    } else return undefined;
  }
  return c;
}

export type PointerResult<T> = { ok: true; value: T } | { ok: false; error: PointerError };

function fail<T>(code: PointerErrorCode, message: string, tokenIndex?: number): PointerResult<T> {
  return { ok: false, error: new PointerError(code, message, tokenIndex) };
}

function checkReceiverTokens(tokens: readonly string[], mode: PointerMode): PointerResult<never> | undefined {
  if (mode !== "receiver") return undefined;
  for (let i = 0; i < tokens.length; i++) {
    if (RECEIVER_FORBIDDEN_MEMBERS.has(tokens[i]!)) {
      return fail(
        "forbidden-member",
        `reference token ${i} names the forbidden member ${JSON.stringify(tokens[i])}`,
        i,
      );
    }
  }
  return undefined;
}

/** Resolves one step; `i` is the token's position (for messages). */
function step(container: JsonValue, token: string, i: number): PointerResult<JsonValue> {
  if (Array.isArray(container)) {
    const index = arrayIndex(token, i);
    if (!index.ok) return index;
    if (index.value >= container.length)
      return fail(
        "index-out-of-range",
        `array index ${index.value} at token ${i} is out of range (length ${container.length})`,
        i,
      );
    return { ok: true, value: container[index.value]! };
  }
  if (container !== null && typeof container === "object") {
    if (!hasOwn.call(container, token))
      return fail("missing-member", `no own member ${JSON.stringify(token)} at token ${i}`, i);
    return { ok: true, value: (container as JsonObject)[token]! };
  }
  return fail(
    "not-a-container",
    `token ${i} (${JSON.stringify(token)}) traverses a ${container === null ? "null" : typeof container}`,
    i,
  );
}

function arrayIndex(token: string, i: number): PointerResult<number> {
  if (ARRAY_INDEX.test(token)) {
    const n = Number(token);
    if (!Number.isSafeInteger(n))
      return fail("index-out-of-range", `array index ${token} at token ${i} is too large`, i);
    return { ok: true, value: n };
  }
  if (DIGITS.test(token))
    return fail("leading-zero", `array index ${JSON.stringify(token)} at token ${i} has a leading zero`, i);
  return fail("invalid-array-index", `${JSON.stringify(token)} at token ${i} is not an array index`, i);
}

/** The pointer's tokens (compiled and cached when given as a string), after the receiver rule. */
function checkedTokens(pointer: string | readonly string[], mode: PointerMode): PointerResult<readonly string[]> {
  let tokens: readonly string[];
  if (typeof pointer === "string") {
    try {
      tokens = compilePointer(pointer);
    } catch (e) {
      return { ok: false, error: e as PointerError };
    }
  } else tokens = pointer;
  return checkReceiverTokens(tokens, mode) ?? { ok: true, value: tokens };
}

/** Evaluates a pointer against a document (RFC 6901 section 4), own members only. */
export function evaluatePointer(
  document: JsonValue,
  pointer: string | readonly string[],
  options: { mode?: PointerMode } = {},
): PointerResult<JsonValue> {
  const checked = checkedTokens(pointer, options.mode ?? "plain");
  if (!checked.ok) return checked;
  const tokens = checked.value;
  let current = document;
  for (let i = 0; i < tokens.length; i++) {
    const r = step(current, tokens[i]!, i);
    if (!r.ok) return r;
    current = r.value;
  }
  return { ok: true, value: current };
}

/** Where the last token of a pointer lands: its (existing) parent container and the key in it. */
export type PointerTarget =
  | { kind: "object"; parent: JsonObject; key: string; exists: boolean }
  | { kind: "array"; parent: JsonValue[]; index: number; exists: boolean };

/**
 * Resolves every token but the last, then describes where the last one lands, for writers
 * (set, append). The parent must already exist as an own member. For arrays the last token must be
 * an index (`"-"` names the position after the last element); `exists` says whether the target
 * member/element is already there. The root pointer `""` has no parent: "missing-member" error.
 */
export function resolveTarget(
  document: JsonValue,
  pointer: string | readonly string[],
  options: { mode?: PointerMode } = {},
): PointerResult<PointerTarget> {
  const checked = checkedTokens(pointer, options.mode ?? "plain");
  if (!checked.ok) return checked;
  const tokens = checked.value;
  if (tokens.length === 0) return fail("missing-member", "the root pointer has no parent container");
  let parent = document;
  const last = tokens.length - 1;
  for (let i = 0; i < last; i++) {
    const r = step(parent, tokens[i]!, i);
    if (!r.ok) return r;
    parent = r.value;
  }
  const token = tokens[last]!;
  if (Array.isArray(parent)) {
    if (token === "-") return { ok: true, value: { kind: "array", parent, index: parent.length, exists: false } };
    const index = arrayIndex(token, last);
    if (!index.ok) return index;
    return { ok: true, value: { kind: "array", parent, index: index.value, exists: index.value < parent.length } };
  }
  if (parent !== null && typeof parent === "object") {
    return { ok: true, value: { kind: "object", parent, key: token, exists: hasOwn.call(parent, token) } };
  }
  return fail(
    "not-a-container",
    `token ${last} (${JSON.stringify(token)}) addresses into a ${parent === null ? "null" : typeof parent}`,
    last,
  );
}
