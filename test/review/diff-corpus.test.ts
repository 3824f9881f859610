/**
 * The compatibility corpus: known-breaking changes (each detected, with a counterexample that a
 * fresh ajv confirms wherever a payload can show it) and known-safe changes (each judged
 * compatible). Most cases mutate the real Wit OpenRPC document; JSON Schema cases mutate the
 * real frame-wire contract with its registry `received` list.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { findContract, type LoadedContract } from "../../src/contracts/index.js";
import { diffContracts } from "../../src/review/run-diff.js";
import { buildModel, type ContractModel } from "../../src/review/model.js";
import type { Finding, DiffReport } from "../../src/review/diff.js";
import { bundled, independentlyValid, shownSurfaceKey, method, mutated, param, registry } from "./helpers.js";

let wit: LoadedContract;
let fw: LoadedContract;
let api: LoadedContract;
const fwReceived = () => findContract(registry, "frame-wire").received ?? [];

beforeAll(async () => {
  wit = await bundled("wit");
  fw = await bundled("frame-wire");
  api = await bundled("frame-wire-api");
});

interface Case {
  name: string;
  base: () => LoadedContract;
  /** Applied to the old document first (to set up the "before"). */
  before?: (d: any) => void;
  after: (d: any) => void;
  kind: string;
  /** False when no payload can show the change. */
  counterexample?: boolean;
  received?: () => string[];
}

const W = () => wit;
const F = () => fw;
const A = () => api;
const post = (d: any) => d.paths["/v1/turns/stream"].post;
const body = (d: any) => post(d).requestBody.content["application/json"].schema;

