/**
 * `contract-suite gen`: for every registered contract, emit types, validators and (per kind) the
 * method table, handler interface and client into src/generated/<contract>/. Deterministic; inputs
 * unchanged since the last run are skipped by hash.
 */
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { loadContract, type LoadedContract, type Registry } from "../src/contracts/index.js";
import { readContract, type MethodInfo, type OperationInfo, type SchemaBundle } from "./bundle.js";
import { contractInputParts, fileState, renderFile, sha256, type FileState, type GeneratedFile } from "./emit.js";
import { generatorHash } from "./generator-hash.js";
import { checkOutRoot, components, inspect, OutFolderError, removeOwned, writeOwned } from "./out-folder.js";

export { OutFolderError } from "./out-folder.js";
import { rewriteRuntimeImports, type RuntimeMode } from "./runtime-imports.js";
import { pascalCase } from "./names.js";
import { generateTypesAside } from "./types-worker.js";
import { generateValidators } from "./validators.js";
import { componentErrorDefs, generateClient, generateHandlers, generateMethods } from "./openrpc.js";
import { generateOperations } from "./openapi.js";
import { findCatalog, generateCatalog } from "./catalog.js";
import { assetRoot } from "../src/assets.js";

/** The folder holding contracts/ and src/generated/: the repository (an installed CLI ships the generated code compiled). */
export const REPO_ROOT = assetRoot();
export const GENERATED_DIR = join(REPO_ROOT, "src", "generated");

/**
 * True in an installed CLI: its src/generated/ holds the compiled JavaScript of the bundled
 * contracts, not generated sources, so there is nothing there to regenerate or check.
 */
export function shipsCompiled(): boolean {
  return !existsSync(join(REPO_ROOT, "codegen", "generate.ts"));
}

/** What a kind adds on top of types and validators. */
export interface KindContext {
  contract: LoadedContract;
  bundle: SchemaBundle;
  methods: MethodInfo[];
  operations: OperationInfo[];
  prefix: string;
}
export interface KindGenerator {
  /** The files it writes for a contract, known without generating, so `gen --check` needs no regeneration. */
  files: string[] | ((contract: LoadedContract) => string[]);
  generate(ctx: KindContext): Promise<Record<string, string>> | Record<string, string>;
}

const kindGenerators: Record<string, KindGenerator[]> = {
  openrpc: [
    {
      files: ["methods.ts", "handlers.ts", "client.ts"],
      generate: ({ contract, methods, prefix }) => ({
        "methods.ts": generateMethods(
          prefix,
          methods,
          componentErrorDefs(contract.doc.root as Record<string, unknown>),
        ),
        "handlers.ts": generateHandlers(prefix, methods),
        "client.ts": generateClient(prefix, methods),
      }),
    },
  ],
  openapi: [
    {
      files: ["operations.ts"],
      generate: ({ operations, prefix }) => ({ "operations.ts": generateOperations(prefix, operations) }),
    },
  ],
  "json-schema": [
    {
      // Only contracts whose request union carries an operation catalog (x-operations).
      files: (contract) => (hasCatalog(contract) ? ["catalog.ts", "handlers.ts"] : []),
      generate: ({ bundle, prefix }) => (findCatalog(bundle) ? generateCatalog(prefix, bundle) : {}),
    },
  ],
};

function hasCatalog(contract: LoadedContract): boolean {
  const root = contract.doc.root as { $defs?: Record<string, Record<string, unknown>> } | undefined;
  return Object.values(root?.$defs ?? {}).some((d) => Array.isArray(d["x-operations"]));
}

/** Output file names per kind, known before generating (for --check without regenerating). */
export function expectedFiles(kind: string, contract?: LoadedContract, runtime: RuntimeMode = "source"): string[] {
  const byKind = (kindGenerators[kind] ?? []).flatMap((g) =>
    typeof g.files === "function" ? (contract ? g.files(contract) : []) : g.files,
  );
  return ["types.ts", ...validatorFiles(runtime), ...byKind, "index.ts"].sort();
}

