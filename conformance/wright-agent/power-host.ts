/**
 * Transport checks of the hosts: what JSON-RPC 2.0, MCP and the wright-agent contract require of the JSON-RPC and MCP
 * transports that the other checks never send. Elsewhere the MCP surface is spoken to through the
 * SDK's Client only, which never sends a malformed line, a batch, a response, a bad id or bad params;
 * and the JSON-RPC transport is never sent `request` without params, an alias with parameters or
 * an over-long line. Each check speaks raw newline-delimited JSON-RPC on its own session(s)
 * (power-host-session.ts). The JSON-RPC transport's checks are here, the MCP host's in power-host-mcp.ts.
 */
import { expect, fail } from "../harness/check.js";
import { needsOwnFixture, obj, onlyOver, OVERLONG_BYTES, perTransport, type WrightAgentCheck } from "./util.js";
import { expectError, expectResultId, request, withRawSession } from "./power-host-session.js";
import { mcpBatches, mcpFraming, mcpParams } from "./power-host-mcp.js";

export const jsonrpcParams: WrightAgentCheck = {
  id: "wright-agent/jsonrpc-params",
  title:
    "JSON-RPC: request needs its ToolRequest, the aliases take no parameters, an over-long line is -32700 and lines are lines however they arrive",
  doc: 'On a raw JSON-RPC session: request without params is -32602 (its ToolRequest is its params); an alias (check, analyze, inspect) with parameters ({"force": true}, [1]) is -32602 (the aliases take no parameters; callers needing options use request), and with {} or [] answers its envelope; a 17 MiB line that is not JSON is -32700 with id null and the session goes on; a request line ending in CR LF or arriving in two reads is answered.',
  async run(target, ctx) {
    onlyOver(target, ["jsonrpc"]);
    await perTransport(target, ["jsonrpc"], ctx, async () => {
      const ops = await target.advertised();
      await withRawSession(target, "jsonrpc", async (s) => {
        expectError(
          await s.ask(request("q1", "request"), "request without params"),
          -32602,
          "q1",
          "request without params",
        );
        for (const alias of ["check", "analyze", "inspect"].filter((o) => ops.includes(o))) {
          expectError(
            await s.ask(request(`${alias}-p`, alias, { force: true }), `${alias} with {force: true}`),
            -32602,
            `${alias}-p`,
            `${alias} with {force: true}`,
          );
          expectError(
            await s.ask(request(`${alias}-a`, alias, [1]), `${alias} with [1]`),
            -32602,
            `${alias}-a`,
            `${alias} with [1]`,
          );
          for (const [tag, params] of [
            ["o", {}],
            ["e", []],
            ["n", undefined],
          ] as const) {
            const result = obj(
              expectResultId(
                await s.ask(request(`${alias}-${tag}`, alias, params), `${alias} with ${JSON.stringify(params)}`),
                `${alias}-${tag}`,
                `${alias} with ${JSON.stringify(params)}`,
              ),
            );
            expect(
              result.command === alias ||
                obj(result.wright).contract === "wright-result/v1" ||
                result.error !== undefined,
              `${alias} with ${JSON.stringify(params)} must answer its envelope`,
              result,
            );
          }
        }
        expectError(
          await s.ask("x".repeat(OVERLONG_BYTES), `a ${OVERLONG_BYTES}-byte line that is not JSON`),
          -32700,
          null,
          `a ${OVERLONG_BYTES}-byte line that is not JSON`,
        );
        expectResultId(
          await s.ask(request("after", "request", { op: "capabilities" }), "capabilities after the over-long line"),
          "after",
          "capabilities after the over-long line",
        );
        expectResultId(
          await s.ask(`${request("crlf", "request", { op: "capabilities" })}\r`, "capabilities ending in CR LF"),
          "crlf",
          "capabilities ending in CR LF",
        );
        expectResultId(
          await s.split(
            { jsonrpc: "2.0", id: "split", method: "request", params: { op: "capabilities" } },
            "capabilities in two reads",
          ),
          "split",
          "capabilities in two reads",
        );
      });
    });
  },
};

export const jsonrpcAliasRefusal: WrightAgentCheck = {
  id: "wright-agent/jsonrpc-alias-refusal",
  title: "(our fixture) JSON-RPC: an alias's service refusal is its result {error: {code, message}}, as request's",
  doc: 'With our fixture broken on disk, analyze and inspect refuse (a loader code: they read the program). Through their aliases the refusal is the JSON-RPC result {"error": {code, message}} with the code request {op} answers inside its result: a service refusal is returned in the result, never as a top-level JSON-RPC error (reserved for framing), and never lost.',
  async run(target, ctx) {
    onlyOver(target, ["jsonrpc"]);
    needsOwnFixture(target, ctx);
    await perTransport(target, ["jsonrpc"], ctx, async () => {
      const ops = (await target.advertised()).filter((o) => o === "analyze" || o === "inspect");
      if (ops.length === 0) return ctx.log("neither analyze nor inspect is advertised");
      const rpc = await target.jsonrpc();
      target.writeFixture("{ this is not a fixture");
      try {
        for (const op of ops) {
          const via = await rpc.call("request", { op });
          if ("error" in via)
            fail(
              `request {op: ${op}} over a broken fixture: JSON-RPC error ${via.error.code} (${via.error.message}); a refusal belongs in the result`,
            );
          const code = obj(obj(via.result).error).code;
          if (typeof code !== "string") {
            ctx.log(`request {op: ${op}} over a broken fixture did not refuse: nothing to compare`);
            continue;
          }
          const alias = await rpc.call(op);
          if ("error" in alias)
            fail(
              `alias ${op} over a broken fixture: a service refusal came back as JSON-RPC error ${alias.error.code} (${alias.error.message}); it belongs in the result {"error": {...}}`,
            );
          const error = obj(obj(alias.result).error);
          expect(
            error.code === code && typeof error.message === "string",
            `alias ${op} over a broken fixture must answer the result {"error": {code: ${code}, message}} as request does, got ${JSON.stringify(alias.result).slice(0, 300)}`,
          );
        }
      } finally {
        target.restoreFixture();
      }
    });
  },
};

export const powerHostChecks: WrightAgentCheck[] = [
  mcpFraming,
  mcpParams,
  mcpBatches,
  jsonrpcParams,
  jsonrpcAliasRefusal,
];
