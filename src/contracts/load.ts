/**
 * Loads a contract document with every file it references: JSON (through the safe parser) or YAML,
 * local and relative-file `$ref`s resolved by json-schema-ref-parser. Unresolvable references are
 * reported as problems with file and pointer instead of failing the whole load.
 */
import { readFileSync } from "node:fs";
import { extname } from "node:path";
import $RefParser from "@apidevtools/json-schema-ref-parser";
import YAML from "yaml";
import { formatPointer, parseJson } from "../json/index.js";
import type { Problem } from "./problem.js";
import { collectRefs, lookupRef } from "./refs.js";

export interface LoadedDocument {
  /** Absolute path of the entry document. */
  path: string;
  root: unknown;
  /** Every document reachable through `$ref`, keyed by absolute path (the entry included). */
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

export function readDocumentFile(path: string): unknown {
  return parseDocumentText(path, readFileSync(path, "utf8"));
}

export async function loadDocument(path: string): Promise<{ doc: LoadedDocument; problems: Problem[] }> {
  const problems: Problem[] = [];
  const bytes = new Map<string, Buffer>();
  const parser = {
    order: 1,
    canParse: [".json", ".yaml", ".yml"],
    parse(file: { url: string; data: Buffer | string }) {
      const data = typeof file.data === "string" ? Buffer.from(file.data) : file.data;
      bytes.set(file.url, data);
      return parseDocumentText(file.url, data.toString("utf8"));
    },
  };
  let refs: $RefParser["$refs"];
  try {
    refs = (await $RefParser.resolve(path, {
      parse: { json: parser, yaml: false, text: false, binary: false },
      resolve: { http: false },
      continueOnError: true,
    } as never)) as unknown as $RefParser["$refs"];
  } catch (e) {
    // With continueOnError the group of errors still carries the files that did load.
    const group = e as { files?: { $refs: $RefParser["$refs"] }; errors?: { message: string; code?: string; source?: string; path?: string[] }[] };
    if (!group.files || !group.errors) {
      problems.push({ file: path, pointer: "", rule: "load", message: (e as Error).message });
      return { doc: { path, root: undefined, files: new Map(), bytes }, problems };
    }
    refs = group.files.$refs;
    for (const err of group.errors) {
      problems.push({
        file: err.source ?? path,
        pointer: err.path ? formatPointer(err.path) : "",
        rule: err.code === "EPARSER" ? "parse" : "unresolved-ref",
        message: err.message,
      });
    }
  }
  const values = refs.values() as Record<string, unknown>;
  const files = new Map<string, unknown>();
  for (const [file, value] of Object.entries(values)) if (bytes.has(file)) files.set(file, value);
  // The resolver follows files; whether each pointer lands is checked here, with its location.
  for (const [file, value] of files) {
    for (const site of collectRefs(value)) {
      if (lookupRef(files, file, site.ref) === undefined && !problems.some((p) => p.file === file && p.pointer === site.pointer)) {
        problems.push({ file, pointer: site.pointer, rule: "unresolved-ref", message: `$ref ${JSON.stringify(site.ref)} does not resolve` });
      }
    }
  }
  return { doc: { path, root: files.get(path), files, bytes }, problems };
}
