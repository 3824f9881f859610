/**
 * `contract-suite wit daemon start|stop|status` as a person runs them: real processes through the
 * package bin. start detaches (returns, and closes the stdio it inherited, while the daemon keeps
 * running), refuses a second daemon, reclaims the socket of a daemon killed with SIGKILL, works
 * on a root deeper than the socket path limit, and the client starts the daemon on first use.
 */
import { execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createWitClient, processAlive, readPid, stopDaemonProcess } from "../../src/wit/client/index.js";
import { CLI_BIN } from "../../src/wit/daemon-command.js";
import { witPaths } from "../../src/wit/protocol.js";
import { runCli } from "../helpers/cli.js";
import { removeTempRoots, tempRoot, writeFiles } from "./daemon-helpers.js";

const started: string[] = [];
afterAll(async () => {
  for (const root of started) await stopDaemonProcess(root).catch(() => undefined);
  removeTempRoots();
});

/** The CLI in this process (fast); the daemons it starts are still real detached processes. */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCli(args);
}

/** The CLI as its own process through the bin, as a person runs it. */
function cliProcess(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env };
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI_BIN, ...args], { encoding: "utf8", env, timeout: 60_000 }, (e, stdout, stderr) =>
      resolve({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const alive = processAlive;

/** Daemon processes serving `root`, by command line. */
function daemonsFor(root: string): number[] {
  const out = execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" });
  return out
    .split("\n")
    .filter((l) => l.includes("wit daemon run") && l.includes(`--root ${root}`))
    .map((l) => Number(l.trim().split(/\s+/)[0]));
}

describe("wit daemon start / status / stop", () => {
  it("start detaches and returns once the socket answers; status; a second start is a no-op (exit 0); stop", async () => {
    const root = tempRoot("wit-life-");
    started.push(root);
    // Run `start` with piped stdio: 'close' fires only when every holder of the pipes closed them.
    const t = performance.now();
    const child = spawn(process.execPath, [CLI_BIN, "wit", "daemon", "start", "--root", root, "--json"], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (d) => (stdout += d));
    const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
    const startMs = performance.now() - t;
    expect(code).toBe(0);
    const info = JSON.parse(stdout);
    expect(info).toMatchObject({ ok: true, root, socket: witPaths(root).socket, alreadyRunning: false });
    expect(alive(info.pid)).toBe(true);
    expect(info.pid).not.toBe(child.pid);
    console.log(`wit daemon start returned (stdio closed) after ${Math.round(startMs)} ms`);

    const status = await cli("wit", "daemon", "status", "--root", root, "--json");
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ running: true, pid: info.pid });

    const again = await cli("wit", "daemon", "start", "--root", root);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`a Wit daemon is already running for ${root} (pid ${info.pid})`);
    const againJson = await cli("wit", "daemon", "start", "--root", root, "--json");
    expect(JSON.parse(againJson.stdout)).toMatchObject({ ok: true, alreadyRunning: true, pid: info.pid });
    const run = await cliProcess("wit", "daemon", "run", "--root", root);
    expect(run.code).toBe(2); // the root's socket is taken: a busy address, one line
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/already running for .* \(pid \d+\)/);
    expect(daemonsFor(root)).toEqual([info.pid]);

    const stop = await cli("wit", "daemon", "stop", "--root", root);
    expect(stop.code, stop.stderr).toBe(0);
    expect(alive(info.pid)).toBe(false);
    expect(existsSync(witPaths(root).socket)).toBe(false);
    expect(existsSync(witPaths(root).pidFile)).toBe(false);
    const stopAgain = await cli("wit", "daemon", "stop", "--root", root);
    expect([stopAgain.code, stopAgain.stdout.trim()]).toEqual([
      0,
      `no Wit daemon is running for ${root}: nothing to stop (it stays stopped until \`wit daemon start\`)`,
    ]);
    const down = await cli("wit", "daemon", "status", "--root", root);
    expect(down.code).toBe(1);
  });

  it("a stopped daemon stays stopped: status, lock, check and a client say so (exit 1) and start nothing, until `wit daemon start`", async () => {
    const root = tempRoot("wit-stopped-");
    started.push(root);
    writeFiles(root, { "a.ts": "export function f(x: number): number {\n  return x;\n}\n" });
    expect((await cli("wit", "daemon", "start", "--root", root)).code).toBe(0);
    const first = readPid(root)!;
    expect((await cli("wit", "daemon", "stop", "--root", root)).code).toBe(0);
    const stoppedLine =
      /was stopped with `contract-suite wit daemon stop` and is not started on use: start it with `contract-suite wit daemon start --root /;
    for (const args of [
      ["wit", "status", "--root", root],
      ["wit", "lock", "a.ts:f", "--root", root, "--session", "s"],
      ["wit", "check", "a.ts", "--root", root],
    ]) {
      const r = await cliProcess(...args);
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(1);
      expect(r.stderr.trim().split("\n"), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(stoppedLine);
    }
    const status = await cli("wit", "daemon", "status", "--root", root, "--json");
    expect(status.code).toBe(1);
    expect(JSON.parse(status.stdout)).toMatchObject({ running: false, stoppedByPerson: true });
    const client = createWitClient({ root, timeoutMs: 2_000 });
    await expect(client.ping()).rejects.toMatchObject({ name: "DaemonStoppedError" });
    await client.close();
    expect(daemonsFor(root)).toEqual([]);
    expect(existsSync(witPaths(root).pidFile)).toBe(false);
    expect(alive(first)).toBe(false);
    // An explicit start brings it back, and with it start-on-use.
    expect((await cli("wit", "daemon", "start", "--root", root)).code).toBe(0);
    expect((await cli("wit", "status", "--root", root)).code).toBe(0);
    await stopDaemonProcess(root); // the library's stop (not a person's): the next use starts it again
    const again = await cli("wit", "status", "--root", root, "--json");
    expect(again.code, again.stderr).toBe(0);
    expect(daemonsFor(root)).toHaveLength(1);
    expect((await cli("wit", "daemon", "stop", "--root", root)).code).toBe(0);
  });

  it("after kill -9 the stale socket is reclaimed by the next start", async () => {
    const root = tempRoot("wit-stale-");
    started.push(root);
    expect((await cli("wit", "daemon", "start", "--root", root)).code).toBe(0);
    const pid = readPid(root)!;
    process.kill(pid, "SIGKILL");
    while (alive(pid)) await new Promise((r) => setTimeout(r, 20));
    expect(existsSync(witPaths(root).socket)).toBe(true);
    expect((await cli("wit", "daemon", "status", "--root", root)).code).toBe(1);
    const restart = await cli("wit", "daemon", "start", "--root", root, "--json");
    expect(restart.code, restart.stderr).toBe(0);
    expect(JSON.parse(restart.stdout).pid).not.toBe(pid);
    expect((await cli("wit", "daemon", "stop", "--root", root)).code).toBe(0);
  });

  it("two starts at once leave exactly one daemon", async () => {
    const root = tempRoot("wit-twice-");
    started.push(root);
    const [a, b] = await Promise.all([
      cliProcess("wit", "daemon", "start", "--root", root),
      cliProcess("wit", "daemon", "start", "--root", root),
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect([a.stdout, b.stdout].join("")).toContain("already running");
    // The losing child may still be booting; it exits once the instance lock refuses it.
    const deadline = Date.now() + 20_000;
    while (daemonsFor(root).length > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(daemonsFor(root)).toEqual([readPid(root)]);
    expect((await cli("wit", "daemon", "stop", "--root", root)).code).toBe(0);
  });

  it("a root deeper than the socket path limit works end to end", async () => {
    let root = tempRoot("wit-deep-");
    while (Buffer.byteLength(witPaths(root).socket) <= 140) root = path.join(root, "nested-directory-level");
    mkdirSync(root, { recursive: true });
    started.push(root);
    writeFiles(root, { "a.ts": "export function f(x: number): number {\n  return x;\n}\n" });
    expect((await cli("wit", "daemon", "start", "--root", root)).code).toBe(0);
    const lock = await cli("wit", "lock", "a.ts:f", "--root", root, "--session", "deep", "--json");
    expect(lock.code, lock.stderr).toBe(0);
    expect(JSON.parse(lock.stdout).symbolPath).toBe("a.ts:f");
    const status = await cli("wit", "status", "--root", root, "--json");
    expect(JSON.parse(status.stdout).locks.map((l: { symbolPath: string }) => l.symbolPath)).toEqual(["a.ts:f"]);
    expect((await cli("wit", "daemon", "stop", "--root", root)).code).toBe(0);
  });

  it("the client starts the daemon on first use", async () => {
    const root = tempRoot("wit-auto-");
    started.push(root);
    expect(existsSync(witPaths(root).socket)).toBe(false);
    const client = createWitClient({ root });
    try {
      expect(await client.ping()).toBe("pong");
      expect(alive(readPid(root)!)).toBe(true);
      expect((await client.lock.acquire({ symbolPath: "x.ts:f", sessionId: "s" })).sessionId).toBe("s");
    } finally {
      await client.close();
    }
    const noStart = createWitClient({ root: tempRoot("wit-nostart-"), autoStart: false, timeoutMs: 1_000 });
    await expect(noStart.ping()).rejects.toMatchObject({ name: "WitUnavailableError", reason: "unreachable" });
    await noStart.close();
  });
});

describe("user errors exit 2 with one line", () => {
  const oneLine = (r: { code: number; stderr: string }, pattern: RegExp) => {
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim().split("\n"), r.stderr).toHaveLength(1);
    expect(r.stderr).toMatch(pattern);
    expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/); // no stack
  };
  it("a --root that is not a directory, a symbol path without ':', a hook outside git", async () => {
    const missing = path.join(tempRoot("wit-usage-"), "nope");
    oneLine(await cli("wit", "daemon", "start", "--root", missing), /--root .*nope: not a directory/);
    oneLine(await cli("wit", "status", "--root", missing), /not a directory/);
    oneLine(await cliProcess("wit", "daemon", "run", "--root", missing), /not a directory/);
    const plain = tempRoot("wit-usage-");
    oneLine(await cli("wit", "lock", "nocolon", "--root", plain, "--no-start"), /is not a symbol path/);
    oneLine(await cli("wit", "hook", "install", "--root", plain), /not inside a git repository/);
  });
});
