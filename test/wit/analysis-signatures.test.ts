import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Analyzer } from "../../src/wit/analysis/index.js";
import { tempRepo } from "./analysis-fixtures.js";

let repo: ReturnType<typeof tempRepo>;
let analyzer: Analyzer;
beforeAll(async () => {
  repo = tempRepo({
    "src/auth.ts": "export async function validateToken(token: string): Promise<User | null> {\n  return null;\n}\n",
    "auth.py": "def hash_pw(pw: str) -> str:\n    return pw\n",
  });
  analyzer = await Analyzer.open(repo.root);
});
afterAll(() => repo.cleanup());

/** Signature of `symbol` in `content` parsed as `file`'s language. */
function sig(file: string, content: string, symbol: string): string {
  const r = analyzer.signatureFromContent(file, content, symbol);
  if (!r.ok) throw new Error(`${r.reason}: ${r.message}`);
  return r.symbol.signature;
}

describe("signatures from disk (contract.propose)", () => {
  it("prints the protocol's examples exactly", async () => {
    const ts = await analyzer.signatureFromDisk("src/auth.ts:validateToken");
    expect(ts.ok && ts.symbol.signature).toBe("(token: string): Promise<User | null>");
    const py = await analyzer.signatureFromDisk("auth.py:hash_pw");
    expect(py.ok && py.symbol.signature).toBe("(pw: str) -> str");
  });

  it("reports missing files, unsupported languages, unknown symbols and refused paths distinctly", async () => {
    const reasons = await Promise.all(
      ["src/nope.ts:f", "README.md:f", "src/auth.ts:nope", "../x.ts:f", "/etc/passwd:x", "nocolon"].map(async (p) => {
        const r = await analyzer.signatureFromDisk(p);
        return r.ok ? "ok" : r.reason;
      }),
    );
    expect(reasons).toEqual([
      "not-found",
      "unsupported-language",
      "symbol-not-found",
      "path-refused",
      "path-refused",
      "path-refused",
    ]);
  });
});

describe("signature text (TypeScript / JavaScript)", () => {
  const cases: Array<[string, string, string]> = [
    [
      "function f(a: string, b?: number, ...rest: string[]): void {}",
      "f",
      "(a: string, b?: number, ...rest: string[]): void",
    ],
    ["function f<T extends object>(x: T): Array<T>[] {}", "f", "<T extends object>(x: T): Array<T>[]"],
    ["const f = async (token: string): Promise<User | null> => null;", "f", "(token: string): Promise<User | null>"],
    ["const f = x => x;", "f", "(x)"],
    ["let f = function (a, b = 2) {};", "f", "(a, b = 2)"],
    [
      "function f(o: { a: string; b?: number }, t: [string, number], u: A & B): o is X {}",
      "f",
      "(o: { a: string; b?: number }, t: [string, number], u: A & B): o is X",
    ],
    [
      "function f(cb: (e: Error) => void, k: keyof T, m: T[K]): asserts k is string {}",
      "f",
      "(cb: (e: Error) => void, k: keyof T, m: T[K]): asserts k is string",
    ],
    ["function f(x: A extends B ? C : D, y = -1, z = 'a  b') {}", "f", "(x: A extends B ? C : D, y = -1, z = 'a  b')"],
    [
      "class C { constructor(private readonly a: string, public b = 1) {} m(): void {} }",
      "C",
      "(private readonly a: string, public b = 1)",
    ],
    ["class C { m(): void {} }", "C", "()"],
    ["class C { static async m<K>(k: K): Promise<K> { return k; } }", "C.m", "<K>(k: K): Promise<K>"],
    [
      "function f(a: string): void;\nfunction f(a: number): void;\nfunction f(a: any) {}",
      "f",
      "(a: string): void; (a: number): void; (a: any)",
    ],
  ];
  it.each(cases)("%s -> %s", (content, symbol, expected) => {
    expect(sig("a.ts", content, symbol)).toBe(expected);
  });

  it("parses .js and .jsx with the JavaScript grammar and .tsx with TSX", () => {
    expect(sig("a.js", "export function f(a, { b, c } = {}, ...r) { return <div/>; }", "f")).toBe(
      "(a, { b, c } = {}, ...r)",
    );
    expect(sig("a.jsx", "export const C = ({ label }) => <b>{label}</b>;", "C")).toBe("({ label })");
    expect(sig("a.tsx", "export const C = (p: Props): JSX.Element => <b />;", "C")).toBe("(p: Props): JSX.Element");
  });
});

