/**
 * Diff inputs: a file path, or `git:<ref>:<path>` (the document as committed at that ref, with
 * every relative-file `$ref` it reaches read from the same ref). Git inputs are materialised
 * into a temporary folder with the same relative layout, loaded by the ordinary loader, and the
 * folder is removed again.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix, relative, resolve } from "node:path";
import {
  collectRefs,
  loadDocument,
  parseDocumentText,
  type ContractKind,
  type LoadedContract,
} from "../contracts/index.js";
import { isSchemaObject } from "./schema/keywords.js";
import { documentDialect, DialectError } from "./schema/dialect.js";

export class SourceError extends Error {
  override readonly name = "SourceError";
}

export interface LoadedSource {
  /** What the user gave, for reports. */
  label: string;
  contract: LoadedContract;
}

export function detectKind(root: unknown): ContractKind {
  if (isSchemaObject(root) && typeof root.openrpc === "string") return "openrpc";
  if (isSchemaObject(root) && typeof root.openapi === "string") return "openapi";
  return "json-schema";
}

export async function loadSource(spec: string, cwd: string = process.cwd()): Promise<LoadedSource> {
  if (spec.startsWith("git:")) return loadGitSource(spec, cwd);
  const path = resolve(cwd, spec);
  if (!existsSync(path)) throw new SourceError(`${spec}: no such file`);
  return { label: spec, contract: await loadAs(path) };
}

async function loadAs(path: string): Promise<LoadedContract> {
  const { doc, problems } = await loadDocument(path);
  if (doc.root === undefined)
    throw new SourceError(`${path}: ${problems.map((p) => p.message).join("; ") || "cannot load"}`);
  const unresolved = problems.filter((p) => p.rule === "unresolved-ref");
  if (unresolved.length)
    throw new SourceError(`${path}: ${unresolved.map((p) => `${p.file}#${p.pointer} ${p.message}`).join("; ")}`);
  const kind = detectKind(doc.root);
  try {
    documentDialect(doc.root);
  } catch (e) {
    if (e instanceof DialectError) throw new SourceError(`${path}: ${e.message}`);
    throw e;
  }
  return { entry: { name: "diff", kind, version: "", entry: path }, doc, problems };
}

/** `git:<ref>:<path>`; refs cannot contain ':' (git forbids it), so the first ':' after the ref splits. */
export function parseGitSpec(spec: string): { ref: string; path: string } {
  const rest = spec.slice("git:".length);
  const i = rest.indexOf(":");
  if (i <= 0 || i === rest.length - 1) throw new SourceError(`${spec}: expected git:<ref>:<path>`);
  const ref = rest.slice(0, i);
  const path = rest.slice(i + 1);
  if (ref.startsWith("-")) throw new SourceError(`${spec}: a ref may not start with '-'`);
  return { ref, path };
}

function git(args: string[], cwd: string): Buffer {
  try {
    return execFileSync("git", args, { cwd, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    const err = e as { stderr?: Buffer; message: string };
    throw new SourceError(`git ${args.join(" ")}: ${(err.stderr?.toString() || err.message).trim()}`);
  }
}

async function loadGitSource(spec: string, cwd: string): Promise<LoadedSource> {
  const { ref, path } = parseGitSpec(spec);
  const top = git(["rev-parse", "--show-toplevel"], cwd).toString().trim();
  // Paths are relative to the current folder, as for files (git's own `ref:./path` form).
  const repoPath = relative(top, resolve(cwd, path)).split(/[\\/]/).join("/");
  if (repoPath.startsWith("..")) throw new SourceError(`${spec}: ${path} is outside the repository`);
  const dir = mkdtempSync(join(tmpdir(), "contract-suite-git-"));
  try {
    const queue = [repoPath];
    const done = new Set<string>();
    while (queue.length) {
      const file = queue.shift()!;
      if (done.has(file)) continue;
      done.add(file);
      let data: Buffer;
      try {
        data = git(["show", `${ref}:${file}`], top);
      } catch (e) {
        if (file === repoPath) throw e;
        continue; // a missing referenced file surfaces as an unresolved reference
      }
      const target = join(dir, ...file.split("/"));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, data);
      let parsed: unknown;
      try {
        parsed = parseDocumentText(file, data.toString("utf8"));
      } catch {
        continue;
      }
      for (const site of collectRefs(parsed)) {
        if (site.ref.startsWith("#") || /^[a-z][a-z0-9+.-]*:/i.test(site.ref)) continue;
        const filePart = site.ref.split("#")[0]!;
        const next = posix.normalize(posix.join(posix.dirname(file), filePart));
        if (!next.startsWith("..")) queue.push(next);
      }
    }
    const contract = await loadAs(join(dir, ...repoPath.split("/")));
    return { label: spec, contract };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
