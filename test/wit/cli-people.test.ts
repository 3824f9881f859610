/** The small commands for a person (`wit status|lock|release|declare|update|propose|respond|check`), text and --json, against a real daemon. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { removeTempRoots, SOURCES, spawnDaemon, tempRoot, writeFiles, type DaemonProcess } from "./daemon-helpers.js";

let daemon: DaemonProcess;
let root: string;
beforeAll(async () => {
  root = tempRoot("wit-people-");
  writeFiles(root, SOURCES);
  daemon = await spawnDaemon(root);
});
afterAll(async () => {
  await daemon?.stop();
  removeTempRoots();
});

const wit = (...args: string[]) => runCli(["wit", ...args, "--root", root, "--no-start"]);

describe("wit commands for people", () => {
  it("lock, conflict (exit 1 naming the holder), release", async () => {
    const lock = await wit("lock", "src/auth.ts:validateToken", "--session", "alice", "--ttl", "60000");
    expect(lock.code).toBe(0);
    expect(lock.stdout).toMatch(/^locked src\/auth\.ts:validateToken for alice until /);
    const conflict = await wit("lock", "src/auth.ts:validateToken", "--session", "bob", "--json");
    expect(conflict.code).toBe(1);
    expect(JSON.parse(conflict.stdout)).toMatchObject({
      ok: false,
      error: { code: -32000, message: "LOCK_CONFLICT", data: { heldBy: "alice" } },
    });
    expect(conflict.stderr).toContain("wit: LOCK_CONFLICT");
    const warned = await wit("lock", "src/api/routes.ts:handleLogin", "--session", "bob");
    expect(warned.code).toBe(0);
    const warned2 = await wit("lock", "src/auth.ts:decode", "--session", "carol");
    expect(warned2.stdout).toContain("warning: src/auth.ts:validateToken (locked by alice) calls src/auth.ts:decode");
    expect((await wit("release", "src/auth.ts:validateToken", "--session", "bob")).code).toBe(1);
    expect((await wit("release", "src/auth.ts:validateToken", "--session", "alice")).code).toBe(0);
    expect((await wit("lock", "src/auth.ts:x", "--ttl", "soon")).code).toBe(2);
  });

  it("declare prints the conflict report and exits 0; update moves the intent forward", async () => {
    await wit("lock", "src/auth.ts:validateToken", "--session", "alice");
    const d = await wit(
      "declare",
      "tighten token checks",
      "--file",
      "src/auth.ts",
      "--symbol",
      "validateToken",
      "--session",
      "dave",
      "--json",
    );
    expect(d.code).toBe(0);
    const report = JSON.parse(d.stdout);
    expect(report.conflicts.items.map((i: { type: string }) => i.type).sort()).toEqual([
      "DEP_CHAIN",
      "LOCK_INTERSECTION",
    ]);
    const text = await wit("declare", "again", "--file", "src/auth.ts", "--session", "erin");
    expect(text.stdout).toContain(`INTENT_OVERLAP with ${report.intentId} (dave): tighten token checks`);
    expect((await wit("update", report.intentId, "active", "--session", "dave")).stdout).toContain("is now active");
    expect((await wit("update", report.intentId, "declared", "--session", "dave")).code).toBe(2);
    const denied = await wit("update", report.intentId, "resolved", "--session", "erin");
    expect([denied.code, denied.stderr]).toEqual([1, expect.stringContaining("INTENT_NOT_OWNED")]);
  });

  it("propose, respond (not one's own), check named files, status", async () => {
    const p = await wit("propose", "src/auth.ts:validateToken", "--session", "alice", "--json");
    const { contractId, signature } = JSON.parse(p.stdout);
    expect(signature).toBe("(token: string): Promise<User | null>");
    expect((await wit("respond", contractId, "--accept", "--session", "alice")).stderr).toContain(
      "SELF_ACCEPT_NOT_ALLOWED",
    );
    expect((await wit("respond", contractId, "--session", "bob")).code).toBe(2);
    expect((await wit("respond", contractId, "--accept", "--session", "bob")).stdout).toBe(
      `contract ${contractId} accepted\n`,
    );
    const clean = await wit("check", "src/auth.ts");
    expect([clean.code, clean.stdout]).toEqual([0, "wit: 1 file(s) checked, every accepted contract holds\n"]);
    writeFiles(root, {
      "src/auth.ts": SOURCES["src/auth.ts"].replace(
        "validateToken(token: string)",
        "validateToken(token: string, now: number)",
      ),
    });
    const broken = await wit("check", "src/auth.ts");
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("actual:   (token: string, now: number): Promise<User | null>");
    writeFiles(root, SOURCES);
    const status = await wit("status", "--json");
    const s = JSON.parse(status.stdout);
    expect(s.contracts.map((c: { contractId: string; status: string }) => [c.contractId, c.status])).toContainEqual([
      contractId,
      "accepted",
    ]);
    expect(s.locks.map((l: { symbolPath: string }) => l.symbolPath)).toContain("src/auth.ts:validateToken");
    expect((await wit("status")).stdout).toMatch(/^locks \(\d+\):\n/);
  });

  it("every wit command documents its exit codes", async () => {
    for (const cmd of [["daemon", "start"], ["hook", "install"], ["lock"], ["check"], ["status"]]) {
      const help = await runCli(["wit", ...cmd, "--help"]);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain("Exit codes:");
      expect(help.stdout).toContain("the daemon refused the request");
    }
  });

  it("an unreachable daemon is exit 1 with a clear message when starting is disabled", async () => {
    const r = await runCli(["wit", "status", "--root", tempRoot(), "--no-start"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/wit: no Wit daemon is listening on .*daemon\.sock \(ENOENT\)/);
  });
});
