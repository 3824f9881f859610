/** JSON-RPC 2.0 framing, the refusal-in-result rule and the four direct aliases. */
import { fail, expect } from "../harness/check.js";
import { comparable, describe } from "./target.js";
import { expectResult, obj, perTransport, sameJson, onlyOver, type WrightAgentCheck } from "./util.js";

type Reply = { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } };

function parseReply(line: string | undefined, what: string): Reply | Reply[] {
  if (line === undefined) fail(`${what}: no reply`);
  try {
    return JSON.parse(line) as Reply | Reply[];
  } catch {
    fail(`${what}: reply is not JSON: ${line.slice(0, 200)}`);
  }
}

function expectError(reply: Reply | Reply[], code: number, id: unknown, what: string): void {
  if (Array.isArray(reply)) fail(`${what}: expected one error response, got a batch`, reply);
  expect(reply.jsonrpc === "2.0", `${what}: response lacks jsonrpc "2.0"`, reply);
  expect(
    reply.error !== undefined && !("result" in reply),
    `${what}: expected a top-level error ${code}, got ${JSON.stringify(reply).slice(0, 300)}`,
  );
  expect(reply.error!.code === code, `${what}: expected error code ${code}, got ${String(reply.error!.code)}`, reply);
  expect(typeof reply.error!.message === "string", `${what}: error message must be a string`, reply);
  expect(
    sameJson(reply.id, id),
    `${what}: response id must be ${JSON.stringify(id)}, got ${JSON.stringify(reply.id)}`,
    reply,
  );
}

export const jsonrpcFraming: WrightAgentCheck = {
  id: "wright-agent/jsonrpc-framing",
  title:
    "JSON-RPC framing errors are top-level errors: -32700, -32600 (empty batch too), -32601, -32602; notifications get no reply",
  doc: "Over newline-delimited JSON-RPC 2.0: a line that is not JSON is -32700 with id null; an empty batch, a non-object and a wrong jsonrpc version are -32600; an unknown method -32601 echoing the id; params that cannot be a ToolRequest (an array of three values) -32602. A notification (no id) gets no reply at all, and a batch answers one response per request.",
  async run(target, ctx) {
    onlyOver(target, ["jsonrpc"]);
    await perTransport(target, ["jsonrpc"], ctx, async () => {
      const rpc = await target.jsonrpc();
      const ask = async (line: string) => parseReply(await rpc.exchange(line), line);
      expectError(await ask('{"jsonrpc":"2.0","id":1,"method":"request","params":{'), -32700, null, "truncated JSON");
      expectError(await ask("[]"), -32600, null, "empty batch");
      expectError(await ask("42"), -32600, null, "a number");
      expectError(
        await ask('{"jsonrpc":"1.0","id":"f1","method":"request","params":{"op":"capabilities"}}'),
        -32600,
        "f1",
        'jsonrpc "1.0"',
      );
      expectError(
        await ask('{"jsonrpc":"2.0","id":"f2","method":"noSuchMethod","params":{}}'),
        -32601,
        "f2",
        "unknown method",
      );
      expectError(
        await ask('{"jsonrpc":"2.0","id":"f3","method":"request","params":[1,2,3]}'),
        -32602,
        "f3",
        "request with params [1,2,3]",
      );
      // A notification: nothing comes back, and the next request is answered with its own id.
      const silent = await rpc.exchange('{"jsonrpc":"2.0","method":"request","params":{"op":"capabilities"}}', {
        reply: false,
        settleMs: 400,
      });
      expect(silent === undefined, `a notification was answered: ${String(silent).slice(0, 200)}`);
      const after = await ask('{"jsonrpc":"2.0","id":"f4","method":"request","params":{"op":"capabilities"}}');
      expect(
        !Array.isArray(after) && after.id === "f4" && after.result !== undefined,
        `after a notification the next reply must answer f4: ${JSON.stringify(after).slice(0, 200)}`,
      );
      const batch = await ask(
        '[{"jsonrpc":"2.0","id":"b1","method":"request","params":{"op":"capabilities"}},{"jsonrpc":"2.0","method":"request","params":{"op":"capabilities"}},{"jsonrpc":"2.0","id":"b2","method":"noSuchMethod"}]',
      );
      expect(Array.isArray(batch), `a batch must be answered with an array: ${JSON.stringify(batch).slice(0, 200)}`);
      const ids = (batch as Reply[]).map((r) => r.id).sort();
      expect(
        sameJson(ids, ["b1", "b2"]),
        `a batch of two requests and a notification answers b1 and b2 only, got ids ${JSON.stringify(ids)}`,
      );
      expectError((batch as Reply[]).find((r) => r.id === "b2")!, -32601, "b2", "unknown method inside a batch");
    });
  },
};