describe("signature text (Python)", () => {
  const cases: Array<[string, string, string]> = [
    [
      "def f(a, /, b, *, c=-1) -> dict[str, int | None]:\n    pass\n",
      "f",
      "(a, /, b, *, c=-1) -> dict[str, int | None]",
    ],
    [
      "def f(self, *args: str, flag=True, name: str = 'x', **kw) -> Optional[List[int]]:\n    pass\n",
      "f",
      "(self, *args: str, flag=True, name: str = 'x', **kw) -> Optional[List[int]]",
    ],
    ["async def f(cb: Callable[[int], str]):\n    pass\n", "f", "(cb: Callable[[int], str])"],
    ["class C:\n    def __init__(self, n: int) -> None:\n        pass\n", "C", "(self, n: int) -> None"],
    [
      "class C:\n    @property\n    def x(self) -> int:\n        return 1\n    @x.setter\n    def x(self, v: int) -> None:\n        pass\n",
      "C.x",
      "(self) -> int; (self, v: int) -> None",
    ],
  ];
  it.each(cases)("%s -> %s", (content, symbol, expected) => {
    expect(sig("a.py", content, symbol)).toBe(expected);
  });
});

describe("formatting-only changes are not signature changes", () => {
  it("TS: line breaks, indentation, spacing, trailing commas, comments, leading '|' and object separators", () => {
    const compact = "function f(a: string, b: { x: number; y: A | B }): Promise<Map<string, number>> {}";
    const reformatted = `function f(
      a :string,   // the name
      b: {
        x: number,
        y:
          | A
          | B
      },
    ) :   Promise< Map<string,number> > {}`;
    expect(sig("a.ts", reformatted, "f")).toBe(sig("a.ts", compact, "f"));
    expect(sig("a.ts", compact, "f")).toBe("(a: string, b: { x: number; y: A | B }): Promise<Map<string, number>>");
  });

  it("Python: line breaks, spacing, trailing commas and comments", () => {
    const compact = "def f(a: int, b: str = 'x') -> list[int]:\n    pass\n";
    const reformatted = "def f(\n    a : int,  # count\n    b: str='x',\n)->list[ int ]:\n    pass\n";
    expect(sig("a.py", reformatted, "f")).toBe(sig("a.py", compact, "f"));
  });

  it("any token change is a signature change", () => {
    const base = sig("a.ts", "function f(a: string): void {}", "f");
    for (const changed of [
      "function f(a: number): void {}",
      "function f(b: string): void {}",
      "function f(a?: string): void {}",
      "function f(a: string, b: string): void {}",
      "function f(a: string): Promise<void> {}",
      "function f(a: string) {}",
      "function f<T>(a: string): void {}",
      "function f(a: string = 'x'): void {}",
    ]) {
      expect(sig("a.ts", changed, "f"), changed).not.toBe(base);
    }
    expect(sig("a.py", "def f(pw: str) -> str: ...", "f")).not.toBe(sig("a.py", "def f(pw: bytes) -> str: ...", "f"));
    expect(sig("a.py", "def f(pw: str) -> str: ...", "f")).not.toBe(sig("a.py", "def f(pw: str): ...", "f"));
  });

  it("a body change is not a signature change", () => {
    expect(sig("a.ts", "function f(a: string): void { one(); }", "f")).toBe(
      sig("a.ts", "function f(a: string): void { two(); three(); }", "f"),
    );
  });
});

