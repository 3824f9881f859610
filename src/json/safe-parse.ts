import type { JsonValue } from "./json-value.js";

export interface SafeParseOptions {
  /** Largest accepted input in UTF-8 bytes. Default 16 MiB. */
  maxBytes?: number;
  /** Deepest accepted nesting of arrays/objects. Default 512. */
  maxDepth?: number;
  /**
   * What to do with an object member named `__proto__`. `JSON.parse` already stores it as an
   * own data property (it never touches the prototype), so "keep" is safe for this parser; code
   * that copies members with `obj[key] = v` must still guard itself. "reject" refuses the input.
   */
  protoKey?: "keep" | "reject";
}

export type JsonParseErrorKind = "too-large" | "too-deep" | "syntax" | "forbidden-key";

export class JsonParseError extends Error {
  override readonly name = "JsonParseError";
  constructor(
    readonly kind: JsonParseErrorKind,
    message: string,
    /** Character offset of the problem, when known. */
    readonly position?: number,
  ) {
    super(message);
  }
}

export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
export const DEFAULT_MAX_DEPTH = 512;

const decoder = new TextDecoder("utf-8", { fatal: true });

/** UTF-8 byte length of a string without Node's Buffer (browsers have none); a lone surrogate counts 3, as TextEncoder writes U+FFFD. */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2; // a surrogate pair: 2 code units, 4 bytes
      i++;
    } else n += 2;
  }
  return n;
}

/**
 * Parses JSON text with limits on size and depth. Never pollutes `Object.prototype`; every failure
 * is a `JsonParseError` with a kind and, where known, a position.
 */
export function parseJson(input: string | Uint8Array, options: SafeParseOptions = {}): JsonValue {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  let text: string;
  if (typeof input === "string") {
    // A UTF-16 code unit is at most 3 UTF-8 bytes; only count exactly when the cheap bound fails.
    if (input.length > maxBytes || (input.length * 3 > maxBytes && utf8Length(input) > maxBytes)) {
      throw new JsonParseError("too-large", `JSON input exceeds ${maxBytes} bytes`);
    }
    text = input;
  } else {
    if (input.byteLength > maxBytes) throw new JsonParseError("too-large", `JSON input exceeds ${maxBytes} bytes`);
    try {
      text = decoder.decode(input);
    } catch {
      throw new JsonParseError("syntax", "JSON input is not valid UTF-8");
    }
  }
  checkDepth(text, maxDepth);
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch (e) {
    if (e instanceof RangeError) throw new JsonParseError("too-deep", "JSON input nests too deeply to parse");
    const msg = e instanceof Error ? e.message : String(e);
    const m = /position (\d+)/.exec(msg);
    const position = m ? Number(m[1]) : undefined;
    throw new JsonParseError("syntax", `invalid JSON: ${msg}${position !== undefined ? ` (${lineColumn(text, position)})` : ""}`, position);
  }
  if (options.protoKey === "reject" && text.includes('"__proto__"') && containsProtoKey(value)) {
    throw new JsonParseError("forbidden-key", 'JSON input contains an object member named "__proto__"');
  }
  return value;
}

export type SafeParseResult = { ok: true; value: JsonValue } | { ok: false; error: JsonParseError };

export function tryParseJson(input: string | Uint8Array, options?: SafeParseOptions): SafeParseResult {
  try {
    return { ok: true, value: parseJson(input, options) };
  } catch (e) {
    if (e instanceof JsonParseError) return { ok: false, error: e };
    throw e;
  }
}

/** Linear scan of bracket depth outside strings, so JSON.parse never sees hostile nesting. */
function checkDepth(text: string, maxDepth: number): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) throw new JsonParseError("too-deep", `JSON input nests deeper than ${maxDepth} levels`, i);
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
}

function containsProtoKey(root: JsonValue): boolean {
  const stack: JsonValue[] = [root];
  while (stack.length) {
    const v = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (Array.isArray(v)) stack.push(...v);
    else {
      if (Object.prototype.hasOwnProperty.call(v, "__proto__")) return true;
      for (const k of Object.keys(v)) stack.push(v[k]!);
    }
  }
  return false;
}

function lineColumn(text: string, position: number): string {
  let line = 1;
  let col = 1;
  for (let i = 0; i < position && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      col = 1;
    } else col++;
  }
  return `line ${line}, column ${col}`;
}
