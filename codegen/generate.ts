/**
 * `contract-suite gen`: for every registered contract, emit types, validators and (per kind) the
 * method table, handler interface and client into src/generated/<contract>/. Deterministic; inputs
 * unchanged since the last run are skipped by hash.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { loadContract, type LoadedContract, type Registry } from "../src/contracts/index.js";
import { buildBundle, type MethodInfo, type OperationInfo, type SchemaBundle } from "./bundle.js";
import { fileState, renderFile, sha256, type FileState, type GeneratedFile } from "./emit.js";
import { pascalCase } from "./names.js";
import { generateTypes } from "./types.js";
import { generateValidators } from "./validators.js";
import { componentErrorDefs, generateClient, generateHandlers, generateMethods } from "./openrpc.js";
import { generateOperations } from "./openapi.js";
import { findCatalog, generateCatalog } from "./catalog.js";
import { assetRoot } from "../src/assets.js";

const CODEGEN_DIR = dirname(fileURLToPath(import.meta.url));
/** The folder holding contracts/ and src/generated/: the repository (an installed CLI ships the generated code compiled). */
export const REPO_ROOT = assetRoot();
export const GENERATED_DIR = join(REPO_ROOT, "src", "generated");
const require = createRequire(import.meta.url);

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
        "methods.ts": generateMethods(prefix, methods, componentErrorDefs(contract.doc.root as Record<string, unknown>)),
        "handlers.ts": generateHandlers(prefix, methods),
        "client.ts": generateClient(prefix, methods),
      }),
    },
  ],
  openapi: [{ files: ["operations.ts"], generate: ({ operations, prefix }) => ({ "operations.ts": generateOperations(prefix, operations) }) }],
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
  const byKind = (kindGenerators[kind] ?? []).flatMap((g) => (typeof g.files === "function" ? (contract ? g.files(contract) : []) : g.files));
  return ["types.ts", "validators.js", "validators.d.ts", ...byKind, "index.ts"].sort();
}

let codegenHash: string | undefined;
/** Hash of the generator itself: its sources and the versions of the libraries it drives. */
function generatorHash(): string {
  if (codegenHash) return codegenHash;
  const parts: string[] = [];
  for (const f of readdirSync(CODEGEN_DIR).filter((f) => f.endsWith(".ts")).sort()) parts.push(f, readFileSync(join(CODEGEN_DIR, f), "utf8"));
  for (const pkg of ["ajv", "ajv-formats", "json-schema-to-typescript"]) parts.push(pkg, (require(`${pkg}/package.json`) as { version: string }).version);
  return (codegenHash = sha256(parts.join("\0")));
}

export function inputHash(registry: Registry, contract: LoadedContract): string {
  const parts = [generatorHash(), JSON.stringify(contract.entry)];
  for (const [file, bytes] of [...contract.doc.bytes].sort(([a], [b]) => a.localeCompare(b))) parts.push(relative(registry.dir, file), bytes.toString("base64"));
  return sha256(parts.join("\0"));
}

export interface ContractOutput {
  contract: string;
  dir: string;
  inputHash: string;
  files: GeneratedFile[];
}

export async function generateContract(registry: Registry, contract: LoadedContract, outDir: string = GENERATED_DIR): Promise<ContractOutput> {
  const name = contract.entry.name;
  const prefix = pascalCase(name);
  const hash = inputHash(registry, contract);
  const { bundle, methods, operations } = buildBundle(contract);
  const bodies: Record<string, string> = {};
  bodies["types.ts"] = await generateTypes(bundle, `${prefix}Contract`);
  const validators = generateValidators(bundle, { allErrors: contract.entry.kind === "openrpc" });
  bodies["validators.js"] = validators.js;
  bodies["validators.d.ts"] = validators.dts;
  for (const gen of kindGenerators[contract.entry.kind] ?? []) Object.assign(bodies, await gen.generate({ contract, bundle, methods, operations, prefix }));
  const modules = Object.keys(bodies).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && f !== "types.ts").map((f) => f.replace(/\.ts$/, ""));
  bodies["index.ts"] = [
    `export type * from "./types.js";`,
    `export * from "./validators.js";`,
    ...modules.sort().map((m) => `export * from "./${m}.js";`),
    "",
  ].join("\n");
  const source = relative(REPO_ROOT, contract.doc.path).split("\\").join("/");
  const dir = join(outDir, name);
  const files = Object.keys(bodies)
    .sort()
    .map((f) => ({ path: relative(REPO_ROOT, join(dir, f)).split("\\").join("/"), body: renderFile(source, hash, bodies[f]!) }));
  return { contract: name, dir, inputHash: hash, files };
}

export interface DriftReport {
  /** Files that are missing, edited by hand, stale or not generated by us, with their state. */
  drifted: { path: string; state: FileState | "unexpected" }[];
  /** Contracts whose outputs were (re)written. */
  written: string[];
  /** Contracts skipped because everything was current. */
  skipped: string[];
  /** Contracts that failed validation; nothing is generated from an invalid document. */
  invalid: { contract: string; problems: LoadedContract["problems"] }[];
}

/** Runs gen (or only checks, with `check: true`) over every registered contract. */
export async function runGen(
  registry: Registry,
  options: { check?: boolean; only?: string[]; onProgress?: (msg: string) => void; outDir?: string } = {},
): Promise<DriftReport> {
  const outRoot = options.outDir ?? GENERATED_DIR;
  const report: DriftReport = { drifted: [], written: [], skipped: [], invalid: [] };
  const contracts = registry.contracts.filter((c) => c.generate !== false && (!options.only || options.only.includes(c.name)));
  for (const entry of contracts) {
    options.onProgress?.(entry.name);
    const contract = await loadContract(registry, entry);
    if (contract.problems.length > 0) {
      report.invalid.push({ contract: entry.name, problems: contract.problems });
      continue;
    }
    const hash = inputHash(registry, contract);
    const dir = join(outRoot, entry.name);
    const names = expectedFiles(entry.kind, contract);
    const states = names.map((f) => ({ f, state: fileState(join(dir, f), hash) }));
    const unexpected = existsSync(dir) ? readdirSync(dir).filter((f) => !names.includes(f)) : [];
    const current = states.every((s) => s.state === "current") && unexpected.length === 0;
    if (current) {
      report.skipped.push(entry.name);
      continue;
    }
    if (options.check) {
      for (const s of states) if (s.state !== "current") report.drifted.push({ path: relative(REPO_ROOT, join(dir, s.f)), state: s.state });
      for (const f of unexpected) report.drifted.push({ path: relative(REPO_ROOT, join(dir, f)), state: "unexpected" });
      continue;
    }
    const out = await generateContract(registry, contract, outRoot);
    mkdirSync(dir, { recursive: true });
    for (const f of unexpected) rmSync(join(dir, f), { recursive: true, force: true });
    for (const file of out.files) {
      const abs = join(REPO_ROOT, file.path);
      if (!existsSync(abs) || readFileSync(abs, "utf8") !== file.body) writeFileSync(abs, file.body);
    }
    report.written.push(entry.name);
  }
  // Output folders of contracts that are no longer registered.
  if (!options.only && existsSync(outRoot)) {
    const known = new Set(contracts.map((c) => c.name));
    for (const d of readdirSync(outRoot)) {
      if (known.has(d) || d.startsWith(".")) continue;
      if (options.check) report.drifted.push({ path: relative(REPO_ROOT, join(outRoot, d)), state: "unexpected" });
      else rmSync(join(outRoot, d), { recursive: true, force: true });
    }
  }
  return report;
}

