import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { FindingsResult, ToolErrorInfo, ToolResponse } from "../../src/generated/wright-agent/types.js";
import {
  connectWrightAgent,
  ContractViolationError,
  IncompatibleContractError,
  JsonRpcChannel,
  McpChannel,
  RefusalError,
  serviceChannel,
  TransportError,
  UnadvertisedOperationError,
  WrightAgentClient,
  type ToolChannel,
} from "../../src/wright-agent/client/index.js";
import { OPERATION_NAMES, MCP_TOOLS } from "../../src/wright-agent/contract.js";
import { createMockService } from "../../src/wright-agent/mock/index.js";
import type { ToolService } from "../../src/wright-agent/service.js";
import { normalise } from "../../conformance/wright-agent/target.js";
import { workspace } from "./helpers.js";

const BIN = fileURLToPath(new URL("../../bin/contract-suite.mjs", import.meta.url));

/** A service that records which operations reached it. */
function counting(inner: ToolService): ToolService & { sent: string[] } {
  const sent: string[] = [];
  return {
    operations: inner.operations,
    sent,
    handle: (r) => (sent.push(String((r as { op?: unknown }).op)), inner.handle(r)),
  };
}

describe("typed client, in process", () => {
  it("negotiates with capabilities first and refuses unadvertised operations without sending them", async () => {
    const { fixturePath, dir } = workspace();
    const svc = createMockService({ fixturePath, cwd: dir, operations: ["capabilities", "symbols", "cfg"] });
    const channel = counting(svc);
    const client = await WrightAgentClient.connect(serviceChannel(channel));
    expect(channel.sent).toEqual(["capabilities"]);
    expect(client.operations).toEqual(["capabilities", "symbols", "cfg"]);
    expect(client.capabilities?.agent_contract).toBe("wright-agent/v1");
    await expect(client.call("findings", {})).rejects.toBeInstanceOf(UnadvertisedOperationError);
    await expect(client.call("lookup", { language: "workshop" })).rejects.toThrow(/not advertised/);
    expect(channel.sent).toEqual(["capabilities"]);

    const symbols = await client.call("symbols", { max: 2 });
    expect(symbols.ok).toBe(true);
    const refused = await client.call("cfg", { rule: "nope" });
    expect(refused).toMatchObject({ ok: false, error: { code: "unknown-rule" } });
    await expect(client.request("cfg", { rule: "Tick" })).rejects.toSatisfy(
      (e: unknown) => e instanceof RefusalError && e.error.code === "ambiguous-rule",
    );
    expect(channel.sent).toEqual(["capabilities", "symbols", "cfg", "cfg"]);
  });

  it("types: results are the generated result types, refusals ToolErrorInfo", async () => {
    const client = await WrightAgentClient.connect(serviceChannel(workspace().svc));
    const out = await client.call("findings", { severity: "error" });
    if (out.ok) expectTypeOf(out.result).toEqualTypeOf<FindingsResult>();
    else expectTypeOf(out.error).toEqualTypeOf<ToolErrorInfo>();
    expectTypeOf(client.request<"usage">)
      .parameter(1)
      .toMatchTypeOf<{ symbol: string | number } | undefined>();
  });

  it("refuses a server speaking another agent contract, and results that violate the contract", async () => {
    const fake = (capsContract: string, findings: unknown): ToolChannel => {
      const ch: ToolChannel = {
        transport: "in-process",
        discover: async () => ({
          operations: ["capabilities", "findings"],
          capabilities: { agent_contract: capsContract, operations: ["capabilities", "findings"] } as never,
        }),
        send: async (r): Promise<ToolResponse> =>
          r.op === "findings" ? { result: findings as never } : { error: { code: "x", message: "y" } },
        close: async () => {},
      };
      return ch;
    };
    await expect(WrightAgentClient.connect(fake("wright-agent/v2", {}))).rejects.toBeInstanceOf(
      IncompatibleContractError,
    );
    const strict = await WrightAgentClient.connect(fake("wright-agent/v1", { findings: "not a list" }));
    await expect(strict.call("findings", {})).rejects.toBeInstanceOf(ContractViolationError);
    const lax = await WrightAgentClient.connect(fake("wright-agent/v1", { findings: "not a list" }), {
      validateResults: false,
    });
    expect(await lax.call("findings", {})).toEqual({ ok: true, result: { findings: "not a list" } });
  });

  it("maps transport payloads: JSON-RPC result {error} alone is a refusal; MCP isError text is the refusal", () => {
    expect(JsonRpcChannel.toToolResponse({ error: { code: "stale-id", message: "m" } })).toEqual({
      error: { code: "stale-id", message: "m" },
    });
    // request's JSON-RPC result is the whole ToolResponse; additive members are allowed, a bare result is not.
    expect(JsonRpcChannel.toToolResponse({ result: { rules: [] }, extra: 1 })).toEqual({
      result: { rules: [] },
      extra: 1,
    });
    expect(() => JsonRpcChannel.toToolResponse({ rules: [] })).toThrow(TransportError);
    expect(() => JsonRpcChannel.toToolResponse({ error: { code: 5 } })).toThrow(TransportError);
    expect(
      McpChannel.toToolResponse({ content: [{ type: "text", text: '{"code":"c","message":"m"}' }], isError: true }),
    ).toEqual({ error: { code: "c", message: "m" } });
    expect(McpChannel.toToolResponse({ content: [{ type: "text", text: "[1]" }] })).toEqual({ result: [1] });
    expect(() => McpChannel.toToolResponse({ content: [] })).toThrow(TransportError);
    expect(() => McpChannel.toToolResponse({ content: [{ type: "text", text: '"no code"' }], isError: true })).toThrow(
      TransportError,
    );
  });

  it("a server that dies is a TransportError, not a hang", async () => {
    await expect(connectWrightAgent({ command: "exit 0", transport: "stdio", timeoutMs: 5000 })).rejects.toBeInstanceOf(
      TransportError,
    );
    await expect(
      connectWrightAgent({ command: ["/bin/sh", "-c", "echo not-json"], transport: "jsonrpc", timeoutMs: 5000 }),
    ).rejects.toBeInstanceOf(TransportError);
  });
});

