/**
 * `proxy wit`: our Wit client through the proxy (a real process on a Unix socket) to our daemon
 * (real socket): answers pass, nothing is reported, and the recorded session replays green against
 * a fresh daemon and red against a defective one (test/wit/defective-daemon.ts, release-any). A
 * server that breaks the envelope, a result schema and the declared errors, and a client's bodies
 * that break the request rules, are reported by kind.
 */
import http from "node:http";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startDaemon } from "../../src/wit/daemon/index.js";
import { createWitClient } from "../../src/wit/client/index.js";
import { createWitProxy } from "../../conformance/proxy/wit.js";
import { ViolationLog, type Violation } from "../../conformance/proxy/log.js";
import { socketTarget } from "../../conformance/wit/target.js";
import { spawnDefectiveDaemon } from "../wit/defective-daemon.js";
import { runCli } from "../helpers/cli.js";
import { jsonLines, startCli } from "./helpers.js";

const tmp = mkdtempSync(join(tmpdir(), "cs-proxy-wit-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("our client through the proxy to our daemon", { timeout: 120_000 }, () => {
  const record = join(tmp, "session.json");

  it("passes the answers, reports nothing, records the exchanges", async () => {
    const root = mkdtempSync(join(tmp, "root-"));
    const daemon = await startDaemon({ root, warmUp: false });
    const listen = join(tmp, "proxy.sock");
    const proxy = await startCli([
      "proxy",
      "wit",
      "--socket",
      daemon.socketPath,
      "--listen-socket",
      listen,
      "--record",
      record,
      "--format",
      "json",
    ]);
    try {
      expect(proxy.first).toBe(listen);
      expect(statSync(listen).mode & 0o777).toBe(0o600);
      const wit = createWitClient({ socketPath: listen });
      await wit.lock.acquire({ symbolPath: "src/a.ts:f", sessionId: "alice" });
      const conflict = await wit.lock.acquire({ symbolPath: "src/a.ts:f", sessionId: "bob" }).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(conflict?.message).toBe("LOCK_CONFLICT");
      const notHeld = await wit.lock.release({ symbolPath: "src/a.ts:f", sessionId: "bob" }).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(notHeld?.message).toBe("LOCK_NOT_HELD");
      await wit.lock.release({ symbolPath: "src/a.ts:f", sessionId: "alice" });
      wit.close();
      const end = await proxy.stop();
      expect(end.code, end.stdout + end.stderr).toBe(0);
      expect(jsonLines(end.stdout)).toEqual([{ summary: { exchanges: 4, violations: 0, byKind: {} } }]);
      expect(JSON.parse(readFileSync(record, "utf8")).vectors).toHaveLength(4);
    } finally {
      await proxy.stop();
      await daemon.close();
    }
  });

  it("the recording replays green against a fresh daemon and red against one that lets anyone release", async () => {
    const green = await runCli(["conform", "wit", "--replay", record]);
    expect(green.code, green.stdout + green.stderr).toBe(0);
    const root = mkdtempSync(join(tmp, "defective-"));
    const defective = await spawnDefectiveDaemon(root, ["release-any"]);
    try {
      const red = await runCli([
        "conform",
        "wit",
        "--replay",
        record,
        "--socket",
        defective.socket,
        "--format",
        "json",
      ]);
      expect(red.code, red.stdout + red.stderr).toBe(1);
      const failed = JSON.parse(red.stdout).suites[0].results.filter((r: { status: string }) => r.status === "fail");
      expect(failed.map((r: { id: string }) => r.id)).toContain("wit/replay/exchange-3");
      expect(failed[0].message).toMatch(/result, recorded error -32000 LOCK_NOT_HELD/);
    } finally {
      await defective.stop();
    }
  });
});

