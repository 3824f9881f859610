/**
 * The generator's own hash, which every generated file's input hash includes: `gen --check` may only
 * call a file current if regenerating would write the same bytes, so the hash must cover every
 * module that can change the output. It is derived from the real module graph: starting at
 * codegen/generate, every relative import is followed (codegen, the loader, src/json's pointer
 * code...), and every package imported along the way contributes its version and its own
 * dependencies' versions (json-schema-to-typescript formats with prettier, for example).
 *
 * In the repository the graph is read as TypeScript sources (so `gen` through tsx and the built CLI
 * agree); in an installed CLI, as the shipped JavaScript.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sha256 } from "./emit.js";
import { assetRoot } from "../src/assets.js";

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

export interface GeneratorGraph {
  /** Module files in the graph, absolute, sorted. */
  modules: string[];
  /** Package name -> version, for every package imported (and their direct dependencies). */
  packages: Record<string, string>;
}

/**
 * Where a generator's entry module is (`generate` for gen, `lang/generate` for gen-lang): TypeScript
 * sources when present (the repository), else the shipped JavaScript beside this module.
 */
function entryModule(name = "generate"): string {
  const source = join(assetRoot(), "codegen", `${name}.ts`);
  if (existsSync(source)) return source;
  return join(dirname(fileURLToPath(import.meta.url)), `${name}.js`);
}

export function generatorGraph(entry: string = entryModule()): GeneratorGraph {
  const seen = new Set<string>();
  const external = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2]!;
      if (spec.startsWith("node:")) continue;
      if (spec.startsWith(".")) {
        const target = localFile(resolve(dirname(file), spec));
        if (target) queue.push(target);
      } else external.add(packageName(spec));
    }
  }
  const require = createRequire(entry);
  const packages: Record<string, string> = {};
  for (const name of [...external].sort()) {
    const manifest = packageManifest(require, name);
    if (!manifest) continue;
    packages[name] = manifest.version;
    const dep = createRequire(manifest.path);
    for (const d of Object.keys(manifest.dependencies ?? {}).sort()) {
      const m = packageManifest(dep, d);
      if (m) packages[`${name}>${d}`] = m.version;
    }
  }
  return { modules: [...seen].sort(), packages };
}

const cached = new Map<string, string>();
/**
 * sha256 over the graph's module texts (by path relative to the repository or package root) and
 * package versions, for the generator whose entry is `name` (see entryModule).
 */
export function generatorHash(name = "generate"): string {
  const hit = cached.get(name);
  if (hit) return hit;
  const entry = entryModule(name);
  const { modules, packages } = generatorGraph(entry);
  const base = dirname(dirname(entryModule()));
  const parts: string[] = [];
  for (const m of modules)
    parts.push(
      m
        .slice(base.length)
        .split("\\")
        .join("/")
        .replace(/\.(ts|js)$/, ""),
      readFileSync(m, "utf8"),
    );
  for (const [name, version] of Object.entries(packages)) parts.push(name, version);
  const hash = sha256(parts.join("\0"));
  cached.set(name, hash);
  return hash;
}

/** `./x.js` written in TypeScript source resolves to `./x.ts`; a .d.ts-typed .js (the validators) to itself. */
function localFile(path: string): string | undefined {
  for (const candidate of [path.replace(/\.js$/, ".ts"), path, `${path}.ts`, `${path}.js`])
    if (existsSync(candidate) && !candidate.endsWith(".d.ts")) return candidate;
  return undefined;
}

function packageName(spec: string): string {
  const parts = spec.split("/");
  return spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

function packageManifest(
  require: NodeJS.Require,
  name: string,
): { path: string; version: string; dependencies?: Record<string, string> } | undefined {
  // Not every package exports ./package.json: find it by climbing from the resolved entry.
  let dir: string;
  try {
    dir = dirname(require.resolve(name));
  } catch {
    try {
      return {
        path: require.resolve(`${name}/package.json`),
        ...(require(`${name}/package.json`) as { version: string }),
      };
    } catch {
      return undefined;
    }
  }
  for (; dir !== dirname(dir); dir = dirname(dir)) {
    const p = join(dir, "package.json");
    if (existsSync(p)) {
      const json = JSON.parse(readFileSync(p, "utf8")) as {
        name?: string;
        version: string;
        dependencies?: Record<string, string>;
      };
      if (json.name === name) return { path: p, ...json };
    }
  }
  return undefined;
}
