/** `contract-suite serve wright-agent` as a process: startup options, exit codes, stdin ends the session. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tempDir } from "./helpers.js";

const BIN = fileURLToPath(new URL("../../bin/contract-suite.mjs", import.meta.url));

function run(
  args: string[],
  input: string,
  cwd?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe("serve wright-agent (process)", () => {
  it("works with no arguments: the bundled fixture over stdio, all 24 operations; exits 0 when stdin closes", async () => {
    const dir = tempDir();
    const r = await run(
      ["serve", "wright-agent"],
      '{"op":"capabilities"}\n{"op":"project"}\n{"op":"compile","output":"out.ow"}\n',
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    const [caps, project, compile] = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(caps.result.operations).toHaveLength(24);
    expect(project.result.sourceFiles.map((f: { path: string }) => f.path)).toEqual(["main.ws", "lib/waves.ws"]);
    expect(compile.result.ok).toBe(true);
    expect(existsSync(join(dir, "out.ow"))).toBe(true);
  });

  it("startup usage errors exit 2 and serve nothing: unknown transport, - as source, unknown option (the old test-only --fault switch included: shipped code has none)", async () => {
    const cases = [
      [["serve", "wright-agent", "--transport", "http"], /--transport must be one of stdio, jsonrpc, mcp/],
      [["serve", "wright-agent", "--fixture", "-"], /not a valid source input/],
      [["serve", "wright-agent", "--fixture", ""], /not a valid source input/],
      [["serve", "wright-agent", "--kind", "opy"], /unknown option/],
      [["serve", "wright-agent", "--fault", "everything"], /unknown option '--fault'/],
    ] as const;
    const results = await Promise.all(cases.map(([args]) => run([...args], '{"op":"capabilities"}\n')));
    results.forEach((r, i) => {
      expect(r.code, `${cases[i]![0].join(" ")}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(cases[i]![1]);
      expect(r.stdout).toBe("");
    });
  });

  it("a fixture that does not exist yet is the project's problem, not a startup error (#512)", async () => {
    const missing = join(tempDir(), "later.json");
    const r = await run(
      ["serve", "wright-agent", "--fixture", missing, "--transport", "jsonrpc"],
      '{"jsonrpc":"2.0","id":1,"method":"request","params":{"op":"symbols"}}\n{"jsonrpc":"2.0","id":2,"method":"request","params":{"op":"capabilities"}}\n',
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/does not exist yet/);
    const [symbols, caps] = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    // JSON-RPC request answers the whole ToolResponse.
    expect(symbols.result.error.code).toBe("input-io");
    expect(caps.result.result.operations).toHaveLength(24);
  });

  it("--help documents the transports and exit codes", async () => {
    const r = await run(["serve", "wright-agent", "--help"], "");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--transport/);
    expect(r.stdout).toMatch(/--fixture/);
    expect(r.stdout).not.toMatch(/--fault/);
    expect(r.stdout).toMatch(/Exit codes/);
  });
});