/** A broken daemon: answers every POST with what `answer` makes of the request. */
async function brokenDaemon(
  answer: (request: Record<string, unknown>) => unknown,
): Promise<{ socket: string; close(): Promise<void> }> {
  const socket = join(tmp, `broken-${Math.random().toString(36).slice(2)}.sock`);
  const server = http.createServer(async (req, res) => {
    let body = "";
    for await (const c of req) body += c;
    const text = JSON.stringify(answer(JSON.parse(body)));
    res.writeHead(200, { "content-type": "application/json" }).end(text);
  });
  await new Promise<void>((r) => server.listen(socket, r));
  return { socket, close: () => new Promise((r) => server.close(() => r())) };
}

async function through(socket: string, bodies: unknown[]): Promise<Violation[]> {
  const out: string[] = [];
  const log = new ViolationLog({ write: (s: string) => out.push(s) } as unknown as NodeJS.WritableStream, "json");
  const proxy = createWitProxy({ socket, log });
  const listen = join(tmp, `p-${Math.random().toString(36).slice(2)}.sock`);
  await new Promise<void>((r) => proxy.listen(listen, r));
  const target = await socketTarget(listen);
  for (const b of bodies) await target.rpc(JSON.stringify(b));
  proxy.closeAllConnections();
  await new Promise((r) => proxy.close(r));
  return out.map((l) => JSON.parse(l) as Violation);
}

describe("violations by kind", { timeout: 60_000 }, () => {
  it("a daemon that breaks the envelope, a result schema, the declared errors and the ids", async () => {
    const daemon = await brokenDaemon((r) => {
      const base = { jsonrpc: "2.0", witVersion: "1", id: r.id };
      if (r.method === "ping") return { jsonrpc: "2.0", id: r.id, result: "pong" };
      if (r.method === "lock.query") return { ...base, result: { locks: "none" } };
      if (r.method === "register") return { ...base, error: { code: -32000, message: "LOCK_CONFLICT" } };
      return { ...base, id: "someone-else", result: {} };
    });
    try {
      const env = { jsonrpc: "2.0", witVersion: "1" };
      const seen = await through(daemon.socket, [
        { ...env, id: 1, method: "ping" },
        { ...env, id: 2, method: "lock.query", params: {} },
        { ...env, id: 3, method: "register", params: { name: "a", sessionId: "s" } },
        { ...env, id: 4, method: "intent.query", params: {} },
      ]);
      expect(seen).toContainEqual(
        expect.objectContaining({ exchange: 1, kind: "response-envelope", pointer: "/witVersion" }),
      );
      expect(seen).toContainEqual(expect.objectContaining({ exchange: 2, kind: "result-schema", side: "server" }));
      expect(seen).toContainEqual(
        expect.objectContaining({ exchange: 3, kind: "error-undeclared", pointer: "/error" }),
      );
      expect(seen).toContainEqual(expect.objectContaining({ exchange: 4, kind: "response-id" }));
      expect(seen).toContainEqual(expect.objectContaining({ exchange: 4, kind: "unanswered" }));
    } finally {
      await daemon.close();
    }
  });

  it("a client's bodies: no witVersion, an unknown method, params outside the schema", async () => {
    const daemon = await brokenDaemon((r) => ({ jsonrpc: "2.0", witVersion: "1", id: r.id ?? null, result: "pong" }));
    try {
      const seen = await through(daemon.socket, [
        { jsonrpc: "2.0", id: 1, method: "ping" },
        { jsonrpc: "2.0", witVersion: "1", id: 2, method: "lock.steal" },
        { jsonrpc: "2.0", witVersion: "1", id: 3, method: "lock.acquire", params: { symbolPath: "a.ts:f" } },
      ]);
      expect(seen).toContainEqual(
        expect.objectContaining({ exchange: 1, kind: "request-envelope", side: "client", pointer: "/witVersion" }),
      );
      expect(seen).toContainEqual(expect.objectContaining({ exchange: 2, kind: "request-method", side: "client" }));
      expect(seen).toContainEqual(
        expect.objectContaining({ exchange: 3, kind: "request-params", side: "client", pointer: "/params" }),
      );
    } finally {
      await daemon.close();
    }
  });
});
