/**
 * Decision 147: the cold scan parses in worker threads. The BUILT pool (what the daemon runs:
 * test/global-setup.ts builds it) must give exactly the facts the daemon's own thread computes,
 * through real workers; and a real daemon process's cold graph on a tree large enough to use the
 * pool is the graph the in-thread analyzer builds.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { Analyzer } from "../../src/wit/analysis/index.js";
import { extractFacts } from "../../src/wit/analysis/extract.js";
import { loadGrammars } from "../../src/wit/analysis/runtime.js";
import { generateRepo } from "./analysis-repo-gen.js";
import { removeTempRoots, request, rpc, spawnDaemon, tempRoot } from "./daemon-helpers.js";

const BUILT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../packages/cli/src/wit/analysis");

afterAll(() => removeTempRoots());

describe("the parse pool", () => {
  it("workers give the same facts as the calling thread, for every language and a content that fails", async () => {
    expect(existsSync(path.join(BUILT, "parse-worker.js"))).toBe(true);
    const pool = (await import(path.join(BUILT, "parse-pool.js"))) as typeof import("../../src/wit/analysis/parse-pool.js");
    const builtRuntime = (await import(path.join(BUILT, "runtime.js"))) as typeof import("../../src/wit/analysis/runtime.js");
    const items: { language: "typescript" | "tsx" | "javascript" | "python"; text: string }[] = [];
    for (let i = 0; i < 150; i++) {
      items.push({ language: "typescript", text: `import { g${i} } from "./g";\nexport class C${i} { #p() { return g${i}(); } run(x: number): string { return this.#p() + new C${i}(); } }\n` });
      if (i % 10 === 0) items.push({ language: "python", text: `from pkg.m import f${i}\n\nclass K${i}:\n    def __init__(self, a: int) -> None:\n        f${i}(a)\n` });
      if (i % 25 === 0) items.push({ language: "tsx", text: `export const V${i} = () => <B${i} x={1} />;\n` });
      if (i % 25 === 0) items.push({ language: "javascript", text: `const m = require("./m");\nmodule.exports = function j${i}() { return m.k(); };\n` });
    }
    // Too deeply nested for the extraction's recursion: fails alike on both sides (same stack size).
    items.push({ language: "typescript", text: `export function f() { return ${"[".repeat(60_000)}${"]".repeat(60_000)}; }\n` });
    expect(pool.poolSize(items.length)).toBeGreaterThan(0);
    const logs: string[] = [];
    const viaPool = await pool.parseAll(await builtRuntime.loadGrammars(), items, (m) => logs.push(m));
    expect(logs).toEqual([]); // no worker failed or was missing
    const grammars = await loadGrammars();
    expect(viaPool).toEqual(items.map((i) => extractFacts(grammars, i.language, i.text)));
    expect(viaPool.at(-1)!.error).toBeDefined();
  }, 120_000);

  it("a real daemon's cold graph over 400 files (parsed by the pool) is the in-thread analyzer's graph", async () => {
    const root = tempRoot("wit-pool-");
    generateRepo(root, 400);
    const analyzer = await Analyzer.open(root);
    const target = "src/m0/f1.ts:fn1a";
    const expected = await analyzer.callersOf(target);
    analyzer.close();
    expect(expected.length).toBeGreaterThan(0);
    const daemon = await spawnDaemon(root);
    try {
      for (const [i, caller] of expected.entries()) {
        expect((await rpc(daemon.socket, request("lock.acquire", { symbolPath: caller, sessionId: "holder" }, `h${i}`))).result).toBeDefined();
      }
      const r = await rpc(daemon.socket, request("lock.acquire", { symbolPath: target, sessionId: "me" }, "me"));
      expect(r.result.warnings.map((w: { lockedSymbol: string }) => w.lockedSymbol)).toEqual(expected);
    } finally {
      await daemon.stop();
    }
  }, 180_000);
});
