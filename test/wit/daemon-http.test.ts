/**
 * The daemon's HTTP surface and its files, in this process: status codes with JSON-RPC bodies,
 * notifications, body limits, socket and directory permissions, one daemon per root, stale
 * sockets, and roots deep enough to exceed the Unix socket path limit.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWitClient } from "../../src/wit/client/index.js";
import { DaemonAlreadyRunningError, startDaemon, type RunningDaemon } from "../../src/wit/daemon/index.js";
import { WIT_LIMITS, witPaths } from "../../src/wit/protocol.js";
import { aliasFor, MAX_SOCKET_PATH_BYTES } from "../../src/wit/socket-path.js";
import { rawRequest, removeTempRoots, request, rpc, tempRoot } from "./daemon-helpers.js";

let daemon: RunningDaemon;
beforeAll(async () => {
  daemon = await startDaemon({ root: tempRoot(), warmUp: false });
});
afterAll(async () => {
  await daemon?.close();
  removeTempRoots();
});

const json = { "content-type": "application/json" };
const ping = JSON.stringify(request("ping"));

function expectRpcError(body: string, status: number): void {
  const a = JSON.parse(body);
  expect(a).toMatchObject({
    jsonrpc: "2.0",
    witVersion: "1",
    id: null,
    error: { code: -32600, message: "INVALID_REQUEST", data: { httpStatus: status } },
  });
}

describe("HTTP", () => {
  it("answers POST /rpc with 200 and any charset parameter", async () => {
    const r = await rawRequest(daemon.socketPath, {
      headers: { "content-type": "Application/JSON; charset=utf-8" },
      body: ping,
    });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ jsonrpc: "2.0", witVersion: "1", id: 1, result: "pong" });
  });

  it.each([
    ["a wrong path", { path: "/rpc/x", headers: json, body: ping }, 404],
    ["GET", { method: "GET" }, 405],
    ["PUT", { method: "PUT", headers: json, body: ping }, 405],
    ["no content type", { body: ping }, 415],
    ["text/plain", { headers: { "content-type": "text/plain" }, body: ping }, 415],
    ["application/jsonx", { headers: { "content-type": "application/jsonx" }, body: ping }, 415],
  ])("%s gets %#: HTTP error with a JSON-RPC body", async (_what, options, status) => {
    const r = await rawRequest(daemon.socketPath, options);
    expect(r.status).toBe(status);
    expect(r.headers["content-type"]).toBe("application/json");
    expectRpcError(r.body, status);
    if (status === 405) expect(r.headers.allow).toBe("POST");
  });

  it("refuses a body over the limit with 413, from Content-Length or while streaming", async () => {
    const declared = await rawRequest(daemon.socketPath, {
      headers: { ...json, "content-length": WIT_LIMITS.maxBodyBytes + 1 },
      body: Buffer.alloc(WIT_LIMITS.maxBodyBytes + 1, 0x20),
    });
    expect(declared.status).toBe(413);
    expectRpcError(declared.body, 413);
    // Chunked: no Content-Length, so the limit is enforced while reading.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({
        socketPath: daemon.socketPath,
        method: "POST",
        path: "/rpc",
        headers: { ...json, "transfer-encoding": "chunked" },
      });
      req.on("error", reject);
      req.on("response", (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 10 && req.write(chunk)) sent++;
        if (sent < 10) req.once("drain", pump);
        else req.end();
      };
      pump();
    });
    expect(chunked.status).toBe(413);
    expect((await rpc(daemon.socketPath, request("ping"))).result).toBe("pong");
  });

  it("answers a notification with 204 and no body; batches with one answer per request", async () => {
    const { id: _id, ...notification } = request("ping");
    const r = await rawRequest(daemon.socketPath, { headers: json, body: JSON.stringify(notification) });
    expect([r.status, r.body]).toEqual([204, ""]);
    const batch = await rpc(daemon.socketPath, [
      request("ping", {}, 1),
      request("nope", {}, 2),
      request("lock.query", {}, 3),
    ]);
    expect(batch.map((a: { id: number; witVersion: string }) => [a.id, a.witVersion])).toEqual([
      [1, "1"],
      [2, "1"],
      [3, "1"],
    ]);
    expect(batch[1].error).toMatchObject({ code: -32601, message: "METHOD_NOT_FOUND" });
  });

  it("malformed JSON is -32700 with id null; nesting deeper than the limit too", async () => {
    expect(await rpc(daemon.socketPath, "{")).toMatchObject({ witVersion: "1", id: null, error: { code: -32700 } });
    expect(await rpc(daemon.socketPath, "[".repeat(WIT_LIMITS.maxJsonDepth + 1))).toMatchObject({
      id: null,
      error: { code: -32700 },
    });
  });
});

describe("files and permissions", () => {
  it("the socket is 0600 inside a 0700 .wit/, next to the pid file", () => {
    const p = witPaths(daemon.root);
    expect(lstatSync(p.socket).isSocket()).toBe(true);
    expect(lstatSync(p.socket).mode & 0o777).toBe(0o600);
    expect(lstatSync(p.dir).mode & 0o777).toBe(0o700);
    expect(Number(readFileSync(p.pidFile, "utf8"))).toBe(process.pid);
  });

  it("an existing .wit/ open to others is tightened to 0700", async () => {
    const root = tempRoot();
    mkdirSync(path.join(root, ".wit"), { mode: 0o755 });
    chmodSync(path.join(root, ".wit"), 0o755);
    const d = await startDaemon({ root, warmUp: false });
    try {
      expect(lstatSync(path.join(root, ".wit")).mode & 0o777).toBe(0o700);
    } finally {
      await d.close();
    }
    expect(existsSync(witPaths(root).socket)).toBe(false);
    expect(existsSync(witPaths(root).pidFile)).toBe(false);
  });
});

describe("one daemon per root", () => {
  it("a second daemon on the same root is refused with a clear message", async () => {
    const e = await startDaemon({ root: daemon.root, warmUp: false }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DaemonAlreadyRunningError);
    expect((e as Error).message).toMatch(
      /already running for .* \(pid \d+\); stop it with `contract-suite wit daemon stop/,
    );
    expect((await rpc(daemon.socketPath, request("ping"))).result).toBe("pong");
  });

  it("reclaims the socket left behind by a daemon killed with SIGKILL", async () => {
    const root = tempRoot();
    const socket = witPaths(root).socket;
    mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
    // A process that binds the socket and dies without unlinking it.
    const r = spawnSync(process.execPath, [
      "-e",
      `require("net").createServer().listen(${JSON.stringify(socket)}, () => process.kill(process.pid, "SIGKILL"))`,
    ]);
    expect(r.signal).toBe("SIGKILL");
    expect(lstatSync(socket).isSocket()).toBe(true);
    const d = await startDaemon({ root, warmUp: false });
    try {
      expect((await rpc(socket, request("ping"))).result).toBe("pong");
    } finally {
      await d.close();
    }
  });

  it("refuses to replace something at the socket path that is not a socket", async () => {
    const root = tempRoot();
    mkdirSync(path.join(root, ".wit"), { mode: 0o700 });
    writeFileSync(witPaths(root).socket, "not a socket");
    await expect(startDaemon({ root, warmUp: false })).rejects.toThrow(/exists and is not a socket/);
  });
});

describe("a root deeper than the Unix socket path limit", () => {
  it("binds and connects through a short alias; the socket file still lives in <root>/.wit/", async () => {
    let root = tempRoot();
    while (Buffer.byteLength(witPaths(root).socket) <= 160) root = path.join(root, "a-rather-long-directory-name");
    mkdirSync(root, { recursive: true });
    const socket = witPaths(root).socket;
    expect(Buffer.byteLength(socket)).toBeGreaterThan(108);
    const d = await startDaemon({ root, warmUp: false });
    try {
      expect(d.listenPath).toBe(aliasFor(socket));
      expect(Buffer.byteLength(d.listenPath)).toBeLessThanOrEqual(MAX_SOCKET_PATH_BYTES);
      expect(readlinkSync(path.dirname(d.listenPath))).toBe(path.dirname(socket));
      expect(lstatSync(socket).isSocket()).toBe(true);
      expect(lstatSync(socket).mode & 0o777).toBe(0o600);
      const client = createWitClient({ socketPath: socket });
      try {
        expect(await client.ping()).toBe("pong");
      } finally {
        await client.close();
      }
      // A plain connect() to the long path fails: the alias is what makes it work.
      const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
        const c = net.connect(socket);
        c.on("connect", () => (c.destroy(), resolve(null)));
        c.on("error", (e) => resolve(e));
      });
      expect(err).not.toBeNull();
    } finally {
      await d.close();
    }
    expect(existsSync(path.dirname(aliasFor(socket)))).toBe(false);
  });
});
