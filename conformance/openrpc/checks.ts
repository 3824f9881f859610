/**
 * Generic OpenRPC conformance checks, derived from a document and its generated method table, so
 * they apply to any OpenRPC contract and any server reachable through `RawRpcTarget`:
 *   results-validate  every answer to schema-valid params is a result valid against the method's
 *                     result schema, or an error the method declares;
 *   invalid-params    missing, mistyped and unknown params get the method's declared invalid-params
 *                     error, whose data names the field (zod-style `fieldErrors`);
 *   valid-params-accepted  schema-valid params (generated, then confirmed by the contract's own
 *                     validator) are never refused as invalid params: a server may not be
 *                     stricter than the contract it serves;
 *   unknown-method    names outside the document get -32601 (with the document's message, if any);
 *                     `rpc.*` names are reserved by JSON-RPC for extensions and not probed;
 *   discover          `rpc.discover` (OpenRPC service discovery) answers the document: the same
 *                     version, envelope and methods with the same params; optional unless the
 *                     spec requires it (a server without it is a skip);
 *   parse-error       bodies that are not JSON get -32700 with id null;
 *   envelope          every answer is `jsonrpc: "2.0"` plus the contract's envelope members
 *                     (the document's `info.x-envelope`; Wit: witVersion), batches and errors included.
 * Every exchange of every check also asserts the envelope.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { JsonValue } from "../../src/json/index.js";
import type { MethodTable } from "../../src/rpc/types.js";
import { SkipCheck, expect, fail, property, type Check } from "../harness/check.js";
import { paramsArbitrary, wrongTypeValues, type OpenRpcDocument, type OpenRpcMethod } from "./schema-arbitrary.js";
import { paramStructureChecks } from "./param-structure.js";

export interface HttpishReply {
  status: number;
  body: string;
}

/** Anything that can deliver one raw JSON-RPC body and return the raw answer. */
export interface RawRpcTarget {
  rpc(body: string): Promise<HttpishReply>;
}

export interface OpenRpcSuiteSpec {
  /** Check id prefix, e.g. "wit/openrpc". */
  prefix: string;
  document: OpenRpcDocument;
  methods: MethodTable;
  /**
   * Members added to every request and required on every answer (Wit: `{ witVersion: "1" }`).
   * Default: the document's `info["x-envelope"]` (decision 152), so a generic run needs no flag.
   */
  envelope?: Record<string, JsonValue>;
  /** Whether `rpc.discover` must be served (our reference servers); otherwise it is optional. */
  requireDiscover?: boolean;
  /** Calls per method in results-validate (scaled by the context). Default 8. */
  runsPerMethod?: number;
  /** Narrows generated params of a method (e.g. to keep them inside a scratch namespace). */
  adjustParams?: (method: string, params: fc.Arbitrary<unknown>) => fc.Arbitrary<unknown>;
}

type Answer = Record<string, unknown>;
/** Request ids are UUID v4 strings, as the Wit examples use (any JSON-RPC server accepts them). */
const nextId = () => randomUUID();

/** Sends one body; parses the answer and asserts jsonrpc + envelope on every answer object. */
export async function exchange(
  target: RawRpcTarget,
  body: string,
  envelope: Record<string, JsonValue> = {},
): Promise<Answer | Answer[]> {
  const reply = await target.rpc(body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.body);
  } catch {
    fail(`HTTP ${reply.status} answer is not JSON`, { request: body.slice(0, 500), answer: reply.body.slice(0, 500) });
  }
  const answers = Array.isArray(parsed) ? parsed : [parsed];
  for (const a of answers) checkEnvelope(a, envelope, body);
  return parsed as Answer | Answer[];
}

export function checkEnvelope(
  answer: unknown,
  envelope: Record<string, JsonValue>,
  request?: string,
): asserts answer is Answer {
  expect(answer !== null && typeof answer === "object" && !Array.isArray(answer), "an answer is not a JSON object", {
    request,
    answer,
  });
  const a = answer as Answer;
  expect(a.jsonrpc === "2.0", 'an answer lacks jsonrpc: "2.0"', { request, answer });
  for (const [k, v] of Object.entries(envelope)) {
    expect(
      JSON.stringify(a[k]) === JSON.stringify(v),
      `an answer lacks the envelope member ${k}: ${JSON.stringify(v)}`,
      { request: request?.slice(0, 500), answer },
    );
  }
  expect("result" in a !== "error" in a, "an answer must carry exactly one of result and error", { request, answer });
}

