/**
 * Freshness by events (decision 141): with a watcher, the caller graph answers from file events
 * and a sync cookie, never from a rescan, and stays exact — every edit made before a question is
 * seen by that question (real inotify through fs.watch, real tree-sitter). Without a watcher it
 * falls back to scanning and is still exact.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Analyzer } from "../../src/wit/analysis/index.js";
import { tempRepo } from "./analysis-fixtures.js";

const LIB = "export function target(x: number): number { return x; }\nexport function other(): number { return 1; }\n";
const caller = (fn: string, callee: string) =>
  `import { ${callee} } from "./lib";\nexport function ${fn}() { return ${callee}(1); }\n`;

const open: { analyzer: Analyzer; cleanup: () => void }[] = [];
afterEach(() => {
  for (const o of open.splice(0)) {
    o.analyzer.close();
    o.cleanup();
  }
});

async function watched(files: Record<string, string>, log: string[] = [], syncTimeoutMs?: number) {
  const repo = tempRepo(files);
  const analyzer = await Analyzer.open(repo.root, {
    watch: { syncDir: path.join(repo.root, ".wit", "sync"), syncTimeoutMs },
    log: (m) => log.push(m),
  });
  open.push({ analyzer, cleanup: repo.cleanup });
  return {
    root: repo.root,
    analyzer,
    write: (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(repo.root, rel)), { recursive: true });
      writeFileSync(path.join(repo.root, rel), text);
    },
  };
}

describe("a watched tree", () => {
  it("sees every edit at the next question, without rescanning", async () => {
    const { analyzer, write } = await watched({ "src/lib.ts": LIB, "src/a.ts": caller("a", "other") });
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual([]);
    expect(analyzer.stats()).toMatchObject({ freshness: "events", scans: 1 });
    for (let i = 0; i < 20; i++) {
      // Alternate the call, ask at once: each answer must reflect the edit just made.
      write("src/a.ts", caller("a", i % 2 === 0 ? "target" : "other"));
      expect(await analyzer.callersOf("src/lib.ts:target"), `edit ${i}`).toEqual(i % 2 === 0 ? ["src/a.ts:a"] : []);
    }
    const s = analyzer.stats();
    expect(s.scans).toBe(1); // the initial walk only
    expect(s.eventRefreshes).toBeGreaterThanOrEqual(20);
    // Unchanged tree: no refresh work, the same graph object.
    const g1 = await analyzer.callGraph();
    const g2 = await analyzer.callGraph();
    expect(g2).toBe(g1);
  });

  it("follows new directories, moves and deletions of files and directories", async () => {
    const { root, analyzer, write } = await watched({ "src/lib.ts": LIB });
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual([]);
    write("src/deep/er/b.ts", 'import { target } from "../../lib";\nexport function b() { return target(2); }\n');
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual(["src/deep/er/b.ts:b"]);
    renameSync(path.join(root, "src/deep"), path.join(root, "src/moved"));
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual(["src/moved/er/b.ts:b"]);
    // A change inside the moved directory is still seen (its watch follows the new name).
    write("src/moved/er/b.ts", 'import { other } from "../../lib";\nexport function b() { return other(); }\n');
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual([]);
    expect(await analyzer.callersOf("src/lib.ts:other")).toEqual(["src/moved/er/b.ts:b"]);
    rmSync(path.join(root, "src/moved"), { recursive: true });
    expect(await analyzer.callersOf("src/lib.ts:other")).toEqual([]);
    write("src/c.ts", caller("c", "target"));
    renameSync(path.join(root, "src/c.ts"), path.join(root, "src/d.ts"));
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual(["src/d.ts:c"]);
    unlinkSync(path.join(root, "src/d.ts"));
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual([]);
    // Deleting the callee's file removes its symbols from the graph too.
    write("src/e.ts", caller("e", "target"));
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual(["src/e.ts:e"]);
    unlinkSync(path.join(root, "src/lib.ts"));
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual([]);
    expect(analyzer.stats().scans).toBe(1);
  });

  it("ignores node_modules, .git and .wit changes", async () => {
    const { analyzer, write } = await watched({ "src/lib.ts": LIB });
    await analyzer.callGraph();
    const builds = analyzer.stats().graphBuilds;
    write("node_modules/x/a.ts", caller("a", "target"));
    write(".wit/junk.ts", caller("a", "target"));
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual([]);
    expect(analyzer.stats().graphBuilds).toBe(builds);
  });
});

describe("without a watcher", () => {
  it("falls back to scanning, says so, and stays exact", async () => {
    const repo = tempRepo({
      "src/lib.ts": LIB,
      "src/a.ts": caller("a", "other"),
      blocker: "a file where the sync directory would go",
    });
    const log: string[] = [];
    // The sync directory cannot be created (its parent is a file): no watcher.
    const analyzer = await Analyzer.open(repo.root, {
      watch: { syncDir: path.join(repo.root, "blocker", "sync") },
      log: (m) => log.push(m),
    });
    open.push({ analyzer, cleanup: repo.cleanup });
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual([]);
    expect(analyzer.stats().freshness).toBe("scan");
    expect(log.join("\n")).toMatch(/no file watcher .*kept fresh by scanning/);
    writeFileSync(path.join(repo.root, "src/a.ts"), caller("a", "target"));
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual(["src/a.ts:a"]);
    expect(analyzer.stats().scans).toBe(2);
  });

  it("a sync cookie that never arrives is treated as lost events: rescan, logged, still exact", async () => {
    const log: string[] = [];
    const { root, analyzer, write } = await watched({ "src/lib.ts": LIB, "src/a.ts": caller("a", "other") }, log);
    await analyzer.callGraph();
    // Remove the sync directory under the watcher: the next cookie cannot be written or seen.
    rmSync(path.join(root, ".wit", "sync"), { recursive: true });
    write("src/a.ts", caller("a", "target"));
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual(["src/a.ts:a"]);
    expect(log.join("\n")).toMatch(/file events may be lost/);
    // The sync directory is re-created: events keep the graph fresh again, without more rescans.
    const scans = analyzer.stats().scans;
    write("src/a.ts", caller("a", "other"));
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual([]);
    expect(analyzer.stats()).toMatchObject({ freshness: "events", scans });
  });
});

describe("sync cookies", () => {
  it("one cookie file is renamed for each question; removed under the watcher, it is re-created without losing events", async () => {
    const log: string[] = [];
    const { root, analyzer, write } = await watched({ "src/lib.ts": LIB, "src/a.ts": caller("a", "other") }, log);
    const syncDir = path.join(root, ".wit", "sync");
    await analyzer.callGraph();
    const names = new Set<string>();
    for (let i = 0; i < 5; i++) {
      write("src/a.ts", caller("a", i % 2 === 0 ? "target" : "other"));
      expect(await analyzer.callersOf("src/lib.ts:target")).toEqual(i % 2 === 0 ? ["src/a.ts:a"] : []);
      const files = readdirSync(syncDir);
      expect(files).toHaveLength(1); // renamed, never piling up
      names.add(files[0]!);
    }
    expect(names.size).toBe(5); // a new name per question: the event names the cookie it answers
    unlinkSync(path.join(syncDir, [...names].at(-1)!));
    write("src/a.ts", caller("a", "target"));
    expect(await analyzer.callersOf("src/lib.ts:target")).toEqual(["src/a.ts:a"]);
    expect(readdirSync(syncDir)).toHaveLength(1);
    expect(log.join("\n")).not.toMatch(/may be lost/);
    expect(analyzer.stats()).toMatchObject({ freshness: "events", scans: 1 });
    analyzer.close();
    expect(readdirSync(syncDir)).toEqual([]); // closing removes it
  });

  it("a cookie whose event waits unread behind a stall longer than the timeout is not taken for lost events", async () => {
    const log: string[] = [];
    const { analyzer, write } = await watched({ "src/lib.ts": LIB, "src/a.ts": caller("a", "other") }, log, 50);
    await analyzer.callGraph();
    write("src/a.ts", caller("a", "target"));
    const answer = analyzer.callersOf("src/lib.ts:target");
    // Let the question reach its sync (which queues the cookie's write for the next check phase),
    // then queue a 300 ms synchronous stall right behind that write: the 50 ms timer expires
    // before the loop polls the cookie's event (what a busy machine does to the daemon).
    for (let i = 0; i < 50; i++) await Promise.resolve();
    setImmediate(() => {
      const until = performance.now() + 300;
      while (performance.now() < until) {
        /* busy */
      }
    });
    expect(await answer).toEqual(["src/a.ts:a"]);
    expect(log.join("\n")).not.toMatch(/may be lost/);
    expect(analyzer.stats()).toMatchObject({ freshness: "events", scans: 1 });
  });
});

describe("the analyzer logs what it cannot parse", () => {
  it("names the file once, and leaves it out of the graph", async () => {
    const log: string[] = [];
    const deep = `export function f() { return ${"[".repeat(60_000)}${"]".repeat(60_000)}; }\n`;
    const { analyzer } = await watched({ "src/lib.ts": LIB, "src/deep.ts": deep }, log);
    await analyzer.callGraph();
    await analyzer.callGraph();
    const lines = log.filter((l) => l.includes("src/deep.ts"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/cannot parse src\/deep\.ts .*nesting too deep/);
  });
});
