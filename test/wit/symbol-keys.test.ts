/**
 * Issue 13 item 3: one canonical key per symbol (decision 144). The name rules on real
 * tree-sitter facts and real symlinks, then a real daemon process: two sessions can never hold
 * one symbol under two spellings (a bare method name, `Class.method`, a path through a symlinked
 * directory or file), an ambiguous name is refused listing its candidates, and stored records
 * keep the caller's spelling.
 */
import { mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Analyzer } from "../../src/wit/analysis/index.js";
import { realRelativePath, resolveName } from "../../src/wit/daemon/symbol-keys.js";
import {
  removeTempRoots,
  request,
  rpc,
  spawnDaemon,
  tempRoot,
  writeFiles,
  type DaemonProcess,
} from "./daemon-helpers.js";

const KY = [
  "export class Ky {",
  "  static create(input: string): Ky {",
  "    return new Ky();",
  "  }",
  "  get(url: string): string {",
  "    return url;",
  "  }",
  "}",
  "",
  "export class Other {",
  "  get(url: string, n: number): string {",
  "    return url + n;",
  "  }",
  "}",
  "",
  "export function top(): number {",
  "  return 1;",
  "}",
  "",
].join("\n");
const APP = 'import { Ky } from "./Ky";\n\nexport function main() {\n  return Ky.create("x");\n}\n';
const PY = "class Outer:\n    class Inner:\n        def m(self):\n            return 1\n\n\ndef m2():\n    return 2\n";

function makeTree(root: string): void {
  writeFiles(root, { "src/Ky.ts": KY, "src/app.ts": APP, "py/nest.py": PY });
  symlinkSync("src", path.join(root, "lib")); // a directory symlink inside the repository
  symlinkSync("src/Ky.ts", path.join(root, "alias.ts")); // a file symlink
  mkdirSync(path.join(root, "deep"));
}

afterAll(() => removeTempRoots());

describe("the name rules (real tree-sitter facts)", () => {
  let analyzer: Analyzer;
  beforeAll(async () => {
    const root = tempRoot("wit-keys-unit-");
    makeTree(root);
    analyzer = await Analyzer.open(root);
  });
  afterAll(() => analyzer.close());

  const symbolsOf = async (file: string) => {
    const f = await analyzer.fileFacts(file);
    if (!f.ok) throw new Error(f.message);
    return f.facts.symbols;
  };

  it("an exact qualified name wins; a bare method name unique in its file becomes Class.method", async () => {
    const symbols = await symbolsOf("src/Ky.ts");
    const name = (n: string) => {
      const r = resolveName(symbols, n);
      return r.kind === "found" ? r.fact.name : r.kind === "ambiguous" ? r.candidates.map((c) => c.name) : null;
    };
    expect(name("Ky.create")).toBe("Ky.create");
    expect(name("create")).toBe("Ky.create");
    expect(name("top")).toBe("top");
    expect(name("Ky")).toBe("Ky");
    expect(name("get")).toEqual(["Ky.get", "Other.get"]);
    expect(name("reate")).toBeNull(); // a suffix of a name is not a name
    expect(name("nothing")).toBeNull();
  });

  it("a nested Python class member resolves from its last segments", async () => {
    const symbols = await symbolsOf("py/nest.py");
    const found = (n: string) => {
      const r = resolveName(symbols, n);
      return r.kind === "found" ? r.fact.name : r.kind;
    };
    expect(found("m")).toBe("Outer.Inner.m");
    expect(found("Inner.m")).toBe("Outer.Inner.m");
    expect(found("Inner")).toBe("Outer.Inner");
    expect(found("m2")).toBe("m2");
  });

  it("a path through a symlink inside the root is its real path, a missing tail included", () => {
    const root = analyzer.root;
    expect(realRelativePath(root, "lib/Ky.ts")).toBe("src/Ky.ts");
    expect(realRelativePath(root, "alias.ts")).toBe("src/Ky.ts");
    expect(realRelativePath(root, "lib/not/yet.ts")).toBe("src/not/yet.ts");
    expect(realRelativePath(root, "deep/new.ts")).toBe("deep/new.ts");
    expect(realRelativePath(root, "src/app.ts")).toBe("src/app.ts");
  });
});

