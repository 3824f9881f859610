/**
 * The OpenRPC paramStructure checks (conformance/openrpc/param-structure.ts): our JSON-RPC engine
 * passes them on a small contract with by-name, by-position and "either" methods; servers
 * broken one way each (a proxy in front of the same engine) fail the check that should catch
 * them; the wright-agent JSON-RPC host (a real `serve wright-agent --transport jsonrpc` process:
 * `request` is by-name) passes. The Wit daemon runs them as part of `conform wit`
 * (test/wit/conformance.test.ts). Part of the killing suite of `npm run mutation -- --only rpc`.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, describe, expect, it } from "vitest";
import { defaultContext } from "../../conformance/harness/check.js";
import { describeFailure, runCheck } from "../../conformance/harness/runner.js";
import { paramStructureChecks, type ParamStructureTarget } from "../../conformance/openrpc/param-structure.js";
import type { OpenRpcDocument } from "../../conformance/openrpc/schema-arbitrary.js";
import { createWrightAgentTarget } from "../../conformance/wright-agent/targets.js";
import type { Validator } from "../../src/json/index.js";
import { createRpcEngine, type MethodTable } from "../../src/rpc/index.js";

const int = { type: "integer", minimum: -1000, maximum: 1000 };
const doc: OpenRpcDocument = {
  methods: [
    {
      name: "math.add",
      paramStructure: "by-name",
      params: [
        { name: "a", required: true, schema: int },
        { name: "b", required: true, schema: int },
      ],
      result: { name: "r", schema: { type: "integer" } },
      errors: [],
    },
    {
      name: "text.repeat",
      paramStructure: "by-position",
      params: [
        { name: "text", required: true, schema: { type: "string", maxLength: 8 } },
        { name: "times", required: true, schema: { type: "integer", minimum: 0, maximum: 3 } },
      ],
      result: { name: "r", schema: { type: "string" } },
      errors: [{ code: 4001, message: "EMPTY" }],
    },
    {
      name: "list.page",
      params: [
        { name: "offset", required: false, schema: { type: "integer", minimum: 0, maximum: 9 } },
        { name: "tag", required: false, schema: { type: "string", maxLength: 4 } },
      ],
      result: {
        name: "r",
        schema: {
          type: "object",
          required: ["offset"],
          properties: { offset: { type: "integer" }, tag: { type: "string" } },
        },
      },
      errors: [{ code: 4002, message: "NO_PAGE" }],
    },
    {
      name: "stats.get",
      paramStructure: "by-name",
      params: [{ name: "since", required: false, schema: int }],
      result: { name: "r", schema: { type: "integer" } },
      errors: [],
    },
  ],
};

const ajv = new Ajv2020({ strict: false });
const compile = (schema: object) => ajv.compile(schema) as unknown as Validator<unknown>;
const object = (properties: Record<string, object>, required: string[]) =>
  compile({ type: "object", additionalProperties: false, required, properties });
const INVALID = { code: -32602, message: "Invalid params" };
const table: MethodTable = {
  "math.add": {
    name: "math.add",
    paramStructure: "by-name",
    params: [
      { name: "a", required: true },
      { name: "b", required: true },
    ],
    validateParams: object({ a: int, b: int }, ["a", "b"]),
    validateResult: compile({ type: "integer" }),
    errors: [],
    invalidParams: INVALID,
  },
  "text.repeat": {
    name: "text.repeat",
    paramStructure: "by-position",
    params: [
      { name: "text", required: true },
      { name: "times", required: true },
    ],
    validateParams: object(
      { text: { type: "string", maxLength: 8 }, times: { type: "integer", minimum: 0, maximum: 3 } },
      ["text", "times"],
    ),
    validateResult: compile({ type: "string" }),
    errors: [{ code: 4001, message: "EMPTY" }],
    invalidParams: INVALID,
  },
  "list.page": {
    name: "list.page",
    paramStructure: "either",
    params: [
      { name: "offset", required: false },
      { name: "tag", required: false },
    ],
    validateParams: object(
      { offset: { type: "integer", minimum: 0, maximum: 9 }, tag: { type: "string", maxLength: 4 } },
      [],
    ),
    validateResult: compile({
      type: "object",
      required: ["offset"],
      properties: { offset: { type: "integer" }, tag: { type: "string" } },
    }),
    errors: [{ code: 4002, message: "NO_PAGE" }],
    invalidParams: INVALID,
  },
  "stats.get": {
    name: "stats.get",
    paramStructure: "by-name",
    params: [{ name: "since", required: false }],
    validateParams: object({ since: int }, []),
    validateResult: compile({ type: "integer" }),
    errors: [],
    invalidParams: INVALID,
  },
};
const handlers = {
  "math.add": (p: { a: number; b: number }) => p.a + p.b,
  "text.repeat": (p: { text: string; times: number }) => p.text.repeat(p.times),
  "list.page": (p: { offset?: number; tag?: string }) => ({
    offset: p.offset ?? 0,
    ...(p.tag === undefined ? {} : { tag: p.tag }),
  }),
  "stats.get": (p: { since?: number }) => p.since ?? 0,
};

const checks = paramStructureChecks<ParamStructureTarget>({
  prefix: "demo",
  document: doc,
  methods: table,
  envelope: {},
});
const byId = (id: string) => checks.find((c) => c.id === `demo/${id}`)!;

function engineTarget(): ParamStructureTarget {
  const engine = createRpcEngine({ methods: table, handlers });
  return { rpc: async (body) => ({ status: 200, body: (await engine.handle(body)) ?? "" }) };
}

async function status(id: string, target: ParamStructureTarget) {
  const r = await runCheck(byId(id), target, defaultContext());
  return { status: r.status, text: describeFailure(r) };
}

/** A server that rewrites each request (parsed) before our engine sees it, or its answer after. */
function proxy(edit: {
  request?: (req: Record<string, any>) => Record<string, any>;
  answer?: (a: Record<string, any>, req: Record<string, any>) => Record<string, any>;
}): ParamStructureTarget {
  const good = engineTarget();
  return {
    async rpc(body) {
      const req = JSON.parse(body) as Record<string, any>;
      const sent = edit.request ? edit.request(req) : req;
      const reply = await good.rpc(JSON.stringify(sent));
      return { ...reply, body: edit.answer ? JSON.stringify(edit.answer(JSON.parse(reply.body), req)) : reply.body };
    },
  };
}
const names = (method: string) => table[method]!.params.map((p) => p.name);
const toObject = (method: string, values: unknown[]) =>
  Object.fromEntries(values.map((v, i) => [names(method)[i] ?? `extra${i}`, v]));