/**
 * The validators' files: for the repository's own src/generated/, `.js` + `.d.ts` (its build copies
 * them into the packages); for anyone's project, one `validators.ts` that their tsc compiles into
 * their outDir and their bundler reads like any other module (decision 291).
 */
function validatorFiles(runtime: RuntimeMode): string[] {
  return runtime === "source" ? ["validators.js", "validators.d.ts"] : ["validators.ts"];
}

/** The generator, the runtime mode and the contract's content (not how it was named: decision 332). */
export function inputHash(contract: LoadedContract, runtime: RuntimeMode = "source"): string {
  const parts = [generatorHash()];
  if (runtime !== "source") parts.push(`runtime:${runtime}`);
  return sha256([...parts, ...contractInputParts(contract)].join("\0"));
}

export interface ContractOutput {
  contract: string;
  dir: string;
  inputHash: string;
  files: GeneratedFile[];
}

export async function generateContract(
  registry: Registry,
  contract: LoadedContract,
  outDir: string = GENERATED_DIR,
  runtime: RuntimeMode = "source",
  /** The contract's input hash, when the caller has it already (it reads every document's bytes). */
  hash: string = inputHash(contract, runtime),
): Promise<ContractOutput> {
  const name = contract.entry.name;
  const prefix = pascalCase(name);
  const { bundle, methods, operations } = readContract(contract);
  const bodies: Record<string, string> = {};
  // Types on a second thread while this one compiles the validators (decision 341).
  const types = generateTypesAside(bundle, `${prefix}Contract`);
  types.catch(() => {}); // awaited below; a failure must not count as unhandled while the validators compile
  // Patterns are compiled with the "u" flag, as validate reads them: a pattern invalid under it is a validate problem, so nothing is generated from it (decision 254).
  const validators = generateValidators(bundle, { allErrors: contract.entry.kind === "openrpc" });
  bodies["types.ts"] = await types;
  if (runtime === "source") {
    bodies["validators.js"] = validators.js;
    bodies["validators.d.ts"] = validators.dts;
  } else bodies["validators.ts"] = validators.ts;
  for (const gen of kindGenerators[contract.entry.kind] ?? [])
    Object.assign(bodies, await gen.generate({ contract, bundle, methods, operations, prefix }));
  const modules = Object.keys(bodies)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && f !== "types.ts" && f !== "validators.ts")
    .map((f) => f.replace(/\.ts$/, ""));
  bodies["index.ts"] = [
    `export type * from "./types.js";`,
    `export * from "./validators.js";`,
    ...modules.sort().map((m) => `export * from "./${m}.js";`),
    "",
  ].join("\n");
  // The header names the document relative to the registry's parent (contracts/wit/openrpc.json).
  const source = relative(dirname(registry.dir), contract.doc.path).split("\\").join("/");
  const dir = join(outDir, name);
  const files = Object.keys(bodies)
    .sort()
    .map((f) => ({
      path: `${name}/${f}`,
      body: renderFile(source, hash, rewriteRuntimeImports(bodies[f]!, runtime, `${name}/${f}`)),
    }));
  return { contract: name, dir, inputHash: hash, files };
}

export interface DriftReport {
  /** Files that are missing, edited by hand, stale, not generated by us, or no longer produced; paths relative to the output folder. */
  drifted: { path: string; state: FileState | "unexpected" | "obsolete" }[];
  /** Contracts whose outputs were (re)written. */
  written: string[];
  /** Contracts skipped because everything was current. */
  skipped: string[];
  /** Contracts that failed validation; nothing is generated from an invalid document. */
  invalid: { contract: string; problems: LoadedContract["problems"] }[];
  /** Files of earlier runs that this run removed (only files the manifest says gen wrote). */
  removed: string[];
}

/** What gen wrote into an output folder, so a later run replaces or removes only its own files. */
export const MANIFEST = ".contract-suite-gen.json";
interface Manifest {
  generator: "contract-suite gen";
  runtime: RuntimeMode;
  /** Each file gen wrote (relative, forward slashes) and the sha256 of the bytes it wrote. */
  files: Record<string, string>;
}

