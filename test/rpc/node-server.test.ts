/**
 * @contract-suite/runtime/node: a generated handler interface served over HTTP and stdio by the one
 * engine, called through the runtime's fetch transport (real sockets, real streams), and the
 * transport-level refusals with their JSON-RPC bodies.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createServer } from "node:net";
import { PassThrough } from "node:stream";
import { witMethods } from "../../src/generated/wit/index.js";
import { serveRpcHttp, serveRpcStdio, type RpcHttpServer } from "../../src/entry/runtime-node.js";
import { httpTransport, RpcClient, RpcError } from "../../src/entry/runtime.js";
import { stubWitHandlers } from "../helpers/wit-stub-handlers.js";

const handlers = stubWitHandlers(() => false);
let served: RpcHttpServer | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

const post = (url: string, body: string, init: RequestInit = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body, ...init });

describe("serveRpcHttp", () => {
  it("answers typed calls through the fetch transport; invalid params and unknown methods are JSON-RPC errors", async () => {
    served = await serveRpcHttp({ methods: witMethods, handlers });
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const client = new RpcClient(httpTransport(served.url));
    expect(await client.call("ping", {})).toBe("pong");
    expect(await client.call("register", { name: "a", sessionId: "s" })).toEqual({ agentId: 1 });
    const bad = await client.call("register", { name: 7 }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(RpcError);
    expect((bad as RpcError).code).toBeLessThan(0);
    const unknown = await client.call("no.such", {}).catch((e: unknown) => e);
    expect((unknown as RpcError).code).toBe(-32601);
    const parse = await post(served.url, "{not json");
    expect(parse.status).toBe(200);
    expect(((await parse.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const note = await post(served.url, JSON.stringify({ jsonrpc: "2.0", method: "ping" }));
    expect(note.status).toBe(204);
  });

  it("refuses a wrong path, method, content type or an oversized body with an HTTP status and a JSON-RPC body", async () => {
    served = await serveRpcHttp({ methods: witMethods, handlers, path: "/rpc", maxBodyBytes: 100 });
    const base = served.url.replace(/\/rpc$/, "");
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    const cases: [Response, number][] = [
      [await post(`${base}/other`, ping), 404],
      [await fetch(served.url), 405],
      [await post(served.url, ping, { headers: { "content-type": "text/plain" } }), 415],
      [
        await post(
          served.url,
          JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(200) } }),
        ),
        413,
      ],
    ];
    for (const [res, status] of cases) {
      expect(res.status).toBe(status);
      const body = await res.json();
      expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600, data: { httpStatus: status } } });
    }
    expect((await post(served.url, ping)).status).toBe(200);
  });

  it("a port in use rejects with EADDRINUSE (the caller decides what to say)", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(serveRpcHttp({ methods: witMethods, handlers, port })).rejects.toMatchObject({ code: "EADDRINUSE" });
    } finally {
      blocker.close();
    }
  });
});

describe("serveRpcStdio", () => {
  it("answers each line in order, skips blank lines, answers an unreadable line -32700, and ends with its input", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = "";
    output.on("data", (d) => (text += d));
    const done = serveRpcStdio({ methods: witMethods, handlers, input, output });
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })}\n\n`);
    input.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "register", params: { name: "n", sessionId: "s" } })}\n`,
    );
    input.write("{oops\n");
    input.end(`${JSON.stringify({ jsonrpc: "2.0", method: "ping" })}\n`);
    await done;
    const lines = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { jsonrpc: "2.0", id: 1, result: "pong" },
      { jsonrpc: "2.0", id: 2, result: { agentId: 1 } },
      expect.objectContaining({ id: null, error: expect.objectContaining({ code: -32700 }) }),
    ]);
  });
});
