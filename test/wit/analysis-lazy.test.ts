/**
 * Loading rules: tree-sitter is reachable only through src/wit/analysis, and only through the
 * dynamic import in runtime.ts (so importing the module, or its types, loads no WASM);
 * the store and path modules never import the analysis.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { traceResolves } from "../helpers/trace-resolves.js";

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
  for (const m of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g))
    if (module.test(m[1] as string)) found.push(`dynamic ${m[1]}`);
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
    for (const f of [...sources("src/wit/store"), "src/wit/paths.ts"])
      expect(valueImports(f, /analysis/), f).toEqual([]);
  });

  it("importing the analysis module in a fresh process resolves web-tree-sitter only at Analyzer.open", async () => {
    const t = await traceResolves<{ afterImport: number; afterOpen: number }>(`
      const treeSitter = () => resolved.filter((r) => /web-tree-sitter/.test(r.split(" -> ")[0])).length;
      const { Analyzer } = await import(${JSON.stringify(path.join(repoRoot, "src/wit/analysis/index.ts"))});
      await settle();
      const afterImport = treeSitter();
      await Analyzer.open(process.cwd());
      await settle();
      return { afterImport, afterOpen: treeSitter() };
    `);
    expect(t.output.afterImport).toBe(0);
    expect(t.output.afterOpen).toBeGreaterThan(0);
  });
});
