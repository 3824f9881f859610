/**
 * The generic OpenRPC checks (conformance/openrpc) on a small contract that is not Wit, served by
 * the JSON-RPC engine in memory: a correct server passes all five; each defect fails the check
 * that should catch it. Plus the schema-derived arbitraries.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runSuite } from "../../conformance/harness/runner.js";
import { openRpcChecks, type RawRpcTarget } from "../../conformance/openrpc/checks.js";
import {
  arbitraryFor,
  deref,
  wrongTypeValues,
  type OpenRpcDocument,
} from "../../conformance/openrpc/schema-arbitrary.js";
import { witDocument } from "../../conformance/wit/suite.js";
import type { Validator } from "../../src/json/index.js";
import { createRpcEngine, RpcError, type MethodTable, type RpcEngineOptions } from "../../src/rpc/index.js";

const doc: OpenRpcDocument = {
  info: { title: "demo", version: "3", "x-envelope": { v: "9" } },
  methods: [
    {
      name: "math.add",
      paramStructure: "by-name",
      params: [
        { name: "a", required: true, schema: { type: "integer" } },
        { name: "b", required: true, schema: { type: "integer" } },
        { name: "label", required: false, schema: { $ref: "#/components/schemas/Label" } },
      ],
      result: { name: "sum", schema: { type: "object", required: ["sum"], properties: { sum: { type: "integer" } } } },
      errors: [{ code: 4001, message: "OVERFLOW" }],
    },
    { name: "health", paramStructure: "by-name", params: [], result: { name: "ok", schema: { const: "ok" } } },
  ],
  components: {
    schemas: { Label: { type: "string", minLength: 1, pattern: "^[a-z]+$" } },
    errors: { NotFound: { code: -32601, message: "NO_SUCH_METHOD" }, Bad: { code: -32602, message: "BAD_PARAMS" } },
  },
};

const ajv = new Ajv2020({ strict: false });
const compile = (schema: object) =>
  ajv.compile({ ...schema, components: doc.components }) as unknown as Validator<unknown>;
const table: MethodTable = {
  "math.add": {
    name: "math.add",
    paramStructure: "by-name",
    params: [
      { name: "a", required: true },
      { name: "b", required: true },
      { name: "label", required: false },
    ],
    validateParams: compile({
      type: "object",
      required: ["a", "b"],
      additionalProperties: false,
      properties: { a: { type: "integer" }, b: { type: "integer" }, label: { $ref: "#/components/schemas/Label" } },
    }),
    validateResult: compile({ type: "object", required: ["sum"], properties: { sum: { type: "integer" } } }),
    errors: [{ code: 4001, message: "OVERFLOW" }],
    invalidParams: { code: -32602, message: "BAD_PARAMS" },
  },
  health: {
    name: "health",
    paramStructure: "by-name",
    params: [],
    validateParams: compile({ type: "object", additionalProperties: false }),
    validateResult: compile({ const: "ok" }),
    errors: [],
    invalidParams: { code: -32602, message: "BAD_PARAMS" },
  },
};

const goodHandlers = {
  "math.add": (p: { a: number; b: number }) => {
    if (Math.abs(p.a + p.b) > 1_000_000_000) throw new RpcError(4001, "OVERFLOW");
    return { sum: p.a + p.b };
  },
  health: () => "ok",
};

function target(overrides: Partial<RpcEngineOptions> = {}, handlers: object = goodHandlers): RawRpcTarget {
  const engine = createRpcEngine({
    methods: table,
    handlers,
    responseEnvelope: { v: "9" },
    methodNotFound: { code: -32601, message: "NO_SUCH_METHOD" },
    checkRequest: () => undefined,
    ...overrides,
  });
  return { rpc: async (body) => ({ status: 200, body: (await engine.handle(body)) ?? "" }) };
}

/** What rpc.discover answers: the document itself. */
const served = { openrpc: "1.4.0", ...doc };
// The envelope comes from the document's info["x-envelope"]: the spec names none (decision 152).
const checks = openRpcChecks<RawRpcTarget>({ prefix: "demo", document: doc, methods: table });
const suite = { name: "demo", description: "", checks };
const statuses = async (t: RawRpcTarget, s = suite) =>
  Object.fromEntries((await runSuite(s, t, "demo")).results.map((r) => [r.id, r.status]));
const ALL_PASS = {
  "demo/results-validate": "pass",
  "demo/valid-params-accepted": "pass",
  "demo/invalid-params": "pass",
  "demo/unknown-method": "pass",
  "demo/discover": "pass",
  "demo/parse-error": "pass",
  "demo/envelope": "pass",
  "demo/param-structure": "pass",
  "demo/absent-params": "pass",
};

