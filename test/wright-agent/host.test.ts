/**
 * The host's framing, in process over stream pairs (fast). MCP behaviour through the SDK's own
 * Client over a real child process is in host-mcp.test.ts; the raw MCP framing errors the SDK
 * client cannot produce are here.
 */
import { PassThrough, Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateToolResponse } from "../../src/generated/wright-agent/validators.js";
import { createToolService, type ToolService } from "../../src/wright-agent/service.js";
import { createMockHandlers } from "../../src/wright-agent/mock/index.js";
import { readLines } from "../../src/io/lines.js";
import { serveToolService, serialize, type WrightAgentTransport } from "../../src/wright-agent/host/serve.js";
import { negotiateProtocolVersion, MCP_PROTOCOL_VERSIONS } from "../../src/wright-agent/host/mcp.js";
import { workspace } from "./helpers.js";

async function session(service: ToolService, transport: WrightAgentTransport, lines: string[]): Promise<string[]> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (c: Buffer) => chunks.push(c));
  await serveToolService(service, { transport, input: Readable.from([lines.map((l) => l + "\n").join("")]), output });
  const text = Buffer.concat(chunks).toString("utf8");
  expect(text === "" || text.endsWith("\n")).toBe(true);
  return text.split("\n").filter((l) => l !== "");
}

const parsed = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, any>);

describe("readLines", () => {
  it("splits on LF, drops a CR before it, keeps a final unterminated line, and caps line size", async () => {
    const collect = async (chunks: string[], max?: number) => {
      const out = [];
      for await (const item of readLines(Readable.from(chunks.map((c) => Buffer.from(c))), max)) out.push(item);
      return out;
    };
    expect(await collect(["a\r\nb", "c\n", "\n", "last"])).toEqual([
      { line: "a" },
      { line: "bc" },
      { line: "" },
      { line: "last" },
    ]);
    expect(await collect(["0123456789", "abc\nok\n"], 8)).toEqual([{ oversize: 13 }, { line: "ok" }]);
    // A multi-byte character split across chunks survives.
    const euro = Buffer.from("€\n");
    const out = [];
    for await (const item of readLines(Readable.from([euro.subarray(0, 1), euro.subarray(1)]))) out.push(item);
    expect(out).toEqual([{ line: "€" }]);
  });
});

describe("stdio transport", () => {
  it("answers one ToolResponse per request line, in order; garbage is malformed-request and the session goes on; blank lines are skipped", async () => {
    const { svc } = workspace();
    const out = parsed(
      await session(svc, "stdio", [
        '{"op":"capabilities"}',
        "not json",
        "",
        "   ",
        "[1]",
        '{"op":"rules","name":"Init"}',
        '{"op":"symbols","max":1}',
        '{"op":"usage","symbol":"nope"}',
      ]),
    );
    expect(out).toHaveLength(6);
    for (const r of out) expect(validateToolResponse(r)).toBe(true);
    expect(out[0]!.result.agent_contract).toBe("wright-agent/v1");
    expect(out.slice(1, 4).map((r) => r.error.code)).toEqual([
      "malformed-request",
      "malformed-request",
      "malformed-request",
    ]);
    expect(out[4]!.result.symbols).toHaveLength(1);
    expect(out[5]!.error.code).toBe("unknown-symbol");
  });

  it("processes requests strictly in order even when a handler is slow", async () => {
    let n = 0;
    const slow: ToolService = {
      operations: ["capabilities"],
      async handle() {
        const mine = n++;
        await new Promise((r) => setTimeout(r, mine === 0 ? 30 : 0));
        return { result: { n: mine } as never };
      },
    };
    const out = parsed(
      await session(slow, "stdio", ['{"op":"capabilities"}', '{"op":"capabilities"}', '{"op":"capabilities"}']),
    );
    expect(out.map((r) => r.result.n)).toEqual([0, 1, 2]);
  });

  it("serialize() runs one request at a time", async () => {
    let active = 0;
    let peak = 0;
    const svc = serialize({
      operations: [],
      async handle() {
        peak = Math.max(peak, ++active);
        await new Promise((r) => setTimeout(r, 5));
        active--;
        return { result: {} as never };
      },
    });
    await Promise.all([svc.handle({}), svc.handle({}), svc.handle({})]);
    expect(peak).toBe(1);
  });
});

