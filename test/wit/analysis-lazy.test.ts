/**
 * Loading rules: tree-sitter is reachable only through src/wit/analysis, and only through the
 * dynamic import in runtime.ts (so importing the module, or its types, loads no WASM);
 * the store and path modules never import the analysis.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function sources(dir: string): string[] {
  const abs = path.join(repoRoot, dir);
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => path.relative(repoRoot, path.join(e.parentPath, e.name)));
}

/** Value (non-type) imports of `module` in `file`: static `import ... from` and dynamic `import()`. */
function valueImports(file: string, module: RegExp): string[] {
  const text = readFileSync(path.join(repoRoot, file), "utf8");
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*import\s+(type\s+)?[^;]*?from\s+["']([^"']+)["']/gm)) {
    if (!m[1] && module.test(m[2] as string)) found.push(`static ${m[2]}`);
  }
  for (const m of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) if (module.test(m[1] as string)) found.push(`dynamic ${m[1]}`);
  for (const m of text.matchAll(/^\s*(?:import|export\s+[^;]*?from)\s+["']([^"']+)["']/gm)) {
    if (module.test(m[1] as string)) found.push(`static ${m[1]}`);
  }
  return found;
}

describe("lazy loading of tree-sitter", () => {
  it("only runtime.ts imports web-tree-sitter, and only dynamically", () => {
    const offenders = [...sources("src/wit"), ...sources("src/json")]
      .map((f) => [f, valueImports(f, /^web-tree-sitter$|tree-sitter-wasm/)] as const)
      .filter(([, hits]) => hits.length > 0);
    expect(offenders).toEqual([["src/wit/analysis/runtime.ts", ["dynamic web-tree-sitter"]]]);
  });

  it("the store and path modules never import the analysis", () => {
    for (const f of [...sources("src/wit/store"), "src/wit/paths.ts"]) expect(valueImports(f, /analysis/), f).toEqual([]);
  });

  it("importing the analysis module in a fresh process resolves web-tree-sitter only at Analyzer.open", () => {
    // A resolve hook reports every specifier naming web-tree-sitter back to the main thread.
    const hook = `let port;
      export function initialize(data) { port = data.port; }
      export async function resolve(specifier, context, next) {
        if (/web-tree-sitter/.test(specifier)) port.postMessage(specifier);
        return next(specifier, context);
      }`;
    const script = `
      import { register } from "node:module";
      import { MessageChannel } from "node:worker_threads";
      const { port1, port2 } = new MessageChannel();
      const seen = [];
      port1.on("message", (m) => seen.push(m));
      port1.unref();
      register("data:text/javascript," + encodeURIComponent(${JSON.stringify(hook)}), { data: { port: port2 }, transferList: [port2] });
      const settle = () => new Promise((r) => setTimeout(r, 100));
      const { Analyzer } = await import(${JSON.stringify(path.join(repoRoot, "src/wit/analysis/index.ts"))});
      await settle();
      const afterImport = seen.length;
      await Analyzer.open(process.cwd());
      await settle();
      console.log(JSON.stringify({ afterImport, afterOpen: seen.length }));
    `;
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: repoRoot, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    const { afterImport, afterOpen } = JSON.parse(r.stdout.trim()) as { afterImport: number; afterOpen: number };
    expect(afterImport).toBe(0);
    expect(afterOpen).toBeGreaterThan(0);
  });
});
