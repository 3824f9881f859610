/**
 * JSON-RPC batches over MCP follow the negotiated version (decision 217), in process on
 * createMcpHost. Replies are judged with the SDK's own schemas (@modelcontextprotocol/sdk, which we
 * did not write): each response in a served batch is a JSONRPCResponse; the SDK's JSONRPCMessage
 * (it follows 2025-11-25) has no batch, which is why later versions refuse one.
 */
import { JSONRPCMessageSchema, JSONRPCResponseSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import {
  createMcpHost,
  MCP_PROTOCOL_VERSIONS,
  servesBatches,
  type McpProtocolVersion,
} from "../../src/wright-agent/host/mcp.js";
import type { ToolService } from "../../src/wright-agent/service.js";

type Reply = Record<string, any>;

/** A service that records what reaches it, in order. */
function recorder() {
  const seen: unknown[] = [];
  const service: ToolService = {
    operations: ["symbols"],
    handle: async (r) => (seen.push(r), { result: { symbols: [] } as never }),
  };
  return { service, seen };
}

async function session(version?: McpProtocolVersion) {
  const { service, seen } = recorder();
  const host = createMcpHost(service);
  if (version) {
    const init = JSON.parse(
      (await host.handleLine(
        JSON.stringify({
          jsonrpc: "2.0",
          id: 0,
          method: "initialize",
          params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "t", version: "1" } },
        }),
      ))!,
    );
    expect(init.result.protocolVersion).toBe(version);
  }
  const send = async (value: unknown): Promise<Reply | Reply[] | undefined> => {
    const out = await host.handleLine(JSON.stringify(value));
    return out === undefined ? undefined : JSON.parse(out);
  };
  return { host, send, seen };
}

const req = (id: unknown, method: string, params?: unknown) => ({
  jsonrpc: "2.0",
  id,
  method,
  ...(params === undefined ? {} : { params }),
});
const note = (method = "notifications/cancelled") => ({ jsonrpc: "2.0", method, params: { requestId: "x" } });
const call = (id: string, max: number) => req(id, "tools/call", { name: "wright_symbols", arguments: { max } });

describe("MCP batches (decision 217)", () => {
  it("only 2025-03-26 serves batches: the one version whose JSONRPCMessage lists JSONRPCBatchRequest", () => {
    expect(MCP_PROTOCOL_VERSIONS.filter(servesBatches)).toEqual(["2025-03-26"]);
  });

  it("2025-03-26: a batch is served member by member, in order, one array of responses, each a JSONRPCResponse by the SDK's schema", async () => {
    const { send, seen } = await session("2025-03-26");
    const out = (await send([req("b1", "ping"), call("b2", 1), note(), req("b3", "nope"), call("b4", 2)])) as Reply[];
    expect(Array.isArray(out)).toBe(true);
    expect(out.map((r) => r.id)).toEqual(["b1", "b2", "b3", "b4"]);
    for (const r of out) expect(JSONRPCResponseSchema.safeParse(r).success, JSON.stringify(r)).toBe(true);
    expect(out[0]!.result).toEqual({});
    expect(out[2]!.error.code).toBe(-32601);
    expect(seen).toEqual([
      { op: "symbols", max: 1 },
      { op: "symbols", max: 2 },
    ]);
  });

  it("2025-03-26: notifications (and client responses) only: no reply at all, never []", async () => {
    const { send } = await session("2025-03-26");
    expect(await send([note(), note("notifications/initialized")])).toBeUndefined();
    expect(await send([{ jsonrpc: "2.0", id: 9, result: {} }, note()])).toBeUndefined();
  });

  it("2025-03-26: an empty batch is one -32600 (id null); members that are not requests are -32600 each, a nested batch is not served", async () => {
    const { send } = await session("2025-03-26");
    expect(await send([])).toMatchObject({ id: null, error: { code: -32600 } });
    const out = (await send([1, [req("n1", "ping")], req(null, "ping"), req("ok", "ping")])) as Reply[];
    expect(out.map((r) => [r.id, r.error?.code ?? "result"])).toEqual([
      [null, -32600],
      [null, -32600],
      [null, -32600],
      ["ok", "result"],
    ]);
  });

  it("2025-03-26: initialize inside a batch is -32600 with its id and renegotiates nothing; the rest of the batch is served", async () => {
    const { send, host } = await session("2025-03-26");
    const init = req("i", "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "t", version: "1" },
    });
    const out = (await send([init, req("p", "ping"), { ...init, id: undefined }])) as Reply[];
    expect(out.map((r) => [r.id, r.error?.code ?? "result"])).toEqual([
      ["i", -32600],
      ["p", "result"],
    ]);
    expect(out[0]!.error.data.reason).toMatch(/initialize must not be part of a JSON-RPC batch/);
    expect(host.protocolVersion).toBe("2025-03-26");
    // A malformed initialize member is refused as it would be on its own line.
    expect(
      await send([
        { ...init, id: 1.5 },
        { ...init, jsonrpc: "1.0" },
      ]),
    ).toEqual([
      expect.objectContaining({ id: null, error: expect.objectContaining({ code: -32600 }) }),
      expect.objectContaining({ id: "i", error: expect.objectContaining({ code: -32600 }) }),
    ]);
  });

  it.each([undefined, "2024-11-05", "2025-06-18", "2025-11-25"] as const)(
    "%s: a batch is one -32600 with id null, nothing of it served",
    async (version) => {
      const { send, seen } = await session(version);
      const batch = [req("c1", "ping"), call("c2", 1)];
      // The SDK's JSONRPCMessage (2025-11-25) has no batch: it is not a message of these versions.
      expect(JSONRPCMessageSchema.safeParse(batch).success).toBe(false);
      const out = (await send(batch)) as Reply;
      expect(Array.isArray(out)).toBe(false);
      expect(out).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } });
      expect(out.error.data.reason).toMatch(/not part of MCP/);
      expect(seen).toEqual([]);
      expect(await send([])).toMatchObject({ id: null, error: { code: -32600 } });
      expect(await send(req("after", "ping"))).toMatchObject({ id: "after", result: {} });
    },
  );
});
