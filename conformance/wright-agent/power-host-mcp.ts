/**
 * Transport checks of the MCP host: framing (malformed and over-long lines, responses and bad ids
 * sent to it), params of tools/call and the other methods, and JSON-RPC batches in the one MCP
 * version that has them (2025-03-26). Raw lines on the session of power-host-session.ts: the
 * SDK's Client never sends these.
 */
import { JSONRPCResponseSchema } from "@modelcontextprotocol/sdk/types.js";
import { expect, fail, SkipCheck } from "../harness/check.js";
import {
  obj,
  onlyOver,
  OVERLONG_BYTES,
  perTransport,
  VALIDATION_AS_RESULT_SINCE,
  type WrightAgentCheck,
} from "./util.js";
import {
  expectError,
  expectResultId,
  INITIALIZE,
  initialized,
  request,
  withRawSession,
  type Reply,
  type RawSession,
} from "./power-host-session.js";

export const mcpFraming: WrightAgentCheck = {
  id: "wright-agent/mcp-framing",
  title:
    "MCP over stdio is newline-delimited JSON-RPC 2.0: parse errors, invalid requests and ids, by-position params, responses and notifications",
  doc: "On a raw MCP session after initialize: the initialize result declares the tools capability (an object: the server offers tools) and a serverInfo {name, version}; a line that is not JSON is -32700 with id null (JSON-RPC 2.0), also a 17 MiB one, after which the session goes on (decision 075); an empty batch, a bare number and null are -32600 with id null; a request whose id is null, fractional or a boolean is -32600 with id null (MCP: an id is a string or an integer, never null); params given by position (an array: tools/list, ping) are -32602 (JSON-RPC: the methods take named params) or -32600 (MCP: params are objects) with the request's id, and a notification with them gets no reply; a message with an id and no method, result or error is -32600; a JSON-RPC response the client sends (the server sent no request to answer) gets no reply; a request line that ends in CR LF, arrives in two reads, or whose newline starts the next read (the next line behind it) is answered, each line on its own.",
  async run(target, ctx) {
    onlyOver(target, ["mcp"]);
    await perTransport(target, ["mcp"], ctx, async () => {
      await withRawSession(target, "mcp", async (s) => {
        const init = await initialized(s);
        expect(
          typeof obj(init.capabilities).tools === "object" &&
            init.capabilities !== null &&
            obj(init.capabilities).tools !== null,
          "initialize must declare the tools capability (capabilities.tools, an object)",
          init,
        );
        const info = obj(init.serverInfo);
        expect(
          typeof info.name === "string" && typeof info.version === "string",
          "initialize's serverInfo must be {name, version}",
          init,
        );
        const ping = { method: "ping" };
        expectError(
          await s.ask('{"jsonrpc":"2.0","id":1,"method":"ping"', "truncated JSON"),
          -32700,
          null,
          "truncated JSON",
        );
        expectError(
          await s.ask("x".repeat(OVERLONG_BYTES), `a ${OVERLONG_BYTES}-byte line that is not JSON`),
          -32700,
          null,
          `a ${OVERLONG_BYTES}-byte line that is not JSON`,
        );
        expectResultId(
          await s.ask(request("p1", "ping"), "ping after the over-long line"),
          "p1",
          "ping after the over-long line",
        );
        expectError(await s.ask("[]", "an empty batch"), -32600, null, "an empty batch");
        expectError(await s.ask("42", "a number"), -32600, null, "a number");
        expectError(await s.ask("null", "null"), -32600, null, "null");
        for (const id of [null, 1.5, true])
          expectError(
            await s.ask(request(id, "ping"), `ping with id ${JSON.stringify(id)}`),
            -32600,
            null,
            `ping with id ${JSON.stringify(id)}`,
          );
        // By position (an array): JSON-RPC's invalid params for a method that takes named params, or MCP's invalid request (its params are objects).
        for (const method of ["tools/list", "ping"])
          expectError(
            await s.ask(request(`a-${method}`, method, []), `${method} with params []`),
            [-32602, -32600],
            `a-${method}`,
            `${method} with params []`,
          );
        // Neither a request (no method) nor a response (no result or error): JSON-RPC's invalid request.
        const neither = await s.ask(JSON.stringify({ jsonrpc: "2.0", id: "m1" }), "a message with an id only");
        expect(
          neither.error?.code === -32600 && !("result" in neither),
          `a message with an id only (no method, result or error) must be -32600, got ${JSON.stringify(neither).slice(0, 200)}`,
        );
        await s.silent(
          JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: [] }),
          "a notification with params []",
          ping,
        );
        await s.silent(
          JSON.stringify({ jsonrpc: "2.0", id: 99, result: {} }),
          "a response to no request (result)",
          ping,
        );
        await s.silent(
          JSON.stringify({ jsonrpc: "2.0", id: "r2", error: { code: -32601, message: "Method not found" } }),
          "a response to no request (error)",
          ping,
        );
        expectResultId(
          await s.ask(`${request("crlf", "ping")}\r`, "ping ending in CR LF"),
          "crlf",
          "ping ending in CR LF",
        );
        expectResultId(
          await s.split({ jsonrpc: "2.0", id: "split", method: "ping" }, "ping in two reads"),
          "split",
          "ping in two reads",
        );
        const [nl1, nl2] = await s.newlineFirst(
          { jsonrpc: "2.0", id: "nl1", method: "ping" },
          { jsonrpc: "2.0", id: "nl2", method: "ping" },
          "a read that starts with the previous line's newline",
        );
        expectResultId(nl1, "nl1", "a ping whose newline starts the next read");
        expectResultId(nl2, "nl2", "the ping after the newline in the same read");
      });
    });
  },
};

