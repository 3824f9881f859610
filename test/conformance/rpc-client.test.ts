/**
 * Our JSON-RPC client (src/rpc/client.ts, RpcClient) against the client checks
 * (conformance/jsonrpc/client-checks.ts), and each check failing on a client broken its way.
 * Part of the killing suite of `npm run mutation -- --only rpc`.
 */
import { describe, expect, it } from "vitest";
import { jsonRpcClientChecks, type JsonRpcClientTarget } from "../../conformance/jsonrpc/client-checks.js";
import { defaultContext } from "../../conformance/harness/check.js";
import { describeFailure, runCheck } from "../../conformance/harness/runner.js";
import { RpcClient, RpcError } from "../../src/rpc/index.js";

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

/**
 * A client that reads each Response by hand, lax in one way: `both` takes the error member of a
 * Response carrying result and error too (the error is read first), `anyId` takes an error for
 * another id as the call's, `code` decides which error codes it takes, `anyMessage` takes an error
 * whatever its message.
 */
function lax(opts: { both?: boolean; anyId?: boolean; code?: (c: unknown) => boolean; anyMessage?: boolean }) {
  const refuse = () => {
    throw new RpcError(-32603, "refused");
  };
  const target: JsonRpcClientTarget = (transport) => {
    const real = new RpcClient(transport);
    let n = 0;
    return {
      notify: (method, params) => real.notify(method, params),
      async call(method, params) {
        const id = `lax-${++n}`;
        const body = { jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) };
        let r: any;
        try {
          r = JSON.parse(await transport.send(JSON.stringify(body)));
        } catch {
          return refuse();
        }
        if (r === null || typeof r !== "object" || Array.isArray(r) || r.jsonrpc !== "2.0") return refuse();
        const hasError = "error" in r;
        if ("result" in r === hasError && !(opts.both && hasError)) return refuse();
        if (r.id !== id && !(r.id === null && hasError) && !(opts.anyId && hasError)) return refuse();
        if (!hasError) return r.result;
        const e = r.error;
        const codeOk = opts.code ?? Number.isInteger;
        if (e === null || typeof e !== "object" || !codeOk(e.code)) return refuse();
        if (typeof e.message !== "string" && !opts.anyMessage) return refuse();
        throw new RpcError(e.code, e.message, e.data);
      },
    };
  };
  return target;
}

describe("conform rpc: client-responses fails on a client that takes a malformed or foreign Response", () => {
  const responses = checks.find((c) => c.id === "rpc/jsonrpc/client-responses")!;
  const cases: [string, JsonRpcClientTarget, string][] = [
    ["none (the lax reader itself)", lax({}), ""],
    ["takes an error for another id as the call's", lax({ anyId: true }), "an error for another id"],
    ["reads the error of a Response carrying both", lax({ both: true }), "both result and error"],
    ["takes any numeric code", lax({ code: (c) => typeof c === "number" }), "an error with code 4001.5"],
    ["takes a code given as a string", lax({ code: (c) => Number.isInteger(Number(c)) }), 'code "4001"'],
    ["takes an error whatever its message", lax({ anyMessage: true }), "an error with message 7"],
  ];
  for (const [what, target, failsAt] of cases) {
    it(`a client lax in ${what}`, async () => {
      const r = await runCheck(responses, target, defaultContext());
      if (failsAt === "") expect(r.status, describeFailure(r)).toBe("pass");
      else {
        expect(r.status).toBe("fail");
        expect(r.message).toContain(failsAt);
      }
    });
  }
});
