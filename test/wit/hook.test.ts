/**
 * The pre-commit hook in a real git repository: a staged change that breaks an accepted contract
 * blocks the commit; the check reads the staged content, not the working tree; with no daemon the
 * commit proceeds; with a socket that accepts connections and never answers, the hook gives up at
 * its 2-second timeout and the commit proceeds.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createWitClient } from "../../src/wit/client/index.js";
import { HOOK_MARKER } from "../../src/wit/hook/install.js";
import { witPaths } from "../../src/wit/protocol.js";
import { runCli } from "../helpers/cli.js";
import { removeTempRoots, spawnDaemon, tempRoot, writeFiles, type DaemonProcess } from "./daemon-helpers.js";

const AUTH = "export function validateToken(token: string): boolean {\n  return token.length > 0;\n}\n";
const BROKEN = AUTH.replace("(token: string)", "(token: string, strict: boolean)");

let daemon: DaemonProcess | undefined;
afterAll(async () => {
  await daemon?.stop();
  removeTempRoots();
});

function git(root: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** `git commit` run asynchronously (a fake daemon may be serving from this process). */
function commit(root: string, message: string): Promise<{ code: number; output: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(
      "git",
      ["commit", "-q", "-m", message],
      { cwd: root, encoding: "utf8", timeout: 60_000 },
      (e, stdout, stderr) =>
        resolve({
          code: e ? Number((e as { code?: number }).code ?? 1) : 0,
          output: stdout + stderr,
          ms: performance.now() - started,
        }),
    );
  });
}

function repo(): string {
  const root = tempRoot("wit-hook-");
  git(root, "init", "-q");
  git(root, "config", "user.email", "t@example.com");
  git(root, "config", "user.name", "T");
  git(root, "config", "commit.gpgsign", "false");
  writeFiles(root, { "src/auth.ts": AUTH, "README.md": "x\n" });
  git(root, "add", ".");
  return root;
}

describe("wit hook install", () => {
  it("writes an executable pre-commit hook; refuses to replace a foreign hook without --force", async () => {
    const root = repo();
    const install = await runCli(["wit", "hook", "install", "--root", root, "--json"]);
    expect(install.code, install.stderr).toBe(0);
    const hook = path.join(root, ".git/hooks/pre-commit");
    expect(readFileSync(hook, "utf8")).toContain(HOOK_MARKER);
    writeFileSync(hook, "#!/bin/sh\nexit 0\n");
    const refused = await runCli(["wit", "hook", "install", "--root", root]);
    expect(refused.code).toBe(2); // a foreign hook without --force: the person decides
    expect(refused.stderr).toMatch(/was not installed by wit; rerun with --force/);
    expect((await runCli(["wit", "hook", "install", "--root", root, "--force"])).code).toBe(0);
    expect(readFileSync(`${hook}.wit-backup`, "utf8")).toBe("#!/bin/sh\nexit 0\n");
    expect((await runCli(["wit", "hook", "uninstall", "--root", root])).code).toBe(0);
    expect(existsSync(hook)).toBe(false);
  });
});

describe("the pre-commit hook in a real repository", () => {
  it("fails open without a daemon, blocks a violation of an accepted contract, checks staged content only", async () => {
    const root = repo();
    expect((await runCli(["wit", "hook", "install", "--root", root])).code).toBe(0);

    const noDaemon = await commit(root, "initial");
    expect(noDaemon.code, noDaemon.output).toBe(0);
    expect(noDaemon.output).toMatch(/contracts not checked \(unreachable/);

    daemon = await spawnDaemon(root);
    const client = createWitClient({ socketPath: daemon.socket });
    const proposed = await client.contract.propose({ sessionId: "alice", symbolPath: "src/auth.ts:validateToken" });
    await client.contract.respond({ contractId: proposed.contractId, sessionId: "bob", accept: true });
    await client.close();

    writeFileSync(path.join(root, "src/auth.ts"), BROKEN);
    git(root, "add", "src/auth.ts");
    const blocked = await commit(root, "break the contract");
    expect(blocked.code).not.toBe(0);
    expect(blocked.output).toContain("wit: contract violation in src/auth.ts:validateToken");
    expect(blocked.output).toContain("expected: (token: string): boolean");
    expect(blocked.output).toContain("actual:   (token: string, strict: boolean): boolean");
    expect(git(root, "log", "--oneline")).not.toContain("break the contract");

    // `wit check` (for a person) reports the same staged violation.
    const check = await runCli(["wit", "check", "--root", root, "--json", "--no-start"]);
    expect(check.code).toBe(1);
    expect(JSON.parse(check.stdout).violations[0].symbolPath).toBe("src/auth.ts:validateToken");

    // Stage the compliant version but keep the breaking one in the working tree: the hook checks the index.
    writeFileSync(path.join(root, "src/auth.ts"), AUTH + "// fine\n");
    git(root, "add", "src/auth.ts");
    writeFileSync(path.join(root, "src/auth.ts"), BROKEN);
    const staged = await commit(root, "compliant staged content");
    expect(staged.code, staged.output).toBe(0);

    // With the daemon gone the breaking change goes through (fail open).
    await daemon.stop();
    daemon = undefined;
    git(root, "add", "src/auth.ts");
    const open = await commit(root, "daemon down");
    expect(open.code, open.output).toBe(0);
  });

  it("gives up after 2 seconds when the socket accepts but never answers, and the commit proceeds", async () => {
    const root = repo();
    expect((await runCli(["wit", "hook", "install", "--root", root])).code).toBe(0);
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => void sockets.push(s)); // accepts, reads nothing, answers nothing
    await new Promise<void>((resolve) => {
      mkdirSync(witPaths(root).dir, { recursive: true, mode: 0o700 });
      silent.listen(witPaths(root).socket, resolve);
    });
    try {
      const r = await commit(root, "silent daemon");
      expect(r.code, r.output).toBe(0);
      expect(r.output).toMatch(/contracts not checked \(timeout/);
      expect(sockets.length).toBeGreaterThan(0);
      expect(r.ms).toBeGreaterThanOrEqual(2_000);
      expect(r.ms).toBeLessThan(15_000);
      console.log(`hook against a silent socket: commit took ${Math.round(r.ms)} ms (2 s timeout + CLI start)`);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});
