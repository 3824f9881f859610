/**
 * Our JSON-RPC engine (src/rpc) against the JSON-RPC 2.0 checks (conformance/jsonrpc) and the
 * generic OpenRPC checks (conformance/openrpc) with Wit's real document and generated method
 * table, in memory; handlers answer contract-valid results so the engine is what is checked.
 * Each JSON-RPC check is also shown failing against a server broken its way (a proxy in front of
 * the same engine). Part of the killing suite of `npm run mutation -- --only rpc`.
 */
import { describe, expect, it } from "vitest";
import { jsonRpcChecks, type JsonRpcSuiteSpec } from "../../conformance/jsonrpc/checks.js";
import { defaultContext } from "../../conformance/harness/check.js";
import { describeFailure, runCheck } from "../../conformance/harness/runner.js";
import { openRpcChecks, type RawRpcTarget } from "../../conformance/openrpc/checks.js";
import { witDocument } from "../../conformance/wit/suite.js";
import { witErrors, witMethods, type WitHandlers } from "../../src/generated/wit/index.js";
import { createRpcEngine, loopbackTransport } from "../../src/rpc/index.js";
import { stubWitHandlers } from "../helpers/wit-stub-handlers.js";

const handlers: WitHandlers = stubWitHandlers((p) => p.ttlMs === 1);

const ENVELOPE = { witVersion: "1" };
function engineTarget(): RawRpcTarget {
  // rpc.discover served from the document (OpenRPC service discovery), as the daemon does.
  const engine = createRpcEngine({
    methods: witMethods,
    handlers,
    validateResults: true,
    responseEnvelope: ENVELOPE,
    methodNotFound: witErrors.MethodNotFound,
    discover: () => witDocument() as never,
  });
  // Through the in-process transport, as an embedding client would reach it.
  const transport = loopbackTransport(engine);
  return { rpc: async (body) => ({ status: 200, body: await transport.send(body) }) };
}

const spec: JsonRpcSuiteSpec = {
  prefix: "rpc/jsonrpc",
  envelope: ENVELOPE,
  ok: { method: "ping" },
  failing: { method: "lock.acquire", params: { symbolPath: 3 } },
};
const jsonrpc = jsonRpcChecks<RawRpcTarget>(spec);
const openrpc = openRpcChecks<RawRpcTarget>({
  prefix: "rpc/openrpc",
  document: witDocument(),
  methods: witMethods,
  envelope: ENVELOPE,
});

async function status(check: (typeof jsonrpc)[number], target: RawRpcTarget) {
  const r = await runCheck(check, target, defaultContext());
  return { status: r.status, text: describeFailure(r) };
}

describe("conform rpc: our engine with the Wit table, check by check", () => {
  for (const check of [...jsonrpc, ...openrpc]) {
    it(check.id, async () => {
      const r = await status(check, engineTarget());
      expect(r.status, r.text).toBe("pass");
    });
  }
});

/** Rewrites every answer body (parsed) of the engine. */
const rewriting = (f: (answer: any, request: any) => unknown): RawRpcTarget => {
  const good = engineTarget();
  return {
    async rpc(body) {
      const r = await good.rpc(body);
      let request: unknown;
      try {
        request = JSON.parse(body);
      } catch {
        request = undefined;
      }
      const answer = f(r.body === "" ? undefined : JSON.parse(r.body), request);
      return { status: r.status, body: answer === undefined ? "" : JSON.stringify(answer) };
    },
  };
};
const eachAnswer = (a: any, f: (x: any) => any) => (Array.isArray(a) ? a.map(f) : a === undefined ? a : f(a));

describe("conform rpc: each JSON-RPC check fails on a server broken its way", () => {
  const broken: [string, string, RawRpcTarget][] = [
    [
      "notifications",
      "answers notifications",
      rewriting((a, req) => a ?? { jsonrpc: "2.0", ...ENVELOPE, id: null, result: null }),
    ],
    [
      "notifications",
      "answers an all-notification batch with []",
      rewriting((a, req) => (a === undefined && Array.isArray(req) ? [] : a)),
    ],
    ["batch", "drops the last Response of a batch", rewriting((a) => (Array.isArray(a) ? a.slice(0, -1) : a))],
    [
      "batch",
      "answers an empty batch with an Array",
      rewriting((a, req) => (Array.isArray(req) && req.length === 0 ? [a] : a)),
    ],
    [
      "invalid-request",
      "answers invalid Requests with -32602",
      rewriting((a) =>
        eachAnswer(a, (x) => (x.error?.code === -32600 ? { ...x, error: { ...x.error, code: -32602 } } : x)),
      ),
    ],
    [
      "invalid-request",
      "echoes an unreadable id",
      rewriting((a, req) =>
        req && typeof req === "object" && !Array.isArray(req) && typeof req.id === "boolean" ? { ...a, id: req.id } : a,
      ),
    ],
    [
      "id-echo",
      "answers numeric ids as strings",
      rewriting((a) => eachAnswer(a, (x) => (typeof x.id === "number" ? { ...x, id: String(x.id) } : x))),
    ],
    [
      "id-echo",
      "sends both result and error",
      rewriting((a) => eachAnswer(a, (x) => ("error" in x ? { ...x, result: null } : x))),
    ],
  ];
  for (const [name, what, target] of broken) {
    it(`${name}: a server that ${what}`, async () => {
      const check = jsonrpc.find((c) => c.id === `rpc/jsonrpc/${name}`)!;
      expect((await status(check, target)).status).toBe("fail");
    });
  }
});
