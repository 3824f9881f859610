/**
 * `contract-suite gen-lang`: the types of every registered contract in other languages, one folder
 * per language and contract (`generated/<lang>/<contract>/`), quicktype-core as the engine.
 * Deterministic: the same contract, generator and quicktype version give the same bytes; each file
 * starts with a header naming its source and the hash of those inputs.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { loadContract, loadRegistry, type LoadedContract, type Problem, type Registry } from "../../src/contracts/index.js";
import { buildBundle } from "../bundle.js";
import { sha256 } from "../emit.js";
import { prepareModel } from "./prepass.js";
import { runQuicktype } from "./quicktype.js";
import { LANGS, type LangId, type LangTarget } from "./targets/target.js";
import { python } from "./targets/python.js";
import { go } from "./targets/go.js";
import { rust } from "./targets/rust.js";
import { dart } from "./targets/dart.js";
import { swift } from "./targets/swift.js";
import { kotlin } from "./targets/kotlin.js";
import { csharp } from "./targets/csharp.js";
import { assetRoot } from "../../src/assets.js";

const LANG_DIR = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = assetRoot();
export const DEFAULT_OUT_DIR = join(REPO_ROOT, "generated");
const require = createRequire(import.meta.url);
export const QUICKTYPE_VERSION = (require("quicktype-core/package.json") as { version: string }).version;

export const TARGETS: Record<LangId, LangTarget> = { python, go, rust, dart, csharp, kotlin, swift };
export { LANGS, type LangId };

export interface LangGenOptions {
  /** Languages to emit; "all" expands to every one. */
  langs: (LangId | "all")[];
  /** Output root (default `generated/` at the repository root); files go to `<out>/<lang>/<contract>/`. */
  outDir?: string;
  /** Only these registered contracts (default: every contract with `generate` not false). */
  contracts?: string[];
  /** Registry folder (default: the bundled contracts/). */
  registryDir?: string;
  /** Compute only; write nothing. */
  dryRun?: boolean;
  onProgress?: (message: string) => void;
}

export interface LangFile {
  lang: LangId;
  contract: string;
  /** Absolute path. */
  path: string;
  body: string;
  inputHash: string;
}

export interface LangGenReport {
  files: LangFile[];
  /** Contracts that failed validation: nothing is generated from an invalid document. */
  invalid: { contract: string; problems: Problem[] }[];
}

export class LangGenError extends Error {
  override readonly name = "LangGenError";
}

let generatorSources: string | undefined;
/** Every source of this generator (codegen/lang/**), so a change to any renderer changes the hash. */
function generatorHash(): string {
  if (generatorSources) return generatorSources;
  const parts: string[] = [QUICKTYPE_VERSION];
  const walk = (dir: string): void => {
    for (const f of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, f.name);
      if (f.isDirectory()) walk(p);
      else if (f.name.endsWith(".ts") && !f.name.startsWith("_")) parts.push(relative(LANG_DIR, p), readFileSync(p, "utf8"));
    }
  };
  walk(LANG_DIR);
  // The bundler decides the definition names every language sees.
  parts.push("bundle.ts", readFileSync(join(LANG_DIR, "..", "bundle.ts"), "utf8"), "names.ts", readFileSync(join(LANG_DIR, "..", "names.ts"), "utf8"));
  return (generatorSources = sha256(parts.join("\0")));
}

export function langInputHash(registry: Registry, contract: LoadedContract, lang: LangId): string {
  const parts = [generatorHash(), lang, JSON.stringify(contract.entry)];
  for (const [file, bytes] of [...contract.doc.bytes].sort(([a], [b]) => a.localeCompare(b))) parts.push(relative(registry.dir, file), bytes.toString("base64"));
  return sha256(parts.join("\0"));
}

export function expandLangs(langs: (LangId | "all")[]): LangId[] {
  const out = new Set<LangId>();
  for (const l of langs) {
    if (l === "all") LANGS.forEach((x) => out.add(x));
    else if ((LANGS as readonly string[]).includes(l)) out.add(l);
    else throw new LangGenError(`unknown language "${String(l)}" (known: ${LANGS.join(", ")}, all)`);
  }
  return LANGS.filter((l) => out.has(l));
}

/** Renders one contract in one language; the body is deterministic. */
export async function renderContract(registry: Registry, contract: LoadedContract, lang: LangId): Promise<{ fileName: string; body: string; inputHash: string }> {
  const target = TARGETS[lang];
  const name = contract.entry.name;
  const { bundle } = buildBundle(contract);
  const model = prepareModel(bundle, { unions: target.unions });
  let text = await runQuicktype(model, target.language(model, name), target.rendererOptions(name));
  if (target.finish) text = target.finish(text, model, name);
  const inputHash = langInputHash(registry, contract, lang);
  const source = relative(REPO_ROOT, contract.doc.path).split("\\").join("/");
  const c = target.commentPrefix;
  const header = [
    `${c} @generated by contract-suite gen-lang (${target.displayName}) from ${source} — do not edit.`,
    `${c} input: ${inputHash} (contract, codegen/lang, quicktype-core ${QUICKTYPE_VERSION})`,
    `${c} content: ${sha256(text)}`,
    "",
  ].join("\n");
  return { fileName: target.fileName(name), body: header + text, inputHash };
}

export async function generateLanguages(options: LangGenOptions): Promise<LangGenReport> {
  const langs = expandLangs(options.langs.length ? options.langs : ["all"]);
  const registry = loadRegistry(options.registryDir);
  for (const n of options.contracts ?? []) {
    if (!registry.contracts.some((c) => c.name === n)) throw new LangGenError(`no contract named "${n}" (registered: ${registry.contracts.map((c) => c.name).join(", ")})`);
  }
  const entries = registry.contracts.filter((c) => (options.contracts?.length ? options.contracts.includes(c.name) : c.generate !== false));
  const outRoot = resolve(options.outDir ?? DEFAULT_OUT_DIR);
  const report: LangGenReport = { files: [], invalid: [] };
  for (const entry of entries) {
    const contract = await loadContract(registry, entry);
    if (contract.problems.length > 0) {
      report.invalid.push({ contract: entry.name, problems: contract.problems });
      continue;
    }
    for (const lang of langs) {
      options.onProgress?.(`${lang} ${entry.name}`);
      const { fileName, body, inputHash } = await renderContract(registry, contract, lang);
      const path = join(outRoot, lang, entry.name, fileName);
      report.files.push({ lang, contract: entry.name, path, body, inputHash });
      if (!options.dryRun) {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, body);
      }
    }
  }
  return report;
}