const structure = (req: Record<string, any>) => table[req.method]?.paramStructure;

describe("conform openrpc paramStructure: our engine", () => {
  for (const check of checks) {
    it(`${check.id} passes`, async () => {
      const r = await status(check.id.slice("demo/".length), engineTarget());
      expect(r.status, r.text).toBe("pass");
    });
  }
});

describe("conform openrpc paramStructure: each rule fails on a server broken its way", () => {
  const broken: [string, string, ParamStructureTarget][] = [
    [
      "param-structure",
      "takes by-position params for a by-name method",
      proxy({
        request: (r) =>
          structure(r) === "by-name" && Array.isArray(r.params) ? { ...r, params: toObject(r.method, r.params) } : r,
      }),
    ],
    [
      "param-structure",
      "takes by-name params for a by-position method",
      proxy({
        request: (r) =>
          structure(r) === "by-position" && r.params && !Array.isArray(r.params)
            ? { ...r, params: names(r.method).map((n) => r.params[n]) }
            : r,
      }),
    ],
    [
      "param-structure",
      "refuses by-position params for an either method",
      proxy({
        request: (r) => (structure(r) === "either" && Array.isArray(r.params) ? { ...r, params: "refused" } : r),
      }),
    ],
    [
      "param-structure",
      "maps positions in reverse order",
      proxy({
        request: (r) =>
          structure(r) !== "by-name" && Array.isArray(r.params) ? { ...r, params: [...r.params].reverse() } : r,
      }),
    ],
    [
      "param-structure",
      "ignores positions beyond the declared params",
      proxy({
        request: (r) =>
          Array.isArray(r.params) && structure(r) !== "by-name"
            ? { ...r, params: r.params.slice(0, names(r.method).length) }
            : r,
      }),
    ],
    [
      "param-structure",
      "answers invalid params with -32600",
      proxy({
        answer: (a) => (a.error?.code === -32602 ? { ...a, error: { code: -32600, message: "Invalid Request" } } : a),
      }),
    ],
    [
      "absent-params",
      "refuses a request without params",
      proxy({ request: (r) => ("params" in r ? r : { ...r, params: null }) }),
    ],
    [
      "absent-params",
      "takes an omitted params member as an empty Array",
      proxy({ request: (r) => ("params" in r ? r : { ...r, params: [] }) }),
    ],
    [
      "absent-params",
      "answers a missing required param with a result",
      proxy({
        answer: (a, r) => (!("params" in r) && a.error?.code === -32602 ? { jsonrpc: "2.0", id: a.id, result: 0 } : a),
      }),
    ],
  ];
  for (const [id, what, target] of broken) {
    it(`${id}: a server that ${what}`, async () => {
      expect((await status(id, target)).status).toBe("fail");
    });
  }
});

describe("conform openrpc paramStructure: the wright-agent JSON-RPC host", () => {
  // The host publishes no OpenRPC document; this one describes its method table
  // (src/wright-agent/host/jsonrpc.ts): `request` is by-name and takes a ToolRequest (op required);
  // the aliases declare neither params nor errors, so the checks exempt them.
  const waDoc: OpenRpcDocument = {
    methods: [
      {
        name: "request",
        paramStructure: "by-name",
        params: [{ name: "op", required: true, schema: { const: "capabilities" } }],
      },
    ],
  };
  const waTable: MethodTable = {
    request: {
      name: "request",
      paramStructure: "by-name",
      params: [{ name: "op", required: true }],
      validateParams: compile({ type: "object", required: ["op"] }),
      validateResult: compile({}),
      errors: [],
      invalidParams: INVALID,
    },
  };
  const suiteTarget = createWrightAgentTarget({ transports: ["jsonrpc"] });
  afterAll(() => suiteTarget.close?.());
  const rawTarget: ParamStructureTarget = {
    rpc: async (body) => ({ status: 200, body: (await (await suiteTarget.target.jsonrpc()).exchange(body)) ?? "" }),
  };
  for (const check of paramStructureChecks<ParamStructureTarget>({
    prefix: "wright-agent/jsonrpc",
    document: waDoc,
    methods: waTable,
    envelope: {},
  })) {
    it(`${check.id} passes against a real server process`, async () => {
      const r = await runCheck(check, rawTarget, defaultContext());
      expect(r.status, describeFailure(r)).toBe("pass");
    });
  }
});