describe("generic OpenRPC checks on another contract", () => {
  it("a correct server with rpc.discover passes every check; without it, discover is a skip (optional)", async () => {
    expect(await statuses(target({ discover: () => served as never }))).toEqual(ALL_PASS);
    expect(await statuses(target())).toEqual({ ...ALL_PASS, "demo/discover": "skip" });
  });

  it("a suite that requires discovery fails a server without it", async () => {
    const strict = {
      name: "demo",
      description: "",
      checks: openRpcChecks<RawRpcTarget>({ prefix: "demo", document: doc, methods: table, requireDiscover: true }),
    };
    expect((await statuses(target(), strict))["demo/discover"]).toBe("fail");
    expect((await statuses(target({ discover: () => served as never }), strict))["demo/discover"]).toBe("pass");
  });

  it("rpc.discover answering another document fails discover", async () => {
    const other = { ...doc, methods: doc.methods.filter((m) => m.name !== "health") };
    expect(
      (await statuses(target({ discover: () => ({ ...served, methods: other.methods }) as never })))["demo/discover"],
    ).toBe("fail");
    expect(
      (await statuses(target({ discover: () => ({ ...served, info: { ...doc.info, version: "4" } }) as never })))[
        "demo/discover"
      ],
    ).toBe("fail");
  });

  it("a server stricter than its contract fails valid-params-accepted, and only that check", async () => {
    // Refuses labels longer than 3 letters: a rule the contract does not state.
    const strict = {
      ...goodHandlers,
      "math.add": (p: { a: number; b: number; label?: string }) => {
        if (p.label !== undefined && p.label.length > 3)
          throw new RpcError(-32602, "BAD_PARAMS", { fieldErrors: { label: ["too long"] } });
        return goodHandlers["math.add"](p);
      },
    };
    const got = await statuses(target({ discover: () => served as never }, strict));
    expect(got).toEqual({ ...ALL_PASS, "demo/valid-params-accepted": "fail" });
  });

  it.each([
    [
      "a result outside its schema",
      "demo/results-validate",
      {},
      { ...goodHandlers, "math.add": () => ({ sum: "two" }) },
    ],
    [
      "an undeclared error",
      "demo/results-validate",
      {},
      {
        ...goodHandlers,
        "math.add": () => {
          throw new RpcError(4002, "SURPRISE");
        },
      },
    ],
    [
      "invalid params accepted",
      "demo/invalid-params",
      {
        methods: {
          ...table,
          "math.add": {
            ...table["math.add"]!,
            validateParams: Object.assign(() => true, { errors: null }) as unknown as Validator<unknown>,
          },
        },
      },
      { ...goodHandlers, "math.add": () => ({ sum: 0 }) },
    ],
    [
      "unknown methods with another message",
      "demo/unknown-method",
      { methodNotFound: { code: -32601, message: "Method not found" } },
      goodHandlers,
    ],
    ["no envelope", "demo/envelope", { responseEnvelope: {} }, goodHandlers],
  ])("%s fails %s", async (_what, id, overrides, handlers) => {
    expect((await statuses(target(overrides as Partial<RpcEngineOptions>, handlers)))[id]).toBe("fail");
  });

  it("a parse error with an id fails parse-error", async () => {
    const good = target();
    const bad: RawRpcTarget = {
      rpc: async (b) => {
        const r = await good.rpc(b);
        return { ...r, body: r.body.replace('"id":null', '"id":7') };
      },
    };
    expect((await statuses(bad))["demo/parse-error"]).toBe("fail");
  });
});

describe("schema-derived arbitraries", () => {
  it("generate values the schemas accept, for every Wit method's params", () => {
    const wit = witDocument();
    for (const m of wit.methods) {
      for (const p of m.params) {
        const validate = new Ajv2020({ strict: false }).compile({
          ...(deref(p.schema, wit) as object),
          components: wit.components,
        });
        fc.assert(
          fc.property(arbitraryFor(p.schema, wit), (v) => validate(v) === true),
          { seed: 1, numRuns: 50 },
        );
      }
    }
  });

  it("follow local refs, honour patterns, and list only wrong-typed samples", () => {
    expect(deref({ $ref: "#/components/schemas/Label" }, doc)).toEqual({
      type: "string",
      minLength: 1,
      pattern: "^[a-z]+$",
    });
    expect(() => deref({ $ref: "#/components/schemas/Nope" }, doc)).toThrow(/unresolved/);
    for (const v of fc.sample(arbitraryFor({ $ref: "#/components/schemas/Label" }, doc), { seed: 2, numRuns: 50 }))
      expect(v).toMatch(/^[a-z]+$/);
    expect(wrongTypeValues({ type: "integer" }, doc)).toEqual([null, true, 1.5, "x", [], {}]);
    expect(wrongTypeValues({ type: ["string", "null"] }, doc)).toEqual([true, 0, 1.5, [], {}]);
    expect(wrongTypeValues({ enum: ["a"] }, doc)).toEqual([]);
  });
});
