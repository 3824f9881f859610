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
  /**
   * What to do with an object that names a member twice (`{"op":"a","op":"b"}`). `JSON.parse` keeps
   * the last one, so two readers of the same bytes (a proxy checking the first, a server running
   * the last) can disagree; RFC 8259 §4 leaves the behaviour open. Default "reject" (decision 262).
   */
  duplicateKeys?: "reject" | "last-wins";
}

export type JsonParseErrorKind = "too-large" | "too-deep" | "syntax" | "forbidden-key" | "duplicate-key";

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

/**
 * Parses JSON text with limits on size and depth. Never pollutes `Object.prototype`; every failure
 * is a `JsonParseError` with a kind and, where known, a position.
 */
export function parseJson(input: string | Uint8Array, options?: SafeParseOptions): JsonValue {
  // No default `{}`: the per-line hot path (NDJSON, SSE) allocates nothing before JSON.parse.
  const maxBytes = options?.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxDepth = options?.maxDepth ?? DEFAULT_MAX_DEPTH;
  let text: string;
  if (typeof input === "string") {
    // A UTF-16 code unit is at most 3 UTF-8 bytes; only count exactly when the cheap bound fails.
    if (input.length > maxBytes || (input.length * 3 > maxBytes && utf8ByteLength(input, maxBytes) > maxBytes)) {
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
  // Nesting depth is at most the number of opening brackets (inside strings or not), which is at
  // most the length: a text no longer than the limit, or with no more brackets than it (counted
  // with the engine's native indexOf), cannot nest past it, so the character scan is skipped.
  if (text.length > maxDepth && opensExceed(text, maxDepth)) checkDepth(text, maxDepth);
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch (e) {
    if (e instanceof RangeError) throw new JsonParseError("too-deep", "JSON input nests too deeply to parse");
    const msg = e instanceof Error ? e.message : String(e);
    const m = /position (\d+)/.exec(msg);
    const position = m ? Number(m[1]) : undefined;
    throw new JsonParseError(
      "syntax",
      `invalid JSON: ${msg}${position !== undefined ? ` (${lineColumn(text, position)})` : ""}`,
      position,
    );
  }
  if (options?.duplicateKeys !== "last-wins" && value !== null && typeof value === "object")
    checkDuplicates(text, value);
  if (options?.protoKey === "reject" && text.includes('"__proto__"') && containsProtoKey(value)) {
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

/**
 * UTF-8 length of a string, counted without `Buffer` or an encoder's copy (browser-safe, and the
 * same figure in every runtime), stopping once it passes `stopAfter`. A lone surrogate counts 3
 * bytes, as U+FFFD is what TextEncoder and Buffer write for it.
 */
export function utf8ByteLength(s: string, stopAfter = Infinity): number {
  let n = 0;
  for (let i = 0; i < s.length && n <= stopAfter; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Whether `text` holds more than `limit` opening brackets, quoted or not. */
function opensExceed(text: string, limit: number): boolean {
  let n = 0;
  for (let i = text.indexOf("{"); i >= 0; i = text.indexOf("{", i + 1)) if (++n > limit) return true;
  for (let i = text.indexOf("["); i >= 0; i = text.indexOf("[", i + 1)) if (++n > limit) return true;
  return false;
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
      if (++depth > maxDepth)
        throw new JsonParseError("too-deep", `JSON input nests deeper than ${maxDepth} levels`, i);
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
}

/**
 * Refuses a duplicate member name. Every member in the text is one `:` outside a string, and
 * JSON.parse keeps one member per distinct name, so the text names no member twice exactly when
 * the parsed value holds as many members as there are such colons. The cheap count first: all
 * colons (the engine's indexOf) against the members; only when they differ (a colon inside a
 * string, or a duplicate) does the exact scan run, which also names the duplicate.
 */
function checkDuplicates(text: string, value: object): void {
  let colons = 0;
  for (let i = text.indexOf(":"); i >= 0; i = text.indexOf(":", i + 1)) colons++;
  if (colons === memberCount(value)) return;
  const duplicate = findDuplicate(text);
  if (duplicate)
    throw new JsonParseError(
      "duplicate-key",
      `JSON input names the member ${JSON.stringify(duplicate.name)} twice in one object (${lineColumn(text, duplicate.at)})`,
      duplicate.at,
    );
}

/** Members of every object in a parsed value. */
function memberCount(value: object): number {
  let n = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object") continue;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (typeof v[i] === "object") stack.push(v[i]);
      continue;
    }
    for (const k in v) {
      n++;
      const m = (v as Record<string, unknown>)[k];
      if (typeof m === "object") stack.push(m);
    }
  }
  return n;
}

/** The first member name an object of valid JSON text repeats, with its offset (the slow path). */
function findDuplicate(text: string): { name: string; at: number } | undefined {
  // One entry per open container: the names seen so far for an object, null for an array.
  const open: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i;
      for (i++; text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
      if (expectKey) {
        const name = JSON.parse(text.slice(start, i + 1)) as string;
        const names = open[open.length - 1]!;
        if (names.has(name)) return { name, at: start };
        names.add(name);
        expectKey = false;
      }
    } else if (c === 0x7b /* { */) {
      open.push(new Set());
      expectKey = true;
    } else if (c === 0x5b /* [ */) open.push(null);
    else if (c === 0x7d /* } */ || c === 0x5d /* ] */) open.pop();
    else if (c === 0x2c /* , */) expectKey = open[open.length - 1] != null;
  }
  return undefined;
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
