/**
 * Decisions 147 and 301: an edit to a file's content, and a file or directory added, removed or
 * moved, update the caller graph in place (only the files whose resolution read a changed file's
 * facts or asked the file index a question whose answer changed), instead of rebuilding every
 * file's. Seeded sequences of edits (calls, imports, re-export chains, `export *`, classes, Python
 * from-imports) and of file-set changes (shadowing `x.ts` / `x/index.ts`, `.js` to `.ts`, Python
 * packages, modules, namespace packages and src-layout roots, whole directories moved in, copied
 * and removed) on a watched tree: after each step the updated graph must equal a graph built from
 * scratch, edge for edge, and no full rebuild may have happened.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Analyzer } from "../../src/wit/analysis/index.js";
import { tempRepo } from "./analysis-fixtures.js";

const SEED = 20261201;
const EDITS = 40;

/** Each file cycles through these contents; every variant keeps the file set unchanged. */
const VARIANTS: Record<string, string[]> = {
  "lib/a.ts": [
    "export function fa(): number { return 1; }\nexport class A { m(): number { return fa(); } }\n",
    "export function fa(): number { return 2; }\nexport function fb(): number { return fa(); }\nexport class A { constructor() { this.m(); } m(): number { return 0; } }\n",
    'import { fc } from "./c";\nexport function fa(): number { return fc(); }\nexport class A { #p() { return 1; } m() { return this.#p(); } }\n',
  ],
  "lib/b.ts": [
    'export { fa as g } from "./a";\n',
    'export { fc as g } from "./c";\n',
    'export { fb as g } from "./a";\nexport * from "./c";\n',
  ],
  "lib/c.ts": [
    "export function fc(): number { return 3; }\n",
    'import { fa } from "./a";\nexport function fc(): number { return fa(); }\nexport function fa2() { return 1; }\n',
  ],
  "lib/index.ts": ['export * from "./b";\nexport { A } from "./a";\n', 'export * from "./b";\nexport * from "./a";\n'],
  "app/x.ts": [
    'import { g, A } from "../lib";\nexport function run() { new A().m(); return g(); }\n',
    'import * as lib from "../lib";\nexport function run() { return lib.g() + lib.fc(); }\nexport function two() { return new lib.A(); }\n',
    'import { fa } from "../lib/a";\nexport function run() { return fa(); }\n',
  ],
  "pkg/__init__.py": ["", "from .m import helper\n"],
  "pkg/m.py": [
    "def helper():\n    return 1\n\n\nclass K:\n    def go(self):\n        return helper()\n",
    "from pkg.n import other\n\n\ndef helper():\n    return other()\n",
  ],
  "pkg/n.py": ["def other():\n    return 2\n", "from . import m\n\n\ndef other():\n    return m.helper()\n"],
  "main.py": [
    "from pkg import helper\n\n\ndef main():\n    return helper()\n",
    "import pkg.m\n\n\ndef main():\n    return pkg.m.K().go()\n",
  ],
};

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Every edge of the graph as `caller -> callee`, from the callees of every symbol of every file. */
async function edges(analyzer: Analyzer, files: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const f of files) {
    const facts = await analyzer.fileFacts(f);
    if (!facts.ok) continue;
    for (const s of facts.facts.symbols)
      for (const c of await analyzer.calleesOf(`${f}:${s.name}`)) out.push(`${f}:${s.name} -> ${c}`);
  }
  return out.sort();
}