/**
 * The manifest of an earlier run, read without following a symlink. A manifest of the format
 * before hashes (a list of names) is read too. A malformed manifest lists nothing.
 */
function readManifest(outRoot: string): { files: Map<string, string | undefined> } | undefined {
  const entry = inspect(outRoot, MANIFEST);
  if (entry.kind === "other") throw new OutFolderError(`${join(outRoot, entry.why)}: refusing to read the manifest`);
  if (entry.kind === "missing") return undefined;
  let m: { files?: unknown };
  try {
    m = JSON.parse(entry.bytes.toString("utf8")) as { files?: unknown };
  } catch {
    return { files: new Map() };
  }
  const files = new Map<string, string | undefined>();
  const plain = (f: unknown): f is string => {
    if (typeof f !== "string") return false;
    try {
      components(f);
      return true;
    } catch {
      return false;
    }
  };
  // The format before hashes: a listed file whose generated header still matches its body is taken
  // as gen's own at its current bytes; any other listed name is gen's no longer.
  if (Array.isArray(m.files))
    for (const f of m.files) {
      if (!plain(f)) continue;
      const at = inspect(outRoot, f);
      const state = at.kind === "file" ? fileState(at, "") : "missing";
      files.set(f, at.kind === "file" && (state === "current" || state === "stale") ? sha256(at.bytes) : undefined);
    }
  if (m.files && typeof m.files === "object" && !Array.isArray(m.files))
    for (const [f, h] of Object.entries(m.files)) if (plain(f) && typeof h === "string") files.set(f, h);
  return { files };
}

/** Whether bytes found in the output folder are gen's own: listed in the manifest with their sha256. */
function ownedBy(previous: Map<string, string | undefined> | undefined, rel: string, bytes: Buffer): boolean {
  const recorded = previous?.get(rel);
  return recorded !== undefined && recorded === sha256(bytes);
}

export interface GenOptions {
  check?: boolean;
  only?: string[];
  onProgress?: (msg: string) => void;
  /** Output root (default: the repository's src/generated/). */
  outDir?: string;
  /** How generated code imports its runtime; default "source" for src/generated/, "package" (@contract-suite/runtime) elsewhere. */
  runtime?: RuntimeMode;
}

export class UnknownContractError extends Error {
  override readonly name = "UnknownContractError";
}

/**
 * Runs gen (or only checks, with `check: true`) over every registered contract. Every write and
 * removal is planned and judged before the first one happens: a file in the way that gen did not
 * write (not in the manifest, or changed since: its sha256 differs), a symlink or a non-file at any
 * level below the output folder refuses the whole run with an OutFolderError, and nothing is touched.
 */
