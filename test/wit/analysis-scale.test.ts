/**
 * Cold and warm cost of the caller graph on a generated 2,000-file repository (numbers quoted in
 * docs/wit-analysis.md). Behind CONTRACT_SUITE_FULL: the cold parse takes seconds.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Analyzer } from "../../src/wit/analysis/index.js";
import { tempRepo } from "./analysis-fixtures.js";
import { generateRepo } from "./analysis-repo-gen.js";

const FULL = Boolean(process.env.CONTRACT_SUITE_FULL);
const FILES = Number(process.env.WIT_SCALE_FILES ?? 2000);

describe.skipIf(!FULL)("caller graph at scale", () => {
  it(`cold then warm scan of ${FILES} generated files`, async () => {
    const r = tempRepo({});
    try {
      const gen = generateRepo(r.root, FILES);
      const t0 = performance.now();
      const analyzer = await Analyzer.open(r.root, { clock: () => Date.now() + 60_000 });
      const tLoad = performance.now();
      const graph = await analyzer.callGraph();
      const tCold = performance.now();
      const cold = analyzer.stats();
      const warmTimes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const s = performance.now();
        await analyzer.callersOf("src/m0/f1.ts:fn1a");
        warmTimes.push(performance.now() - s);
      }
      const warm = analyzer.stats();
      // One edited file: one parse plus a full re-resolution of the graph.
      writeFileSync(path.join(r.root, "src/m0/f2.ts"), "export function fn2a(x: number): number { return x; }\n");
      const tEdit = performance.now();
      await analyzer.callersOf("src/m0/f1.ts:fn1a");
      const editMs = Math.round(performance.now() - tEdit);
      // A clock that never trusts a stat signature: every file re-read and re-hashed (not re-parsed).
      const racy = await Analyzer.open(r.root, { clock: () => 0 });
      await racy.callGraph();
      const tRacy = performance.now();
      await racy.callGraph();
      const racyWarmMs = Math.round(performance.now() - tRacy);
      const rss = process.memoryUsage().rss;
      const report = {
        files: gen.files,
        sourceMiB: +(gen.bytes / 2 ** 20).toFixed(2),
        grammarLoadMs: Math.round(tLoad - t0),
        coldScanMs: Math.round(tCold - tLoad),
        warmCallersOfMs: warmTimes.map((t) => Math.round(t)),
        oneFileEditedMs: editMs,
        warmRehashAllMs: racyWarmMs,
        edges: graph.edgeCount,
        parses: warm.parses,
        rssMiB: Math.round(rss / 2 ** 20),
      };
      console.log(`[wit-analysis scale] ${JSON.stringify(report)}`);
      expect(warm.parses).toBe(cold.parses);
      expect(warm.graphBuilds).toBe(1);
      // f1 is imported by f0 (i+1), f(tsCount-6) (i+7) and f(tsCount-30) (i+31).
      expect((await analyzer.callersOf("src/m0/f1.ts:fn1a")).length).toBeGreaterThanOrEqual(3);
    } finally {
      r.cleanup();
    }
  });
});
