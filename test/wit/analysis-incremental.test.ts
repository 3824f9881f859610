/**
 * Decision 147: an edit to a file's content updates the caller graph in place (only that file's
 * edges and those of the files whose resolution read it), instead of rebuilding every file's.
 * A seeded sequence of edits (calls, imports, re-export chains, `export *`, classes, Python
 * from-imports) on a watched tree: after each edit the updated graph must equal a graph built
 * from scratch, edge for edge, and no full rebuild may have happened.
 */
import { mkdirSync, writeFileSync } from "node:fs";
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
