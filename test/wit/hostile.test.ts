/**
 * Hostile input against a real daemon process over its real socket: generated and hand-written
 * bodies (malformed JSON, wrong types, huge and deep bodies, __proto__ members, path escapes, bad
 * UTF-8, oversized batches) and abuse of HTTP itself (garbage, half requests, disconnects). Every
 * request that can be answered gets a structured JSON-RPC error; the daemon keeps serving.
 */
import net from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { witMethods } from "../../src/generated/wit/methods.js";
import { WIT_LIMITS } from "../../src/wit/protocol.js";
import {
  rawRequest,
  removeTempRoots,
  request,
  rpc,
  SOURCES,
  spawnDaemon,
  tempRoot,
  writeFiles,
  type DaemonProcess,
} from "./daemon-helpers.js";

let daemon: DaemonProcess;
beforeAll(async () => {
  const root = tempRoot("wit-hostile-");
  writeFiles(root, SOURCES);
  daemon = await spawnDaemon(root);
});
afterAll(async () => {
  await daemon?.stop();
  removeTempRoots();
});

const json = { "content-type": "application/json" };

async function structured(body: string | Buffer): Promise<Record<string, any>[]> {
  const r = await rawRequest(daemon.socket, { headers: { ...json, "content-length": Buffer.byteLength(body) }, body });
  if (r.status === 204) return [];
  const parsed = JSON.parse(r.body) as unknown;
  const answers = (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, any>[];
  for (const a of answers) {
    expect(a.jsonrpc).toBe("2.0");
    expect(a.witVersion).toBe("1");
    expect("result" in a !== "error" in a).toBe(true);
    if (a.error) {
      expect(typeof a.error.code).toBe("number");
      expect(typeof a.error.message).toBe("string");
      expect(a.error.code).not.toBe(-32603); // never an internal error
    }
  }
  return answers;
}

async function stillServing(): Promise<void> {
  expect((await rpc(daemon.socket, request("ping", {}, "alive"))).result).toBe("pong");
  expect(() => process.kill(daemon.pid, 0)).not.toThrow();
}

const methods = Object.keys(witMethods);

describe("hostile bodies", () => {
  it.each([
    ["malformed JSON", '{"jsonrpc": "2.0", "method": "ping", '],
    ["invalid UTF-8", Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
    ["a NUL byte", '{"jsonrpc":"2.0","witVersion":"1","id":1,"method":"ping\u0000"}'],
    ["deep nesting", "[".repeat(200_000)],
    [
      "deep params",
      `{"jsonrpc":"2.0","witVersion":"1","id":1,"method":"register","params":${'{"a":'.repeat(60)}1${"}".repeat(60)}}`,
    ],
    [
      "__proto__ params",
      '{"jsonrpc":"2.0","witVersion":"1","id":1,"method":"lock.acquire","params":{"__proto__":{"admin":true},"symbolPath":"a.ts:f","sessionId":"x"}}',
    ],
    ["__proto__ envelope", '{"__proto__":{"witVersion":"1"},"jsonrpc":"2.0","id":1,"method":"ping"}'],
    ["constructor method", JSON.stringify(request("constructor", {}))],
    ["toString method", JSON.stringify(request("toString", {}))],
    ["params as a string", JSON.stringify(request("lock.query", "sessionId"))],
    ["params as null", JSON.stringify({ ...request("lock.query"), params: null })],
    ["id as an object", JSON.stringify({ ...request("ping"), id: { a: 1 } })],
    ["method as a number", JSON.stringify({ ...request("ping"), method: 7 })],
    ["an empty batch", "[]"],
    [
      "a batch over the limit",
      JSON.stringify(Array.from({ length: WIT_LIMITS.maxBatch + 1 }, (_, i) => request("ping", {}, i))),
    ],
    ["a batch of junk", JSON.stringify([1, "x", null, [], {}])],
    ["absolute path", JSON.stringify(request("contract.propose", { sessionId: "s", symbolPath: "/etc/passwd:root" }))],
    [
      "dot-dot path",
      JSON.stringify(
        request("intent.declare", { sessionId: "s", description: "d", files: ["src/../../../etc/passwd"] }),
      ),
    ],
    ["backslash path", JSON.stringify(request("lock.acquire", { sessionId: "s", symbolPath: "..\\..\\x.ts:f" }))],
    ["NUL in path", JSON.stringify(request("lock.acquire", { sessionId: "s", symbolPath: "src/a.ts\u0000:f" }))],
    ["huge TTL", JSON.stringify(request("lock.acquire", { sessionId: "s", symbolPath: "a.ts:f", ttlMs: 1e308 }))],
    ["float TTL", JSON.stringify(request("lock.acquire", { sessionId: "s", symbolPath: "a.ts:f", ttlMs: 1.5 }))],
    [
      "huge string",
      JSON.stringify(
        request("intent.declare", { sessionId: "s", description: "d".repeat(5_000_000), files: ["a.ts"] }),
      ),
    ],
    [
      "staged content over the limit",
      JSON.stringify(
        request("check-contracts", {
          files: [{ path: "a.ts", content: "x".repeat(WIT_LIMITS.maxFileContentBytes + 1) }],
        }),
      ),
    ],
  ])("%s gets a structured answer", async (_what, body) => {
    const answers = await structured(body);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.error !== undefined || a.id === undefined || a.result !== undefined)).toBe(true);
    await stillServing();
  });

  it("generated garbage: random text, random JSON, random params for every method", async () => {
    const body = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc
        .record({
          method: fc.constantFrom(...methods),
          params: fc.jsonValue({ maxDepth: 3 }),
          id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        })
        .map((r) => JSON.stringify({ jsonrpc: "2.0", witVersion: "1", ...r })),
      fc
        .record({
          method: fc.constantFrom(...methods),
          params: fc.dictionary(
            fc.constantFrom("symbolPath", "sessionId", "files", "ttlMs", "__proto__", "status", "accept", "contractId"),
            fc.jsonValue({ maxDepth: 2 }),
          ),
        })
        .map((r) => JSON.stringify({ jsonrpc: "2.0", witVersion: "1", id: 1, ...r })),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        await structured(b);
      }),
      { seed: 20261129, numRuns: process.env.CONTRACT_SUITE_FULL ? 2_000 : 200 },
    );
    await stillServing();
  });
});

