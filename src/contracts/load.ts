/**
 * Loads a contract document with every file it references, inside one root (root.ts): relative
 * file `$ref`s are followed from the referring file's location and only while they stay inside the
 * root; anything else is a `ref-refused` problem at the referring site, naming the reference and
 * never the target's content. Files are parsed by parse.ts under the document caps, which bound
 * the whole load (bytes and nodes summed over its files). Unresolvable references are reported as
 * problems with file and pointer.
 *
 * json-schema-ref-parser 15 was tried first: it resolves relative refs against `$id` and silently
 * skipped our `https://...` ids with HTTP resolution off, so it missed `./forge_block.json`
 * (docs/decisions/007-own-ref-loader.md).
 */
import { resolve } from "node:path";
import type { Problem } from "./problem.js";
import { followRefs } from "../schema/refs.js";
import { collectRefs, confineRef, lookupRef } from "./refs.js";
import { DOCUMENT_LIMITS, DocumentParseError, parseDocumentText, type DocumentLimits } from "./parse.js";
import { describeRoot, insideRoot, MissingDocument, RefusedReference, type DocumentRoot } from "./root.js";

export interface LoadedDocument {
  /** Absolute path of the entry document. */
  path: string;
  root: unknown;
  /** Every document reachable through `$ref`, keyed by absolute path (the entry first). */
  files: Map<string, unknown>;
  /** Raw bytes of every file read (parsed or not), for content hashes and duplicate-key checks. */
  bytes: Map<string, Buffer>;
}

export interface LoadOptions {
  /** Caps for the whole load: bytes and nodes are summed over every file read. */
  limits?: Readonly<DocumentLimits>;
}

/**
 * Loads `path` and what it references, reading nothing outside `root`. Never throws for what the
 * documents hold: every defect is a problem (`load`, `parse`, `ref-refused`, `unresolved-ref`).
 */
export async function loadDocument(
  path: string,
  root: DocumentRoot,
  options: LoadOptions = {},
): Promise<{ doc: LoadedDocument; problems: Problem[] }> {
  const limits = options.limits ?? DOCUMENT_LIMITS;
  const entry = resolve(path);
  const problems: Problem[] = [];
  const files = new Map<string, unknown>();
  const bytes = new Map<string, Buffer>();
  /** `file#pointer` of reference sites already reported as refused. */
  const refused = new Set<string>();
  let usedBytes = 0;
  let usedNodes = 0;
  const queue = [entry];
  if (!insideRoot(root, entry)) {
    problems.push({
      file: entry,
      pointer: "",
      rule: "load",
      message: `the document is outside its root ${describeRoot(root)} (--ref-root widens it)`,
    });
    queue.length = 0;
  }
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (files.has(file)) continue;
    files.set(file, undefined);
    let data: Buffer;
    try {
      data = root.read(file, limits.maxBytes - usedBytes);
    } catch (e) {
      if (!(e instanceof RefusedReference || e instanceof MissingDocument)) throw e;
      // A missing referenced file surfaces as an unresolved reference at its sites; a refused one is
      // reported once, here, without its content.
      if (file === entry || e instanceof RefusedReference)
        problems.push({
          file,
          pointer: "",
          rule: "load",
          message: `cannot load: ${e instanceof MissingDocument ? e.message : `the file ${e.message}`}`,
        });
      continue;
    }
    usedBytes += data.byteLength;
    bytes.set(file, data);
    let value: unknown;
    try {
      value = parseDocumentText(file, data, { ...limits, maxNodes: limits.maxNodes - usedNodes });
    } catch (e) {
      if (!(e instanceof DocumentParseError)) throw e;
      problems.push({ file, pointer: "", rule: "parse", message: e.message });
      continue;
    }
    usedNodes += countNodes(value);
    files.set(file, value);
    for (const site of collectRefs(value)) {
      if (site.ref.startsWith("#")) continue;
      const confined = confineRef(root, file, site.ref);
      if (confined.refused !== undefined) {
        refused.add(`${file}#${site.pointer}`);
        problems.push({ file, pointer: site.pointer, rule: "ref-refused", message: confined.refused });
      } else queue.push(confined.target.file);
    }
  }
  for (const [file, value] of [...files]) if (value === undefined) files.delete(file);
  // Whether each pointer lands is checked here, with the referring location.
  const cycles = new Set<string>();
  for (const [file, value] of files) {
    for (const site of collectRefs(value)) {
      if (refused.has(`${file}#${site.pointer}`)) continue;
      if (lookupRef(files, file, site.ref) === undefined) {
        problems.push({
          file,
          pointer: site.pointer,
          rule: "unresolved-ref",
          message: `$ref ${JSON.stringify(site.ref)} does not resolve`,
        });
        continue;
      }
      const cycle = referenceLoop(files, file, site.ref);
      // One problem per loop, whichever of its references the walk met first.
      const key = cycle && [...cycle].sort().join(" ");
      if (key && !cycles.has(key)) {
        cycles.add(key);
        problems.push({
          file,
          pointer: site.pointer,
          rule: "ref-cycle",
          message: `$ref ${JSON.stringify(site.ref)} comes back to itself through $ref alone (${cycle.join(" -> ")} -> ${cycle[0]}): evaluating it never reaches a schema`,
        });
      }
    }
  }
  return { doc: { path: entry, root: files.get(entry), files, bytes }, problems };
}

/**
 * The loop a reference enters when each target's own `$ref` is followed (`A: {$ref: B}`,
 * `B: {$ref: A}`; src/schema/refs.ts walks the chain), as `file#pointer` steps; undefined when the chain ends at a schema or leaves the
 * loaded files. JSON Schema 2020-12 §9.4.1: a schema MUST NOT be run into an infinite loop, and such
 * nesting has undefined behaviour; refusing it here makes validate, lint, gen and diff agree (issue
 * 32 item 4: gen exited 3 on it while validate passed). A cycle through properties or items is a
 * recursive type, not this.
 */
function referenceLoop(files: Map<string, unknown>, fromFile: string, ref: string): string[] | undefined {
  const chain = followRefs({ $ref: ref }, fromFile, (next, file) => {
    const found = lookupRef(files, file, next);
    if (found === undefined) return undefined;
    const key = `${found.target.file === fromFile ? "" : found.target.file}#${found.target.pointer}`;
    return { key, value: found.value, at: found.target.file };
  });
  return chain.kind === "loop" ? chain.keys : undefined;
}

/** Nodes of a parsed value, as parse.ts counts them (scalars, collections, member names); iterative. */
function countNodes(value: unknown): number {
  let n = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    n++;
    if (v === null || typeof v !== "object") continue;
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else
      for (const k of Object.keys(v)) {
        n++;
        stack.push((v as Record<string, unknown>)[k]);
      }
  }
  return n;
}