const BREAKING: Case[] = [
  {
    name: "request enum member removed",
    base: W,
    after: (d) => param(d, "intent.update", "status").schema.enum.pop(),
    kind: "enum-value-removed",
  },
  {
    name: "required param added",
    base: W,
    after: (d) =>
      method(d, "register").params.push({
        name: "email",
        required: true,
        description: "Mail",
        schema: { type: "string" },
      }),
    kind: "param-required",
  },
  {
    name: "optional param made required",
    base: W,
    after: (d) => (param(d, "lock.acquire", "ttlMs").required = true),
    kind: "param-required",
  },
  {
    name: "request type narrowed (number -> integer)",
    base: W,
    before: (d) => (param(d, "lock.acquire", "ttlMs").schema.type = "number"),
    after: (d) => (param(d, "lock.acquire", "ttlMs").schema.type = "integer"),
    kind: "type-narrowed",
  },
  {
    name: "request type changed (string -> integer)",
    base: W,
    after: (d) => (param(d, "lock.query", "sessionId").schema = { type: "integer" }),
    kind: "type-narrowed",
  },
  {
    name: "request pattern tightened",
    base: W,
    after: (d) => (param(d, "lock.acquire", "symbolPath").schema.pattern = "^[^:]+:[^:]+$"),
    kind: "pattern-changed",
  },
  {
    name: "request pattern added",
    base: W,
    after: (d) => (param(d, "intent.declare", "description").schema.pattern = "^[a-z ]+$"),
    kind: "pattern-tightened",
  },
  {
    name: "request minimum added",
    base: W,
    after: (d) => (param(d, "lock.acquire", "ttlMs").schema.minimum = 1),
    kind: "minimum-raised",
  },
  {
    name: "request exclusiveMinimum added",
    base: W,
    after: (d) => (param(d, "lock.acquire", "ttlMs").schema.exclusiveMinimum = 0),
    kind: "minimum-raised",
  },
  {
    name: "request maximum lowered",
    base: W,
    before: (d) => (param(d, "lock.acquire", "ttlMs").schema.maximum = 1e9),
    after: (d) => (param(d, "lock.acquire", "ttlMs").schema.maximum = 1e6),
    kind: "maximum-lowered",
  },
  {
    name: "request multipleOf added",
    base: W,
    after: (d) => (param(d, "lock.acquire", "ttlMs").schema.multipleOf = 1000),
    kind: "multiple-of-tightened",
  },
  {
    name: "request maxLength tightened",
    base: W,
    before: (d) => (param(d, "register", "name").schema.maxLength = 256),
    after: (d) => (param(d, "register", "name").schema.maxLength = 64),
    kind: "max-length-lowered",
  },
  {
    name: "request minLength raised",
    base: W,
    after: (d) => (param(d, "register", "sessionId").schema.minLength = 8),
    kind: "min-length-raised",
  },
  {
    name: "request format added",
    base: W,
    after: (d) => (param(d, "lock.query", "sessionId").schema.format = "uuid"),
    kind: "format-tightened",
  },
  {
    name: "param removed (by-name params are closed)",
    base: W,
    after: (d) => (method(d, "lock.query").params = []),
    kind: "param-removed",
  },
  {
    name: "param renamed",
    base: W,
    after: (d) => (param(d, "lock.release", "symbolPath").name = "symbol"),
    kind: "param-renamed",
  },
  {
    name: "method removed",
    base: W,
    after: (d) => (d.methods = d.methods.filter((m: any) => m.name !== "contract.query")),
    kind: "method-removed",
  },
  {
    name: "request items pattern added",
    base: W,
    after: (d) => (param(d, "intent.declare", "symbols").schema.items.pattern = "^[A-Za-z_]"),
    kind: "pattern-tightened",
  },
  {
    name: "request minItems raised",
    base: W,
    after: (d) => (param(d, "intent.declare", "files").schema.minItems = 2),
    kind: "min-items-raised",
  },
  {
    name: "request maxItems added",
    base: W,
    after: (d) => (param(d, "check-contracts", "files").schema.maxItems = 100),
    kind: "max-items-lowered",
  },
  {
    name: "request uniqueItems added",
    base: W,
    after: (d) => (param(d, "intent.declare", "symbols").schema.uniqueItems = true),
    kind: "unique-items-added",
  },
  {
    name: "request object closed (additionalProperties: false)",
    base: W,
    after: (d) => (param(d, "check-contracts", "files").schema.items.additionalProperties = false),
    kind: "additional-properties-restricted",
  },
  {
    name: "request nested member required",
    base: W,
    after: (d) => {
      const it = param(d, "check-contracts", "files").schema.items;
      it.properties.encoding = { type: "string", description: "x" };
      it.required.push("encoding");
    },
    kind: "required-added",
  },
  {
    name: "request free string narrowed to an enum",
    base: W,
    after: (d) => (param(d, "contract.query", "status").schema.enum = ["proposed", "accepted", "rejected"]),
    kind: "enum-value-removed",
  },
  {
    name: "result type widened",
    base: W,
    after: (d) => (method(d, "ping").result.schema = { type: ["string", "null"], enum: ["pong", null] }),
    kind: "type-widened",
  },
  {
    name: "result member no longer required",
    base: W,
    after: (d) => (method(d, "register").result.schema.required = []),
    kind: "required-removed",
  },
  {
    name: "result enum widened",
    base: W,
    after: (d) => method(d, "contract.respond").result.schema.properties.status.enum.push("withdrawn"),
    kind: "enum-value-added",
  },
  {
    name: "result number widened (integer -> number)",
    base: W,
    after: (d) => (d.components.schemas.LockRecord.properties.ttlRemainingMs.type = "number"),
    kind: "type-widened",
  },
  {
    name: "result member made nullable",
    base: W,
    after: (d) => (d.components.schemas.IntentRecord.properties.description.type = ["string", "null"]),
    kind: "type-widened",
  },
  {
    name: "result oneOf branch added",
    base: W,
    after: (d) => {
      d.components.schemas.Other = {
        type: "object",
        required: ["type"],
        properties: { type: { type: "string", enum: ["OTHER"] } },
      };
      d.components.schemas.ConflictItem.oneOf.push({ $ref: "#/components/schemas/Other" });
    },
    kind: "branch-added",
  },
  {
    name: "new error code a method may return",
    base: W,
    after: (d) => method(d, "lock.query").errors.push({ code: -32000, message: "LOCK_NOT_FOUND" }),
    kind: "error-added",
  },
  {
    name: "JSON Schema: const changed",
    base: F,
    received: fwReceived,
    after: (d) => (d.$defs.DoneEvent.properties.type.const = "finished"),
    kind: "const-changed",
  },
  {
    name: "JSON Schema: oneOf branch removed",
    base: F,
    received: fwReceived,
    after: (d) => d.$defs.BlockDeltaEvent.properties.delta.oneOf.pop(),
    kind: "branch-removed",
  },
  {
    name: "JSON Schema: property removed under additionalProperties false",
    base: F,
    received: fwReceived,
    after: (d) => delete d.$defs.FrameTurn.properties.error_code,
    kind: "property-removed",
  },
  {
    name: "JSON Schema: minimum raised",
    base: F,
    received: fwReceived,
    after: (d) => (d.$defs.BlockStartEvent.properties.index.minimum = 1),
    kind: "minimum-raised",
  },
  {
    name: "JSON Schema: minLength raised",
    base: F,
    received: fwReceived,
    after: (d) => (d.$defs.ErrorEvent.properties.code.minLength = 3),
    kind: "min-length-raised",
  },
  {
    name: "JSON Schema: free string narrowed to an enum",
    base: F,
    received: fwReceived,
    after: (d) => (d.$defs.DoneEvent.properties.finish_reason.enum = ["done", "error"]),
    kind: "enum-value-removed",
  },
  {
    name: "JSON Schema: received event gains a member (new produces it, old rejects it)",
    base: F,
    received: fwReceived,
    after: (d) => (d.$defs.ToolCall.properties.duration_ms = { type: "integer", description: "x" }),
    kind: "property-added",
  },
  {
    name: "JSON Schema: definition removed",
    base: F,
    received: fwReceived,
    after: (d) => delete d.$defs.FrameTurn,
    kind: "definition-removed",
    counterexample: false,
  },
  {
    name: "JSON Schema: required member added",
    base: F,
    received: fwReceived,
    after: (d) => d.$defs.FrameTurn.required.push("error_code"),
    kind: "required-added",
  },
  {
    name: "OpenAPI: request body maxItems added",
    base: A,
    after: (d) => (body(d).properties.messages.maxItems = 10),
    kind: "max-items-lowered",
  },
  {
    name: "OpenAPI: request body enum member removed",
    base: A,
    after: (d) => body(d).properties.messages.items.properties.role.enum.pop(),
    kind: "enum-value-removed",
  },
  {
    name: "OpenAPI: required query parameter added",
    base: A,
    after: (d) =>
      (post(d).parameters = [
        { name: "model", in: "query", required: true, description: "Model", schema: { type: "string" } },
      ]),
    kind: "parameter-required",
  },
  {
    name: "OpenAPI: streamed event (itemSchema data) widened",
    base: A,
    after: (d) => (d.components.schemas.DoneEvent.properties.finish_reason.type = ["string", "null"]),
    kind: "type-widened",
  },
  {
    name: "OpenAPI: operation removed",
    base: A,
    after: (d) => delete d.paths["/v1/turns/stream"],
    kind: "operation-removed",
    counterexample: false,
  },
];