export async function runGen(registry: Registry, options: GenOptions = {}): Promise<DriftReport> {
  const outRoot = resolve(options.outDir ?? GENERATED_DIR);
  const runtime = options.runtime ?? (outRoot === resolve(GENERATED_DIR) ? "source" : "package");
  const report: DriftReport = { drifted: [], written: [], skipped: [], invalid: [], removed: [] };
  const unknown = (options.only ?? []).filter((n) => !registry.contracts.some((c) => c.name === n));
  if (unknown.length)
    throw new UnknownContractError(
      `--only names no registered contract: ${unknown.join(", ")} (registered: ${registry.contracts.map((c) => c.name).join(", ")})`,
    );
  checkOutRoot(outRoot);
  const contracts = registry.contracts.filter(
    (c) => c.generate !== false && (!options.only || options.only.includes(c.name)),
  );
  const previous = readManifest(outRoot)?.files;
  /** Every file this run accounts for, with the hash it will have (written, kept as it is, or kept from before). */
  const produced = new Map<string, string | undefined>();
  const writes: { rel: string; body: string }[] = [];
  const refusals: string[] = [];
  for (const entry of contracts) {
    options.onProgress?.(entry.name);
    const contract = await loadContract(registry, entry);
    if (contract.problems.length > 0) {
      report.invalid.push({ contract: entry.name, problems: contract.problems });
      for (const [f, h] of previous ?? []) if (f.startsWith(`${entry.name}/`)) produced.set(f, h); // keep what it had
      continue;
    }
    // A run that refuses an invalid contract writes nothing (below): the others are only checked for validity.
    if (report.invalid.length > 0 && !options.check) continue;
    const hash = inputHash(contract, runtime);
    const names = expectedFiles(entry.kind, contract, runtime).map((f) => `${entry.name}/${f}`);
    const found = new Map(names.map((f) => [f, inspect(outRoot, f)] as const));
    const states = names.map((f) => ({ f, state: fileState(found.get(f)!, hash) }));
    if (states.every((s) => s.state === "current")) {
      for (const f of names) produced.set(f, sha256((found.get(f) as { bytes: Buffer }).bytes));
      report.skipped.push(entry.name);
      continue;
    }
    if (options.check) {
      for (const f of names) produced.set(f, previous?.get(f));
      for (const s of states) if (s.state !== "current") report.drifted.push({ path: s.f, state: s.state });
      continue;
    }
    const out = await generateContract(registry, contract, outRoot, runtime, hash);
    for (const file of out.files) {
      const at = found.get(file.path) ?? inspect(outRoot, file.path);
      produced.set(file.path, sha256(file.body));
      if (at.kind === "other") refusals.push(`${at.why} (where gen writes ${file.path})`);
      else if (at.kind === "file" && at.bytes.toString("utf8") === file.body) continue;
      else if (at.kind === "file" && !ownedBy(previous, file.path, at.bytes))
        refusals.push(`${file.path} was not written by contract-suite gen, or was changed since`);
      else writes.push({ rel: file.path, body: file.body });
    }
    report.written.push(entry.name);
  }
  // Files an earlier run wrote that nothing produces now (a contract unregistered or a kind's file
  // dropped). With --only, files of the other contracts stay.
  const keep = (f: string) =>
    produced.has(f) || (options.only !== undefined && !options.only.includes(f.split("/")[0]!));
  for (const [f, h] of previous ?? []) if (keep(f) && !produced.has(f)) produced.set(f, h);
  const obsolete: string[] = [];
  for (const [f] of previous ?? []) {
    if (keep(f)) continue;
    const at = inspect(outRoot, f);
    if (at.kind === "missing") continue;
    if (options.check) {
      report.drifted.push({ path: f, state: "obsolete" });
      continue;
    }
    if (at.kind === "other") refusals.push(`${at.why} (listed in the manifest as gen's)`);
    else if (!ownedBy(previous, f, at.bytes)) refusals.push(`${f} was changed since gen wrote it`);
    else obsolete.push(f);
  }
  if (options.check) {
    if (!previous && contracts.length) report.drifted.push({ path: MANIFEST, state: "missing" });
    return report;
  }
  // An invalid contract refuses the run, and a refused run writes nothing: no file, no removal, no
  // manifest, not even the output folder (decision 342).
  if (report.invalid.length > 0) {
    report.written = [];
    return report;
  }
  const manifestAt = inspect(outRoot, MANIFEST);
  if (manifestAt.kind === "other") refusals.push(manifestAt.why);
  if (refusals.length)
    throw new OutFolderError(
      `refusing to write into ${outRoot}: ${refusals[0]}${refusals.length > 1 ? ` (and ${refusals.length - 1} more)` : ""}; nothing was written`,
    );
  for (const w of writes) writeOwned(outRoot, w.rel, w.body);
  for (const f of obsolete) {
    removeOwned(outRoot, f);
    report.removed.push(f);
  }
  const files: Record<string, string> = {};
  for (const [f, h] of [...produced].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    if (h !== undefined) files[f] = h;
  const manifest: Manifest = { generator: "contract-suite gen", runtime, files };
  const text = JSON.stringify(manifest, null, 2) + "\n";
  if (manifestAt.kind !== "file" || manifestAt.bytes.toString("utf8") !== text) writeOwned(outRoot, MANIFEST, text);
  return report;
}