describe("JSON-RPC transport", () => {
  it("request returns the whole ToolResponse (a stdio line's result is result.result); a refusal is result {error}; aliases answer the bare envelope", async () => {
    const { svc } = workspace();
    const out = parsed(
      await session(svc, "jsonrpc", [
        '{"jsonrpc":"2.0","id":1,"method":"request","params":{"op":"symbols","max":1}}',
        '{"jsonrpc":"2.0","id":2,"method":"request","params":{"op":"cfg","rule":"nope"}}',
        '{"jsonrpc":"2.0","id":3,"method":"check"}',
        '{"jsonrpc":"2.0","id":4,"method":"request","params":{"op":"check"}}',
        '{"jsonrpc":"2.0","id":5,"method":"inspect","params":[]}',
        '{"jsonrpc":"2.0","id":6,"method":"analyze","params":{}}',
        '{"jsonrpc":"2.0","id":7,"method":"request","params":{"op":"rules","name":"x"}}',
      ]),
    );
    expect(out.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(out[0]!.result.result.symbols).toHaveLength(1);
    expect(validateToolResponse(out[0]!.result)).toBe(true);
    const [stdioLine] = parsed(await session(svc, "stdio", ['{"op":"symbols","max":1}']));
    expect(out[0]!.result.result).toEqual(stdioLine!.result);
    expect(out[1]!.result).toEqual({ error: expect.objectContaining({ code: "unknown-rule" }) });
    expect(out[1]).not.toHaveProperty("error");
    expect(out[2]!.result).toEqual(out[3]!.result.result);
    expect(out[2]!.result.wright.contract).toBe("wright-result/v1");
    expect(out[4]!.result.command).toBe("inspect");
    expect(out[5]!.result.command).toBe("analyze");
    expect(out[6]!.result.error.code).toBe("malformed-request");
  });

  it("framing errors are top-level: -32700, -32600 (empty batch, non-object, wrong version), -32601, -32602; notifications get no reply", async () => {
    const { svc } = workspace();
    const out = parsed(
      await session(svc, "jsonrpc", [
        "{oops",
        "[]",
        '"hello"',
        '{"jsonrpc":"1.0","id":"v","method":"request","params":{"op":"capabilities"}}',
        '{"jsonrpc":"2.0","id":"m","method":"nope"}',
        '{"jsonrpc":"2.0","id":"p","method":"request"}',
        '{"jsonrpc":"2.0","id":"a","method":"request","params":[1,2,3]}',
        '{"jsonrpc":"2.0","id":"c","method":"check","params":{"all":true}}',
        '{"jsonrpc":"2.0","id":"c2","method":"compile","params":["out.ow"]}',
        '{"jsonrpc":"2.0","method":"request","params":{"op":"capabilities"}}',
        '{"jsonrpc":"2.0","method":"nope"}',
        '[{"jsonrpc":"2.0","id":"b1","method":"request","params":{"op":"capabilities"}},{"jsonrpc":"2.0","method":"request","params":{}},5]',
        "",
      ]),
    );
    const errors = out.slice(0, 9).map((r) => [r.id, r.error?.code]);
    expect(errors).toEqual([
      [null, -32700],
      [null, -32600],
      [null, -32600],
      ["v", -32600],
      ["m", -32601],
      ["p", -32602],
      ["a", -32602],
      ["c", -32602],
      ["c2", -32602],
    ]);
    expect(out).toHaveLength(10);
    const batch = out[9] as unknown as Record<string, any>[];
    expect(batch.map((r) => [r.id, r.error?.code ?? "result"])).toEqual([
      ["b1", "result"],
      [null, -32600],
    ]);
  });
});

describe("MCP framing the SDK client cannot send", () => {
  it("-32700 for a line that is not JSON, -32600 for batches and invalid messages, -32602 for non-object params; notifications and blank lines get nothing", async () => {
    const { svc } = workspace();
    const out = parsed(
      await session(svc, "mcp", [
        "{oops",
        "[]",
        '[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
        "7",
        '{"jsonrpc":"2.0","id":null,"method":"ping"}',
        '{"id":2,"method":"ping"}',
        '{"jsonrpc":"2.0","id":3,"method":"ping","params":[1]}',
        '{"jsonrpc":"2.0","method":"notifications/whatever","params":[1]}',
        "",
        '{"jsonrpc":"2.0","id":4,"method":"ping"}',
        '{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"cursor":5}}',
        '{"jsonrpc":"2.0","id":6,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"raw"}}}',
      ]),
    );
    const byId = (id: unknown) => out.filter((r) => JSON.stringify(r.id) === JSON.stringify(id));
    expect(byId(null).map((r) => r.error.code)).toEqual([-32700, -32600, -32600, -32600, -32600]);
    expect(byId(2)[0]!.error.code).toBe(-32600);
    expect(byId(3)[0]!.error.code).toBe(-32602);
    expect(byId(4)[0]!.result).toEqual({});
    expect(byId(5)[0]!.error.code).toBe(-32602);
    expect(byId(6)[0]!.error).toMatchObject({ code: -32602, message: expect.stringMatching(/clientInfo/) });
    expect(out).toHaveLength(10);
  });

  it("negotiates: a listed version is echoed, anything else gets the newest", () => {
    expect(MCP_PROTOCOL_VERSIONS).toEqual(["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]);
    for (const v of MCP_PROTOCOL_VERSIONS) expect(negotiateProtocolVersion(v)).toBe(v);
    for (const v of ["2024-10-07", "2026-01-01", ""]) expect(negotiateProtocolVersion(v)).toBe("2025-11-25");
  });

  it("a tools/call argument named __proto__ reaches the service as an own member, never as the request's prototype", async () => {
    let seen: object | undefined;
    const svc: ToolService = {
      operations: ["symbols"],
      handle: async (r) => ((seen = r as object), { result: {} as never }),
    };
    const out = parsed(
      await session(svc, "mcp", [
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}',
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"wright_symbols","arguments":{"__proto__":{"kind":"injected"},"max":1}}}',
      ]),
    );
    expect(out.find((r) => r.id === 2)?.result).toBeDefined();
    expect(Object.getPrototypeOf(seen)).toBe(Object.prototype);
    expect((seen as { kind?: unknown }).kind).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(seen, "__proto__")).toBe(true);
  });

  it("answers every request before the session ends, even when input closes first", async () => {
    const svc = createToolService(createMockHandlers({} as never), { operations: ["capabilities"] });
    const slow: ToolService = {
      operations: svc.operations,
      handle: async (r) => (await new Promise((res) => setTimeout(res, 20)), { result: { echoed: r } as never }),
    };
    const out = parsed(
      await session(slow, "mcp", [
        '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        '{"jsonrpc":"2.0","id":2,"method":"ping"}',
      ]),
    );
    expect(out.map((r) => r.id).sort()).toEqual([1, 2]);
  });
});