/** The envelope of a spec: given, or the document's `info["x-envelope"]`, or none. */
export function envelopeOf(spec: Pick<OpenRpcSuiteSpec, "envelope" | "document">): Record<string, JsonValue> {
  return spec.envelope ?? (spec.document.info?.["x-envelope"] as Record<string, JsonValue> | undefined) ?? {};
}

export async function callRaw(
  target: RawRpcTarget,
  spec: OpenRpcSuiteSpec,
  method: string,
  params: unknown,
): Promise<Answer> {
  const id = nextId();
  const envelope = envelopeOf(spec);
  const request: Record<string, unknown> = { jsonrpc: "2.0", ...envelope, id, method };
  if (params !== undefined) request.params = params;
  const answer = await exchange(target, JSON.stringify(request), envelope);
  expect(!Array.isArray(answer), "a single request got a batch answer", answer);
  expect(
    (answer as Answer).id === id,
    `answer id ${JSON.stringify((answer as Answer).id)} does not echo request id ${id}`,
    answer,
  );
  return answer as Answer;
}

function errorOf(a: Answer): { code: unknown; message: unknown; data?: unknown } | undefined {
  return "error" in a ? (a.error as { code: unknown; message: unknown; data?: unknown }) : undefined;
}

function methodDoc(spec: OpenRpcSuiteSpec, name: string): OpenRpcMethod {
  const m = spec.document.methods.find((x) => x.name === name);
  if (!m) throw new Error(`method ${name} is in the table but not in the document`);
  return m;
}

/** One schema-valid params value per method (fixed seed), checked against the table's validator. */
export function sampleValidParams(spec: OpenRpcSuiteSpec, name: string, seed: number): Record<string, unknown> {
  const arb = paramsArbitrary(methodDoc(spec, name), spec.document);
  const table = spec.methods[name]!;
  for (const candidate of fc.sample(arb, { seed, numRuns: 50 }))
    if (table.validateParams(candidate)) return candidate as Record<string, unknown>;
  throw new Error(`could not generate valid params for ${name}`);
}

function same(actual: unknown, expected: unknown, what: string): void {
  expect(
    JSON.stringify(actual) === JSON.stringify(expected),
    `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)?.slice(0, 500)}`,
  );
}

