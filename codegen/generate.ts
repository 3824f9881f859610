/**
 * `contract-suite gen`: for every registered contract, emit types, validators and (per kind) the
 * method table, handler interface and client into src/generated/<contract>/. Deterministic; inputs
 * unchanged since the last run are skipped by hash.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { loadContract, type LoadedContract, type Registry } from "../src/contracts/index.js";
import { buildBundle, type MethodInfo, type OperationInfo, type SchemaBundle } from "./bundle.js";
import { fileState, renderFile, sha256, type FileState, type GeneratedFile } from "./emit.js";
import { generatorHash } from "./generator-hash.js";
import { rewriteRuntimeImports, type RuntimeMode } from "./runtime-imports.js";
import { pascalCase } from "./names.js";
import { generateTypes } from "./types.js";
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
export function expectedFiles(kind: string, contract?: LoadedContract): string[] {
  const byKind = (kindGenerators[kind] ?? []).flatMap((g) =>
    typeof g.files === "function" ? (contract ? g.files(contract) : []) : g.files,
  );
  return ["types.ts", "validators.js", "validators.d.ts", ...byKind, "index.ts"].sort();
}

export function inputHash(registry: Registry, contract: LoadedContract, runtime: RuntimeMode = "source"): string {
  const parts = [generatorHash(), JSON.stringify(contract.entry)];
  if (runtime !== "source") parts.push(`runtime:${runtime}`);
  for (const [file, bytes] of [...contract.doc.bytes].sort(([a], [b]) => a.localeCompare(b)))
    parts.push(relative(registry.dir, file), bytes.toString("base64"));
  return sha256(parts.join("\0"));
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
): Promise<ContractOutput> {
  const name = contract.entry.name;
  const prefix = pascalCase(name);
  const hash = inputHash(registry, contract, runtime);
  const { bundle, methods, operations } = buildBundle(contract);
  const bodies: Record<string, string> = {};
  bodies["types.ts"] = await generateTypes(bundle, `${prefix}Contract`);
  const validators = generateValidators(bundle, { allErrors: contract.entry.kind === "openrpc" });
  bodies["validators.js"] = validators.js;
  bodies["validators.d.ts"] = validators.dts;
  for (const gen of kindGenerators[contract.entry.kind] ?? [])
    Object.assign(bodies, await gen.generate({ contract, bundle, methods, operations, prefix }));
  const modules = Object.keys(bodies)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && f !== "types.ts")
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

/** What gen wrote into an output folder, so a later run removes only its own files. */
export const MANIFEST = ".contract-suite-gen.json";
interface Manifest {
  generator: "contract-suite gen";
  runtime: RuntimeMode;
  files: string[];
}

function readManifest(outRoot: string): Manifest | undefined {
  const p = join(outRoot, MANIFEST);
  if (!existsSync(p)) return undefined;
  const m = JSON.parse(readFileSync(p, "utf8")) as Manifest;
  return Array.isArray(m.files) &&
    m.files.every((f) => typeof f === "string" && !f.startsWith("/") && !f.split("/").includes(".."))
    ? m
    : undefined;
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

/** Runs gen (or only checks, with `check: true`) over every registered contract. */
export async function runGen(registry: Registry, options: GenOptions = {}): Promise<DriftReport> {
  const outRoot = resolve(options.outDir ?? GENERATED_DIR);
  const runtime = options.runtime ?? (outRoot === resolve(GENERATED_DIR) ? "source" : "package");
  const report: DriftReport = { drifted: [], written: [], skipped: [], invalid: [], removed: [] };
  const unknown = (options.only ?? []).filter((n) => !registry.contracts.some((c) => c.name === n));
  if (unknown.length)
    throw new UnknownContractError(
      `--only names no registered contract: ${unknown.join(", ")} (registered: ${registry.contracts.map((c) => c.name).join(", ")})`,
    );
  const contracts = registry.contracts.filter(
    (c) => c.generate !== false && (!options.only || options.only.includes(c.name)),
  );
  const previous = readManifest(outRoot);
  const produced = new Set<string>();
  for (const entry of contracts) {
    options.onProgress?.(entry.name);
    const contract = await loadContract(registry, entry);
    if (contract.problems.length > 0) {
      report.invalid.push({ contract: entry.name, problems: contract.problems });
      for (const f of previous?.files ?? []) if (f.startsWith(`${entry.name}/`)) produced.add(f); // keep what it had
      continue;
    }
    const hash = inputHash(registry, contract, runtime);
    const names = expectedFiles(entry.kind, contract).map((f) => `${entry.name}/${f}`);
    for (const f of names) produced.add(f);
    const states = names.map((f) => ({ f, state: fileState(join(outRoot, f), hash) }));
    if (states.every((s) => s.state === "current")) {
      report.skipped.push(entry.name);
      continue;
    }
    if (options.check) {
      for (const s of states) if (s.state !== "current") report.drifted.push({ path: s.f, state: s.state });
      continue;
    }
    const foreign = states.filter((s) => s.state === "foreign" && !previous?.files.includes(s.f));
    if (foreign.length)
      throw new UnknownContractError(
        `refusing to overwrite ${foreign.map((s) => join(outRoot, s.f)).join(", ")}: not written by contract-suite gen`,
      );
    const out = await generateContract(registry, contract, outRoot, runtime);
    mkdirSync(join(outRoot, entry.name), { recursive: true });
    for (const file of out.files) {
      const abs = join(outRoot, file.path);
      if (!existsSync(abs) || readFileSync(abs, "utf8") !== file.body) writeFileSync(abs, file.body);
    }
    report.written.push(entry.name);
  }
  // Files an earlier run wrote that nothing produces now (a contract unregistered or a kind's file
  // dropped). With --only, files of the other contracts stay.
  const keep = (f: string) =>
    produced.has(f) || (options.only !== undefined && !options.only.includes(f.split("/")[0]!));
  const obsolete = (previous?.files ?? []).filter((f) => !keep(f) && existsSync(join(outRoot, f)));
  if (options.check) {
    for (const f of obsolete) report.drifted.push({ path: f, state: "obsolete" });
    if (!previous && contracts.length) report.drifted.push({ path: MANIFEST, state: "missing" });
    return report;
  }
  for (const f of obsolete) {
    rmSync(join(outRoot, f), { force: true });
    report.removed.push(f);
    const dir = dirname(join(outRoot, f));
    if (existsSync(dir) && readdirSync(dir).length === 0) rmSync(dir, { recursive: true, force: true });
  }
  const files = [...new Set([...produced, ...(previous?.files ?? []).filter(keep)])].sort();
  const manifest: Manifest = { generator: "contract-suite gen", runtime, files };
  mkdirSync(outRoot, { recursive: true });
  const text = JSON.stringify(manifest, null, 2) + "\n";
  if (!existsSync(join(outRoot, MANIFEST)) || readFileSync(join(outRoot, MANIFEST), "utf8") !== text)
    writeFileSync(join(outRoot, MANIFEST), text);
  return report;
}