describe("one symbol, one key, on a real daemon process", () => {
  let daemon: DaemonProcess;
  let n = 0;
  const call = async (method: string, params: Record<string, unknown>) =>
    rpc(daemon.socket, request(method, params, `k${++n}`));
  const acquire = (symbolPath: string, sessionId: string) => call("lock.acquire", { symbolPath, sessionId });
  const release = (symbolPath: string, sessionId: string) => call("lock.release", { symbolPath, sessionId });

  beforeAll(async () => {
    const root = tempRoot("wit-keys-");
    makeTree(root);
    daemon = await spawnDaemon(root);
  });
  afterAll(async () => {
    await daemon?.stop();
  });

  it("A holds Ky.ts:create, so B cannot take Ky.ts:Ky.create (and the other way round)", async () => {
    const a = await acquire("src/Ky.ts:create", "A");
    expect(a.result.symbolPath).toBe("src/Ky.ts:Ky.create");
    const b = await acquire("src/Ky.ts:Ky.create", "B");
    expect(b.error).toMatchObject({ code: -32000, message: "LOCK_CONFLICT", data: { heldBy: "A" } });
    expect((await call("lock.query", {})).result.map((l: { symbolPath: string }) => l.symbolPath)).toEqual([
      "src/Ky.ts:Ky.create",
    ]);
    // Released under the other spelling: it is the same lock.
    expect((await release("src/Ky.ts:Ky.create", "A")).result).toEqual({ released: true });
    expect((await acquire("src/Ky.ts:Ky.create", "B")).result.symbolPath).toBe("src/Ky.ts:Ky.create");
    expect((await acquire("src/Ky.ts:create", "A")).error).toMatchObject({
      message: "LOCK_CONFLICT",
      data: { heldBy: "B" },
    });
    expect((await release("src/Ky.ts:create", "B")).result).toEqual({ released: true });
    expect((await call("lock.query", {})).result).toEqual([]);
  });

  it("paths through a symlinked directory or file are the real file", async () => {
    expect((await acquire("lib/Ky.ts:Ky.create", "A")).result.symbolPath).toBe("src/Ky.ts:Ky.create");
    expect((await acquire("src/Ky.ts:create", "B")).error).toMatchObject({
      message: "LOCK_CONFLICT",
      data: { heldBy: "A" },
    });
    expect((await acquire("alias.ts:create", "B")).error).toMatchObject({
      message: "LOCK_CONFLICT",
      data: { heldBy: "A" },
    });
    expect((await acquire("./lib//Ky.ts:create", "B")).error).toMatchObject({
      message: "LOCK_CONFLICT",
      data: { heldBy: "A" },
    });
    expect((await release("alias.ts:Ky.create", "A")).result).toEqual({ released: true });
    // A symbol or file that does not exist yet still gets one key (the symlink is still expanded).
    expect((await acquire("lib/later.ts:soon", "A")).result.symbolPath).toBe("src/later.ts:soon");
    expect((await acquire("src/later.ts:soon", "B")).error).toMatchObject({ message: "LOCK_CONFLICT" });
    expect((await release("lib/later.ts:soon", "A")).result).toEqual({ released: true });
  });

  it("an ambiguous name is INVALID_REQUEST listing the candidates, and nothing is locked", async () => {
    const r = await acquire("lib/Ky.ts:get", "A");
    expect(r.error).toMatchObject({
      code: -32600,
      message: "INVALID_REQUEST",
      data: {
        reason: "ambiguous-symbol",
        candidates: ["src/Ky.ts:Ky.get", "src/Ky.ts:Other.get"],
        fieldErrors: { symbolPath: [expect.stringContaining("ambiguous")] },
      },
    });
    expect((await call("lock.query", {})).result).toEqual([]);
    expect((await release("src/Ky.ts:get", "A")).error).toMatchObject({
      message: "INVALID_REQUEST",
      data: { reason: "ambiguous-symbol" },
    });
    // Each candidate is lockable by its full name.
    expect((await acquire("src/Ky.ts:Other.get", "A")).result.symbolPath).toBe("src/Ky.ts:Other.get");
    expect((await release("src/Ky.ts:Other.get", "A")).result).toEqual({ released: true });
  });

  it("the caller graph is asked with the canonical key: a bare name still finds its callers", async () => {
    await acquire("src/app.ts:main", "C");
    const w = await acquire("lib/Ky.ts:create", "A");
    expect(w.result.warnings).toEqual([
      { lockedSymbol: "src/app.ts:main", heldBy: "C", chain: ["src/app.ts:main", "src/Ky.ts:Ky.create"] },
    ]);
    await release("src/app.ts:main", "C");
  });

  it("intents: conflicts match canonical keys, the stored record keeps the caller's spelling", async () => {
    // A still holds src/Ky.ts:Ky.create from the previous test.
    const d = await call("intent.declare", {
      sessionId: "B",
      description: "touch create",
      files: ["lib/Ky.ts"],
      symbols: ["create"],
    });
    expect(d.result.conflicts.items).toContainEqual({
      type: "LOCK_INTERSECTION",
      symbolPath: "src/Ky.ts:Ky.create",
      heldBy: "A",
      expiresAt: expect.any(String),
    });
    const stored = (await call("intent.query", { sessionId: "B" })).result;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ files: ",lib/Ky.ts,", symbols: '["create"]' });
    expect(stored[0].startByte).toBeGreaterThan(0); // the range of Ky.create, found through the bare name
    // The same file through its real path overlaps B's intent declared through the symlink.
    const o = await call("intent.declare", {
      sessionId: "C",
      description: "same method",
      files: ["src/Ky.ts"],
      symbols: ["Ky.create"],
    });
    expect(o.result.conflicts.items).toContainEqual(
      expect.objectContaining({
        type: "INTENT_OVERLAP",
        overlappingIntentId: d.result.intentId,
        overlappingSessionId: "B",
      }),
    );
    // A different method of the same file does not overlap B's ranged intent.
    const far = await call("intent.declare", {
      sessionId: "C",
      description: "other",
      files: ["alias.ts"],
      symbols: ["top"],
    });
    expect(far.result.conflicts.items.filter((i: { type: string }) => i.type === "INTENT_OVERLAP")).toEqual([]);
    // DEP_CHAIN: main calls Ky.create, held by A.
    const dep = await call("intent.declare", {
      sessionId: "B",
      description: "main",
      files: ["src/app.ts"],
      symbols: ["main"],
    });
    expect(dep.result.conflicts.items).toContainEqual({
      type: "DEP_CHAIN",
      intentSymbol: "src/app.ts:main",
      lockedCallee: "src/Ky.ts:Ky.create",
      heldBy: "A",
    });
    // An ambiguous name never fails a declaration: every candidate is checked.
    await acquire("src/Ky.ts:Other.get", "A");
    const amb = await call("intent.declare", {
      sessionId: "B",
      description: "get",
      files: ["src/Ky.ts"],
      symbols: ["get"],
    });
    expect(amb.result.conflicts.items).toContainEqual(
      expect.objectContaining({ type: "LOCK_INTERSECTION", symbolPath: "src/Ky.ts:Other.get", heldBy: "A" }),
    );
    await release("src/Ky.ts:Other.get", "A");
    await release("src/Ky.ts:Ky.create", "A");
  });

  it("contracts are stored under the canonical key and found under any spelling", async () => {
    const p = await call("contract.propose", { sessionId: "A", symbolPath: "lib/Ky.ts:create" });
    expect(p.result).toMatchObject({ symbolPath: "src/Ky.ts:Ky.create", signature: "(input: string): Ky" });
    for (const spelling of ["src/Ky.ts:create", "alias.ts:Ky.create", "src/Ky.ts:Ky.create"]) {
      const q = await call("contract.query", { symbolPath: spelling });
      expect(
        q.result.map((c: { contractId: string }) => c.contractId),
        spelling,
      ).toEqual([p.result.contractId]);
    }
    expect((await call("contract.propose", { sessionId: "A", symbolPath: "src/Ky.ts:get" })).error).toMatchObject({
      message: "INVALID_REQUEST",
      data: { reason: "ambiguous-symbol" },
    });
    expect((await call("contract.propose", { sessionId: "A", symbolPath: "src/Ky.ts:nothing" })).error).toMatchObject({
      message: "SYMBOL_NOT_FOUND",
    });
    // check-contracts compares the staged real file against the contract found through the bare name.
    await call("contract.respond", { contractId: p.result.contractId, sessionId: "B", accept: true });
    const changed = KY.replace("static create(input: string): Ky", "static create(input: string, n: number): Ky");
    const v = await call("check-contracts", { files: [{ path: "src/Ky.ts", content: changed }] });
    expect(v.result.violations).toEqual([
      {
        contractId: p.result.contractId,
        symbolPath: "src/Ky.ts:Ky.create",
        expected: "(input: string): Ky",
        actual: "(input: string, n: number): Ky",
      },
    ]);
  });
});
