/**
 * The JSON-RPC 2.0 checks (conformance/jsonrpc) against our engine serving a small contract that
 * is not Wit: Wit answers invalid params with -32600 (its INVALID_REQUEST), which makes a refused
 * envelope and refused params look alike; here invalid params are -32602, so the checks also pin
 * that malformed `params` (a string, a number, true, null) are refused as an Invalid Request before
 * any method sees them. A server broken that way fails. Part of the killing suite of
 * `npm run mutation -- --only rpc`.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { defaultContext } from "../../conformance/harness/check.js";
import { describeFailure, runCheck } from "../../conformance/harness/runner.js";
import { jsonRpcChecks } from "../../conformance/jsonrpc/checks.js";
import type { RawRpcTarget } from "../../conformance/openrpc/checks.js";
import type { Validator } from "../../src/json/index.js";
import { createRpcEngine, type MethodTable } from "../../src/rpc/index.js";

const ajv = new Ajv2020({ strict: false });
const compile = (schema: object) => ajv.compile(schema) as unknown as Validator<unknown>;
const INVALID = { code: -32602, message: "Invalid params" };
const table: MethodTable = {
  echo: {
    name: "echo",
    paramStructure: "either",
    params: [{ name: "text", required: false }],
    validateParams: compile({ type: "object", additionalProperties: false, properties: { text: { type: "string" } } }),
    validateResult: compile({ type: "string" }),
    errors: [],
    invalidParams: INVALID,
  },
};
const handlers = { echo: (p: { text?: string }) => p.text ?? "" };

function engineTarget(): RawRpcTarget {
  const engine = createRpcEngine({ methods: table, handlers });
  return { rpc: async (body) => ({ status: 200, body: (await engine.handle(body)) ?? "" }) };
}

const checks = jsonRpcChecks<RawRpcTarget>({
  prefix: "demo/jsonrpc",
  ok: { method: "echo", params: { text: "hi" } },
  failing: { method: "echo", params: { text: 1 } },
});

describe("conform jsonrpc on a non-Wit contract: our engine", () => {
  for (const check of checks) {
    it(`${check.id} passes`, async () => {
      const r = await runCheck(check, engineTarget(), defaultContext());
      expect(r.status, describeFailure(r)).toBe("pass");
    });
  }
});

describe("conform jsonrpc on a non-Wit contract: servers broken their way", () => {
  /** Rewrites the request (parsed) before our engine sees it. */
  const rewriting = (f: (req: any) => any): RawRpcTarget => {
    const good = engineTarget();
    return { rpc: (body) => good.rpc(JSON.stringify(f(JSON.parse(body)))) };
  };
  it("invalid-request: a server that hands non-structured params to the method (they come back as invalid params)", async () => {
    const bad = rewriting((r) =>
      r && typeof r === "object" && "params" in r && (r.params === null || typeof r.params !== "object")
        ? { ...r, params: { text: r.params } }
        : r,
    );
    const r = await runCheck(checks.find((c) => c.id === "demo/jsonrpc/invalid-request")!, bad, defaultContext());
    expect(r.status).toBe("fail");
  });
  it("invalid-request: a server that answers an invalid Request without an id member with no id", async () => {
    const good = engineTarget();
    const bad: RawRpcTarget = {
      async rpc(body) {
        const reply = await good.rpc(body);
        const req = JSON.parse(body);
        if (req && typeof req === "object" && !Array.isArray(req) && !("id" in req) && reply.body !== "") {
          const { id: _id, ...rest } = JSON.parse(reply.body);
          return { ...reply, body: JSON.stringify(rest) };
        }
        return reply;
      },
    };
    const r = await runCheck(checks.find((c) => c.id === "demo/jsonrpc/invalid-request")!, bad, defaultContext());
    expect(r.status).toBe("fail");
    expect(r.message).toContain("id member");
  });
  it("invalid-request: a server that echoes an unreadable id when jsonrpc is also wrong", async () => {
    const good = engineTarget();
    const bad: RawRpcTarget = {
      async rpc(body) {
        const reply = await good.rpc(body);
        const req = JSON.parse(body);
        if (req && typeof req === "object" && req.jsonrpc !== "2.0" && typeof req.id === "object" && req.id !== null)
          return { ...reply, body: JSON.stringify({ ...JSON.parse(reply.body), id: req.id }) };
        return reply;
      },
    };
    const r = await runCheck(checks.find((c) => c.id === "demo/jsonrpc/invalid-request")!, bad, defaultContext());
    expect(r.status).toBe("fail");
    expect(r.message).toContain('jsonrpc "1.0" and id {}');
  });
  it("id-echo: a server that refuses a request with id null", async () => {
    const bad = rewriting((r) => (r && typeof r === "object" && r.id === null ? { ...r, id: {} } : r));
    const r = await runCheck(checks.find((c) => c.id === "demo/jsonrpc/id-echo")!, bad, defaultContext());
    expect(r.status).toBe("fail");
    expect(r.message).toContain("got no result");
  });
  describe("id-echo: a server that cannot read an id exactly and answers anyway", () => {
    const idEcho = checks.find((c) => c.id === "demo/jsonrpc/id-echo")!;
    /** Rewrites the request's text before our engine reads it. */
    const rewritingText = (f: (body: string) => string): RawRpcTarget => {
      const good = engineTarget();
      return { rpc: (body) => good.rpc(f(body)) };
    };
    const cases: [string, RawRpcTarget, string][] = [
      // Reads the request as doubles, answers it, echoes the double it read (9007199254740993 as ...992).
      [
        "reads ids as doubles and echoes what it read",
        {
          async rpc(body) {
            const req = JSON.parse(body);
            if (typeof req?.id !== "number") return engineTarget().rpc(body);
            const r = await engineTarget().rpc(JSON.stringify({ ...req, id: "n" }));
            return { ...r, body: JSON.stringify({ ...JSON.parse(r.body), id: req.id }) };
          },
        },
        "id 9007199254740993: answered with id 9007199254740992",
      ],
      [
        "answers 1e999 with a result and id null",
        rewritingText((b) => b.replace('"id":1e999', '"id":null')),
        "id 1e999: answered with id null and a result",
      ],
      [
        "answers an id named twice with an error object without code",
        {
          async rpc(body) {
            const r = await engineTarget().rpc(body);
            if (!body.includes('"id":"d-1","id":"d-2"')) return r;
            return { ...r, body: JSON.stringify({ jsonrpc: "2.0", id: null, error: {} }) };
          },
        },
        "an Error object has an integer code",
      ],
    ];
    for (const [what, target, failsAt] of cases)
      it(`a server that ${what}`, async () => {
        const r = await runCheck(idEcho, target, defaultContext());
        expect(r.status).toBe("fail");
        expect(r.message).toContain(failsAt);
      });
  });
});
