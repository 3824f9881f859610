/**
 * Issue 13: an accepted contract can be retired (contract.retire, decision 157), and the hook then
 * no longer blocks on it. Real git, the installed pre-commit hook, a real daemon process, real
 * tree-sitter; the CLI's `wit retire` is what a person runs.
 */
import { execFile, execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWitClient, type WitSocketClient } from "../../src/wit/client/index.js";
import { runCli } from "../helpers/cli.js";
import { removeTempRoots, spawnDaemon, tempRoot, writeFiles, type DaemonProcess } from "./daemon-helpers.js";

const AUTH = "export function validateToken(token: string): boolean {\n  return token.length > 0;\n}\n";
const CHANGED = AUTH.replace("(token: string)", "(token: number)");
const SYMBOL = "src/auth.ts:validateToken";

const git = (root: string, ...args: string[]) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const commit = (root: string, message: string) =>
  new Promise<{ code: number; output: string }>((resolve) =>
    execFile(
      "git",
      ["commit", "-q", "-m", message],
      { cwd: root, encoding: "utf8", timeout: 60_000 },
      (e, stdout, stderr) =>
        resolve({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    ),
  );

let root: string;
let daemon: DaemonProcess;
let client: WitSocketClient;

beforeAll(async () => {
  root = tempRoot("wit-retire-");
  git(root, "init", "-q");
  git(root, "config", "user.email", "t@example.com");
  git(root, "config", "user.name", "T");
  git(root, "config", "commit.gpgsign", "false");
  writeFiles(root, { "src/auth.ts": AUTH });
  git(root, "add", ".");
  git(root, "commit", "-q", "--no-verify", "-m", "base");
  expect((await runCli(["wit", "hook", "install", "--root", root])).code).toBe(0);
  daemon = await spawnDaemon(root);
  client = createWitClient({ socketPath: daemon.socket });
});
afterAll(async () => {
  await client?.close();
  await daemon?.stop();
  removeTempRoots();
});

const accept = async () => {
  const p = await client.contract.propose({ sessionId: "alice", symbolPath: SYMBOL });
  await client.contract.respond({ contractId: p.contractId, sessionId: "bob", accept: true });
  return p.contractId;
};
const stageChange = () => {
  writeFiles(root, { "src/auth.ts": CHANGED });
  git(root, "add", "-A");
};
const undo = () => {
  git(root, "reset", "-q", "--hard");
};
const retire = (id: string, ...extra: string[]) =>
  runCli(["wit", "retire", id, "--root", root, "--session", "carol", "--no-start", ...extra]);

describe("contract.retire", () => {
  it("a retired contract no longer blocks the commit; the record says who retired it and when", async () => {
    const id = await accept();
    stageChange();
    const blocked = await commit(root, "blocked");
    expect(blocked.code, blocked.output).not.toBe(0);
    expect(blocked.output).toContain(`contract-suite wit retire <contract>`);

    const r = await retire(id, "--json");
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as { contractId: string; retiredAt: number; retired: string[] };
    expect(result.retired).toEqual([id]);

    const passed = await commit(root, "after retirement");
    expect(passed.code, passed.output).toBe(0);
    const [row] = await client.contract.query({ symbolPath: SYMBOL });
    expect(row).toMatchObject({
      contractId: id,
      status: "rejected",
      responderSessionId: "bob",
      retiredAt: result.retiredAt,
      retiredBySessionId: "carol",
    });
    expect(await client.contract.query({ symbolPath: SYMBOL, status: "accepted" })).toEqual([]);
    // The new signature is now the committed one: go back to the base for the next case.
    git(root, "reset", "-q", "--hard", "HEAD~1");
  });

  it("retiring twice, a proposed contract or an unknown one is refused (exit 1) and changes nothing", async () => {
    const [retired] = await client.contract.query({ symbolPath: SYMBOL, status: "rejected" });
    const again = await retire(retired!.contractId);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("CONTRACT_NOT_ACCEPTED");
    expect(again.stderr).toContain(`"retiredAt":${retired!.retiredAt}`);
    const proposed = await client.contract.propose({ sessionId: "alice", symbolPath: SYMBOL });
    const early = await retire(proposed.contractId);
    expect([early.code, early.stderr]).toEqual([1, 'wit: CONTRACT_NOT_ACCEPTED {"status":"proposed"}\n']);
    await client.contract.respond({ contractId: proposed.contractId, sessionId: "bob", accept: false });
    expect((await retire("no-such-contract")).stderr).toContain("CONTRACT_NOT_FOUND");
  });

  it("retiring the newest acceptance retires the older ones it superseded; retiring an older one leaves the newest in force", async () => {
    const older = await accept();
    const newer = await accept();
    // Retiring the older one: the newer still blocks.
    const r1 = await client.contract.retire({ contractId: older, sessionId: "carol" });
    expect(r1.retired).toEqual([older]);
    stageChange();
    const blocked = await commit(root, "still blocked");
    expect(blocked.code, blocked.output).not.toBe(0);
    expect(blocked.output).toContain(newer);
    undo();
    // A third acceptance, then retiring the newest: everything older goes with it, nothing comes back into force.
    const oldest = newer;
    const newest = await accept();
    const r2 = await client.contract.retire({ contractId: newest, sessionId: "carol" });
    expect(r2.retired).toEqual([newest, oldest]);
    stageChange();
    const passed = await commit(root, "all retired");
    expect(passed.code, passed.output).toBe(0);
    expect(await client.contract.query({ symbolPath: SYMBOL, status: "accepted" })).toEqual([]);
  });
});