const SAFE: (Omit<Case, "kind"> & { kinds?: string[] })[] = [
  {
    name: "optional param added",
    base: W,
    after: (d) =>
      method(d, "lock.query").params.push({
        name: "limit",
        required: false,
        description: "At most this many",
        schema: { type: "integer" },
      }),
    kinds: ["param-added"],
  },
  {
    name: "request enum widened",
    base: W,
    after: (d) => param(d, "intent.update", "status").schema.enum.push("declared"),
    kinds: ["enum-value-added"],
  },
  {
    name: "request type widened",
    base: W,
    after: (d) => (param(d, "lock.acquire", "ttlMs").schema.type = ["integer", "null"]),
    kinds: ["type-widened"],
  },
  {
    name: "request minLength relaxed",
    base: W,
    after: (d) => delete param(d, "register", "name").schema.minLength,
    kinds: ["min-length-lowered"],
  },
  {
    name: "request pattern removed",
    base: W,
    after: (d) => delete param(d, "lock.acquire", "symbolPath").schema.pattern,
    kinds: ["pattern-relaxed"],
  },
  {
    name: "param made optional",
    base: W,
    after: (d) => (param(d, "lock.acquire", "sessionId").required = false),
    kinds: ["param-optional"],
  },
  {
    name: "result constraint tightened",
    base: W,
    after: (d) => (d.components.schemas.LockRecord.properties.ttlRemainingMs.minimum = 0),
    kinds: ["minimum-raised"],
  },
  {
    name: "result enum narrowed",
    base: W,
    after: (d) => method(d, "contract.respond").result.schema.properties.status.enum.pop(),
    kinds: ["enum-value-removed"],
  },
  {
    name: "result member added to an open object",
    base: W,
    after: (d) =>
      (method(d, "register").result.schema.properties.registeredAt = { type: "integer", description: "ms" }),
  },
  {
    name: "method added",
    base: W,
    after: (d) => d.methods.push({ ...structuredClone(method(d, "ping")), name: "ping2" }),
    kinds: ["method-added"],
  },
  { name: "error removed", base: W, after: (d) => method(d, "lock.release").errors.pop(), kinds: ["error-removed"] },
  {
    name: "description edited",
    base: W,
    after: (d) => (method(d, "ping").summary = "Health check"),
    kinds: ["summary-changed"],
  },
  {
    name: "method deprecated",
    base: W,
    after: (d) => (method(d, "contract.query").deprecated = true),
    kinds: ["deprecated"],
  },
  {
    name: "inline schema replaced by an equivalent $ref",
    base: W,
    before: (d) => (method(d, "lock.query").result.schema.items = structuredClone(d.components.schemas.LockRecord)),
    after: () => {},
  },
  {
    name: "$ref replaced by the inline schema",
    base: W,
    after: (d) => {
      const s = structuredClone(d.components.schemas.CallerWarning);
      delete s.title;
      delete s.description;
      method(d, "lock.acquire").result.schema.properties.warnings.items = s;
    },
  },
  {
    name: "single-branch oneOf wrap",
    base: W,
    after: (d) => {
      const r = method(d, "lock.query").result.schema;
      r.items = { oneOf: [r.items] };
    },
    kinds: ["equivalent"],
  },
  {
    name: "allOf wrap of a $ref",
    base: W,
    after: (d) => {
      const r = method(d, "intent.query").result.schema;
      r.items = { allOf: [r.items] };
    },
    kinds: ["equivalent"],
  },
  {
    name: "definition renamed with all references (OpenRPC)",
    base: W,
    after: (d) => {
      d.components.schemas.ActiveLock = d.components.schemas.LockRecord;
      delete d.components.schemas.LockRecord;
      method(d, "lock.query").result.schema.items.$ref = "#/components/schemas/ActiveLock";
    },
  },
  {
    name: "JSON Schema: definition renamed with all references",
    base: F,
    received: fwReceived,
    after: (d) => {
      d.$defs.Pointer = d.$defs.BlockPointer;
      delete d.$defs.BlockPointer;
      for (const k of ["FieldSetDelta", "ElementAppendDelta"]) d.$defs[k].properties.path.$ref = "#/$defs/Pointer";
    },
    kinds: ["definition-renamed"],
  },
  {
    name: "JSON Schema: oneOf branches reordered",
    base: F,
    received: fwReceived,
    after: (d) => d.$defs.FrameEvent.oneOf.reverse(),
    kinds: ["equivalent"],
  },
  {
    name: "JSON Schema: optional member added to a sent definition",
    base: F,
    received: fwReceived,
    after: (d) => (d.$defs.FrameTurn.properties.usage = { type: "object", description: "x" }),
    kinds: ["property-added"],
  },
  {
    name: "OpenAPI: optional query parameter added",
    base: A,
    after: (d) =>
      (post(d).parameters = [{ name: "model", in: "query", description: "Model", schema: { type: "string" } }]),
    kinds: ["parameter-added"],
  },
  {
    name: "OpenAPI: streamed event narrowed",
    base: A,
    after: (d) => (d.components.schemas.DoneEvent.properties.finish_reason.minLength = 1),
    kinds: ["min-length-raised"],
  },
  {
    name: "OpenAPI: request body constraint relaxed",
    base: A,
    after: (d) => delete body(d).properties.messages.minItems,
    kinds: ["min-items-lowered"],
  },
  {
    name: "JSON Schema: single-branch oneOf wrap of a value",
    base: F,
    received: fwReceived,
    after: (d) => {
      const p = d.$defs.ToolCall.properties.result;
      d.$defs.ToolCall.properties.result = { description: p.description, oneOf: [{ $ref: p.$ref }] };
    },
    kinds: ["equivalent"],
  },
];

