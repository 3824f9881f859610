import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Analyzer } from "../../src/wit/analysis/index.js";
import { PY_REPO, TS_REPO, tempRepo } from "./analysis-fixtures.js";

describe("caller graph across files (TS / TSX / JS / JSX)", () => {
  let repo: ReturnType<typeof tempRepo>;
  let analyzer: Analyzer;
  beforeAll(async () => {
    repo = tempRepo(TS_REPO);
    analyzer = await Analyzer.open(repo.root);
  });
  afterAll(() => repo.cleanup());

  it("finds callers through extensionless, .js-suffixed and namespace imports, and this.", async () => {
    expect(await analyzer.callersOf("src/auth.ts:validateToken")).toEqual([
      "src/api/routes.ts:handleLogin",
      "src/auth.ts:AuthService.refresh",
      "src/auth.ts:AuthService.validate",
      "src/ns.ts:checkToken",
    ]);
    expect(await analyzer.callersOf("src/auth.ts:AuthService.check")).toEqual(["src/auth.ts:AuthService.validate"]);
    expect(await analyzer.callersOf("src/auth.ts:lookup")).toEqual(["src/auth.ts:validateToken"]);
  });

  it("resolves a directory import to index.ts and follows its aliased re-export", async () => {
    expect(await analyzer.callersOf("src/api/routes.ts:handleLogin")).toEqual(["src/server.tsx:App"]);
  });

  it("counts `new Class()` as a call to Class.constructor, and rendering <Component /> as a call", async () => {
    expect(await analyzer.callersOf("src/auth.ts:AuthService.constructor")).toEqual(["src/api/routes.ts:handleLogin"]);
    expect(await analyzer.callersOf("src/auth.ts:AuthService")).toEqual([]);
    expect(await analyzer.calleesOf("src/server.tsx:App")).toEqual([
      "src/api/routes.ts:handleLogin",
      "src/server.tsx:LoginForm",
    ]);
    expect(await analyzer.callersOf("web/Button.jsx:Button")).toEqual(["web/page.jsx:Page"]);
  });

  it("resolves JS default imports, aliased named imports and CommonJS require", async () => {
    expect(await analyzer.calleesOf("web/Button.jsx:Button")).toEqual(["web/util.js:fmt", "web/util.js:main"]);
    expect(await analyzer.callersOf("web/util.js:fmt")).toEqual([
      "web/Button.jsx:Button",
      "web/legacy.js:old",
      "web/util.js:main",
    ]);
  });

  it("ignores node_modules and .wit, and leaves unresolvable calls out", async () => {
    const callers = await analyzer.callersOf("src/auth.ts:validateToken");
    expect(callers.some((c) => c.startsWith("node_modules/") || c.startsWith(".wit/"))).toBe(false);
    expect(await analyzer.calleesOf("src/api/routes.ts:unrelated")).toEqual([]);
  });

  it("answers nothing (not an error) for missing symbols, missing files and malformed paths", async () => {
    expect(await analyzer.callersOf("src/auth.ts:nope")).toEqual([]);
    expect(await analyzer.callersOf("src/missing.ts:f")).toEqual([]);
    expect(await analyzer.callersOf("no-colon")).toEqual([]);
    expect(await analyzer.callersOf("../outside.ts:f")).toEqual([]);
  });

  it("accepts a non-canonical spelling of the same symbol path", async () => {
    expect(await analyzer.callersOf("./src//auth.ts:AuthService.check")).toEqual(["src/auth.ts:AuthService.validate"]);
  });
});

describe("caller graph across files (Python)", () => {
  let repo: ReturnType<typeof tempRepo>;
  let analyzer: Analyzer;
  beforeAll(async () => {
    repo = tempRepo(PY_REPO);
    analyzer = await Analyzer.open(repo.root);
  });
  afterAll(() => repo.cleanup());

  it("resolves from-imports (relative, aliased), module imports and dotted attribute chains", async () => {
    expect(await analyzer.callersOf("pkg/auth.py:hash_pw")).toEqual(["pkg/api.py:login", "pkg/auth.py:User.check"]);
    expect(await analyzer.calleesOf("pkg/api.py:login")).toEqual(["pkg/auth.py:User.__init__", "pkg/auth.py:hash_pw"]);
  });

  it("resolves self.method, Class() construction (Class.__init__), Class.static_method and submodule imports", async () => {
    expect(await analyzer.callersOf("pkg/auth.py:User.verify")).toEqual(["main.py:run", "pkg/auth.py:User.check"]);
    expect(await analyzer.callersOf("pkg/auth.py:User.__init__")).toEqual([
      "main.py:run",
      "pkg/api.py:login",
      "pkg/api.py:make_user",
    ]);
    expect(await analyzer.callersOf("pkg/auth.py:User")).toEqual([]);
    expect(await analyzer.callersOf("pkg/api.py:login")).toEqual(["main.py:run"]);
  });

  it("resolves an absolute import from the importing script's own directory", async () => {
    expect(await analyzer.callersOf("tools/helper.py:assist")).toEqual(["tools/script.py:go"]);
  });

  it("lists a file's symbols with methods named Class.method", async () => {
    const facts = await analyzer.fileFacts("pkg/auth.py");
    expect(facts.ok && facts.facts.symbols.map((s) => `${s.kind}:${s.name}`)).toEqual([
      "function:hash_pw",
      "class:User",
      "method:User.__init__",
      "method:User.check",
      "method:User.verify",
    ]);
  });
});