export function openRpcChecks<T extends RawRpcTarget>(spec: OpenRpcSuiteSpec): Check<T>[] {
  const names = Object.keys(spec.methods);
  const envelope = envelopeOf(spec);
  const methodNotFound = Object.values(spec.document.components?.errors ?? {}).find((e) => e.code === -32601);
  const declared = (name: string) => [...spec.methods[name]!.errors, spec.methods[name]!.invalidParams];
  /** Generated params of `name` the contract's own validator confirms (the generator's `not`/pattern support is best effort). */
  const validCall = fc.constantFrom(...names).chain((name) => {
    const base = paramsArbitrary(methodDoc(spec, name), spec.document).filter(
      (p) => spec.methods[name]!.validateParams(p) === true,
    );
    return (spec.adjustParams ? spec.adjustParams(name, base) : base).map((params) => ({ method: name, params }));
  });

  return [
    {
      id: `${spec.prefix}/results-validate`,
      title: "Results match their schemas; errors are declared",
      doc: "For schema-valid params of every method (generated from the document), the answer is either a result that validates against the method's result schema or an error whose code and message the method declares.",
      async run(target, ctx) {
        const perMethod = spec.runsPerMethod ?? 8;
        const call = fc.constantFrom(...names).chain((name) => {
          const base = paramsArbitrary(methodDoc(spec, name), spec.document);
          return (spec.adjustParams ? spec.adjustParams(name, base) : base).map((params) => ({ method: name, params }));
        });
        await property(ctx, perMethod * names.length, call, async ({ method, params }) => {
          const a = await callRaw(target, spec, method, params);
          const e = errorOf(a);
          if (e) {
            const ok = declared(method).some((d) => d.code === e.code && d.message === e.message);
            expect(ok, `${method} answered an undeclared error ${String(e.code)} ${String(e.message)}`, {
              params,
              error: e,
            });
          } else {
            const table = spec.methods[method]!;
            expect(
              table.validateResult(a.result),
              `${method} result violates its schema: ${JSON.stringify(table.validateResult.errors?.slice(0, 3))}`,
              { params, result: a.result },
            );
          }
        });
      },
    },
    {
      id: `${spec.prefix}/valid-params-accepted`,
      title: "Schema-valid params are never refused as invalid",
      doc: "For every method, params generated from the document and confirmed valid by the contract's own validator are never answered with the method's invalid-params error (nor -32600/-32602): whatever rule a server applies beyond the schemas must be in the contract, or the server is stricter than the contract its clients were written against.",
      async run(target, ctx) {
        const perMethod = spec.runsPerMethod ?? 8;
        await property(ctx, perMethod * names.length, validCall, async ({ method, params }) => {
          const e = errorOf(await callRaw(target, spec, method, params));
          if (!e) return;
          const table = spec.methods[method]!;
          const refused =
            (e.code === table.invalidParams.code && e.message === table.invalidParams.message) ||
            e.code === -32600 ||
            e.code === -32602;
          expect(
            !refused,
            `${method} refused schema-valid params with ${String(e.code)} ${String(e.message)}: the contract does not state that rule`,
            { params, error: e },
          );
        });
      },
    },
    {
      id: `${spec.prefix}/invalid-params`,
      title: "Invalid params get the declared error with field errors",
      doc: "For every method except those declaring neither params nor errors (Wit's ping: they may answer whatever they are sent): each required param removed, each param given a value of a type its schema forbids, and an unknown member (when params are closed) are answered with the method's declared invalid-params error, and `data.fieldErrors` names the offending field.",
      async run(target, ctx) {
        for (const name of names) {
          const table = spec.methods[name]!;
          const doc = methodDoc(spec, name);
          if (doc.params.length === 0 && table.errors.length === 0) continue; // declares nothing it could refuse with
          const base = sampleValidParams(spec, name, ctx.seed);
          const variants: { field: string; params: Record<string, unknown> }[] = [];
          for (const p of doc.params) {
            if (p.required) {
              const { [p.name]: _dropped, ...rest } = base;
              variants.push({ field: p.name, params: rest });
            }
            for (const bad of wrongTypeValues(p.schema, spec.document))
              variants.push({ field: p.name, params: { ...base, [p.name]: bad } });
          }
          const unknown = { ...base, zzUnknownParam: 1 };
          if (!table.validateParams(unknown)) variants.push({ field: "zzUnknownParam", params: unknown });
          for (const v of variants) {
            if (table.validateParams(v.params)) continue; // the local validator must agree it is invalid
            const a = await callRaw(target, spec, name, v.params);
            const e = errorOf(a);
            expect(e, `${name} accepted invalid params (${v.field})`, v.params);
            expect(
              e.code === table.invalidParams.code && e.message === table.invalidParams.message,
              `${name} answered ${String(e.code)} ${String(e.message)} to invalid params, expected ${table.invalidParams.code} ${table.invalidParams.message}`,
              { params: v.params, error: e },
            );
            const fields = (e.data as { fieldErrors?: Record<string, unknown> } | undefined)?.fieldErrors;
            expect(
              fields && typeof fields === "object" && Object.prototype.hasOwnProperty.call(fields, v.field),
              `${name}: error data does not name the field "${v.field}" in fieldErrors`,
              { params: v.params, error: e },
            );
          }
        }
      },
    },
    {
      id: `${spec.prefix}/unknown-method`,
      title: "Unknown methods get -32601",
      doc: "Method names the document does not define (random strings, near-misses in case and spacing, Object.prototype member names) are answered with -32601 and, when the document defines a -32601 error, its message. Names starting with `rpc.` are reserved by JSON-RPC for extensions (rpc.discover is one) and are not probed.",
      async run(target, ctx) {
        const fixed = [
          "rpc.nothing-but-reserved",
          "__proto__",
          "constructor",
          "toString",
          "hasOwnProperty",
          ...names.map((n) => n.toUpperCase()),
          ...names.map((n) => `${n} `),
        ];
        const check = async (method: string) => {
          if (Object.prototype.hasOwnProperty.call(spec.methods, method)) return;
          // JSON-RPC reserves rpc.* for extensions (rpc.discover among them): a server may know any of them.
          if (method.startsWith("rpc.")) return;
          const a = await callRaw(target, spec, method, {});
          const e = errorOf(a);
          expect(e && e.code === -32601, `unknown method ${JSON.stringify(method)} was not answered with -32601`, {
            method,
            answer: a,
          });
          if (methodNotFound)
            expect(
              e.message === methodNotFound.message,
              `unknown method answered with message ${String(e.message)}, the document says ${methodNotFound.message}`,
              { method, error: e },
            );
        };
        for (const m of fixed) await check(m);
        await property(ctx, 30, fc.string({ minLength: 1, maxLength: 24 }), check);
      },
    },
    {
      id: `${spec.prefix}/discover`,
      title: "rpc.discover answers the document",
      doc: "OpenRPC's service discovery method: `rpc.discover` without params answers an OpenRPC document with the contract's info.version and x-envelope, and exactly its methods, each with the same param names. Optional in OpenRPC: a server that answers -32601 is a skip, unless the suite requires discovery (our reference servers).",
      async run(target) {
        const a = await callRaw(target, spec, "rpc.discover", undefined);
        const e = errorOf(a);
        if (e && e.code === -32601 && !spec.requireDiscover)
          throw new SkipCheck("the server does not offer rpc.discover (optional in OpenRPC)");
        expect(!e, `rpc.discover answered an error ${String(e?.code)} ${String(e?.message)}`, a);
        const doc = a.result as OpenRpcDocument & { openrpc?: unknown };
        expect(
          doc !== null && typeof doc === "object" && typeof doc.openrpc === "string" && Array.isArray(doc.methods),
          "rpc.discover did not answer an OpenRPC document (openrpc and methods members)",
          a.result,
        );
        same(doc.info?.version, spec.document.info?.version, "rpc.discover info.version");
        same(doc.info?.["x-envelope"], spec.document.info?.["x-envelope"], "rpc.discover info.x-envelope");
        const shape = (d: OpenRpcDocument) =>
          d.methods.map((m) => `${m.name}(${(m.params ?? []).map((p) => p.name).join(",")})`).sort();
        same(shape(doc), shape(spec.document), "rpc.discover methods and their params");
      },
    },
    {
      id: `${spec.prefix}/parse-error`,
      title: "Malformed JSON gets -32700",
      doc: "Bodies that are not JSON (truncated requests, single quotes, trailing commas, random text) are answered with -32700 Parse error and id null.",
      async run(target, ctx) {
        const valid = JSON.stringify({ jsonrpc: "2.0", ...envelope, id: nextId(), method: names[0], params: {} });
        const fixed = [
          valid.slice(0, -1),
          valid.slice(0, 10),
          "{'jsonrpc': '2.0'}",
          '{"jsonrpc":"2.0",}',
          "[",
          "nul",
          '{"a":1}}',
          "\u0000",
        ];
        const check = async (body: string) => {
          const a = await exchange(target, body, envelope);
          expect(!Array.isArray(a), "a malformed body got a batch answer", { body });
          const e = errorOf(a as Answer);
          expect(e && e.code === -32700, `malformed body not answered with -32700`, { body, answer: a });
          expect((a as Answer).id === null, "a parse error must have id null", { body, answer: a });
        };
        for (const b of fixed) await check(b);
        const notJson = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => {
          try {
            JSON.parse(s);
            return false;
          } catch {
            return s.trim().length > 0;
          }
        });
        await property(ctx, 30, notJson, check);
      },
    },
    {
      id: `${spec.prefix}/envelope`,
      title: "Every answer carries the envelope",
      doc: 'Successes, declared errors, invalid requests, unknown methods, parse errors and each answer of a batch carry jsonrpc "2.0" and the contract\'s envelope members.',
      async run(target, ctx) {
        const free = names.find((n) => methodDoc(spec, n).params.every((p) => !p.required)) ?? names[0]!;
        const req = (method: string, params: unknown, id: unknown = nextId()) => ({
          jsonrpc: "2.0",
          ...envelope,
          id,
          method,
          params,
        });
        const bodies = [
          JSON.stringify(req(free, {})),
          JSON.stringify(req("no.such.method", {})),
          JSON.stringify(req(names[0]!, [1, 2, 3, 4, 5, 6, 7, 8, 9])),
          JSON.stringify({ ...req(free, {}), jsonrpc: "1.0" }),
          JSON.stringify([
            req(free, {}),
            req("no.such.method", {}),
            req(free, sampleValidParams(spec, free, ctx.seed)),
          ]),
          "{",
        ];
        for (const b of bodies) await exchange(target, b, envelope);
        const batch = await exchange(target, bodies[4]!, envelope);
        expect(
          Array.isArray(batch) && batch.length === 3,
          "a batch of three requests did not get three answers",
          batch,
        );
      },
    },
    ...paramStructureChecks<T>({ ...spec, envelope: envelopeOf(spec) }), // param-structure, absent-params (conformance/openrpc/param-structure.ts)
  ];
}