const SYMBOLS_OK = { max: 1 };

export const mcpParams: WrightAgentCheck = {
  id: "wright-agent/mcp-params",
  title:
    "MCP: malformed initialize, tools/list and tools/call params are -32602; arguments are optional; malformed arguments depend on the version",
  doc: "Each its own raw MCP session. initialize without a string protocolVersion, without a capabilities object or without clientInfo {name, version} is -32602 (the InitializeRequest's required params; JSON-RPC's invalid params). After initialize: tools/list with a cursor that is not a string, tools/call with a name that is not a string or arguments that are not an object are -32602 in every version (not a CallToolRequest); tools/call without arguments is a call with none (MCP: arguments are optional). Arguments that break x-exactly-one-of (wright_simulate with its inputIdentity and neither seconds nor scenario) are malformed arguments: -32602 up to 2025-06-18, an isError result {code: malformed-request} from 2025-11-25; an out-of-domain selection value (wright_symbols kind local) is a service refusal in every version: an isError result {code: invalid-selection}.",
  async run(target, ctx) {
    onlyOver(target, ["mcp"]);
    await perTransport(target, ["mcp"], ctx, async () => {
      const { clientInfo: _c, ...noClientInfo } = INITIALIZE;
      const bad: [string, unknown][] = [
        ["initialize without protocolVersion", { capabilities: {}, clientInfo: INITIALIZE.clientInfo }],
        ['initialize with capabilities "none"', { ...INITIALIZE, capabilities: "none" }],
        ["initialize without clientInfo", noClientInfo],
        ["initialize with clientInfo {name} only", { ...INITIALIZE, clientInfo: { name: "x" } }],
        ["initialize with clientInfo {version} only", { ...INITIALIZE, clientInfo: { version: "1" } }],
      ];
      for (const [what, params] of bad) {
        await withRawSession(target, "mcp", async (s) =>
          expectError(await s.ask(request("i", "initialize", params), what), -32602, "i", what),
        );
      }
      const reachable = await target.reachable("mcp");
      const call = (id: string, name: unknown, args?: unknown) =>
        request(id, "tools/call", { name, ...(args === undefined ? {} : { arguments: args }) });
      const toolResult = (reply: Reply, id: string, what: string) => {
        const r = obj(expectResultId(reply, id, what));
        const content = (r.content as { type?: string; text?: string }[] | undefined) ?? [];
        let payload: Record<string, unknown> = {};
        try {
          payload = obj(JSON.parse(content[0]?.text ?? ""));
        } catch {
          fail(`${what}: the tool result's text is not JSON`, r);
        }
        return { isError: r.isError === true, payload };
      };
      for (const version of ["2025-06-18", "2025-11-25"]) {
        await withRawSession(target, "mcp", async (s) => {
          const init = obj(
            expectResultId(
              await s.ask(
                request(0, "initialize", { ...INITIALIZE, protocolVersion: version }),
                `initialize ${version}`,
              ),
              0,
              `initialize ${version}`,
            ),
          );
          if (init.protocolVersion !== version)
            throw new SkipCheck(`offered ${version}, negotiated ${String(init.protocolVersion)}`);
          const at = (w: string) => `[${version}] ${w}`;
          expectError(
            await s.ask(request("c1", "tools/list", { cursor: 5 }), at("tools/list with cursor 5")),
            -32602,
            "c1",
            at("tools/list with cursor 5"),
          );
          expectError(
            await s.ask(call("c2", 5, {}), at("tools/call with name 5")),
            -32602,
            "c2",
            at("tools/call with name 5"),
          );
          if (!reachable.includes("symbols"))
            return ctx.log("wright_symbols is not listed: the argument cases are skipped");
          expectError(
            await s.ask(call("c3", "wright_symbols", "max"), at('wright_symbols with arguments "max"')),
            -32602,
            "c3",
            at('wright_symbols with arguments "max"'),
          );
          expectError(
            await s.ask(call("c4", "wright_symbols", [1]), at("wright_symbols with arguments [1]")),
            -32602,
            "c4",
            at("wright_symbols with arguments [1]"),
          );
          const bare = toolResult(
            await s.ask(call("c5", "wright_symbols"), at("wright_symbols without arguments")),
            "c5",
            at("wright_symbols without arguments"),
          );
          expect(
            !bare.isError,
            at(
              "wright_symbols without arguments must be answered like {} (arguments are optional), got an isError result",
            ),
            bare.payload,
          );
          const withMax = toolResult(
            await s.ask(call("c6", "wright_symbols", SYMBOLS_OK), at("wright_symbols {max: 1}")),
            "c6",
            at("wright_symbols {max: 1}"),
          );
          expect(!withMax.isError, at("wright_symbols {max: 1} must succeed"), withMax.payload);
          const local = toolResult(
            await s.ask(call("c7", "wright_symbols", { kind: "local" }), at("wright_symbols {kind: local}")),
            "c7",
            at("wright_symbols {kind: local}"),
          );
          expect(
            local.isError && local.payload.code === "invalid-selection",
            at(
              "wright_symbols {kind: local} is a service refusal in every version: an isError result {code: invalid-selection}",
            ),
            local.payload,
          );
          if (!reachable.includes("simulate"))
            return ctx.log("wright_simulate is not listed: the x-exactly-one-of case is skipped");
          // Valid against SimulateRequest's schema (inputIdentity is its one required field), but neither of the two.
          const what = at("wright_simulate with inputIdentity and neither seconds nor scenario");
          const reply = await s.ask(call("c8", "wright_simulate", { inputIdentity: "0".repeat(64) }), what);
          if (version < VALIDATION_AS_RESULT_SINCE) expectError(reply, -32602, "c8", what);
          else {
            const r = toolResult(reply, "c8", what);
            expect(
              r.isError && r.payload.code === "malformed-request",
              `${what}: from 2025-11-25 an isError result {code: malformed-request}`,
              r.payload,
            );
          }
        });
      }
    });
  },
};

