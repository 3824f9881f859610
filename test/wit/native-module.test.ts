/**
 * A better-sqlite3 built for another Node (the CLI installed under Node 20, run under 22) is a setup
 * error: `wit daemon run` exits 2 with one line naming `npm rebuild better-sqlite3`, never 3 ("a bug
 * in contract-suite"). Simulated in a child process: the built CLI copied into a temporary install
 * whose node_modules holds the repository's packages except better-sqlite3, which is a fake that
 * fails to load the way Node's loader does (the ABI message, code ERR_DLOPEN_FAILED), or a real
 * dlopen of a file that is not a shared object. The same through a command that starts the daemon
 * on first use (`wit status`): the client reads the daemon's line from its log.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { nativeModuleProblem } from "../../src/wit/native-module.js";

const REPO = join(import.meta.dirname, "../..");
const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** Node's own message for a module built for another ABI (src/node_binding.cc). */
const ABI_MESSAGE = (file: string) =>
  `The module '${file}'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 127. Please try re-compiling or re-installing\nthe module (for instance, using \`npm rebuild\` or \`npm install\`).`;

/** A temporary install: the built CLI, the repository's node_modules linked, better-sqlite3 replaced by `fake`. */
function install(fake: (dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "cs-native-"));
  temps.push(dir);
  cpSync(join(REPO, "packages/cli"), join(dir, "cli"), { recursive: true });
  const modules = join(dir, "node_modules");
  mkdirSync(modules);
  for (const name of readdirSync(join(REPO, "node_modules")))
    if (name !== "better-sqlite3" && name !== ".bin" && name !== "contract-suite")
      symlinkSync(join(REPO, "node_modules", name), join(modules, name));
  // The CLI the client asks for the daemon's command is this install's, not the repository's.
  symlinkSync(join(dir, "cli"), join(modules, "contract-suite"));
  const pkg = join(modules, "better-sqlite3");
  mkdirSync(join(pkg, "build/Release"), { recursive: true });
  writeFileSync(
    join(pkg, "package.json"),
    JSON.stringify({ name: "better-sqlite3", version: "12.6.2", main: "index.js" }),
  );
  fake(pkg);
  return dir;
}

function runDaemon(dir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCli(dir, ["wit", "daemon", "run"]);
}

/** The installed CLI with `args` and a fresh `--root`. */
function runCli(dir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const root = mkdtempSync(join(tmpdir(), "cs-native-root-"));
  temps.push(root);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(dir, "cli/bin/contract-suite.mjs"), ...args, "--root", root],
      { encoding: "utf8", timeout: 60_000, cwd: dir },
      (e, stdout, stderr) => resolve({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** An install whose better-sqlite3 fails to load as a module built for another Node.js does. */
function abiMismatchInstall(): string {
  return install((pkg) =>
    writeFileSync(
      join(pkg, "index.js"),
      `module.exports = class Database {
  constructor() {
    const e = new Error(${JSON.stringify(ABI_MESSAGE(join(pkg, "build/Release/better_sqlite3.node")))});
    e.code = "ERR_DLOPEN_FAILED";
    throw e;
  }
};\n`,
    ),
  );
}

describe("a native module that does not load is a setup error", { timeout: 120_000 }, () => {
  it("an ABI mismatch (NODE_MODULE_VERSION): exit 2, one line naming npm rebuild better-sqlite3", async () => {
    const dir = abiMismatchInstall();
    const r = await runDaemon(dir);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim().split("\n"), r.stderr).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^wit: better-sqlite3's native module was built for another Node\.js \(NODE_MODULE_VERSION 115; this Node\.js, v[\d.]+, needs 127\): run `npm rebuild better-sqlite3`/,
    );
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it("the same mismatch in a daemon a command starts on first use: exit 2, the daemon's one line", async () => {
    const dir = abiMismatchInstall();
    const r = await runCli(dir, ["wit", "status"]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim().split("\n"), r.stderr).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^wit: better-sqlite3's native module was built for another Node\.js \(NODE_MODULE_VERSION 115; this Node\.js, v[\d.]+, needs 127\): run `npm rebuild better-sqlite3`/,
    );
  });

  it("a file that is not a shared object (a real dlopen failure): exit 2, naming npm rebuild better-sqlite3", async () => {
    const dir = install((pkg) => {
      writeFileSync(join(pkg, "build/Release/better_sqlite3.node"), "not a shared object\n");
      writeFileSync(
        join(pkg, "index.js"),
        `module.exports = class Database {
  constructor() {
    require("./build/Release/better_sqlite3.node");
  }
};\n`,
      );
    });
    const r = await runDaemon(dir);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim().split("\n"), r.stderr).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^wit: better-sqlite3's native module does not load \(.*\): run `npm rebuild better-sqlite3`/,
    );
  });
});

describe("nativeModuleProblem", () => {
  it("finds the load failure through a cause chain, and only better-sqlite3's", () => {
    const dlopen = Object.assign(new Error(ABI_MESSAGE("/x/better_sqlite3.node")), { code: "ERR_DLOPEN_FAILED" });
    expect(nativeModuleProblem(new Error("cannot open the daemon lock", { cause: dlopen }))?.message).toMatch(
      /NODE_MODULE_VERSION 115; this Node\.js, v[\d.]+, needs 127/,
    );
    const other = Object.assign(new Error(ABI_MESSAGE("/x/other.node")), { code: "ERR_DLOPEN_FAILED" });
    expect(nativeModuleProblem(other)).toBeUndefined();
    expect(nativeModuleProblem(new Error("better-sqlite3: SQLITE_BUSY"))).toBeUndefined();
    expect(nativeModuleProblem("a string")).toBeUndefined();
  });
});