function run(c: {
  base: () => LoadedContract;
  before?: (d: any) => void;
  after: (d: any) => void;
  received?: () => string[];
}): { report: DiffReport; oldM: ContractModel; newM: ContractModel; old: LoadedContract; new: LoadedContract } {
  const old = c.before ? mutated(c.base(), c.before) : c.base();
  const next = mutated(old, c.after);
  const received = c.received?.();
  const report = diffContracts(old, next, { received, samples: 100 });
  return { report, old, new: next, oldM: buildModel(old, { received }), newM: buildModel(next, { received }) };
}

function surfaceKeyOf(model: ContractModel, change: Finding): string | undefined {
  return shownSurfaceKey(model, change);
}

/** The counterexample holds under a fresh ajv: valid on one side, invalid on the other. */
function confirm(change: Finding, oldM: ContractModel, newM: ContractModel): void {
  const cx = change.counterexample!;
  const models = { old: oldM, new: newM };
  if (change.kind === "method-removed") {
    const anyRequest = (m: ContractModel) => {
      const ajv = new Ajv2020({ strict: false });
      addFormats.default(ajv);
      return ajv.compile({ $defs: m.ctx.defs, ...(m.anyRequest as object) })(cx.payload);
    };
    expect(anyRequest(models[cx.valid])).toBe(true);
    expect(anyRequest(models[cx.invalid])).toBe(false);
    return;
  }
  const key = surfaceKeyOf(newM, change) ?? surfaceKeyOf(oldM, change);
  expect(key, `surface of ${change.path}`).toBeDefined();
  expect(
    independentlyValid(models[cx.valid], key!, cx.payload),
    `valid under ${cx.valid}: ${JSON.stringify(cx.payload)}`,
  ).toBe(true);
  expect(
    independentlyValid(models[cx.invalid], key!, cx.payload),
    `invalid under ${cx.invalid}: ${JSON.stringify(cx.payload)}`,
  ).toBe(false);
}

