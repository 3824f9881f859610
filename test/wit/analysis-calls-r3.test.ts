/**
 * Issue 13 item 3, the caller graph (decisions 145, 146), on small trees with real tree-sitter:
 * calls to `#private` methods whatever the receiver, `new X()` as a call to `X.constructor` (not
 * to the class), and Python absolute imports of src-layout packages. Then one real daemon process
 * that turns them into caller warnings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Analyzer } from "../../src/wit/analysis/index.js";
import { tempRepo } from "./analysis-fixtures.js";
import {
  removeTempRoots,
  request,
  rpc,
  spawnDaemon,
  tempRoot,
  writeFiles,
  type DaemonProcess,
} from "./daemon-helpers.js";

const TS: Record<string, string> = {
  // Shaped like ky's Ky class: a static factory building an instance and calling its private methods.
  "src/Ky.ts": `export class Ky {
  static create(input: string): Ky {
    const ky = new Ky(input);
    const run = async () => {
      await ky.#retry(() => ky.#fetch());
    };
    void run();
    return ky;
  }
  #onError = (e: unknown) => this.#log(e);
  constructor(readonly input: string) {
    this.#log(input);
  }
  async #retry(fn: () => Promise<void>): Promise<void> {
    await fn();
  }
  async #fetch(): Promise<void> {
    Ky.#count();
  }
  #log(x: unknown): void {}
  static #count(): number {
    return 1;
  }
  plain(): void {
    (this as Ky).#log("p");
  }
}

export class Bare {
  run(): number {
    return 1;
  }
}

export function helper(): number {
  return 2;
}

function notAClass() {}
export function legacy() {
  return new (notAClass as any)();
}
`,
  "src/app.ts": `import { Ky, Bare, helper } from "./Ky";
import * as ns from "./Ky";

export function main(): void {
  const k = new Ky("x");
  new Bare().run();
  new ns.Bare();
  helper();
}

export class Sub extends Ky {
  go(): void {
    this.#nothing();
  }
}
`,
};

const PY: Record<string, string> = {
  "pyproject.toml": '[project]\nname = "acme"\n',
  "src/acme/__init__.py": "",
  "src/acme/core.py":
    "def compute(x):\n    return x\n\n\nclass Engine:\n    def __init__(self, n):\n        self.n = n\n\n    def start(self):\n        return compute(self.n)\n",
  "src/acme/api.py":
    "from acme.core import compute, Engine\nimport acme.core\nimport acme.core as c\n\n\ndef handler(x):\n    compute(x)\n    acme.core.compute(x)\n    return c.Engine(x).start()\n\n\ndef build():\n    return Engine(1)\n",
  "src/acme/sub/__init__.py": "",
  "src/acme/sub/deep.py": "from acme import core\n\n\ndef deeper():\n    return core.compute(2)\n",
  "tests/test_api.py": "from acme.api import handler\n\n\ndef test_handler():\n    handler(1)\n",
  // A monorepo member with its own src layout.
  "packages/tool/src/tool/__init__.py": "from .cli import run\n",
  "packages/tool/src/tool/cli.py": "def run():\n    return 0\n",
  "packages/tool/src/tool/main.py": "import tool.cli\n\n\ndef entry():\n    return tool.cli.run()\n",
};

afterAll(() => removeTempRoots());

describe("private methods and constructions (TypeScript)", () => {
  let repo: ReturnType<typeof tempRepo>;
  let analyzer: Analyzer;
  beforeAll(async () => {
    repo = tempRepo(TS);
    analyzer = await Analyzer.open(repo.root);
  });
  afterAll(() => repo.cleanup());

  it("a #private call is the enclosing class's member, whatever the receiver", async () => {
    expect(await analyzer.callersOf("src/Ky.ts:Ky.#retry")).toEqual(["src/Ky.ts:Ky.create"]);
    expect(await analyzer.callersOf("src/Ky.ts:Ky.#fetch")).toEqual(["src/Ky.ts:Ky.create"]);
    expect(await analyzer.callersOf("src/Ky.ts:Ky.#log")).toEqual([
      "src/Ky.ts:Ky.#onError",
      "src/Ky.ts:Ky.constructor",
      "src/Ky.ts:Ky.plain",
    ]);
    expect(await analyzer.callersOf("src/Ky.ts:Ky.#count")).toEqual(["src/Ky.ts:Ky.#fetch"]);
    // A subclass cannot reach its parent's private names: `this.#nothing()` resolves to nothing.
    expect(await analyzer.calleesOf("src/app.ts:Sub.go")).toEqual([]);
  });

  it("new X() calls X.constructor (declared or implicit), not the class", async () => {
    expect(await analyzer.callersOf("src/Ky.ts:Ky.constructor")).toEqual(["src/Ky.ts:Ky.create", "src/app.ts:main"]);
    expect(await analyzer.callersOf("src/Ky.ts:Ky")).toEqual([]);
    expect(await analyzer.callersOf("src/Ky.ts:Bare.constructor")).toEqual(["src/app.ts:main"]);
    expect(await analyzer.calleesOf("src/app.ts:main")).toEqual([
      "src/Ky.ts:Bare.constructor",
      "src/Ky.ts:Ky.constructor",
      "src/Ky.ts:helper",
    ]);
    // A plain call to a function is still a call to that function.
    expect(await analyzer.callersOf("src/Ky.ts:helper")).toEqual(["src/app.ts:main"]);
  });
});

describe("Python src-layout packages", () => {
  let repo: ReturnType<typeof tempRepo>;
  let analyzer: Analyzer;
  beforeAll(async () => {
    repo = tempRepo(PY);
    analyzer = await Analyzer.open(repo.root);
  });
  afterAll(() => repo.cleanup());

  it("resolves `from pkg.mod import f`, `import pkg.mod` and aliases of src/pkg/mod.py", async () => {
    expect(await analyzer.callersOf("src/acme/core.py:compute")).toEqual([
      "src/acme/api.py:handler",
      "src/acme/core.py:Engine.start",
      "src/acme/sub/deep.py:deeper",
    ]);
    expect(await analyzer.callersOf("src/acme/core.py:Engine.__init__")).toEqual([
      "src/acme/api.py:build",
      "src/acme/api.py:handler",
    ]);
  });

  it("resolves the package from a tests/ directory outside src, and in a monorepo member's src", async () => {
    expect(await analyzer.callersOf("src/acme/api.py:handler")).toEqual(["tests/test_api.py:test_handler"]);
    expect(await analyzer.callersOf("packages/tool/src/tool/cli.py:run")).toEqual([
      "packages/tool/src/tool/main.py:entry",
    ]);
  });
});

describe("on a real daemon process", () => {
  let daemon: DaemonProcess;
  beforeAll(async () => {
    const root = tempRoot("wit-calls-");
    writeFiles(root, { ...TS, ...PY });
    daemon = await spawnDaemon(root);
  });
  afterAll(async () => {
    await daemon?.stop();
  });

  it("private calls, constructions and src-layout imports become caller warnings", async () => {
    let n = 0;
    const acquire = async (symbolPath: string, sessionId: string) =>
      (await rpc(daemon.socket, request("lock.acquire", { symbolPath, sessionId }, `c${++n}`))).result;
    await acquire("src/Ky.ts:Ky.create", "holder");
    await acquire("src/app.ts:main", "holder");
    await acquire("tests/test_api.py:test_handler", "holder");
    expect((await acquire("src/Ky.ts:Ky.#retry", "me")).warnings).toEqual([
      { lockedSymbol: "src/Ky.ts:Ky.create", heldBy: "holder", chain: ["src/Ky.ts:Ky.create", "src/Ky.ts:Ky.#retry"] },
    ]);
    expect(
      (await acquire("src/Ky.ts:Ky.constructor", "me")).warnings.map((w: { lockedSymbol: string }) => w.lockedSymbol),
    ).toEqual(["src/Ky.ts:Ky.create", "src/app.ts:main"]);
    expect((await acquire("src/Ky.ts:Ky", "me")).warnings).toEqual([]);
    expect((await acquire("src/acme/api.py:handler", "me")).warnings).toEqual([
      {
        lockedSymbol: "tests/test_api.py:test_handler",
        heldBy: "holder",
        chain: ["tests/test_api.py:test_handler", "src/acme/api.py:handler"],
      },
    ]);
  });
});
