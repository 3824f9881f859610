/**
 * parseJson ships in the browser bundle (@contract-suite/runtime, frame-wire): it must run with
 * nothing but ECMAScript globals plus TextDecoder/TextEncoder, and enforce the same size and depth
 * limits there as in Node. The module is compiled with tsc and run in a fresh vm context that has no
 * Buffer, process or require; its byte counts are compared with Node's Buffer.byteLength.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import vm from "node:vm";
import ts from "typescript";
import { parseJson as nodeParseJson, utf8ByteLength as nodeUtf8ByteLength } from "../../src/json/index.js";

const SOURCE = resolve(import.meta.dirname, "../../src/json/safe-parse.ts");

type Exports = {
  parseJson: typeof nodeParseJson;
  tryParseJson: (...a: Parameters<typeof nodeParseJson>) => { ok: boolean; error?: { kind: string } };
  utf8ByteLength: typeof nodeUtf8ByteLength;
};

function loadInBrowserLikeContext(): Exports {
  const source = readFileSync(SOURCE, "utf8");
  const imports = ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
  // Only type imports from this folder; no node: built-ins, no packages.
  expect(imports.every((f) => f.startsWith("./"))).toBe(true);
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  const sandbox = {
    module,
    exports: module.exports,
    TextDecoder,
    TextEncoder,
    require: (m: string) => {
      throw new Error(`safe-parse.ts required ${m} at run time`);
    },
  };
  const context = vm.createContext(sandbox);
  expect(vm.runInContext("typeof Buffer + typeof process + typeof global", context)).toBe(
    "undefinedundefinedundefined",
  );
  vm.runInContext(js, context, { filename: "safe-parse.js" });
  return module.exports as unknown as Exports;
}

describe("parseJson without Node built-ins", () => {
  const web = loadInBrowserLikeContext();

  it("counts UTF-8 bytes like Buffer.byteLength, surrogates and lone surrogates included", () => {
    const samples = [
      "",
      "abc",
      "é",
      "€",
      "😀",
      "a😀b",
      "\ud800",
      "x\udc00y",
      "\ud83d",
      "é€😀".repeat(1000),
      "\u07ff\u0800\uffff",
    ];
    for (const s of samples) {
      expect(web.utf8ByteLength(s), JSON.stringify(s)).toBe(Buffer.byteLength(s, "utf8"));
      expect(web.utf8ByteLength(s)).toBe(new TextEncoder().encode(s).length);
    }
  });

  it("applies the same size limit to multi-byte text in the vm as in Node", () => {
    // 30 characters, 86 UTF-8 bytes: over a 60-byte limit only when counted in bytes.
    const text = JSON.stringify("€".repeat(28));
    for (const [maxBytes, ok] of [
      [60, false],
      [85, false],
      [86, true],
    ] as const) {
      expect(web.tryParseJson(text, { maxBytes }).ok, `maxBytes ${maxBytes}`).toBe(ok);
      expect(nodeParseJson(text, { maxBytes: 1e9 })).toBe("€".repeat(28));
      const r = web.tryParseJson(text, { maxBytes });
      if (!ok) expect(r.error?.kind).toBe("too-large");
    }
    expect(web.tryParseJson(new TextEncoder().encode(text), { maxBytes: 85 }).ok).toBe(false);
    expect(web.parseJson(new TextEncoder().encode(text))).toBe("€".repeat(28));
  });

  it("applies the same depth limit in the vm as in Node, for short and long texts", () => {
    const nest = (d: number, pad = 0) => "[".repeat(d) + " ".repeat(pad) + "]".repeat(d);
    for (const parse of [
      web.tryParseJson,
      (t: string, o: object) => ({
        ok: (() => {
          try {
            nodeParseJson(t, o);
            return true;
          } catch {
            return false;
          }
        })(),
      }),
    ]) {
      expect(parse(nest(4), { maxDepth: 4 }).ok).toBe(true);
      expect(parse(nest(5), { maxDepth: 4 }).ok).toBe(false);
      // Longer than the limit, with few brackets: the native bracket count decides.
      expect(parse(nest(4, 1000), { maxDepth: 4 }).ok).toBe(true);
      expect(parse(nest(5, 1000), { maxDepth: 4 }).ok).toBe(false);
      // Many brackets, all inside a string, and shallow structure: the full scan decides.
      expect(parse(JSON.stringify(["{[".repeat(600)]), {}).ok).toBe(true);
      expect(parse(nest(513), {}).ok).toBe(false);
      expect(parse(nest(512), {}).ok).toBe(true);
    }
  });
});
