/**
 * Diff inputs: a file path (its root: the file's folder, widened by `--ref-root`), or
 * `git:<ref>:<path>` (the document as committed at that ref, every relative-file `$ref` it reaches
 * read from the same commit's tree by git-root.ts; the root is that tree).
 */
import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import {
  documentKind,
  documentRoot,
  loadDocument,
  type ContractKind,
  type DocumentRoot,
  type LoadedContract,
} from "../contracts/index.js";
import { documentDialect, DialectError } from "../schema/dialect.js";
import { GitError, gitTreeRoot, resolveCommit, runGit } from "./git-root.js";

export class SourceError extends Error {
  override readonly name = "SourceError";
}

export interface LoadedSource {
  /** What the user gave, for reports. */
  label: string;
  contract: LoadedContract;
  /** The folder report file names are relative to: the working folder, or the repository's top for `git:` (its paths). */
  base: string;
}

export function detectKind(root: unknown): ContractKind {
  return documentKind(root);
}

export interface SourceOptions {
  cwd?: string;
  /** Folders a file input's references may reach besides its own folder (`--ref-root`). */
  refRoots?: readonly string[];
}

export async function loadSource(spec: string, options: SourceOptions = {}): Promise<LoadedSource> {
  const cwd = options.cwd ?? process.cwd();
  if (spec.startsWith("git:")) return loadGitSource(spec, cwd);
  const path = resolve(cwd, spec);
  if (!existsSync(path)) throw new SourceError(`${spec}: no such file`);
  return { label: spec, contract: await loadAs(path, documentRoot(path, options.refRoots)), base: cwd };
}

async function loadAs(path: string, root: DocumentRoot): Promise<LoadedContract> {
  const { doc, problems } = await loadDocument(path, root);
  if (doc.root === undefined)
    throw new SourceError(`${path}: ${problems.map((p) => p.message).join("; ") || "cannot load"}`);
  // A list or a scalar is no schema or API description: refused before any model is built from it (issue 32).
  const top = doc.root;
  if (typeof top !== "boolean" && (typeof top !== "object" || top === null || Array.isArray(top)))
    throw new SourceError(
      `${path}: the document is ${Array.isArray(top) ? "a list" : top === null ? "null" : `a ${typeof top}`}, not a JSON Schema, OpenAPI or OpenRPC document`,
    );
  const unresolved = problems.filter((p) => p.rule === "unresolved-ref" || p.rule === "ref-refused");
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

async function loadGitSource(spec: string, cwd: string): Promise<LoadedSource> {
  const { ref, path } = parseGitSpec(spec);
  try {
    const top = runGit(["rev-parse", "--show-toplevel"], cwd).toString().trim();
    // Paths are relative to the current folder, as for files (git's own `ref:./path` form).
    const file = resolve(cwd, path);
    if (relative(top, file).startsWith("..")) throw new SourceError(`${spec}: ${path} is outside the repository`);
    const commit = resolveCommit(ref, top);
    return { label: spec, contract: await loadAs(file, gitTreeRoot(top, commit)), base: top };
  } catch (e) {
    if (e instanceof GitError) throw new SourceError(`${spec}: ${e.message}`);
    throw e;
  }
}
