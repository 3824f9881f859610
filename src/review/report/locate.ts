/**
 * Source positions of diff findings: each finding's `subject.new` (or `subject.old`, for a thing
 * that is gone) gets the file a reviewer knows (relative to the working folder, or the repository
 * path of a `git:` input; absolute outside the working folder), and the line and column of the change in the JSON/YAML text the loader read
 * (lint/locate.ts scans it). The finding's pointer names places as a reader does
 * (`parameters/query/limit`, `methods/lock.acquire`); those are mapped back to the array index
 * they are written at. A place the text does not hold resolves to its nearest written ancestor.
 */
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { escapeToken, isPlainObject, unescapeToken } from "../../json/index.js";
import { positionOf, scanText, type Position, type ScannedText } from "../lint/locate.js";
import type { DiffReport } from "../diff.js";
import type { SourceRef } from "../finding.js";
import type { LoadedSource } from "../source.js";

const PARAMETER_PLACES = new Set(["path", "query", "header", "cookie"]);

/** Resolves every finding's subject to a file, line and column; returns a new report. */
export function locateFindings(report: DiffReport, sources: { old: LoadedSource; new: LoadedSource }): DiffReport {
  const locators = { old: new Locator(sources.old), new: new Locator(sources.new) };
  return {
    ...report,
    findings: report.findings.map((f) => {
      const subject = { ...f.subject };
      if (subject.new) subject.new = locators.new.locate(subject.new);
      if (subject.old) subject.old = locators.old.locate(subject.old);
      return { ...f, subject };
    }),
  };
}

class Locator {
  private readonly scans = new Map<string, ScannedText | undefined>();
  constructor(private readonly source: LoadedSource) {}

  locate(ref: SourceRef): SourceRef {
    const doc = this.source.contract.doc;
    const hash = ref.pointer.indexOf("#");
    const written = hash < 0 ? "" : ref.pointer.slice(0, hash);
    const file = written ? resolve(dirname(doc.path), written) : doc.path;
    const inBase = relative(this.source.base, file);
    const name = inBase.startsWith("..") || isAbsolute(inBase) ? file : inBase.split(sep).join("/");
    const root = doc.files.get(file);
    const scan = this.scan(file);
    if (root === undefined || !scan) return { ...ref, file: name };
    const pointer = writtenPointer(root, tokens(hash < 0 ? ref.pointer : ref.pointer.slice(hash + 1)));
    const pos: Position | undefined = scan.keys.get(pointer) ?? positionOf(scan, pointer);
    return pos ? { ...ref, file: name, line: pos.line, column: pos.column } : { ...ref, file: name };
  }

  private scan(file: string): ScannedText | undefined {
    if (!this.scans.has(file)) {
      const bytes = this.source.contract.doc.bytes.get(file);
      this.scans.set(file, bytes ? scanText(file, bytes.toString("utf8")) : undefined);
    }
    return this.scans.get(file);
  }
}

function tokens(pointer: string): string[] {
  if (pointer === "" || pointer === "/") return [];
  return pointer.replace(/^\//, "").split("/").map(unescapeToken);
}

/**
 * The pointer as the document writes it: a reader's `parameters/<in>/<name>` is the index of that
 * parameter, `methods/<name>` and `params/<name>` the index of the entry with that name. Stops at
 * the deepest place that exists (a `$ref` is not followed: the change shows where it is written).
 */
function writtenPointer(root: unknown, path: string[]): string {
  let node = root;
  let out = "";
  for (let i = 0; i < path.length; i++) {
    const t = path[i]!;
    if (Array.isArray(node)) {
      let index = /^(0|[1-9]\d*)$/.test(t) ? Number(t) : -1;
      if (index < 0 && PARAMETER_PLACES.has(t) && i + 1 < path.length) {
        const name = path[i + 1]!;
        index = node.findIndex((p) => isPlainObject(p) && p.in === t && p.name === name);
        if (index >= 0) i++;
      }
      if (index < 0) index = node.findIndex((p) => isPlainObject(p) && p.name === t);
      if (index < 0 || index >= node.length) return out;
      node = node[index];
      out += `/${index}`;
    } else if (isPlainObject(node) && Object.hasOwn(node, t)) {
      node = node[t];
      out += `/${escapeToken(t)}`;
    } else if (isPlainObject(node) && isPlainObject(node.schema) && Object.hasOwn(node.schema, t)) {
      // A reader's `params/status/enum` is the param's `schema/enum`.
      node = node.schema[t];
      out += `/schema/${escapeToken(t)}`;
    } else return out;
  }
  return out;
}