describe("typed client over the three transports (real processes)", () => {
  const clients: Record<string, WrightAgentClient> = {};
  beforeAll(async () => {
    const { dir, fixturePath } = workspace();
    await Promise.all(
      (["stdio", "jsonrpc", "mcp"] as const).map(async (transport) => {
        clients[transport] = await connectWrightAgent({
          command: [process.execPath, BIN, "serve", "wright-agent", "--fixture", fixturePath, "--transport", transport],
          transport,
          cwd: dir,
        });
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(Object.values(clients).map((c) => c.close()));
  });

  it("negotiates per transport: capabilities on stdio/JSON-RPC, tools/list on MCP", () => {
    expect(clients.stdio!.operations).toEqual(OPERATION_NAMES);
    expect(clients.jsonrpc!.capabilities).toEqual(clients.stdio!.capabilities);
    expect(clients.mcp!.capabilities).toBeUndefined();
    expect(clients.mcp!.operations).toEqual(MCP_TOOLS.map((t) => t.op));
    expect(clients.mcp!.discovery.protocolVersion).toBe("2025-11-25");
  });

  it("returns the same typed results and refusals on all three", async () => {
    const results = await Promise.all(
      Object.values(clients).map((c) => c.request("findings", { severity: "warning", max: 3 })),
    );
    expect(results[0]!.selection?.total).toBe(23);
    for (const r of results.slice(1)) expect(normalise(r)).toEqual(normalise(results[0]));
    for (const c of Object.values(clients)) {
      expect(await c.call("cfg", { rule: "Tick" }), c.transport).toMatchObject({
        ok: false,
        error: { code: "ambiguous-rule" },
      });
      expect(await c.call("rules", { name: "Init" } as never), c.transport).toMatchObject({
        ok: false,
        error: { code: "malformed-request" },
      });
    }
    await expect(clients.mcp!.call("capabilities")).rejects.toBeInstanceOf(UnadvertisedOperationError);
    await expect(clients.mcp!.call("compile", {})).rejects.toBeInstanceOf(UnadvertisedOperationError);
  });
});
