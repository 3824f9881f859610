/**
 * The Wit daemon, as a real process on its real Unix socket, against clients that misbehave at the
 * HTTP level: a half-closed request, a flood of half-open connections, no Host, an oversized body,
 * a bad chunk, headers over the limit. Each refusal is one response with a JSON-RPC body.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWitClient } from "../../../src/wit/client/index.js";
import { startDaemon } from "../../../src/wit/daemon/index.js";
import { WIT_LIMITS } from "../../../src/wit/protocol.js";
import { connectablePath } from "../../../src/wit/socket-path.js";
import {
  removeTempRoots,
  request,
  SOURCES,
  spawnDaemon,
  tempRoot,
  writeFiles,
  type DaemonProcess,
} from "../../wit/daemon-helpers.js";
import { exchange, halfOpen, responses } from "./raw-http.js";

let daemon: DaemonProcess;
let address: { path: string };
beforeAll(async () => {
  const root = tempRoot("wit-hostile-http-");
  writeFiles(root, SOURCES);
  daemon = await spawnDaemon(root);
  address = { path: connectablePath(daemon.socket) };
});
afterAll(async () => {
  await daemon?.stop();
  removeTempRoots();
});

function post(body: string, headers = ""): string {
  return `POST /rpc HTTP/1.1\r\nHost: wit\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`;
}

function expectJsonRpcRefusal(body: string, status: number): void {
  expect(JSON.parse(body)).toMatchObject({
    jsonrpc: "2.0",
    witVersion: "1",
    id: null,
    error: { code: -32600, message: "INVALID_REQUEST", data: { httpStatus: status } },
  });
}

describe("a hostile HTTP client of the Wit daemon", { timeout: 120_000 }, () => {
  it("a client that half-closes after lock.acquire gets its answer, and the lock it was told about is held", async () => {
    const acquire = request("lock.acquire", { symbolPath: "src/auth.ts:validateToken", sessionId: "half" }, 7);
    const r = await exchange(address, [post(JSON.stringify(acquire))], { halfClose: true });
    const [answer, ...more] = responses(r.text);
    expect(more).toEqual([]);
    expect(answer!.status).toBe(200);
    const reply = JSON.parse(answer!.body);
    expect(reply).toMatchObject({ id: 7, result: { symbolPath: "src/auth.ts:validateToken", sessionId: "half" } });
    const client = createWitClient({ socketPath: daemon.socket });
    try {
      const locks = await client.lock.query({ sessionId: "half" });
      expect(locks.map((l) => l.symbolPath)).toEqual(["src/auth.ts:validateToken"]);
    } finally {
      await client.close();
    }
  });

  it("1,100 half-open connections do not lock another client out", async () => {
    const flood = await halfOpen(address, 1_100);
    try {
      const client = createWitClient({ socketPath: daemon.socket, timeoutMs: 5_000, keepAlive: false });
      try {
        const started = Date.now();
        expect(await client.ping({})).toBe("pong");
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        await client.close();
      }
    } finally {
      for (const s of flood) s.destroy();
    }
  });

  it("a request without Host is 400 with a JSON-RPC body", async () => {
    const body = JSON.stringify(request("ping"));
    const r = await exchange(address, [
      `POST /rpc HTTP/1.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    ]);
    const all = responses(r.text);
    expect(all.map((a) => a.status)).toEqual([400]);
    expectJsonRpcRefusal(all[0]!.body, 400);
  });

  it("a body over the limit is 413 with a JSON-RPC body, declared or streamed", async () => {
    const big = "x".repeat(WIT_LIMITS.maxBodyBytes + 1);
    const declared = responses((await exchange(address, [post(big)])).text);
    expect(declared.map((a) => a.status)).toEqual([413]);
    expectJsonRpcRefusal(declared[0]!.body, 413);
    const chunked = responses(
      (
        await exchange(address, [
          "POST /rpc HTTP/1.1\r\nHost: wit\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n",
          `${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`,
        ])
      ).text,
    );
    expect(chunked.map((a) => a.status)).toEqual([413]);
    expectJsonRpcRefusal(chunked[0]!.body, 413);
  });

  it("a bad chunk gets exactly one response, with a JSON-RPC body (first chunk or after a good one)", async () => {
    for (const chunks of ["zz\r\n{}\r\n0\r\n\r\n", `${(20).toString(16)}\r\n${'{"jsonrpc":"2.0",   '}\r\nzz\r\n`]) {
      const r = await exchange(address, [
        "POST /rpc HTTP/1.1\r\nHost: wit\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n",
        chunks,
      ]);
      const all = responses(r.text);
      expect(all.map((a) => a.status)).toEqual([400]);
      expectJsonRpcRefusal(all[0]!.body, 400);
      expect(r.closed).toBe(true);
    }
  });

  it("headers over the limit are 431 with a JSON-RPC body", async () => {
    const r = await exchange(address, [`POST /rpc HTTP/1.1\r\nHost: wit\r\nx-big: ${"a".repeat(32 * 1024)}\r\n\r\n`]);
    const all = responses(r.text);
    expect(all.map((a) => a.status)).toEqual([431]);
    expectJsonRpcRefusal(all[0]!.body, 431);
  });

  it("a malformed request line is 400 with a JSON-RPC body", async () => {
    const all = responses((await exchange(address, ["NOT HTTP AT ALL\r\n\r\n"])).text);
    expect(all.map((a) => a.status)).toEqual([400]);
    expectJsonRpcRefusal(all[0]!.body, 400);
  });
});

describe("an answer the client can no longer receive", () => {
  it("is logged with its id, and the write it answers stays committed (decision 261)", async () => {
    const logged: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const running = new Promise<void>((r) => (entered = r));
    const root = tempRoot("wit-undelivered-");
    writeFiles(root, SOURCES);
    // The in-process API's handler wrapper holds lock.acquire until the client has gone.
    const local = await startDaemon({
      root,
      warmUp: false,
      log: (m) => logged.push(m),
      decorateHandlers: (h) => ({
        ...h,
        "lock.acquire": async (params, context) => {
          entered();
          await held;
          return h["lock.acquire"](params, context);
        },
      }),
    });
    try {
      const acquire = request("lock.acquire", { symbolPath: "src/auth.ts:validateToken", sessionId: "gone" }, 8);
      const leaving = net.connect(connectablePath(local.socketPath));
      leaving.on("error", () => undefined);
      leaving.write(post(JSON.stringify(acquire)));
      await running;
      // The client goes away while its request runs.
      leaving.destroy();
      await new Promise((r) => setTimeout(r, 200));
      release();
      const deadline = Date.now() + 20_000;
      while (!logged.some((m) => m.includes("could not be delivered")) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(logged).toContain(
        "an answer could not be delivered: the client closed its connection first (answer to id 8)",
      );
      const client = createWitClient({ socketPath: local.socketPath });
      try {
        expect((await client.lock.query({ sessionId: "gone" })).map((l) => l.symbolPath)).toEqual([
          "src/auth.ts:validateToken",
        ]);
      } finally {
        await client.close();
      }
    } finally {
      release();
      await local.close();
    }
  });
});
