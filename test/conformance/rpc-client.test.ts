/**
 * Our JSON-RPC client (src/rpc/client.ts, RpcClient) against the client checks
 * (conformance/jsonrpc/client-checks.ts), and each check failing on a client broken its way.
 * Part of the killing suite of `npm run mutation -- --only rpc`.
 */
import { describe, expect, it } from "vitest";
import { jsonRpcClientChecks, type JsonRpcClientTarget } from "../../conformance/jsonrpc/client-checks.js";
import { defaultContext } from "../../conformance/harness/check.js";
import { describeFailure, runCheck } from "../../conformance/harness/runner.js";
import { RpcClient } from "../../src/rpc/index.js";

const ours: JsonRpcClientTarget = (transport) => new RpcClient(transport);
const checks = jsonRpcClientChecks("rpc/jsonrpc");

describe("conform rpc: our client, check by check", () => {
  for (const check of checks) {
    it(check.id, async () => {
      const r = await runCheck(check, ours, defaultContext());
      expect(r.status, describeFailure(r)).toBe("pass");
    });
  }
});

describe("conform rpc: each client check fails on a client broken its way", () => {
  it("client-requests: a client that sends params: null and a fixed id", async () => {
    const broken: JsonRpcClientTarget = (transport) => ({
      call: async (method, params) =>
        JSON.parse(await transport.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? null })))
          .result,
      notify: async (method, params) => void (await transport.send(JSON.stringify({ jsonrpc: "2.0", method, params }))),
    });
    expect((await runCheck(checks[0]!, broken, defaultContext())).status).toBe("fail");
  });

  it("client-responses: a client that takes any result", async () => {
    const trusting: JsonRpcClientTarget = (transport) => {
      const real = new RpcClient(transport);
      return {
        call: async (method, params) => {
          const reply = JSON.parse(await transport.send(JSON.stringify({ jsonrpc: "2.0", id: "x", method, params })));
          if (reply?.error) throw reply.error;
          return reply?.result;
        },
        notify: (method, params) => real.notify(method, params),
      };
    };
    expect((await runCheck(checks[1]!, trusting, defaultContext())).status).toBe("fail");
  });
});
