#!/usr/bin/env node
/**
 * Builds the published packages (packages/*) from the repository's sources with tsc: ESM JavaScript
 * plus .d.ts, incremental (`tsc -p` per package), then copies what tsc does not emit: the ajv standalone
 * validators (.js + .d.ts beside them), JSON fixtures, and the CLI's assets (contracts/, vectors).
 * The CLI is laid out at its package root exactly as the repository is (src/, codegen/, conformance/,
 * contracts/, bin/), so paths computed from `import.meta.url` hold in both.
 * Plain Node (no tsx): it runs in `prepare`, on a fresh `npm ci`. See docs/decisions/110-packages.md.
 *
 *   node scripts/build.mjs                   build every package
 *   node scripts/build.mjs cli ...           build these packages only
 *   node scripts/build.mjs --pack NAME       build, then copy NAME's assets in (its `prepack`)
 *   node scripts/build.mjs --unpack NAME     remove the copied assets again (its `postpack`)
 *
 * Assets are copied only for packing: in the repository the built code finds the repository's own
 * contracts/ and vectors (src/assets.ts climbs to them), so an edited contract never hides behind a
 * stale copy.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

/**
 * Per package: the source root its dist/ mirrors, the assets it carries when packed (repository path ->
 * package path), and data folders copied on every build because code reads them by path at run time
 * (a folder holding only data has no emitted file for copySiblings to find it by).
 */
const PACKAGES = {
  // Its node-only entry (./node) compiles apart, with @types/node, so the main entry's build keeps none.
  runtime: { sourceRoot: "src", assets: {}, projects: ["tsconfig.json", "tsconfig.node.json"] },
  "frame-wire": { sourceRoot: "src", assets: {} },
  "wit-client": { sourceRoot: "src", assets: {} },
  "wright-agent-client": { sourceRoot: "src", assets: { "contracts/wright-agent": "contracts/wright-agent" } },
  cli: {
    sourceRoot: ".",
    outDir: ".",
    assets: { contracts: "contracts", "conformance/vectors": "conformance/vectors" },
    data: ["src/wright-agent/fixtures"],
  },
};

const args = process.argv.slice(2);
const mode = args[0] === "--pack" || args[0] === "--unpack" ? args.shift().slice(2) : "build";
const names = args.length ? args : Object.keys(PACKAGES);
for (const n of names)
  if (!PACKAGES[n]) throw new Error(`unknown package "${n}" (known: ${Object.keys(PACKAGES).join(", ")})`);

for (const name of names) {
  for (const to of Object.values(PACKAGES[name].assets))
    rmSync(join(ROOT, "packages", name, to), { recursive: true, force: true });
}
if (mode === "unpack") process.exit(0);

const tsc = join(dirname(require.resolve("typescript/package.json")), "bin", "tsc");
// `tsc -p` with `incremental`, one package at a time: `tsc -b` judges a non-composite project up to
// date by its root files' times and missed edits to files its entry only reaches (a stale .d.ts).
for (const n of names)
  for (const project of PACKAGES[n].projects ?? ["tsconfig.json"])
    execFileSync(process.execPath, [tsc, "-p", join(ROOT, "packages", n, project)], {
      stdio: "inherit",
      cwd: ROOT,
    });

for (const name of names) {
  const pkgDir = join(ROOT, "packages", name);
  const out = join(pkgDir, PACKAGES[name].outDir ?? "dist");
  copySiblings(out, join(ROOT, PACKAGES[name].sourceRoot), pkgDir === out);
  for (const folder of PACKAGES[name].data ?? [])
    cpSync(join(ROOT, PACKAGES[name].sourceRoot, folder), join(out, folder), { recursive: true });
  if (mode !== "pack") continue;
  for (const [from, to] of Object.entries(PACKAGES[name].assets)) {
    cpSync(join(ROOT, from), join(pkgDir, to), {
      recursive: true,
      filter: (src) => !src.endsWith(".ts") || src.endsWith(".d.ts"),
    });
  }
}

/**
 * For every folder tsc wrote, the files of its source folder that tsc does not emit: JavaScript and
 * declaration files with no .ts of the same name (the generated validators) and JSON data.
 */
function copySiblings(distDir, sourceDir, atPackageRoot = false) {
  for (const entry of readdirSync(distDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    // The CLI's output sits at its package root beside bin/ and node_modules/: only tsc's folders.
    if (atPackageRoot && !["src", "codegen", "conformance"].includes(entry.name)) continue;
    const out = join(distDir, entry.name);
    const src = join(sourceDir, entry.name);
    if (!existsSync(src) || !statSync(src).isDirectory()) continue;
    const files = readdirSync(src);
    for (const f of files) {
      const stem = f.replace(/\.d\.ts$|\.js$|\.json$/, "");
      const isHandJs = (f.endsWith(".js") || f.endsWith(".d.ts")) && !files.includes(`${stem}.ts`);
      if (isHandJs || extname(f) === ".json") cpSync(join(src, f), join(out, f));
    }
    copySiblings(out, src);
  }
}

console.log(`built ${names.join(", ")}${mode === "pack" ? " (with assets, for packing)" : ""}`);