describe("hostile HTTP", () => {
  function rawSocket(payload: string, wait = 300): Promise<string> {
    return new Promise((resolve) => {
      const s = net.connect(daemon.socket);
      let got = "";
      s.on("data", (d) => (got += d.toString()));
      s.on("error", () => resolve(got));
      s.on("close", () => resolve(got));
      s.write(payload);
      setTimeout(() => s.destroy(), wait);
    });
  }

  it("a 9 MiB body is refused with 413; a 1 GiB announcement too, without reading it", async () => {
    const big = Buffer.alloc(9 * 1024 * 1024, 0x20);
    const r = await rawRequest(daemon.socket, { headers: { ...json, "content-length": big.length }, body: big });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error.data.limitBytes).toBe(WIT_LIMITS.maxBodyBytes);
    const announced = await rawSocket(
      `POST /rpc HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${2 ** 30}\r\n\r\n{"jsonrpc"`,
    );
    expect(announced).toMatch(/^HTTP\/1\.1 413/);
    await stillServing();
  });

  it("garbage instead of HTTP gets 400 with a JSON-RPC body", async () => {
    const got = await rawSocket("THIS IS NOT HTTP\r\n\r\n");
    expect(got).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(got.slice(got.indexOf("\r\n\r\n") + 4)).error.data.httpStatus).toBe(400);
    await stillServing();
  });

  it("half-sent requests and abrupt disconnects do not disturb other clients", async () => {
    const hanging = net.connect(daemon.socket);
    hanging.write(
      'POST /rpc HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"jsonrpc"',
    );
    await rawSocket(
      "POST /rpc HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{",
      50,
    );
    await rawSocket("POST /rpc HTTP/1.1\r\nHost: x\r\n", 50);
    await stillServing();
    hanging.destroy();
    await stillServing();
  });

  it("200 concurrent hostile requests leave the daemon answering", async () => {
    const bodies = Array.from({ length: 200 }, (_, i) =>
      i % 3 === 0
        ? "{"
        : i % 3 === 1
          ? JSON.stringify(request(methods[i % methods.length]!, { x: i }))
          : "[".repeat(1000),
    );
    await Promise.all(bodies.map((b) => structured(b)));
    await stillServing();
  });
});