const repos: { cleanup: () => void }[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

describe("the caller graph after an edit", () => {
  it(`equals a fresh build after each of ${EDITS} seeded edits, without a rebuild (seed ${SEED})`, async () => {
    const files = Object.keys(VARIANTS);
    const initial = Object.fromEntries(files.map((f) => [f, VARIANTS[f]![0]!]));
    const repo = tempRepo(initial);
    repos.push(repo);
    const watched = await Analyzer.open(repo.root, { watch: { syncDir: path.join(repo.root, ".wit", "sync") } });
    try {
      await watched.callGraph();
      const builds = watched.stats().graphBuilds;
      const random = rng(SEED);
      const history: string[] = [];
      for (let i = 0; i < EDITS; i++) {
        const file = files[Math.floor(random() * files.length)]!;
        const variant = Math.floor(random() * VARIANTS[file]!.length);
        history.push(`${file}#${variant}`);
        mkdirSync(path.dirname(path.join(repo.root, file)), { recursive: true });
        writeFileSync(path.join(repo.root, file), VARIANTS[file]![variant]!);
        const got = await edges(watched, files);
        const fresh = await Analyzer.open(repo.root);
        const want = await edges(fresh, files);
        fresh.close();
        expect(got, `after edits ${history.join(", ")} (seed ${SEED})`).toEqual(want);
      }
      const s = watched.stats();
      expect(s.graphBuilds).toBe(builds);
      expect(s.graphUpdates).toBeGreaterThan(0);
      expect(s.scans).toBe(1);
    } finally {
      watched.close();
    }
  }, 120_000);
});

/**
 * Files that come and go. Each one's presence changes how some import elsewhere resolves: lib.ts
 * shadows lib/index.ts, util.ts shadows util.js for "./util.js", dir.tsx shadows dir/index.ts,
 * pkg/__init__.py makes pkg a regular package (else namespace), pkg/m/__init__.py loses to pkg/m.py,
 * src/__init__.py turns src from a source root into a package, src/lib2 is importable as lib2.
 */
const POOL: Record<string, string[]> = {
  "app/x.ts": [
    'import { g } from "../lib";\nimport { u } from "./util.js";\nimport { d } from "./dir";\nexport function run() { return g() + u() + d(); }\n',
    'import * as lib from "../lib";\nexport function run() { return lib.g() + lib.h(); }\n',
  ],
  "lib.ts": [
    "export function g() { return 1; }\nexport function h() { return 2; }\n",
    'export * from "./lib/index";\n',
  ],
  "lib/index.ts": ["export function g() { return 3; }\n", 'export { u as g } from "../app/util.js";\n'],
  "app/util.ts": ["export function u() { return 1; }\n"],
  "app/util.js": ["export function u() { return 2; }\n"],
  "app/dir/index.ts": ["export function d() { return 1; }\n"],
  "app/dir/more/deep.ts": ['import { d } from "..";\nexport function deep() { return d(); }\n'],
  "app/dir.tsx": ["export function d() { return 2; }\n"],
  "main.py": [
    "from pkg.m import helper\nfrom pkg.sub.k import kk\n\n\ndef main():\n    return helper() + kk()\n",
    "import pkg.m\n\n\ndef main():\n    return pkg.m.helper()\n",
  ],
  "pkg/__init__.py": ["", "from .m import helper\n"],
  "pkg/m.py": ["def helper():\n    return 1\n"],
  "pkg/m/__init__.py": ["def helper():\n    return 2\n"],
  "pkg/sub/k.py": ["def kk():\n    return 1\n"],
  "src/lib2/mod.py": ["def f():\n    return 1\n"],
  "src/__init__.py": [""],
  "tests/t.py": ["from lib2.mod import f\n\n\ndef test_f():\n    return f()\n"],
};
/** Absent at the start: the shadowing files, so that adding one changes a resolution. */
const SHADOWS = new Set([
  "lib.ts",
  "app/util.ts",
  "app/dir.tsx",
  "pkg/__init__.py",
  "pkg/m/__init__.py",
  "src/__init__.py",
]);
/** Directories moved in, copied in (cp -r) and removed whole. */
const DIRS = ["app/dir", "pkg/sub", "src/lib2", "lib"];
const STEPS = 60;

describe("the caller graph after files and directories come and go", () => {
  it(`equals a fresh build after each of ${STEPS} seeded steps, without a rebuild (seed ${SEED})`, async () => {
    const pool = Object.keys(POOL);
    const initial = Object.fromEntries(pool.filter((f) => !SHADOWS.has(f)).map((f) => [f, POOL[f]![0]!]));
    const repo = tempRepo(initial);
    const outside = mkdtempSync(path.join(tmpdir(), "wit-incremental-outside-"));
    repos.push(repo, { cleanup: () => rmSync(outside, { recursive: true, force: true }) });
    const at = (rel: string) => path.join(repo.root, rel);
    const watched = await Analyzer.open(repo.root, { watch: { syncDir: path.join(repo.root, ".wit", "sync") } });
    try {
      await watched.callGraph();
      const builds = watched.stats().graphBuilds;
      const random = rng(SEED + 1);
      const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
      const history: string[] = [];
      const seen = new Set<string>();
      for (let i = 0; i < STEPS; i++) {
        const roll = random();
        if (roll < 0.25) {
          // A whole directory: removed if there, else filled outside and moved or copied in.
          const dir = pick(DIRS);
          if (existsSync(at(dir))) {
            rmSync(at(dir), { recursive: true });
            history.push(`rm -r ${dir}`);
          } else {
            const staged = path.join(outside, `step-${i}`);
            const inside = pool.filter((f) => f.startsWith(`${dir}/`) && random() < 0.7);
            for (const f of inside) {
              const target = path.join(staged, path.relative(dir, f));
              mkdirSync(path.dirname(target), { recursive: true });
              writeFileSync(target, pick(POOL[f]!));
            }
            mkdirSync(staged, { recursive: true });
            mkdirSync(path.dirname(at(dir)), { recursive: true });
            const how = random() < 0.5 ? "mv" : "cp -r";
            if (how === "mv") renameSync(staged, at(dir));
            else cpSync(staged, at(dir), { recursive: true });
            history.push(`${how} ${dir} (${inside.length} files)`);
          }
        } else {
          const file = pick(pool);
          if (existsSync(at(file)) && random() < 0.5) {
            unlinkSync(at(file));
            history.push(`rm ${file}`);
          } else {
            mkdirSync(path.dirname(at(file)), { recursive: true });
            const variant = Math.floor(random() * POOL[file]!.length);
            writeFileSync(at(file), POOL[file]![variant]!);
            history.push(`write ${file}#${variant}`);
          }
        }
        const got = await edges(watched, pool);
        const fresh = await Analyzer.open(repo.root);
        const want = await edges(fresh, pool);
        fresh.close();
        expect(got, `after ${history.join(", ")} (seed ${SEED + 1})`).toEqual(want);
        seen.add(want.join("\n"));
      }
      const s = watched.stats();
      expect(s.graphBuilds).toBe(builds);
      expect(s.scans).toBe(1);
      // The sequence really moved the edges around (many distinct graphs), all by updates.
      expect(seen.size).toBeGreaterThan(STEPS / 3);
      expect(s.graphUpdates).toBeGreaterThan(STEPS / 2);
    } finally {
      watched.close();
    }
  }, 180_000);
});

describe("each kind of question resolution asks the file index is followed", () => {
  // One step per question: a file shadowing another (hasFile), a namespace package appearing with
  // its first file (hasDir), a src-layout root becoming a package (pySourceRoots).
  const steps: { what: string; change: (at: (rel: string) => string) => void; calls: string }[] = [
    {
      what: "lib.ts added (shadows lib/index.ts)",
      change: (at) => writeFileSync(at("lib.ts"), "export function g() { return 1; }\n"),
      calls: "app/x.ts:run -> lib.ts:g",
    },
    {
      what: "pkg/sub/k.py added (pkg/sub appears as a namespace package)",
      change: (at) => {
        mkdirSync(at("pkg/sub"));
        writeFileSync(at("pkg/sub/k.py"), "def kk():\n    return 1\n");
      },
      calls: "main.py:main -> pkg/sub/k.py:kk",
    },
    {
      what: "src/__init__.py added (src is a package, no longer a source root)",
      change: (at) => writeFileSync(at("src/__init__.py"), ""),
      calls: "",
    },
  ];
  it("after each step the graph equals a fresh build, without a rebuild", async () => {
    const repo = tempRepo({
      "app/x.ts": 'import { g } from "../lib";\nexport function run() { return g(); }\n',
      "lib/index.ts": "export function g() { return 3; }\n",
      "main.py": "from pkg import sub\n\n\ndef main():\n    return sub.k.kk()\n",
      "pkg/m.py": "def helper():\n    return 1\n",
      "src/lib2/mod.py": "def f():\n    return 1\n",
      "tests/t.py": "from lib2.mod import f\n\n\ndef test_f():\n    return f()\n",
    });
    repos.push(repo);
    const files = ["app/x.ts", "lib.ts", "lib/index.ts", "main.py", "pkg/sub/k.py", "src/lib2/mod.py", "tests/t.py"];
    const watched = await Analyzer.open(repo.root, { watch: { syncDir: path.join(repo.root, ".wit", "sync") } });
    try {
      expect(await edges(watched, files)).toEqual([
        "app/x.ts:run -> lib/index.ts:g",
        "tests/t.py:test_f -> src/lib2/mod.py:f",
      ]);
      for (const step of steps) {
        step.change((rel) => path.join(repo.root, rel));
        const got = await edges(watched, files);
        const fresh = await Analyzer.open(repo.root);
        const want = await edges(fresh, files);
        fresh.close();
        expect(got, step.what).toEqual(want);
        if (step.calls) expect(want, step.what).toContain(step.calls);
      }
      expect(await edges(watched, files)).not.toContain("tests/t.py:test_f -> src/lib2/mod.py:f");
      expect(watched.stats().graphBuilds).toBe(1);
    } finally {
      watched.close();
    }
  });
});