const BATCH_VERSION = "2025-03-26";
const note = (params?: unknown) => ({
  jsonrpc: "2.0",
  method: "notifications/cancelled",
  ...(params === undefined ? {} : { params }),
});
const req = (id: unknown, method: string, params?: unknown) => ({
  jsonrpc: "2.0",
  id,
  method,
  ...(params === undefined ? {} : { params }),
});

/** A batch that may get no reply: the parsed reply, or undefined when none came within a second. */
async function maybeReply(s: RawSession, batch: unknown[], what: string): Promise<unknown> {
  const line = await s.ch.exchange(JSON.stringify(batch), { reply: false, settleMs: 1000 });
  if (line === undefined) return undefined;
  try {
    return JSON.parse(line);
  } catch {
    fail(`${what}: the reply is not JSON: ${line.slice(0, 200)}`);
  }
}

/** A batch that must be served: its responses, each a JSON-RPC response by the SDK's own schema (JSONRPCResponseSchema) where it has an id. */
async function servedBatch(s: RawSession, batch: unknown[], what: string): Promise<Reply[]> {
  const reply: unknown = await s.ask(JSON.stringify(batch), what);
  expect(
    Array.isArray(reply),
    `${what}: MCP ${BATCH_VERSION} servers "MUST support receiving JSON-RPC batches": expected an array of responses, got ${String(JSON.stringify(reply)).slice(0, 300)}`,
  );
  for (const r of reply as Reply[]) {
    const ok = r?.id === null || JSONRPCResponseSchema.safeParse(r).success;
    expect(
      ok,
      `${what}: not a JSON-RPC response (the SDK's JSONRPCResponseSchema): ${JSON.stringify(r).slice(0, 300)}`,
    );
  }
  return reply as Reply[];
}

