/**
 * Loads a contract document with every file it references: JSON (through the safe parser) or YAML
 * (duplicate keys refused). Relative-file `$ref`s are followed from the referring file's location;
 * a document's `$id` is indexed too, so a ref that resolves against `$id` (the JSON Schema rule)
 * lands on the same file. Unresolvable references are reported as problems with file and pointer.
 *
 * json-schema-ref-parser 15 was tried first: it resolves relative refs against `$id` and silently
 * skipped our `https://...` ids with HTTP resolution off, so it missed `./forge_block.json`
 * (docs/decisions/007-own-ref-loader.md).
 */
import { readFileSync } from "node:fs";
import { extname } from "node:path";
import YAML from "yaml";
import { parseJson } from "../json/index.js";
import type { Problem } from "./problem.js";
import { collectRefs, lookupRef, refTarget } from "./refs.js";

export interface LoadedDocument {
  /** Absolute path of the entry document. */
  path: string;
  root: unknown;
  /** Every document reachable through `$ref`, keyed by absolute path (the entry first). */
  files: Map<string, unknown>;
  /** Raw bytes of every file, for content hashes and duplicate-key checks. */
  bytes: Map<string, Buffer>;
}

/** Parses one file by its extension. Throws with a clear message on malformed input. */
export function parseDocumentText(path: string, text: string): unknown {
  const ext = extname(path).toLowerCase();
  if (ext === ".yaml" || ext === ".yml") {
    const doc = YAML.parseDocument(text, { uniqueKeys: true, prettyErrors: true });
    if (doc.errors.length > 0) throw new Error(doc.errors.map((e) => e.message).join("; "));
    return doc.toJS({ maxAliasCount: 100 });
  }
  return parseJson(text);
}

export async function loadDocument(path: string): Promise<{ doc: LoadedDocument; problems: Problem[] }> {
  const problems: Problem[] = [];
  const files = new Map<string, unknown>();
  const bytes = new Map<string, Buffer>();
  const queue = [path];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (files.has(file)) continue;
    let data: Buffer;
    try {
      data = readFileSync(file);
    } catch (e) {
      if (file === path) problems.push({ file, pointer: "", rule: "load", message: (e as Error).message });
      files.set(file, undefined);
      continue;
    }
    try {
      files.set(file, parseDocumentText(file, data.toString("utf8")));
      bytes.set(file, data);
    } catch (e) {
      problems.push({ file, pointer: "", rule: "parse", message: (e as Error).message });
      files.set(file, undefined);
      continue;
    }
    for (const site of collectRefs(files.get(file))) {
      if (site.ref.startsWith("#") || /^[a-z][a-z0-9+.-]*:/i.test(site.ref)) continue;
      queue.push(refTarget(file, site.ref).file);
    }
  }
  for (const [file, value] of [...files]) if (value === undefined) files.delete(file);
  // Whether each pointer lands is checked here, with the referring location.
  for (const [file, value] of files) {
    for (const site of collectRefs(value)) {
      if (lookupRef(files, file, site.ref) === undefined) {
        problems.push({
          file,
          pointer: site.pointer,
          rule: "unresolved-ref",
          message: `$ref ${JSON.stringify(site.ref)} does not resolve`,
        });
      }
    }
  }
  return { doc: { path, root: files.get(path), files, bytes }, problems };
}
