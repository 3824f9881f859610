import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Analyzer } from "../../src/wit/analysis/index.js";
import { tempRepo } from "./analysis-fixtures.js";
import { generateRepo } from "./analysis-repo-gen.js";

const repos: Array<ReturnType<typeof tempRepo>> = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

function repo(files: Record<string, string> = {}): ReturnType<typeof tempRepo> {
  const r = tempRepo(files);
  repos.push(r);
  return r;
}

/** A clock far enough ahead that freshly written files are past the racy-timestamp window. */
const settledClock = () => Date.now() + 60_000;

describe("facts cache", () => {
  it("a second scan re-parses nothing unchanged and reuses the graph; an edit re-parses exactly that file and updates the graph", async () => {
    const r = repo();
    const { files, distinctContents } = generateRepo(r.root, 160);
    const analyzer = await Analyzer.open(r.root, { clock: settledClock });
    await analyzer.callGraph();
    const cold = analyzer.stats();
    // The empty __init__.py files share one content: one parse serves all of them.
    expect(distinctContents).toBeLessThan(files);
    expect(cold.parses).toBe(distinctContents);
    expect(cold.contentReads).toBe(files);
    expect(cold.graphBuilds).toBe(1);

    await analyzer.callGraph();
    const warm = analyzer.stats();
    expect(warm.parses).toBe(cold.parses);
    expect(warm.contentReads).toBe(cold.contentReads); // stat signature alone sufficed
    expect(warm.statHits).toBe(files);
    expect(warm.graphBuilds).toBe(1);

    writeFileSync(
      path.join(r.root, "src/m0/f0.ts"),
      "export function fn0a(x: number): number { return fn5a(x); }\nimport { fn5a } from './f5';\n",
    );
    expect(await analyzer.callersOf("src/m0/f5.ts:fn5a")).toContain("src/m0/f0.ts:fn0a");
    const edited = analyzer.stats();
    expect(edited.parses).toBe(warm.parses + 1);
    expect(edited.contentReads).toBe(warm.contentReads + 1);
    // Applied to the graph in place (decisions 147, 301), also when every question rescans.
    expect(edited.graphBuilds).toBe(1);
    expect(edited.graphUpdates).toBe(warm.graphUpdates + 1);
  });

  it("recently modified files are re-hashed (racy timestamps) but not re-parsed", async () => {
    const r = repo({ "a.ts": "export function a() { b(); }\nfunction b() {}\n" });
    const analyzer = await Analyzer.open(r.root); // real clock: the file was written just now
    await analyzer.callGraph();
    await analyzer.callGraph();
    const s = analyzer.stats();
    expect(s.parses).toBe(1);
    expect(s.contentReads).toBe(2);
    expect(s.hashHits).toBe(1);
  });

  it("a same-size rewrite is seen, and identical content elsewhere is not parsed twice", async () => {
    const r = repo({ "a.ts": "export function aaa() { bbb(); }\nfunction bbb() {}\nfunction ccc() {}\n" });
    const analyzer = await Analyzer.open(r.root);
    expect(await analyzer.callersOf("a.ts:bbb")).toEqual(["a.ts:aaa"]);
    writeFileSync(
      path.join(r.root, "a.ts"),
      "export function aaa() { ccc(); }\nfunction bbb() {}\nfunction ccc() {}\n",
    );
    expect(await analyzer.callersOf("a.ts:bbb")).toEqual([]);
    expect(await analyzer.callersOf("a.ts:ccc")).toEqual(["a.ts:aaa"]);
    const parses = analyzer.stats().parses;
    writeFileSync(
      path.join(r.root, "copy.ts"),
      "export function aaa() { ccc(); }\nfunction bbb() {}\nfunction ccc() {}\n",
    );
    expect(await analyzer.callersOf("copy.ts:ccc")).toEqual(["copy.ts:aaa"]);
    expect(analyzer.stats().parses).toBe(parses);
  });

  it("new and deleted files enter and leave the graph", async () => {
    const r = repo({ "lib.ts": "export function target() {}\n" });
    const analyzer = await Analyzer.open(r.root);
    expect(await analyzer.callersOf("lib.ts:target")).toEqual([]);
    writeFileSync(
      path.join(r.root, "user.ts"),
      'import { target } from "./lib";\nexport function user() { target(); }\n',
    );
    expect(await analyzer.callersOf("lib.ts:target")).toEqual(["user.ts:user"]);
    rmSync(path.join(r.root, "user.ts"));
    expect(await analyzer.callersOf("lib.ts:target")).toEqual([]);
  });

  it("staged content shares the content cache with disk files", async () => {
    const content = "export function same(x: number): number { return x; }\n";
    const r = repo({ "s.ts": content });
    const analyzer = await Analyzer.open(r.root);
    await analyzer.findSymbol("s.ts", "same");
    const parses = analyzer.stats().parses;
    expect(analyzer.signatureFromContent("s.ts", content, "same")).toMatchObject({ ok: true });
    expect(analyzer.stats().parses).toBe(parses);
  });

  it("concurrent requests share one consistent scan sequence", async () => {
    const r = repo({ "lib.ts": "export function t() {}\nexport function u() { t(); }\n" });
    const analyzer = await Analyzer.open(r.root);
    const results = await Promise.all(Array.from({ length: 8 }, () => analyzer.callersOf("lib.ts:t")));
    expect(results.every((x) => x.length === 1 && x[0] === "lib.ts:u")).toBe(true);
    expect(analyzer.stats().parses).toBe(1);
    expect(analyzer.stats().graphBuilds).toBe(1);
  });

  it("skips files over maxFileBytes and stops at maxFiles", async () => {
    const r = repo({
      "big.ts": `export function big() { small(); }\n${"// x\n".repeat(100)}`,
      "small.ts": "export function small() {}\n",
    });
    const small = await Analyzer.open(r.root, { maxFileBytes: 100 });
    expect(await small.callersOf("small.ts:small")).toEqual([]);
    expect(await small.findSymbol("big.ts", "big")).toMatchObject({ ok: false, reason: "too-large" });
    const capped = await Analyzer.open(r.root, { maxFiles: 1 });
    await capped.callGraph();
    expect(capped.stats().lastScan).toMatchObject({ files: 1, truncated: true });
  });
});