export const jsonrpcRefusalInResult: WrightAgentCheck = {
  id: "wright-agent/jsonrpc-refusal-in-result",
  title: "JSON-RPC: request answers the whole ToolResponse; a service refusal is result {error: {code, message}}",
  doc: 'Through method request, the JSON-RPC result is the whole ToolResponse: a success is {result}, whose result equals stdio\'s ToolResponse.result; a refusal (unknown rule, unknown symbol, invalid selection, removed field) is the result {"error": {code, message}} — never a top-level JSON-RPC error, which is reserved for framing.',
  async run(target, ctx) {
    onlyOver(target, ["jsonrpc"]);
    await perTransport(target, ["jsonrpc"], ctx, async () => {
      const rpc = await target.jsonrpc();
      const ops = await target.advertised();
      const refusals = [
        { op: "cfg", rule: "\u0001no such rule" },
        { op: "usage", symbol: "globalVariable:\u0001noSuchSymbol" },
        { op: "symbols", kind: "local" },
        { op: "rules", name: "x" },
        { op: "noSuchOperation" },
      ].filter((r) => r.op === "noSuchOperation" || ops.includes(r.op));
      for (const request of refusals) {
        const out = await rpc.call("request", request);
        if ("error" in out)
          fail(
            `${JSON.stringify(request)}: a service refusal came back as JSON-RPC error ${out.error.code} (${out.error.message}); it belongs in result {"error": {...}}`,
          );
        const error = obj(obj(out.result).error);
        expect(
          !("result" in obj(out.result)) && typeof error.code === "string" && typeof error.message === "string",
          `${JSON.stringify(request)}: expected result {"error": {code, message}}, got ${JSON.stringify(out.result).slice(0, 300)}`,
        );
        if (target.transports.includes("stdio")) {
          const stdio = await target.call("stdio", request as { op: string });
          expect(
            stdio.kind === "refusal" && stdio.error.code === error.code,
            `${JSON.stringify(request)}: JSON-RPC refused with ${String(error.code)}, stdio answered ${describe(stdio)}`,
          );
        }
      }
      if (target.transports.includes("stdio") && ops.includes("findings")) {
        const out = await rpc.call("request", { op: "findings", max: 2 });
        if ("error" in out) fail(`findings {max: 2}: JSON-RPC error ${out.error.code}`);
        const stdio = await target.call("stdio", { op: "findings", max: 2 });
        const whole = obj(out.result);
        expect(
          "result" in whole && !("error" in whole),
          "request's JSON-RPC result must be the whole ToolResponse {result: ...}",
          out.result,
        );
        expect(
          sameJson(comparable({ kind: "result", value: whole.result }), comparable(stdio)),
          "JSON-RPC's result.result differs from stdio's ToolResponse.result for findings {max: 2}",
        );
      }
    });
  },
};

/** request's JSON-RPC result is a ToolResponse: its result, or the refusal object itself for comparison. */
function unwrap(response: unknown): unknown {
  const r = obj(response);
  return "result" in r ? r.result : r;
}

export const jsonrpcAliases: WrightAgentCheck = {
  id: "wright-agent/jsonrpc-aliases",
  title: "JSON-RPC aliases compile/check/analyze/inspect return the envelope request returns",
  doc: "The direct methods check, analyze and inspect (no params) return the same wright-result/v1 envelope as request {op} carries in its ToolResponse (snapshots normalised). compile's alias uses the defaults: the first call writes <entry stem>.ow in the server's working directory, and from then on the alias and request {op: compile} both answer the same output-exists envelope (no force).",
  async run(target, ctx) {
    onlyOver(target, ["jsonrpc"]);
    await perTransport(target, ["jsonrpc"], ctx, async () => {
      const rpc = await target.jsonrpc();
      const ops = await target.advertised();
      for (const op of ["check", "analyze", "inspect"].filter((o) => ops.includes(o))) {
        const alias = await rpc.call(op);
        const request = await rpc.call("request", { op });
        if ("error" in alias) fail(`alias ${op}: JSON-RPC error ${alias.error.code} (${alias.error.message})`);
        if ("error" in request) fail(`request {op: ${op}}: JSON-RPC error ${request.error.code}`);
        const viaRequest = unwrap(request.result);
        expect(
          sameJson(
            comparable({ kind: "result", value: alias.result }),
            comparable({ kind: "result", value: viaRequest }),
          ),
          `alias ${op} differs from request {op: ${op}}`,
          { alias: alias.result, request: viaRequest },
        );
        expect(
          obj(obj(alias.result).wright).contract === "wright-result/v1" || obj(alias.result).error !== undefined,
          `alias ${op} did not return a wright-result/v1 envelope`,
          alias.result,
        );
      }
      if (ops.includes("compile")) {
        const first = await rpc.call("compile");
        if ("error" in first) fail(`alias compile: JSON-RPC error ${first.error.code} (${first.error.message})`);
        expect(
          obj(first.result).command === "compile",
          "alias compile did not return a compile envelope",
          first.result,
        );
        const viaRequestReply = await rpc.call("request", { op: "compile" });
        const again = await rpc.call("compile");
        if ("error" in viaRequestReply || "error" in again) fail("compile: JSON-RPC error on a repeated compile");
        const viaRequest = unwrap(viaRequestReply.result);
        const codes = (r: unknown) => (obj(r).diagnostics as { code?: string }[] | undefined)?.map((d) => d.code) ?? [];
        if (obj(first.result).ok === true) {
          expect(
            codes(viaRequest).includes("output-exists"),
            "request {op: compile} after the alias wrote the file must answer output-exists (no force)",
            viaRequest,
          );
        }
        expect(
          sameJson(
            comparable({ kind: "result", value: again.result }),
            comparable({ kind: "result", value: viaRequest }),
          ),
          "alias compile and request {op: compile} answer differently on the same state",
          { alias: again.result, request: viaRequest },
        );
      }
      expectResult(await target.call("jsonrpc", { op: "capabilities" }), "capabilities after the aliases");
    });
  },
};

export const jsonrpcChecks = [jsonrpcFraming, jsonrpcRefusalInResult, jsonrpcAliases];
