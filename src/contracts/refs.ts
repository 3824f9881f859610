/** `$ref` helpers shared by the loader (resolution check), codegen (bundling) and review (lint/diff). */
import { dirname, resolve } from "node:path";
import { evaluatePointer, parsePointer, type JsonValue } from "../json/index.js";
import { walkDocument } from "../schema/walk.js";

export interface RefSite {
  /** Pointer (in the containing document) of the object holding `$ref`. */
  pointer: string;
  ref: string;
}

/**
 * Every `$ref` string in a document, in document order, with where it sits. The walk is
 * src/schema/walk.ts's document walk: `$ref`-looking members of data (`enum`, `const`, `default`,
 * `example`) are no references, and a member *named* `$ref` is walked like any other.
 */
export function collectRefs(doc: unknown): RefSite[] {
  const out: RefSite[] = [];
  walkDocument(doc, ({ node, pointer }) => {
    if (typeof node.$ref === "string") out.push({ pointer, ref: node.$ref });
  });
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
export function lookupRef(
  files: Map<string, unknown>,
  fromFile: string,
  ref: string,
): { target: RefTarget; value: unknown } | undefined {
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
