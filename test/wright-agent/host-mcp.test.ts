/**
 * The MCP adapter through the SDK's own Client over a real child process (StdioClientTransport):
 * `contract-suite serve wright-agent --transport mcp`. One server process for the file (plus one
 * per other protocol version, each negotiated by the SDK's Client).
 */
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { EmptyResultSchema, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpChannel, ProtocolError } from "../../src/wright-agent/client/channels.js";
import { MCP_TOOLS } from "../../src/wright-agent/contract.js";
import { MCP_PROTOCOL_VERSIONS, mcpTool } from "../../src/wright-agent/host/mcp.js";
import { BUNDLED_FIXTURE_PATH, createMockService } from "../../src/wright-agent/mock/index.js";
import { sha256Hex } from "../../src/wright-agent/mock/text.js";
import { tempDir } from "./helpers.js";

const BIN = fileURLToPath(new URL("../../bin/contract-suite.mjs", import.meta.url));
const dir = tempDir();
const fixturePath = join(dir, "project.json");
copyFileSync(BUNDLED_FIXTURE_PATH, fixturePath);
const serverArgs = [BIN, "serve", "wright-agent", "--transport", "mcp", "--fixture", fixturePath];

let client: Client;
let older: McpChannel;
/** One session per version the host lists but the default client does not offer (2025-11-25). */
const sessions = new Map<string, McpChannel>();

beforeAll(async () => {
  client = new Client({ name: "host-mcp-test", version: "1.0.0" }, { capabilities: {} });
  const transport = new StdioClientTransport({ command: process.execPath, args: serverArgs, cwd: dir, stderr: "pipe" });
  const others = MCP_PROTOCOL_VERSIONS.filter((v) => v !== "2025-11-25");
  const [, ...channels] = await Promise.all([
    client.connect(transport),
    ...others.map((protocolVersion) =>
      McpChannel.connect([process.execPath, ...serverArgs], { cwd: dir, protocolVersion }),
    ),
  ]);
  others.forEach((v, i) => sessions.set(v, channels[i]!));
  older = sessions.get("2024-11-05")!;
}, 120_000);

afterAll(async () => {
  await Promise.all([client?.close(), ...[...sessions.values()].map((s) => s.close())]);
});