describe("staged content (check-contracts)", () => {
  it("reads only the given content, never the disk", () => {
    // src/auth.ts on disk says `token: string`; the staged version changed it.
    const staged =
      "export async function validateToken(token: string, strict: boolean): Promise<User | null> { return null; }";
    expect(sig("src/auth.ts", staged, "validateToken")).toBe("(token: string, strict: boolean): Promise<User | null>");
    // A staged file that does not exist on disk at all.
    expect(sig("src/new/file.py", "def g(x: int) -> int:\n    return x\n", "g")).toBe("(x: int) -> int");
  });

  it("reports a symbol missing from staged content, and refuses unsafe or unsupported paths", () => {
    const missing = analyzer.signatureFromContent("src/auth.ts", "export const other = 1;", "validateToken");
    expect(missing).toMatchObject({ ok: false, reason: "symbol-not-found" });
    expect(analyzer.signatureFromContent("../auth.ts", "function f() {}", "f")).toMatchObject({
      ok: false,
      reason: "path-refused",
    });
    expect(analyzer.signatureFromContent("notes.txt", "function f() {}", "f")).toMatchObject({
      ok: false,
      reason: "unsupported-language",
    });
  });

  it("reports content nested too deeply to walk as parse-failed instead of throwing", () => {
    const deep = `function f(a: ${"Array<".repeat(50_000)}x${">".repeat(50_000)}) {}`;
    expect(analyzer.contentFacts("deep.ts", deep)).toMatchObject({ ok: false, reason: "parse-failed" });
    expect(analyzer.signatureFromContent("deep.ts", deep, "f")).toMatchObject({ ok: false, reason: "parse-failed" });
  });

  it("symbols named like Object.prototype members are ordinary symbols", () => {
    const r = analyzer.contentFacts(
      "p.ts",
      "export function __proto__(a: string) { constructor(); }\nfunction constructor() {}\nfunction hasOwnProperty() {}\n",
    );
    expect(r.ok && r.facts.symbols.map((x) => x.name)).toEqual(["__proto__", "constructor", "hasOwnProperty"]);
    expect(({} as Record<string, unknown>)["a"]).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, "signature")).toBe(false);
  });

  it("survives syntax errors and odd content without throwing", () => {
    for (const content of ["function (", "def f(:\n", "\u0000\u0001", "}".repeat(1000), "(".repeat(5000)]) {
      for (const file of ["x.ts", "x.tsx", "x.js", "x.py"]) {
        expect(() => analyzer.contentFacts(file, content)).not.toThrow();
      }
    }
  });
});

describe("symbols and byte ranges", () => {
  it("ranges are UTF-8 byte offsets [startByte, endByte) even after non-ASCII text", () => {
    const content = "// héllo wörld 🎉\nexport function f(a: string): void {}\nconst g = () => 1;\n";
    const r = analyzer.contentFacts("a.ts", content);
    if (!r.ok) throw new Error(r.message);
    const bytes = Buffer.from(content, "utf8");
    const text = (name: string) => {
      const s = r.facts.symbols.find((x) => x.name === name);
      return s && bytes.subarray(s.startByte, s.endByte).toString("utf8");
    };
    expect(text("f")).toBe("function f(a: string): void {}");
    expect(text("g")).toBe("g = () => 1");
  });

  it("lists functions, classes, methods (Class.method), arrow fields, default exports; nested functions are not symbols", () => {
    const content = `
export default function () {}
export class Svc {
  run(): void { function helper() { inner(); } helper(); }
  onClick = () => this.run();
  get v(): number { return 1; }
}
const arrow = async () => {};
function outer() { const nested = () => 1; class Local { m() {} } }
`;
    const r = analyzer.contentFacts("a.ts", content);
    expect(r.ok && r.facts.symbols.map((s) => `${s.kind}:${s.name}`)).toEqual([
      "function:default",
      "class:Svc",
      "method:Svc.run",
      "method:Svc.onClick",
      "method:Svc.v",
      "function:arrow",
      "function:outer",
    ]);
    // The nested helper's calls count for the enclosing method.
    expect(r.ok && r.facts.calls.filter((c) => c.from === "Svc.run").map((c) => c.callee.join("."))).toEqual([
      "inner",
      "helper",
    ]);
  });

  it("a Python decorated definition's range includes its decorators; nested classes are Outer.Inner", () => {
    const content = "class A:\n    class B:\n        def m(self): pass\n    @staticmethod\n    def s(): pass\n";
    const r = analyzer.contentFacts("a.py", content);
    if (!r.ok) throw new Error(r.message);
    expect(r.facts.symbols.map((s) => s.name)).toEqual(["A", "A.B", "A.B.m", "A.s"]);
    const s = r.facts.symbols.find((x) => x.name === "A.s");
    expect(s && content.slice(s.startByte, s.endByte)).toBe("@staticmethod\n    def s(): pass");
  });
});
