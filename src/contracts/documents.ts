/**
 * Contract documents named on the command line instead of by registry name (decision 330):
 * `validate api.yaml`, `lint api.yaml`, `gen api.yaml --out src/generated`. Each document becomes a
 * contract of a registry made in memory: its kind detected from its content, its version its
 * `info.version`, its name its file name, and its root its own folder (decision 250). `init` writes
 * the same entries into a registry on disk, so both ways name a contract alike.
 */
import { statSync } from "node:fs";
import { basename, dirname, relative, resolve, sep } from "node:path";
import { DOCUMENT_LIMITS, parseDocumentText } from "./parse.js";
import { RegistryError, type ContractEntry, type ContractKind, type Registry } from "./registry.js";
import { documentRoot, folderRoot, MissingDocument, RefusedReference, type DocumentRoot } from "./root.js";

/** The kind of a parsed document: an `openrpc` member makes it OpenRPC, `openapi` OpenAPI, anything else JSON Schema. */
export function documentKind(root: unknown): ContractKind {
  if (root !== null && typeof root === "object" && !Array.isArray(root)) {
    if (typeof (root as Record<string, unknown>).openrpc === "string") return "openrpc";
    if (typeof (root as Record<string, unknown>).openapi === "string") return "openapi";
  }
  return "json-schema";
}

/**
 * Whether a command argument names a document rather than a registered contract: it has a folder
 * separator or a .json/.yaml/.yml extension, or is an existing file. Registry names cannot have
 * either (`^[a-z][a-z0-9-]*$`).
 */
export function isDocumentArgument(arg: string): boolean {
  if (/[\\/]/.test(arg) || /\.(json|ya?ml)$/i.test(arg)) return true;
  try {
    return statSync(arg).isFile();
  } catch {
    return false;
  }
}

/** The registry name of a document: its file name without `.json`/`.yaml`/`.yml`, lower-cased, other characters as '-'. */
export function contractNameOf(path: string): string {
  const stem = basename(path).replace(/\.(json|ya?ml)$/i, "");
  const name = stem
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^[^a-z]+|-+$/g, "");
  return name || "contract";
}

export interface DescribedDocument {
  path: string;
  name: string;
  kind: ContractKind;
  /** `info.version` when the document has one. */
  version: string | undefined;
  /** Whether it has a `$schema` member (how a JSON Schema document says what it is). */
  declaresSchema: boolean;
}

/** Reads a document inside `root` just far enough to register it; a document that cannot be read is a RegistryError (exit 2). */
export function describeDocument(path: string, root: DocumentRoot = documentRoot(path)): DescribedDocument {
  const file = resolve(path);
  let value: unknown;
  try {
    value = parseDocumentText(file, root.read(file, DOCUMENT_LIMITS.maxBytes));
  } catch (e) {
    if (e instanceof MissingDocument) throw new RegistryError(`${path}: no such file`);
    if (e instanceof RefusedReference) throw new RegistryError(`${path}: the file ${e.message}`);
    throw new RegistryError(`${path}: ${(e as Error).message.split("\n")[0]}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new RegistryError(`${path}: not a contract document (a JSON or YAML object)`);
  const info = (value as { info?: unknown }).info;
  const version =
    info !== null && typeof info === "object" && typeof (info as { version?: unknown }).version === "string"
      ? ((info as { version: string }).version as string)
      : undefined;
  const declaresSchema = typeof (value as { $schema?: unknown }).$schema === "string";
  return { path: file, name: contractNameOf(file), kind: documentKind(value), version, declaresSchema };
}

/** The deepest folder holding every path. */
function commonFolder(paths: string[]): string {
  let common = dirname(paths[0]!);
  for (const p of paths.slice(1))
    while (relative(common, p).startsWith("..") || relative(common, p).startsWith(sep)) common = dirname(common);
  return common;
}

/**
 * A registry, in memory, of documents given as arguments: each read inside its own folder widened by
 * `refRoots` (a document's references cannot reach another argument's folder), no history, and no
 * default lint.json. Two documents with one name are a RegistryError: a registry (`init`) names them.
 */
export function documentRegistry(paths: readonly string[], refRoots: readonly string[] = []): Registry {
  const contracts: ContractEntry[] = [];
  const roots = new Map<string, DocumentRoot>();
  const files = paths.map((p) => resolve(p));
  const dir = commonFolder(files);
  for (const [i, file] of files.entries()) {
    const root = documentRoot(file, refRoots);
    const d = describeDocument(paths[i]!, root);
    if (roots.has(d.name))
      throw new RegistryError(
        `${paths[i]}: another document is also named "${d.name}"; register them under different names (contract-suite init)`,
      );
    roots.set(d.name, root);
    contracts.push({ name: d.name, kind: d.kind, version: d.version ?? "0.0.0", entry: relative(dir, file) });
  }
  return { dir, root: folderRoot(dir, refRoots), contracts, documentRoots: roots };
}
