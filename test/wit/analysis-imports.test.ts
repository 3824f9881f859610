/**
 * One file per import form, each calling the target exactly once, so a form that stops resolving
 * shows up as one missing caller (the combined fixtures in analysis-graph would hide it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Analyzer } from "../../src/wit/analysis/index.js";
import { tempRepo } from "./analysis-fixtures.js";

const TS_FORMS: Record<string, string> = {
  "lib/target.ts": "export function target(x: number): number { return x; }\nexport default function dflt() {}\n",
  "lib/index.ts": 'export * from "./target";\n',
  "lib/dir/index.tsx": 'export { target as renamed } from "../target";\n',
  "lib/only-js.js": "export function jsTarget() {}\n",
  "lib/both.ts": "export function pick() {}\n",
  "lib/both.js": "export function pick() {}\n",
  "use/named.ts": 'import { target } from "../lib/target";\nexport function f() { target(1); }\n',
  "use/aliased.ts": 'import { target as t } from "../lib/target";\nexport function f() { t(1); }\n',
  "use/js-suffix.ts": 'import { target } from "../lib/target.js";\nexport function f() { target(1); }\n',
  "use/namespace.ts": 'import * as lib from "../lib/target";\nexport function f() { lib.target(1); }\n',
  "use/star-index.ts": 'import { target } from "../lib";\nexport function f() { target(1); }\n',
  "use/dir-index.ts": 'import { renamed } from "../lib/dir";\nexport function f() { renamed(1); }\n',
  "use/default.ts": 'import d from "../lib/target";\nexport function f() { d(); }\n',
  "use/require.js": 'const { target } = require("../lib/target");\nfunction f() { target(1); }\n',
  "use/ts-import-require.ts": 'import lib = require("../lib/target");\nexport function f() { lib.target(1); }\n',
  "use/js-ext-order.ts": 'import { pick } from "../lib/both";\nexport function f() { pick(); }\n',
  "use/js-importer.js": 'import { jsTarget } from "../lib/only-js";\nfunction f() { jsTarget(); }\n',
  "use/bare.ts": 'import { target } from "lib/target";\nexport function f() { target(1); }\n',
  "use/escape.ts": 'import { target } from "../../lib/target";\nexport function f() { target(1); }\n',
  "use/shadow.ts": "function target() {}\nexport function f() { target(); }\n",
};

const PY_FORMS: Record<string, string> = {
  "app/__init__.py": "",
  "app/core/__init__.py": "from .impl import target as exported\n",
  "app/core/impl.py": "def target(x: int) -> int:\n    return x\n",
  "app/core/star.py": "from .impl import *\n",
  "app/use_from.py": "from app.core.impl import target\n\ndef f():\n    target(1)\n",
  "app/use_relative.py": "from .core.impl import target\n\ndef f():\n    target(1)\n",
  "app/use_module.py": "from .core import impl\n\ndef f():\n    impl.target(1)\n",
  "app/use_dotted.py": "import app.core.impl\n\ndef f():\n    app.core.impl.target(1)\n",
  "app/use_alias.py": "import app.core.impl as m\n\ndef f():\n    m.target(1)\n",
  "app/use_package_reexport.py": "from app.core import exported\n\ndef f():\n    exported(1)\n",
  "app/use_star.py": "from app.core.star import target\n\ndef f():\n    target(1)\n",
  "app/use_parent.py": "from ..core.impl import target\n\ndef f():\n    target(1)\n",
  "app/sub/use_up.py": "from ..core.impl import target\n\ndef f():\n    target(1)\n",
  "app/use_stdlib.py": "import os\n\ndef f():\n    os.path.join('a')\n",
};

describe("each import form resolves on its own", () => {
  let repo: ReturnType<typeof tempRepo>;
  let analyzer: Analyzer;
  beforeAll(async () => {
    repo = tempRepo({ ...TS_FORMS, ...PY_FORMS });
    analyzer = await Analyzer.open(repo.root);
  });
  afterAll(() => repo.cleanup());

  it("TS/JS: named, aliased, .js suffix, namespace, export *, index + re-export, default, require", async () => {
    expect(await analyzer.callersOf("lib/target.ts:target")).toEqual([
      "use/aliased.ts:f",
      "use/dir-index.ts:f",
      "use/js-suffix.ts:f",
      "use/named.ts:f",
      "use/namespace.ts:f",
      "use/require.js:f",
      "use/star-index.ts:f",
      "use/ts-import-require.ts:f",
    ]);
    expect(await analyzer.callersOf("lib/target.ts:dflt")).toEqual(["use/default.ts:f"]);
  });

  it("TS/JS: extension order .ts before .js; a JS importer finds a .js file", async () => {
    expect(await analyzer.callersOf("lib/both.ts:pick")).toEqual(["use/js-ext-order.ts:f"]);
    expect(await analyzer.callersOf("lib/both.js:pick")).toEqual([]);
    expect(await analyzer.callersOf("lib/only-js.js:jsTarget")).toEqual(["use/js-importer.js:f"]);
  });

  it("TS/JS: bare specifiers and imports climbing out of the root do not resolve; local definitions win", async () => {
    expect(await analyzer.calleesOf("use/bare.ts:f")).toEqual([]);
    expect(await analyzer.calleesOf("use/escape.ts:f")).toEqual([]);
    expect(await analyzer.calleesOf("use/shadow.ts:f")).toEqual(["use/shadow.ts:target"]);
  });

  it("Python: absolute, relative, module, dotted, aliased, package re-export, star, parent-relative", async () => {
    expect(await analyzer.callersOf("app/core/impl.py:target")).toEqual([
      "app/sub/use_up.py:f",
      "app/use_alias.py:f",
      "app/use_dotted.py:f",
      "app/use_from.py:f",
      "app/use_module.py:f",
      "app/use_package_reexport.py:f",
      "app/use_relative.py:f",
      "app/use_star.py:f",
    ]);
  });

  it("Python: a relative import above the top-level package and stdlib modules do not resolve", async () => {
    // app/use_parent.py: `..` from app/ is the root, which has no core/ package.
    expect(await analyzer.calleesOf("app/use_parent.py:f")).toEqual([]);
    expect(await analyzer.calleesOf("app/use_stdlib.py:f")).toEqual([]);
  });
});

describe("names that collide with Object.prototype", () => {
  it("resolve like any other name", async () => {
    const repo = tempRepo({
      "a.ts": "export function constructor() {}\nexport function __proto__() {}\n",
      "b.ts":
        'import { constructor, __proto__ } from "./a";\nexport function toString() { constructor(); __proto__(); }\n',
    });
    try {
      const analyzer = await Analyzer.open(repo.root);
      expect(await analyzer.calleesOf("b.ts:toString")).toEqual(["a.ts:__proto__", "a.ts:constructor"]);
      expect(await analyzer.callersOf("a.ts:constructor")).toEqual(["b.ts:toString"]);
    } finally {
      repo.cleanup();
    }
  });
});
