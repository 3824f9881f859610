import { readFileSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parseJson } from "../json/index.js";
import { assetPath } from "../assets.js";
import { DOCUMENT_LIMITS } from "./parse.js";
import { describeRoot, folderRoot, insideRoot, MissingDocument, RefusedReference, type DocumentRoot } from "./root.js";

export type ContractKind = "json-schema" | "openrpc" | "openapi";

export interface HistoryEntry {
  version: string;
  /** Relative to the registry folder. */
  entry: string;
}

export interface ContractEntry {
  name: string;
  kind: ContractKind;
  version: string;
  entry: string;
  description?: string;
  mirrors?: string;
  generate?: boolean;
  received?: string[];
  history?: HistoryEntry[];
}

/**
 * An undecided finding accepted on purpose (`waivers` in index.json): one finding by its id, or
 * every undecided finding of a change kind, for one contract, with the reason.
 */
export interface RegistryWaiver {
  contract: string;
  finding?: string;
  kind?: string;
  reason: string;
  /** Where it is written, relative to the registry folder: `index.json#/waivers/<i>`. */
  location: string;
}

export interface Registry {
  /** Absolute folder holding index.json; entries are relative to it. */
  dir: string;
  /** Where its documents and their references are read: the folder, widened by `--ref-root`. */
  root: DocumentRoot;
  contracts: ContractEntry[];
  /** Undecided findings `check` and `diff` accept (none for a registry made of documents). */
  waivers?: RegistryWaiver[];
  /**
   * Set for a registry made of documents given as arguments (documents.ts): each contract's document
   * is read inside its own folder, not the registry's, and there is no default lint.json.
   */
  documentRoots?: ReadonlyMap<string, DocumentRoot>;
}

export interface RegistryOptions {
  /** Folders outside the registry's own that references may reach (`--ref-root`). */
  refRoots?: readonly string[];
}

/** The bundled contracts/ folder of this package. */
export const BUNDLED_CONTRACTS_DIR = dirname(assetPath("contracts/index.json"));

export { RegistryError } from "./errors.js";
import { RegistryError } from "./errors.js";

let validateIndex: (((v: unknown) => boolean) & { errors?: unknown }) | undefined;

/**
 * Reads `<dir>/index.json`, checks it against contracts/index.schema.json and its own invariants,
 * among them that every entry and history entry is a relative path inside the root (the folder,
 * or a `--ref-root` folder).
 */
export function loadRegistry(dir: string = BUNDLED_CONTRACTS_DIR, options: RegistryOptions = {}): Registry {
  const root = folderRoot(dir, options.refRoots);
  const file = resolve(dir, "index.json");
  let raw: unknown;
  try {
    raw = parseJson(root.read(file, DOCUMENT_LIMITS.maxBytes));
  } catch (e) {
    if (e instanceof MissingDocument || e instanceof RefusedReference)
      throw new RegistryError(`${file}: ${e instanceof MissingDocument ? "no such file" : `the file ${e.message}`}`);
    throw new RegistryError(`${file}: ${(e as Error).message}`);
  }
  if (!validateIndex) {
    const schema = parseJson(readFileSync(resolve(BUNDLED_CONTRACTS_DIR, "index.schema.json"))) as object;
    validateIndex = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  }
  if (!validateIndex(raw)) {
    const errs = (validateIndex.errors as { instancePath: string; message?: string }[])
      .map((e) => `${e.instancePath || "/"} ${e.message}`)
      .join("; ");
    throw new RegistryError(`${file}: not a valid registry: ${errs}`);
  }
  const { contracts, waivers = [] } = raw as {
    contracts: ContractEntry[];
    waivers?: Omit<RegistryWaiver, "location">[];
  };
  const names = new Set<string>();
  for (const c of contracts) {
    if (names.has(c.name)) throw new RegistryError(`${file}: contract name "${c.name}" is registered twice`);
    names.add(c.name);
  }
  for (const c of contracts) {
    if (c.mirrors !== undefined && !names.has(c.mirrors)) {
      throw new RegistryError(`${file}: contract "${c.name}" mirrors unknown contract "${c.mirrors}"`);
    }
  }
  for (const c of contracts) {
    for (const e of [c.entry, ...(c.history ?? []).map((h) => h.entry)]) {
      const problem = entryProblem(root, resolve(dir), e);
      if (problem) throw new RegistryError(`${file}: contract "${c.name}": entry ${JSON.stringify(e)} ${problem}`);
    }
  }
  waivers.forEach((w, i) => {
    const at = `${file}: waiver /waivers/${i}`;
    if (!names.has(w.contract)) throw new RegistryError(`${at} names unknown contract "${w.contract}"`);
    if ((w.finding === undefined) === (w.kind === undefined))
      throw new RegistryError(
        `${at} names ${w.finding === undefined ? "neither" : "both"} a finding and a kind: give one`,
      );
  });
  return {
    dir: resolve(dir),
    root,
    contracts,
    waivers: waivers.map((w, i) => ({ ...w, location: `index.json#/waivers/${i}` })),
  };
}

/** Why an entry path may not be read, or undefined: it must be relative and stay inside the root. */
function entryProblem(root: DocumentRoot, dir: string, entry: string): string | undefined {
  if (isAbsolute(entry) || entry.startsWith("/") || entry.startsWith("\\") || /^[a-z][a-z0-9+.-]*:/i.test(entry))
    return "is not a relative path";
  if (!insideRoot(root, resolve(dir, entry)))
    return `leaves the registry folder ${describeRoot(root)} (--ref-root widens it)`;
  return undefined;
}

export function findContract(registry: Registry, name: string): ContractEntry {
  const c = registry.contracts.find((x) => x.name === name);
  if (!c) {
    throw new RegistryError(
      `no contract named "${name}" (registered: ${registry.contracts.map((x) => x.name).join(", ")})`,
    );
  }
  return c;
}

export function entryPath(registry: Registry, entry: string): string {
  return resolve(registry.dir, entry);
}
