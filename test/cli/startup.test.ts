import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

/** Packages a CLI invocation resolves (via a resolve hook in a fresh process). */
function packagesLoaded(args: string[], input = ""): string[] {
  const dir = mkdtempSync(join(tmpdir(), "resolves-"));
  const log = join(dir, "log");
  try {
    const r = spawnSync(process.execPath, ["--import", join(ROOT, "test/helpers/record-resolves.mjs"), join(ROOT, "bin/contract-suite.mjs"), ...args], { input, env: { ...process.env, RESOLVE_LOG: log }, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    return [...new Set(readFileSync(log, "utf8").split("\n").filter(Boolean).map((s) => s.split("/").slice(0, s.startsWith("@") ? 2 : 1).join("/")))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("CLI start-up loads only what the command needs", () => {
  it("frame-wire fold (spawned once per vector by conformance runners) loads no generator, SQLite or tree-sitter", () => {
    const loaded = packagesLoaded(["frame-wire", "fold"], '{"type":"done","finish_reason":"done"}\n');
    expect(loaded).toContain("commander");
    for (const heavy of ["json-schema-to-typescript", "quicktype-core", "better-sqlite3", "web-tree-sitter", "fast-check", "@modelcontextprotocol/sdk"]) expect(loaded).not.toContain(heavy);
  });
  it("top-level --help still lists every command", () => {
    const r = spawnSync(process.execPath, [join(ROOT, "bin/contract-suite.mjs"), "--help"], { encoding: "utf8" });
    for (const cmd of ["validate", "gen", "conform", "check", "frame-wire", "serve", "mirror", "wit", "gen-lang", "tools"]) expect(r.stdout).toMatch(new RegExp(`\\n  ${cmd} `));
  });
});
