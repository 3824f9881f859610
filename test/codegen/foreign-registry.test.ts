/**
 * `gen --registry DIR --out DIR` on a registry of public documents nobody here wrote
 * (test/fixtures/foreign-registry/SOURCES.md): self-contained output that imports only
 * @contract-suite/runtime, a manifest of what gen wrote, and removal of nothing else.
 * (That the output compiles in a project with only the published packages is the consumer
 * smoke test's: test/packaging/consumer.test.ts.)
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { MANIFEST } from "../../codegen/generate.js";
import { sha256 } from "../../codegen/emit.js";
import { generatorGraph } from "../../codegen/generator-hash.js";

const FOREIGN = join(import.meta.dirname, "../fixtures/foreign-registry");
const tmp = () => mkdtempSync(join(tmpdir(), "cs-gen-"));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

describe("gen for anyone's registry", () => {
  it("writes each contract's code, importing only @contract-suite/runtime, and a manifest of exactly those files", async () => {
    const out = tmp();
    const r = await runCli(["gen", "--registry", FOREIGN, "--out", out]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const files = filesUnder(out);
    expect(files).toContain("simple-math/client.ts");
    expect(files).toContain("webhook-example/operations.ts");
    expect(files).toContain("wright-upstream/validators.ts");
    expect(files).not.toContain("wright-upstream/validators.js");
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST), "utf8")) as {
      files: Record<string, string>;
      runtime: string;
    };
    expect(manifest.runtime).toBe("package");
    expect(Object.keys(manifest.files)).toEqual(files.filter((f) => f !== MANIFEST));
    for (const f of Object.keys(manifest.files)) {
      expect(manifest.files[f]).toBe(sha256(readFileSync(join(out, f))));
      const specs = [...readFileSync(join(out, f), "utf8").matchAll(/\bfrom\s+"([^"]+)"/g)].map((m) => m[1]!);
      for (const spec of specs)
        expect(
          spec.startsWith("./") ||
            spec === "@contract-suite/runtime" ||
            spec.startsWith("@contract-suite/runtime/ajv/"),
          `${f} imports ${spec}`,
        ).toBe(true);
    }
    // An alias definition is a type alias, not a numbered copy of its target.
    const types = readFileSync(join(out, "wright-upstream/types.ts"), "utf8");
    expect(types).toContain("export type CapabilitiesResult = Capabilities;");
    expect(types).not.toMatch(/interface Capabilities1\b/);
    expect((await runCli(["gen", "--check", "--registry", FOREIGN, "--out", out])).code).toBe(0);
  });

  it("never removes a file it did not write; removes its own files once their contract leaves the registry", async () => {
    const registry = tmp();
    cpSync(FOREIGN, registry, { recursive: true });
    const out = tmp();
    expect((await runCli(["gen", "--registry", registry, "--out", out])).code).toBe(0);
    writeFileSync(join(out, "notes.md"), "mine");
    writeFileSync(join(out, "simple-math", "extra.ts"), "export const mine = 1;\n");
    const index = JSON.parse(readFileSync(join(registry, "index.json"), "utf8")) as { contracts: { name: string }[] };
    index.contracts = index.contracts.filter((c) => c.name !== "simple-math");
    writeFileSync(join(registry, "index.json"), JSON.stringify(index));
    const check = await runCli(["gen", "--check", "--registry", registry, "--out", out]);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/simple-math\/client\.ts \(obsolete\)/);
    const r = await runCli(["gen", "--registry", registry, "--out", out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/removed .*simple-math\/client\.ts/);
    expect(existsSync(join(out, "simple-math", "client.ts"))).toBe(false);
    expect(readFileSync(join(out, "notes.md"), "utf8")).toBe("mine");
    expect(existsSync(join(out, "simple-math", "extra.ts"))).toBe(true);
  });

  it("refuses to overwrite a file of the same name it did not write (exit 2), and leaves it as it was", async () => {
    const out = tmp();
    mkdirSync(join(out, "simple-math"));
    writeFileSync(join(out, "simple-math", "types.ts"), "// my own types\n");
    const r = await runCli(["gen", "--registry", FOREIGN, "--out", out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing to write into .*: simple-math\/types\.ts was not written by contract-suite gen/);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(readFileSync(join(out, "simple-math", "types.ts"), "utf8")).toBe("// my own types\n");
  });

  it("usage errors, exit 2 with one line: an unknown --only name, --registry without --out", async () => {
    const unknown = await runCli(["gen", "--registry", FOREIGN, "--out", tmp(), "--only", "nope"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split("\n")).toHaveLength(1);
    expect(unknown.stderr).toMatch(/--only names no registered contract: nope/);
    const noOut = await runCli(["gen", "--registry", FOREIGN]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/--registry needs --out/);
    expect((await runCli(["gen", "--check", "--only", "nope"])).code).toBe(2);
  });
});

describe("the generator hash", () => {
  it("covers the real module graph: the loader, the pointer code, and the libraries' own dependencies (prettier)", () => {
    const graph = generatorGraph();
    const rel = graph.modules.map((m) => m.split("\\").join("/"));
    for (const f of [
      "codegen/generate.ts",
      "codegen/types.ts",
      "codegen/validators.ts",
      "src/contracts/load.ts",
      "src/json/pointer.ts",
    ]) {
      expect(
        rel.some((m) => m.endsWith(f)),
        f,
      ).toBe(true);
    }
    expect(Object.keys(graph.packages)).toEqual(
      expect.arrayContaining(["ajv", "json-schema-to-typescript", "json-schema-to-typescript>prettier"]),
    );
    expect(rel.some((m) => m.includes("/test/"))).toBe(false);
  });
});
