/**
 * `serve frame-wire` with a port it cannot have, as a person runs it (the bin, a real process, a
 * real port held by another server): a busy port, a port that is not a number, out of range, a busy
 * demo port. Each is a usage error: exit 2, one line on stderr naming the option, no stack; and
 * nothing is left listening.
 */
import { execFile } from "node:child_process";
import net from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const BIN = join(import.meta.dirname, "../../bin/contract-suite.mjs");

function serve(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, "serve", "frame-wire", ...args],
      { encoding: "utf8", timeout: 20_000 },
      (e, stdout, stderr) => resolve({ code: e ? ((e as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

function expectOneLine(r: { code: number | null; stdout: string; stderr: string }, pattern: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr.trim().split("\n"), r.stderr).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at |internal error|Unhandled/);
  expect(r.stdout).toBe("");
}

let holder: net.Server;
let busy: number;
beforeAll(async () => {
  holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  busy = (holder.address() as net.AddressInfo).port;
});
afterAll(() => holder.close());

describe("serve frame-wire: a port it cannot have is exit 2 with one line", { timeout: 60_000 }, () => {
  it("a port another server holds", async () => {
    expectOneLine(
      await serve("--port", String(busy)),
      new RegExp(`^error: --port ${busy}: 127\\.0\\.0\\.1:${busy} is already in use .*pick another port, or 0`),
    );
  });

  it("a demo port another server holds", async () => {
    expectOneLine(
      await serve("--port", "0", "--demo", "--demo-port", String(busy)),
      new RegExp(`^error: --demo-port ${busy}: 127\\.0\\.0\\.1:${busy} is already in use`),
    );
  });

  it("not a port number: abc, 65536, -1, 1.5, empty", async () => {
    for (const bad of ["abc", "65536", "-1", "1.5", ""])
      expectOneLine(
        await serve(`--port=${bad}`),
        new RegExp(`^error: --port takes a port number from 0 to 65535 .*got "${bad.replace(".", "\\.")}"`),
      );
  });

  it("--pace and --seed that are not integers", async () => {
    expectOneLine(await serve("--port", "0", "--pace", "fast"), /^error: --pace takes an integer >= 0, got "fast"/);
    expectOneLine(await serve("--port", "0", "--seed", "x1"), /^error: --seed takes an integer >= 0, got "x1"/);
  });
});