const call = (name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const text = (r: CallToolResult) => {
  expect(r.content).toHaveLength(1);
  expect(r.content[0]!.type).toBe("text");
  return JSON.parse((r.content[0] as { text: string }).text);
};
async function protocolError(p: Promise<unknown>): Promise<McpError> {
  const e = await p.then(
    (v) => {
      throw new Error(`expected a JSON-RPC error, got a result ${JSON.stringify(v).slice(0, 300)}`);
    },
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(McpError);
  return e as McpError;
}

describe("MCP adapter (SDK Client, real process)", () => {
  it("initialize: negotiated version, server info from capabilities, tools capability", async () => {
    expect(client.getServerVersion()).toEqual({ name: "wright-agent-mock", version: "0.1.0" });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(older.protocolVersion).toBe("2024-11-05");
    expect(await client.request({ method: "ping" }, EmptyResultSchema)).toEqual({});
  });

  it("tools/list: the 21 MCP tools, each input schema derived from the request (op and omitted fields dropped)", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(MCP_TOOLS.map((t) => t.tool));
    for (const [i, t] of tools.entries()) expect(t, t.name).toEqual(mcpTool(MCP_TOOLS[i]!));
    const by = Object.fromEntries(
      tools.map((t) => [t.name, t.inputSchema as { properties: object; required?: string[] }]),
    );
    expect(by.wright_validate_edit_transaction!.properties).not.toHaveProperty("sources");
    expect(by.wright_edit_statements!.properties).not.toHaveProperty("sources");
    expect(Object.keys(by.wright_provider_validate_edit!.properties).sort()).toEqual([
      "language_id",
      "project_root",
      "transaction",
    ]);
    expect(by.wright_simulate!.properties).toHaveProperty("sources");
    expect(by.wright_check).not.toHaveProperty("required");
    expect(by.wright_usage!.required).toEqual(["symbol"]);
    for (const t of tools) expect(t.inputSchema.properties ?? {}).not.toHaveProperty("op");
  });

  it("tools/call: the service result unchanged as JSON text content", async () => {
    const local = createMockService({ fixturePath, cwd: dir });
    for (const [name, op, args] of [
      ["wright_findings", "findings", { severity: "warning", max: 2 }],
      ["wright_cfg", "cfg", { rule: "Tick#2#1" }],
      ["wright_lookup", "lookup", { language: "workshop", query: "wait" }],
    ] as const) {
      const r = await call(name, args);
      expect(r.isError).toBeUndefined();
      expect(text(r)).toEqual(((await local.handle({ op, ...args })) as { result: unknown }).result);
    }
  });

  it("a service refusal is an isError result carrying {code, message}", async () => {
    for (const [name, args, code] of [
      ["wright_cfg", { rule: "No such rule" }, "unknown-rule"],
      ["wright_cfg", { rule: "Tick" }, "ambiguous-rule"],
      ["wright_symbols", { kind: "local" }, "invalid-selection"],
      ["wright_usage", { symbol: 0 }, "stale-id"],
      ["wright_rules", { name: "Init" }, "malformed-request"],
    ] as const) {
      const r = await call(name, args);
      expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      const error = text(r);
      expect(error.code).toBe(code);
      expect(typeof error.message).toBe("string");
    }
  });

  it("protocol errors are JSON-RPC errors, never tool results: unknown and unlisted tools -32602, unknown methods -32601", async () => {
    expect((await protocolError(call("wright_nope"))).code).toBe(-32602);
    for (const name of ["wright_capabilities", "wright_compile", "wright_list_entries"])
      expect((await protocolError(call(name))).code, name).toBe(-32602);
    expect((await protocolError(client.request({ method: "resources/list" }, EmptyResultSchema))).code).toBe(-32601);
    expect((await protocolError(client.request({ method: "wright/nope", params: {} }, EmptyResultSchema))).code).toBe(
      -32601,
    );
  });

  // Arguments the tool's schema rejects: a wrong type, a missing required field, simulate's exactly-one-of.
  const BAD_ARGUMENTS: [string, Record<string, unknown>][] = [
    ["wright_symbols", { max: "many" }],
    ["wright_usage", {}],
    ["wright_simulate", { inputIdentity: "a".repeat(64), seconds: 1, scenario: {} }],
  ];

  it("2025-11-25 (SEP-1303): argument errors are isError tool results carrying the refusal stdio answers", async () => {
    const stdio = createMockService({ fixturePath, cwd: dir });
    for (const [name, args] of BAD_ARGUMENTS) {
      const r = await call(name, args);
      expect(r.isError, name).toBe(true);
      const op = MCP_TOOLS.find((t) => t.tool === name)!.op;
      const refusal = await stdio.handle({ op, ...args });
      expect("error" in refusal && refusal.error.code, name).toBe("malformed-request");
      expect(text(r), name).toEqual((refusal as { error: unknown }).error);
    }
  });

  it.each(["2025-06-18", "2025-03-26", "2024-11-05"])(
    "%s: argument errors are JSON-RPC -32602, never tool results; an unknown tool too",
    async (version) => {
      const session = sessions.get(version)!;
      expect(session.protocolVersion).toBe(version);
      for (const [name, args] of [...BAD_ARGUMENTS, ["wright_nope", {}] as [string, Record<string, unknown>]]) {
        const e = await session.callTool(name, args).then(
          (v) => v,
          (err: unknown) => err,
        );
        expect(e, `${version} ${name}: ${JSON.stringify(e).slice(0, 200)}`).toBeInstanceOf(ProtocolError);
        expect((e as ProtocolError).code).toBe(-32602);
      }
      // A well-formed call still answers, and a refusal is still a tool result.
      expect((await session.callTool("wright_symbols", { max: 1 })).isError).toBeUndefined();
      expect((await session.callTool("wright_cfg", { rule: "\u0001nope" })).isError).toBe(true);
    },
  );

  it("arguments: op and unknown fields are ignored; an omitted field (sources) is not part of the tool and reads the disk", async () => {
    expect(text(await call("wright_symbols", { op: "rules", max: 1, futureField: { a: 1 } })).symbols).toHaveLength(1);
    const fixture = JSON.parse(readFileSync(fixturePath, "utf8"));
    const main = fixture.sources[0].text as string;
    const edit = {
      kind: "insert",
      source: "main.ws",
      source_identity: sha256Hex(main),
      range: { start_line: 1, start_col: 1, end_line: 1, end_col: 1 },
      new_text: "// hi\n",
    };
    const r = text(
      await call("wright_validate_edit_transaction", {
        transaction: { edits: [edit] },
        sources: { "main.ws": "stale text that would make the edit stale" },
      }),
    );
    expect(r.ok).toBe(true);
  });

  it("tools/list and initialize do not depend on the project loading; tools answer with the loader code", async () => {
    const good = readFileSync(fixturePath, "utf8");
    writeFileSync(fixturePath, "{ broken");
    try {
      expect((await client.listTools()).tools).toHaveLength(21);
      const r = await call("wright_symbols");
      expect(r.isError).toBe(true);
      expect(text(r).code).toBe("parse-error");
      expect(text(await call("wright_target_metadata"))).toBeTypeOf("object");
    } finally {
      writeFileSync(fixturePath, good);
    }
    expect(text(await call("wright_symbols", { max: 1 })).snapshot).toBeGreaterThan(1);
  });
});
