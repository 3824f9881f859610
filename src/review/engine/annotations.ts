/**
 * The annotation walk: both raw documents side by side, every annotation keyword (description,
 * summary, title, `$comment`, examples, example, default, deprecated) and `x-extensible-enum` whose
 * value differs at the same place becomes an `AnnotationEdit` for the annotation kinds (kinds/,
 * `on: "edit"`). Also where the data at a raw pointer travels (`wireSide`), which those kinds need.
 */
import { escapeToken, parsePointer } from "../../json/index.js";
import { NAME_MAPS } from "../../schema/walk.js";
import { reachable, type ContractModel, type Direction } from "../model.js";
import { canonical, isSchemaObject } from "../schema/keywords.js";
import { valueAt } from "../prove/values.js";

export interface AnnotationEdit {
  /** Pointer of the keyword in the new document (the same place in the old one). */
  pointer: string;
  keyword: string;
  old: unknown;
  new: unknown;
}

const ANNOTATIONS = new Set([
  "description",
  "summary",
  "title",
  "$comment",
  "examples",
  "example",
  "default",
  "deprecated",
]);

/** Every annotation edit between the two raw documents, in document order. */
export function annotationEdits(oldM: ContractModel, newM: ContractModel): AnnotationEdit[] {
  const out: AnnotationEdit[] = [];
  const walk = (o: unknown, n: unknown, pointer: string, nameMap: boolean, resolved = 0): void => {
    if (Array.isArray(o) && Array.isArray(n)) {
      const named = (xs: unknown[]) => xs.every((x) => isSchemaObject(x) && typeof x.name === "string");
      if (named(o) && named(n)) {
        for (const x of o as Record<string, unknown>[]) {
          const y = (n as Record<string, unknown>[]).find((z) => z.name === x.name);
          if (y) walk(x, y, `${pointer}/${escapeToken(String(x.name))}`, false);
        }
      } else o.forEach((x, i) => i < n.length && walk(x, n[i], `${pointer}/${i}`, false));
      return;
    }
    if (!isSchemaObject(o) || !isSchemaObject(n)) return;
    // One side references what the other writes inline (an inlined or extracted $ref): compare the
    // inline side with the referenced schema, or an unchanged `default` reads as added or removed.
    const oRef = typeof o.$ref === "string" ? o.$ref : undefined;
    const nRef = typeof n.$ref === "string" ? n.$ref : undefined;
    if (!nameMap && (oRef === undefined) !== (nRef === undefined) && resolved < 8) {
      const target = oRef !== undefined ? localTarget(oldM.raw, o) : localTarget(newM.raw, n);
      if (target === undefined) return;
      return oRef !== undefined
        ? walk(target, n, pointer, nameMap, resolved + 1)
        : walk(o, target, pointer, nameMap, resolved + 1);
    }
    for (const k of new Set([...Object.keys(o), ...Object.keys(n)])) {
      const here = `${pointer}/${escapeToken(k)}`;
      const isAnnotation = !nameMap && ANNOTATIONS.has(k) && !isSchemaObject(o[k]) && !isSchemaObject(n[k]);
      if (isAnnotation) {
        if (canonical(o[k]) !== canonical(n[k])) out.push({ pointer: here, keyword: k, old: o[k], new: n[k] });
        continue;
      }
      if (k === "enum" || k === "const") continue;
      if (k === "x-extensible-enum" && Array.isArray(o[k]) && Array.isArray(n[k])) {
        if (canonical(o[k]) !== canonical(n[k])) out.push({ pointer: here, keyword: k, old: o[k], new: n[k] });
        continue;
      }
      if (o[k] !== undefined && n[k] !== undefined) walk(o[k], n[k], here, !nameMap && NAME_MAPS.has(k));
    }
  };
  walk(oldM.raw, newM.raw, "", false);
  return out;
}

/** A local `$ref`'s target with the referencing object's other members over it; undefined for a reference into another file. */
function localTarget(doc: unknown, node: Record<string, unknown>): Record<string, unknown> | undefined {
  const ref = node.$ref as string;
  if (!ref.startsWith("#")) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined; // a malformed percent-escape: no such target
  }
  const target = valueAt(doc, pointer)?.value;
  if (!isSchemaObject(target)) return undefined;
  const { $ref: _, ...siblings } = node;
  return { ...target, ...siblings };
}

const sideCache = new WeakMap<ContractModel, { request: Set<string>; response: Set<string> }>();

/**
 * Which way the data at a raw document pointer travels: OpenAPI parameters and request bodies are
 * sent, responses received (the other way round under webhooks and callbacks); OpenRPC params are
 * sent, results received; a shared component by the surfaces that reach it. "none" when unknown.
 */
export function wireSide(m: ContractModel, pointer: string): Direction | "none" {
  let tokens: string[];
  try {
    tokens = parsePointer(pointer);
  } catch {
    return "none";
  }
  if (m.kind === "openapi" && (tokens[0] === "paths" || tokens[0] === "webhooks")) {
    let flipped = tokens[0] === "webhooks";
    let side: Direction | "none" = "none";
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i] === "callbacks") flipped = !flipped;
      if (tokens[i] === "parameters" || tokens[i] === "requestBody") side = flipped ? "response" : "request";
      if (tokens[i] === "responses") side = flipped ? "request" : "response";
    }
    return side;
  }
  if (m.kind === "openapi" && tokens[0] === "components" && ["parameters", "requestBodies"].includes(tokens[1] ?? ""))
    return "request";
  if (m.kind === "openapi" && tokens[0] === "components" && ["responses", "headers"].includes(tokens[1] ?? ""))
    return "response";
  if (m.kind === "openrpc" && tokens[0] === "methods")
    return tokens[2] === "params" ? "request" : tokens[2] === "result" || tokens[2] === "errors" ? "response" : "none";
  const def = tokens[0] === "components" && tokens[1] === "schemas" ? tokens[2] : undefined;
  if (def === undefined) return "none";
  let sides = sideCache.get(m);
  if (!sides) {
    const of = (d: Direction) =>
      reachable(
        [...m.surfaces.values()]
          .filter((s) => s.role !== "definition" && (s.direction === d || s.direction === "both"))
          .map((s) => s.node),
        m.ctx,
      );
    sideCache.set(m, (sides = { request: of("request"), response: of("response") }));
  }
  // A definition may have readOnly/writeOnly view copies (openapi-views.ts) with the same origin.
  const suffix = `#/components/schemas/${escapeToken(def)}`;
  const names = Object.entries(m.origins)
    .filter(([, origin]) => origin.endsWith(suffix))
    .map(([n]) => n);
  if (!names.length) return "none";
  const req = names.some((n) => sides.request.has(n));
  const res = names.some((n) => sides.response.has(n));
  return req && res ? "both" : req ? "request" : res ? "response" : "none";
}
