/**
 * Reading and editing payloads by JSON pointer (src/json's RFC 6901 parsing): the counterexample
 * service edits one member of a payload at a time. Members are set as own data properties, never
 * through the prototype (`__proto__` is a member name like any other here).
 */
import { parsePointer } from "../../json/index.js";
import { isSchemaObject, setOwn } from "../schema/keywords.js";

/** The reference tokens of a pointer; undefined for a malformed one (a `$ref` of the input). */
export function tokensOf(pointer: string): string[] | undefined {
  try {
    return parsePointer(pointer);
  } catch {
    return undefined;
  }
}

const INDEX = /^\d+$/;

/** The value at a JSON pointer (a copy), wrapped so `undefined` means absent. */
export function valueAt(doc: unknown, pointer: string): { value: unknown } | undefined {
  let cur: unknown = doc;
  const tokens = tokensOf(pointer);
  if (!tokens) return undefined;
  for (const t of tokens) {
    if (Array.isArray(cur) && INDEX.test(t) && Number(t) < cur.length) cur = cur[Number(t)];
    else if (isSchemaObject(cur) && Object.hasOwn(cur, t)) cur = cur[t];
    else return undefined;
  }
  return { value: structuredClone(cur) };
}

/** A copy of `doc` with the value at `tokens` replaced; only the containers along the path are copied. Undefined when the parent is missing. */
export function replacedAt(doc: unknown, tokens: string[], value: unknown): unknown {
  if (tokens.length === 0) return value;
  const [t, ...rest] = tokens as [string, ...string[]];
  if (Array.isArray(doc) && INDEX.test(t) && Number(t) <= doc.length) {
    const child = rest.length === 0 ? value : replacedAt(doc[Number(t)], rest, value);
    if (child === undefined) return undefined;
    const out = [...doc];
    out[Number(t)] = child;
    return out;
  }
  if (!isSchemaObject(doc)) return undefined;
  const child = rest.length === 0 ? value : Object.hasOwn(doc, t) ? replacedAt(doc[t], rest, value) : undefined;
  if (child === undefined) return undefined;
  return withMember(doc, t, child);
}

export function withMember(o: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const out = { ...o };
  setOwn(out, name, value);
  return out;
}

/** Sets the value at a pointer whose parent exists (own data member, never the prototype). */
export function setAt(doc: unknown, pointer: string, value: unknown): boolean {
  const tokens = tokensOf(pointer) ?? [];
  const last = tokens.pop();
  if (last === undefined) return false;
  const parent = valueRef(doc, tokens);
  if (Array.isArray(parent) && INDEX.test(last)) parent[Number(last)] = value;
  else if (isSchemaObject(parent)) setOwn(parent, last, value);
  else return false;
  return true;
}

export function deleteAt(doc: unknown, pointer: string): boolean {
  const tokens = tokensOf(pointer) ?? [];
  const last = tokens.pop();
  const parent = valueRef(doc, tokens);
  if (last === undefined || !isSchemaObject(parent) || !Object.hasOwn(parent, last)) return false;
  delete parent[last];
  return true;
}

function valueRef(doc: unknown, tokens: string[]): unknown {
  let cur: unknown = doc;
  for (const t of tokens) {
    if (Array.isArray(cur) && INDEX.test(t)) cur = cur[Number(t)];
    else if (isSchemaObject(cur) && Object.hasOwn(cur, t)) cur = cur[t];
    else return undefined;
  }
  return cur;
}

/** The value with `v` at `tokens` and nothing else ("0" an array's first item). */
export function spelledOut(tokens: readonly string[], v: unknown): unknown {
  let out = v;
  for (const t of [...tokens].reverse()) {
    if (t === "0") out = [out];
    else {
      const o: Record<string, unknown> = {};
      setOwn(o, t, out);
      out = o;
    }
  }
  return out;
}
