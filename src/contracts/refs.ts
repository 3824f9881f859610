/** `$ref` helpers shared by the loader (resolution check), codegen (bundling) and review (lint/diff). */
import { dirname, resolve } from "node:path";
import { evaluatePointer, formatPointer, parsePointer, type JsonValue } from "../json/index.js";

export interface RefSite {
  /** Pointer (in the containing document) of the object holding `$ref`. */
  pointer: string;
  ref: string;
}

/** Every `$ref` string in a document, in document order, with where it sits. */
export function collectRefs(doc: unknown): RefSite[] {
  const out: RefSite[] = [];
  const walk = (node: unknown, path: string[]): void => {
    if (Array.isArray(node)) {
      node.forEach((v, i) => walk(v, [...path, String(i)]));
      return;
    }
    if (node === null || typeof node !== "object") return;
    const rec = node as Record<string, unknown>;
    if (typeof rec.$ref === "string") out.push({ pointer: formatPointer(path), ref: rec.$ref });
    for (const k of Object.keys(rec)) {
      // Keys under "properties"/"$defs" are names, not keywords: `$ref` there is a member name.
      if (k === "$ref") continue;
      walk(rec[k], [...path, k]);
    }
  };
  walk(doc, []);
  return out;
}

export interface RefTarget {
  /** Absolute path of the target document. */
  file: string;
  /** Fragment pointer inside it ("" = whole document). */
  pointer: string;
}

/** Splits a `$ref` into the file it names (relative to `fromFile`) and its fragment pointer. */
export function refTarget(fromFile: string, ref: string): RefTarget {
  const hash = ref.indexOf("#");
  const filePart = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? "" : decodeURIComponent(ref.slice(hash + 1));
  const file = filePart === "" ? fromFile : resolve(dirname(fromFile), filePart);
  return { file, pointer: fragment };
}

/** Looks a reference up among loaded files; undefined when it does not resolve. */
export function lookupRef(files: Map<string, unknown>, fromFile: string, ref: string): { target: RefTarget; value: unknown } | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref) && !ref.startsWith("#")) return undefined; // absolute URIs: not followed
  const target = refTarget(fromFile, ref);
  const doc = files.get(target.file);
  if (doc === undefined) return undefined;
  if (target.pointer !== "" && !target.pointer.startsWith("/")) return undefined; // plain-name anchors: unsupported
  let tokens: string[];
  try {
    tokens = parsePointer(target.pointer);
  } catch {
    return undefined;
  }
  const r = evaluatePointer(doc as JsonValue, tokens);
  return r.ok ? { target, value: r.value } : undefined;
}