describe("known-breaking changes are detected, with counterexamples", () => {
  it("the corpus holds at least 30 cases", () => expect(BREAKING.length).toBeGreaterThanOrEqual(30));
  for (const c of BREAKING) {
    it(c.name, () => {
      const { report, oldM, newM } = run(c);
      expect(report.verdict, JSON.stringify(report.findings, null, 1)).toBe("breaking");
      const hit = report.findings.find((x) => x.kind === c.kind && x.verdict === "breaking");
      expect(
        hit,
        `no breaking ${c.kind} in ${JSON.stringify(report.findings.map((x) => [x.kind, x.verdict]))}`,
      ).toBeDefined();
      if (c.counterexample === false) return;
      expect(hit!.counterexample, `counterexample for ${c.kind}`).toBeDefined();
      // Every breaking change that carries a payload is confirmed independently.
      for (const ch of report.findings) if (ch.verdict === "breaking" && ch.counterexample) confirm(ch, oldM, newM);
    });
  }
});

describe("known-safe changes are judged compatible", () => {
  it("the corpus holds at least 15 cases", () => expect(SAFE.length).toBeGreaterThanOrEqual(15));
  for (const c of SAFE) {
    it(c.name, () => {
      const { report } = run(c);
      expect(report.verdict, JSON.stringify(report.findings, null, 1)).toBe("compatible");
      for (const k of c.kinds ?? []) expect(report.findings.map((x) => x.kind)).toContain(k);
      // A compatible verdict says what it rests on.
      for (const ch of report.findings.filter((x) => x.kind === "equivalent"))
        expect(ch.evidence).toMatch(/proved structurally|sampled payloads/);
    });
  }
});
