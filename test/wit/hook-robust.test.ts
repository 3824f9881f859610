/**
 * Issue 13 item 2: the hook cannot be bypassed by one odd path, a deletion or a rename; it finds the
 * CLI where it is now; a newer accepted contract supersedes the older; the block message names the
 * symbol, who accepted it and what to do. Real git, a real daemon process, real tree-sitter.
 */
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { execFile, execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWitClient, type WitSocketClient } from "../../src/wit/client/index.js";
import { hookPath, hookScript } from "../../src/wit/hook/install.js";
import { runCli } from "../helpers/cli.js";
import { removeTempRoots, spawnDaemon, tempRoot, writeFiles, type DaemonProcess } from "./daemon-helpers.js";

const AUTH = "export function validateToken(token: string): boolean {\n  return token.length > 0;\n}\n";
const WIDER = AUTH.replace("(token: string)", "(token: string, strict?: boolean)");

const git = (root: string, ...args: string[]) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const commit = (root: string, message: string, env: NodeJS.ProcessEnv = process.env) =>
  new Promise<{ code: number; output: string }>((resolve) =>
    execFile(
      "git",
      ["commit", "-q", "-m", message],
      { cwd: root, env, encoding: "utf8", timeout: 60_000 },
      (e, stdout, stderr) =>
        resolve({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    ),
  );

function repo(): string {
  const root = tempRoot("wit-hook2-");
  git(root, "init", "-q");
  git(root, "config", "user.email", "t@example.com");
  git(root, "config", "user.name", "T");
  git(root, "config", "commit.gpgsign", "false");
  writeFiles(root, { "src/auth.ts": AUTH, "src/other.ts": AUTH.replace("validateToken", "other") });
  git(root, "add", ".");
  git(root, "commit", "-q", "--no-verify", "-m", "base");
  return root;
}

let root: string;
let daemon: DaemonProcess;
let client: WitSocketClient;
const accept = async (symbolPath: string) => {
  const p = await client.contract.propose({ sessionId: "alice", symbolPath });
  await client.contract.respond({ contractId: p.contractId, sessionId: "bob", accept: true });
  return p;
};

beforeAll(async () => {
  root = repo();
  expect((await runCli(["wit", "hook", "install", "--root", root])).code).toBe(0);
  daemon = await spawnDaemon(root);
  client = createWitClient({ socketPath: daemon.socket });
  await accept("src/auth.ts:validateToken");
});
afterAll(async () => {
  await client?.close();
  await daemon?.stop();
  removeTempRoots();
});

describe("one unusable path never disables the check", () => {
  it("files named we\\ird.ts and c:notes.ts are skipped and named; the violation next to them still blocks", async () => {
    writeFiles(root, {
      "we\\ird.ts": "export const a = 1;\n",
      "c:notes.ts": "export const b = 2;\n",
      "src/auth.ts": AUTH.replace("(token: string)", "(token: number)"),
    });
    git(root, "add", "-A");
    const r = await commit(root, "odd names");
    expect(r.code, r.output).not.toBe(0);
    expect(r.output).toContain("wit: not checked: we\\ird.ts");
    expect(r.output).toContain("wit: not checked: c:notes.ts");
    expect(r.output).toContain("wit: contract violation in src/auth.ts:validateToken");
    expect(r.output).toMatch(/accepted by bob/);
    expect(r.output).toMatch(/To commit: restore the contracted signature, or agree a new one/);
    // The daemon itself skips such paths in a batch instead of refusing it.
    const direct = await client.checkContracts({
      files: [
        { path: "c:notes.ts", content: "" },
        { path: "src/auth.ts", content: AUTH.replace("(token: string)", "(t: number)") },
      ],
    });
    expect(direct.violations.map((v) => v.symbolPath)).toEqual(["src/auth.ts:validateToken"]);
    git(root, "reset", "-q", "--hard");
    git(root, "clean", "-qfd");
  });
});

describe("deletions and renames of contracted files are checked", () => {
  it("deleting the file is blocked", async () => {
    git(root, "rm", "-q", "src/auth.ts");
    const r = await commit(root, "delete");
    expect(r.code, r.output).not.toBe(0);
    expect(r.output).toContain("(symbol not found in staged content)");
    git(root, "reset", "-q", "--hard");
  });
  it("renaming the file is blocked", async () => {
    git(root, "mv", "src/auth.ts", "src/auth2.ts");
    const r = await commit(root, "rename");
    expect(r.code, r.output).not.toBe(0);
    expect(r.output).toContain("wit: contract violation in src/auth.ts:validateToken");
    git(root, "reset", "-q", "--hard");
    git(root, "clean", "-qfd");
  });
});

describe("a newer accepted contract supersedes the older", () => {
  it("after agreeing the wider signature, it commits; the old one is no longer enforced", async () => {
    writeFileSync(path.join(root, "src/other.ts"), WIDER.replace("validateToken", "other"));
    const first = await accept("src/other.ts:other"); // the wider signature, as on disk now
    git(root, "checkout", "-q", "--", "src/other.ts");
    const newer = await accept("src/other.ts:other"); // (token: string): boolean, accepted later
    writeFileSync(path.join(root, "src/other.ts"), AUTH.replace("validateToken", "other") + "// touch\n");
    git(root, "add", "src/other.ts");
    const r = await commit(root, "keeps the newest contract");
    expect(r.code, r.output).toBe(0);
    // Staged content matches the newer contract and not the first: only the newest is enforced.
    expect(first.signature).toBe("(token: string, strict?: boolean): boolean");
    expect(newer.signature).toBe("(token: string): boolean");
    git(root, "reset", "-q", "--hard");
  });
});

describe("the hook finds the CLI where it is now", () => {
  it("prefers node_modules/.bin, and fails open with one line when no CLI exists anywhere", async () => {
    const r2 = repo();
    const hook = hookPath(r2);
    mkdirSync(path.dirname(hook), { recursive: true });
    writeFileSync(hook, hookScript("/nonexistent/node", "/nonexistent/contract-suite.mjs"), { mode: 0o755 });
    writeFileSync(path.join(r2, "src/auth.ts"), AUTH + "// x\n");
    git(r2, "add", ".");
    const env = { ...process.env, PATH: "/usr/bin:/bin" };
    const none = await commit(r2, "no cli", env);
    expect(none.code, none.output).toBe(0);
    expect(none.output.trim().split("\n")).toEqual([
      expect.stringMatching(/^wit: contract-suite not found \(node_modules\/\.bin, PATH, .*\); contracts not checked$/),
    ]);
    // A CLI in the repository's node_modules/.bin is the one run.
    const bin = path.join(r2, "node_modules/.bin/contract-suite");
    mkdirSync(path.dirname(bin), { recursive: true });
    writeFileSync(bin, '#!/bin/sh\necho "local cli: $*" >&2\nexit 0\n');
    chmodSync(bin, 0o755);
    writeFileSync(path.join(r2, "src/auth.ts"), AUTH + "// y\n");
    git(r2, "add", "src/auth.ts");
    const local = await commit(r2, "local cli", env);
    expect(local.code, local.output).toBe(0);
    expect(local.output).toMatch(/local cli: wit hook run --from-process-start --root /);
    rmSync(path.join(r2, "node_modules"), { recursive: true });
    renameSync(hook, `${hook}.off`);
  });
});