export const mcpBatches: WrightAgentCheck = {
  id: "wright-agent/mcp-batches",
  title: "MCP: a JSON-RPC batch is served in a 2025-03-26 session and only there",
  doc: 'One raw MCP session per offered version (2025-03-26, 2025-06-18, 2025-11-25); the expectation follows the version the server negotiated. 2025-03-26 (basic/index: "MCP implementations MAY support sending JSON-RPC batches, but MUST support receiving JSON-RPC batches"; JSON-RPC 2.0 section 6): a batch of requests and a notification is answered with one array holding one response per request (matched by id, each a JSON-RPC response by the SDK\'s JSONRPCResponseSchema: ping {}, tools/list its tools, an unknown method -32601) and none for the notification; a batch of notifications only gets no reply at all (never an empty array); an empty batch is one -32600 with id null, not an array; members that are not request objects (a number, a nested batch) are each -32600 with id null inside the array, and a nested batch is never served. 2025-06-18 and later (2025-06-18\'s changelog: "Remove support for JSON-RPC batching"; its JSONRPCMessage has no batch): a batch of two pings is not served as one: no array and no result, at most one JSON-RPC error (our host: -32600, id null; the SDK\'s stdio server sends nothing), and the session goes on.',
  async run(target, ctx) {
    onlyOver(target, ["mcp"]);
    await perTransport(target, ["mcp"], ctx, async () => {
      for (const offer of [BATCH_VERSION, "2025-06-18", "2025-11-25"]) {
        await withRawSession(target, "mcp", async (s) => {
          const init = obj(
            expectResultId(
              await s.ask(request(0, "initialize", { ...INITIALIZE, protocolVersion: offer }), `initialize ${offer}`),
              0,
              `initialize ${offer}`,
            ),
          );
          const negotiated = String(init.protocolVersion);
          const at = (w: string) => `[offered ${offer}, negotiated ${negotiated}] ${w}`;
          const none = await s.ch.exchange(JSON.stringify(note()), { reply: false, settleMs: 100 });
          expect(none === undefined, at(`a notification was answered: ${String(none).slice(0, 200)}`));
          if (offer === BATCH_VERSION && negotiated !== BATCH_VERSION)
            ctx.log(at(`${BATCH_VERSION} is not negotiated: batches are not owed`));
          if (negotiated === BATCH_VERSION) {
            const what = at("a batch of ping, tools/list, a notification and an unknown method");
            const replies = await servedBatch(
              s,
              [
                req("b1", "ping"),
                req("b2", "tools/list"),
                note({ requestId: "none" }),
                req("b3", "wright/noSuchMethod"),
              ],
              what,
            );
            const ids = replies.map((r) => JSON.stringify(r?.id)).sort();
            expect(
              ids.join() === ['"b1"', '"b2"', '"b3"'].join(),
              `${what}: expected one response each for b1, b2 and b3 (none for the notification), got ids ${ids.join(", ")}`,
              replies,
            );
            const byId = (id: string) => replies.find((r) => r.id === id)!;
            expect(JSON.stringify(byId("b1").result) === "{}", `${what}: ping must answer {}`, byId("b1"));
            expect(
              Array.isArray(obj(byId("b2").result).tools),
              `${what}: tools/list must answer its tools`,
              byId("b2"),
            );
            expectError(byId("b3"), -32601, "b3", `${what}: the unknown method`);
            const silent = at("a batch of two notifications");
            const got = await maybeReply(s, [note({ requestId: "x" }), note({ requestId: "y" })], silent);
            expect(
              got === undefined,
              `${silent} must get no reply (JSON-RPC 2.0: nothing, never an empty array), got ${String(JSON.stringify(got)).slice(0, 200)}`,
            );
            expectResultId(
              await s.ask(request("after-notes", "ping"), at("ping after the notifications")),
              "after-notes",
              at("ping after the notifications"),
            );
            expectError(await s.ask("[]", at("an empty batch")), -32600, null, at("an empty batch"));
            const odd = at("a batch of 1, a nested batch [ping n1] and ping b4");
            const mixed = await servedBatch(s, [1, [req("n1", "ping")], req("b4", "ping")], odd);
            expect(mixed.length === 3, `${odd}: expected three responses, got ${JSON.stringify(mixed).slice(0, 300)}`);
            expect(
              !JSON.stringify(mixed).includes('"n1"'),
              `${odd}: a nested batch is not a request: its ping must not be served`,
              mixed,
            );
            const invalid = mixed.filter((r) => r?.id === null);
            expect(
              invalid.length === 2 && invalid.every((r) => r.error?.code === -32600),
              `${odd}: the number and the nested batch are each -32600 with id null`,
              mixed,
            );
            expectResultId(mixed.find((r) => r?.id === "b4") ?? {}, "b4", `${odd}: ping b4`);
          } else {
            const what = at("a batch of two pings");
            const reply = await maybeReply(s, [req("c1", "ping"), req("c2", "ping")], what);
            expect(
              !Array.isArray(reply),
              `${what}: batches are not part of MCP ${negotiated}; it was served as a batch: ${String(JSON.stringify(reply)).slice(0, 300)}`,
            );
            if (reply !== undefined) {
              const r = reply as Reply;
              expect(
                r?.jsonrpc === "2.0" && r.error !== undefined && !("result" in r),
                `${what}: at most one JSON-RPC error may answer it, got ${String(JSON.stringify(reply)).slice(0, 300)}`,
              );
              expect(r.id !== "c1" && r.id !== "c2", `${what}: no response may answer a request of it`, reply);
            }
          }
          expectResultId(
            await s.ask(request("last", "ping"), at("ping after the batches")),
            "last",
            at("ping after the batches"),
          );
        });
      }
    });
  },
};
