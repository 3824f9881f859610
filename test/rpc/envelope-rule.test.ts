/**
 * One envelope rule for every JSON-RPC client (decision 322), shown on the two replies the clients
 * used to disagree on — a Response with both `result` and `error`, and an error with `id: null` —
 * through each transport, each over a real server: RpcClient over HTTP, the Wit client over its
 * Unix socket, the wright-agent JSON-RPC channel over a child's stdio, and MCP (the SDK's client).
 */
import { createServer, type Server } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { httpTransport } from "../../src/rpc/http-transport.js";
import { RpcError, RpcResponseError } from "../../src/rpc/index.js";
import { RpcClient } from "../../src/rpc/client.js";
import { createWitClient } from "../../src/wit/client/index.js";
import { JsonRpcChannel, McpChannel, ProtocolError, TransportError } from "../../src/wright-agent/client/index.js";

type Reply = (id: unknown) => Record<string, unknown>;
const BOTH: Reply = (id) => ({ jsonrpc: "2.0", id, result: { ok: true }, error: { code: 4001, message: "NOPE" } });
const NULL_ID: Reply = () => ({ jsonrpc: "2.0", id: null, error: { code: 4001, message: "NOPE", data: { why: 1 } } });

const unexpected = (value: unknown): Error => {
  throw new Error(`resolved with ${JSON.stringify(value)}`);
};

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

/** An HTTP server answering each JSON-RPC request with `reply(id)` (plus `extra` members). */
function serve(reply: { current: Reply }, extra: Record<string, unknown> = {}): Server {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const { id } = JSON.parse(body) as { id: unknown };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ...reply.current(id), ...extra }));
    });
  });
  servers.push(server);
  return server;
}

/** A child that answers each JSON-RPC line by the reply named in its environment. */
const LINE_SERVER = `
const which = process.env.REPLY;
let buf = "";
process.stdin.on("data", (c) => {
  buf += c;
  let i;
  while ((i = buf.indexOf("\\n")) >= 0) {
    const m = JSON.parse(buf.slice(0, i)); buf = buf.slice(i + 1);
    if (m.id === undefined) continue;
    let r;
    if (m.method === "initialize")
      r = { jsonrpc: "2.0", id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "s", version: "1" } } };
    else if (which === "both") r = { jsonrpc: "2.0", id: m.id, result: { ok: true }, error: { code: 4001, message: "NOPE" } };
    else r = { jsonrpc: "2.0", id: null, error: { code: 4001, message: "NOPE", data: { why: 1 } } };
    process.stdout.write(JSON.stringify(r) + "\\n");
  }
});
`;
const child = (which: "both" | "null-id") => ({
  command: [process.execPath, "-e", LINE_SERVER] as const,
  env: { ...process.env, REPLY: which },
});

describe("the envelope rule on both replies, through each transport", { timeout: 30_000 }, () => {
  it("RpcClient over HTTP: both members refused; an id-null error is the server's error", async () => {
    const reply = { current: BOTH };
    const server = serve(reply);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    const client = new RpcClient(httpTransport(`http://127.0.0.1:${port}/`));
    const both = await client.call("m", {}).then(unexpected, (e: Error) => e);
    expect(both).toBeInstanceOf(RpcResponseError);
    expect(both.message).toMatch(/both result and error/);
    reply.current = NULL_ID;
    const nullId = await client.call("m", {}).then(unexpected, (e: Error) => e);
    expect(nullId).toBeInstanceOf(RpcError);
    expect(nullId).not.toBeInstanceOf(RpcResponseError);
    expect(nullId).toMatchObject({ code: 4001, message: "NOPE", data: { why: 1 } });
  });

  it("the Wit client over its Unix socket: the same", async () => {
    const reply = { current: BOTH };
    const server = serve(reply, { witVersion: "1" });
    const socketPath = join(mkdtempSync(join(tmpdir(), "cs-env-")), "wit.sock");
    await new Promise<void>((r) => server.listen(socketPath, r));
    const client = createWitClient({ socketPath, autoStart: false });
    try {
      const both = await client.ping().then(unexpected, (e: Error) => e);
      expect(both).toBeInstanceOf(RpcResponseError);
      expect(both.message).toMatch(/both result and error/);
      reply.current = NULL_ID;
      const nullId = await client.ping().then(unexpected, (e: Error) => e);
      expect(nullId).not.toBeInstanceOf(RpcResponseError);
      expect(nullId).toMatchObject({ code: 4001, message: "NOPE", data: { why: 1 } });
    } finally {
      await client.close();
    }
  });

  it("the wright-agent JSON-RPC channel over stdio: the same (a refusal is a TransportError)", async () => {
    const both = JsonRpcChannel.spawn(child("both").command, child("both"));
    try {
      const err = await both.call("request", { op: "capabilities" }).then(unexpected, (e: Error) => e);
      expect(err).toBeInstanceOf(TransportError);
      expect(err.message).toMatch(/both result and error/);
    } finally {
      await both.close();
    }
    const nullId = JsonRpcChannel.spawn(child("null-id").command, child("null-id"));
    try {
      expect(await nullId.call("request", { op: "capabilities" })).toEqual({
        error: { code: 4001, message: "NOPE", data: { why: 1 } },
      });
      const err = await nullId.send({ op: "capabilities" }).then(unexpected, (e: Error) => e);
      expect(err).toBeInstanceOf(ProtocolError);
      expect(err).toMatchObject({ code: 4001, message: "NOPE" });
    } finally {
      await nullId.close();
    }
  });

  it("MCP (the SDK's own client): neither reply is ever taken as a result", async () => {
    for (const which of ["both", "null-id"] as const) {
      const ch = await McpChannel.connect(child(which).command, { ...child(which), timeoutMs: 1000 });
      try {
        const err = await ch.callTool("wright_capabilities", {}).then(unexpected, (e: Error) => e);
        expect(err, which).toBeInstanceOf(TransportError);
      } finally {
        await ch.close();
      }
    }
  });
});