describe("hostile input never breaks a session (property, in process)", () => {
  const jsonrpcish = fc.record(
    {
      jsonrpc: fc.oneof(fc.constant("2.0"), fc.constant("1.0"), fc.integer()),
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.constant(null), fc.constant([1])),
      method: fc.oneof(
        fc.constantFrom(
          "request",
          "check",
          "initialize",
          "tools/list",
          "tools/call",
          "ping",
          "__proto__",
          "constructor",
        ),
        fc.string({ maxLength: 8 }),
      ),
      params: fc.oneof(
        fc.jsonValue({ maxDepth: 2 }),
        fc.record({
          op: fc.constantFrom("symbols", "rules", "__proto__", "toString"),
          name: fc.string({ maxLength: 4 }),
        }),
        fc.record({
          name: fc.constantFrom("wright_symbols", "wright_cfg", "wright_nope", "__proto__"),
          arguments: fc.jsonValue({ maxDepth: 2 }),
        }),
        // JSON.parse keeps __proto__ as an own member (an object literal would set the prototype and stringify to {}).
        fc.constant(JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>),
      ),
    },
    { requiredKeys: [] },
  );
  const line = fc.oneof(
    fc.string({ maxLength: 30 }).filter((s) => !/[\n\r]/.test(s)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    jsonrpcish.map((v) => JSON.stringify(v)),
    fc.array(jsonrpcish, { maxLength: 3 }).map((v) => JSON.stringify(v)),
    fc.constant('{"__proto__":{"polluted":true},"op":"symbols"}'),
  );

  for (const transport of ["stdio", "jsonrpc", "mcp"] as const) {
    it(`${transport}: every reply is well-formed, nothing crashes, Object.prototype stays clean`, async () => {
      const { svc } = workspace();
      await fc.assert(
        fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 8 }), async (lines) => {
          const out = await session(svc, transport, lines);
          const nonBlank = lines.filter((l) => l.trim() !== "").length;
          for (const reply of out) {
            const value = JSON.parse(reply) as unknown;
            if (transport === "stdio") expect(validateToolResponse(value), reply).toBe(true);
            else
              for (const r of Array.isArray(value) ? value : [value]) {
                expect(r.jsonrpc, reply).toBe("2.0");
                expect("result" in r !== "error" in r, reply).toBe(true);
                if ("error" in r)
                  expect(Number.isInteger(r.error.code) && typeof r.error.message === "string", reply).toBe(true);
              }
          }
          if (transport === "stdio") expect(out).toHaveLength(nonBlank);
          else expect(out.length).toBeLessThanOrEqual(nonBlank);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          expect(Object.keys(Object.prototype)).toEqual([]);
        }),
        { seed: 20261129, numRuns: process.env.CONTRACT_SUITE_FULL ? 300 : 40 },
      );
    }, 60_000);
  }
});
