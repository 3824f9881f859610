/** `$ref` helpers shared by the loader (resolution check), codegen (bundling) and review (lint/diff). */
import { dirname, isAbsolute, resolve } from "node:path";
import { evaluatePointer, parsePointer, type JsonValue } from "../json/index.js";
import { walkDocument } from "../schema/walk.js";
import { describeRoot, insideRoot, type DocumentRoot } from "./root.js";

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

/** A reference with a URI scheme (`file:`, `http:`, `urn:`): never followed, the tools fetch nothing. */
export function isAbsoluteUri(ref: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(ref);
}

/**
 * Where a reference leads inside `root`, or why it is refused: an absolute URI, an absolute path,
 * or a path leaving the root. The reason names the reference, never what it points at.
 */
export function confineRef(
  root: DocumentRoot,
  fromFile: string,
  ref: string,
): { target: RefTarget; refused?: undefined } | { refused: string; target?: undefined } {
  const quoted = `$ref ${JSON.stringify(ref)}`;
  if (isAbsoluteUri(ref)) return { refused: `${quoted} is an absolute URI; the tools fetch nothing` };
  const filePart = ref.split("#")[0]!;
  if (isAbsolute(filePart) || filePart.startsWith("/") || filePart.startsWith("\\"))
    return { refused: `${quoted} is an absolute path; write it relative to the referring file` };
  const target = refTarget(fromFile, ref);
  if (!insideRoot(root, target.file))
    return { refused: `${quoted} leaves the document root ${describeRoot(root)} (--ref-root widens it)` };
  return { target };
}

/** Looks a reference up among loaded files; undefined when it does not resolve. */
export function lookupRef(
  files: Map<string, unknown>,
  fromFile: string,
  ref: string,
): { target: RefTarget; value: unknown } | undefined {
  if (isAbsoluteUri(ref)) return undefined; // absolute URIs: not followed
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
