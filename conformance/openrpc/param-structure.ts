/**
 * OpenRPC paramStructure checks: whether a server takes params in the structure each method of
 * its document declares. Two rules of the specifications meet here:
 *   - OpenRPC 1.x, Method Object `paramStructure`: "by-name" | "by-position" | "either", "the
 *     expected format of the parameters" (by-position: an Array, by-name: an Object), defaulting
 *     to "either"; by-name params carry the contentDescriptor names.
 *   - JSON-RPC 2.0, 4.2: by-position params are "an Array, containing the values in the Server
 *     expected order", by-name params "an Object, with member names that match the Server expected
 *     parameter names"; 4: params "MAY be omitted"; 5.1: -32602 is "Invalid method parameter(s)".
 * So a structure the method does not declare is invalid params (the method's declared
 * invalid-params error), positions map onto the declared params in order, and an omitted params
 * member is no params at all (decision 222).
 *
 * Self-contained on purpose (conformance/openrpc/checks.ts assembles it; importing back from
 * there would be an import cycle): the target and suite types below are the structural subset of
 * `RawRpcTarget` and `OpenRpcSuiteSpec` these checks use.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { JsonValue } from "../../src/json/index.js";
import type { MethodSpec, MethodTable } from "../../src/rpc/types.js";
import { expect, fail, type Check } from "../harness/check.js";
import { arbitraryFor, wrongTypeValues, type OpenRpcDocument, type OpenRpcMethod } from "./schema-arbitrary.js";

export interface ParamStructureTarget {
  rpc(body: string): Promise<{ status: number; body: string }>;
}

export interface ParamStructureSpec {
  prefix: string;
  document: OpenRpcDocument;
  methods: MethodTable;
  /** The members every request and answer carries besides jsonrpc (the caller resolves it: checks.ts envelopeOf). Required, so no caller silently drops it. */
  envelope: Record<string, JsonValue>;
}

type Structure = NonNullable<OpenRpcMethod["paramStructure"]>;
type Answer = Record<string, unknown>;
type ErrorObject = { code?: unknown; message?: unknown };

/** OpenRPC 1.3+: "Defaults to "either"" (1.0-1.2 said by-position; our bundle follows 1.3+, src/schema/bundle.ts). */
export const structureOf = (m: OpenRpcMethod): Structure => m.paramStructure ?? "either";

/**
 * One value per declared param, all present, that the method's own validator accepts as named
 * params: the positional call and its by-name twin carry the same values. Fixed seed.
 */
export function fullParams(m: OpenRpcMethod, doc: OpenRpcDocument, table: MethodSpec, seed: number): unknown[] {
  const samples = m.params.map((p, i) => fc.sample(arbitraryFor(p.schema, doc), { seed: seed + i, numRuns: 20 }));
  for (let k = 0; k < 20; k++) {
    const values = samples.map((s) => s[k]);
    if (table.validateParams(named(m, values))) return values;
  }
  throw new Error(`could not generate valid params for ${m.name} with every param present`);
}

/** The by-name twin of positional values (the first values.length declared params). */
function named(m: OpenRpcMethod, values: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  values.forEach((v, i) =>
    Object.defineProperty(out, m.params[i]!.name, { value: v, enumerable: true, writable: true, configurable: true }),
  );
  return out;
}

export function paramStructureChecks<T extends ParamStructureTarget>(spec: ParamStructureSpec): Check<T>[] {
  const envelope = spec.envelope;
  // Methods declaring neither params nor errors may answer whatever they are sent (Wit's ping):
  // the same exemption as the invalid-params check.
  const methods = spec.document.methods.filter(
    (m) =>
      Object.prototype.hasOwnProperty.call(spec.methods, m.name) &&
      !(m.params.length === 0 && spec.methods[m.name]!.errors.length === 0),
  );

  async function call(target: T, method: string, params: unknown): Promise<Answer> {
    const id = randomUUID();
    const request: Record<string, unknown> = { jsonrpc: "2.0", ...envelope, id, method };
    if (params !== undefined) request.params = params;
    const body = JSON.stringify(request);
    const reply = await target.rpc(body);
    let a: unknown;
    try {
      a = JSON.parse(reply.body);
    } catch {
      fail(`the answer to ${method} is not JSON`, { request, answer: reply.body.slice(0, 500) });
    }
    expect(
      a !== null && typeof a === "object" && !Array.isArray(a),
      `${method}: the answer is not one Response object`,
      { request, answer: a },
    );
    const r = a as Answer;
    expect(r.jsonrpc === "2.0" && r.id === id, `${method}: the answer is not a jsonrpc "2.0" Response to id ${id}`, {
      request,
      answer: r,
    });
    for (const [k, v] of Object.entries(envelope))
      expect(JSON.stringify(r[k]) === JSON.stringify(v), `${method}: the answer lacks the envelope member ${k}`, {
        request,
        answer: r,
      });
    expect("result" in r !== "error" in r, `${method}: the answer must carry exactly one of result and error`, {
      request,
      answer: r,
    });
    return r;
  }

  const isInvalidParams = (table: MethodSpec, e: ErrorObject | undefined) =>
    e !== undefined && e.code === table.invalidParams.code && e.message === table.invalidParams.message;
  const errorOf = (a: Answer) => ("error" in a ? (a.error as ErrorObject) : undefined);

  /** The params were taken: a result valid against the method's result schema, or an error the method declares other than invalid params. */
  function expectAccepted(m: OpenRpcMethod, a: Answer, what: string, params: unknown) {
    const table = spec.methods[m.name]!;
    const e = errorOf(a);
    if (e === undefined) {
      expect(
        table.validateResult(a.result),
        `${m.name} (${structureOf(m)}): ${what} got a result that violates the result schema`,
        { params, result: a.result },
      );
      return;
    }
    expect(
      !isInvalidParams(table, e) && e.code !== -32600,
      `${m.name} (${structureOf(m)}): ${what} was refused with ${String(e.code)} ${String(e.message)}`,
      { params, error: e },
    );
    expect(
      table.errors.some((d) => d.code === e.code && d.message === e.message),
      `${m.name}: ${what} got an undeclared error ${String(e.code)} ${String(e.message)}`,
      { params, error: e },
    );
  }

  function expectInvalidParams(m: OpenRpcMethod, a: Answer, what: string, params: unknown) {
    const table = spec.methods[m.name]!;
    const e = errorOf(a);
    expect(
      isInvalidParams(table, e),
      `${m.name} (${structureOf(m)}): ${what} must get the method's invalid-params error ${table.invalidParams.code} ${table.invalidParams.message}, got ${JSON.stringify(e ?? { result: a.result })}`,
      { params, answer: a },
    );
  }

  return [
    {
      id: `${spec.prefix}/param-structure`,
      title: "Params are taken in the structure each method declares",
      doc: 'OpenRPC paramStructure with JSON-RPC 2.0 4.2: a "by-name" method refuses an Array (by-position params) with its invalid-params error; a "by-position" method refuses an Object and maps Array positions onto its declared params in order (a wrongly typed value at position i is invalid params, one position more than declared params is invalid params); an "either" method takes both. Methods declaring neither params nor errors are exempt.',
      async run(target, ctx) {
        for (const m of methods) {
          const table = spec.methods[m.name]!;
          const values = fullParams(m, spec.document, table, ctx.seed);
          const byName = named(m, values);
          const structure = structureOf(m);
          if (structure === "by-name") {
            expectInvalidParams(m, await call(target, m.name, values), "params by position (an Array)", values);
            continue;
          }
          if (structure === "by-position")
            expectInvalidParams(m, await call(target, m.name, byName), "params by name (an Object)", byName);
          else expectAccepted(m, await call(target, m.name, byName), "params by name", byName);
          expectAccepted(m, await call(target, m.name, values), "params by position", values);
          for (let i = 0; i < values.length; i++) {
            for (const bad of wrongTypeValues(m.params[i]!.schema, spec.document)) {
              const wrong = values.map((v, j) => (j === i ? bad : v));
              if (table.validateParams(named(m, wrong))) continue; // the local validator must agree it is invalid
              expectInvalidParams(
                m,
                await call(target, m.name, wrong),
                `position ${i} (${m.params[i]!.name}) given ${JSON.stringify(bad)}`,
                wrong,
              );
            }
          }
          const extra = [...values, values[0] ?? 0];
          expectInvalidParams(
            m,
            await call(target, m.name, extra),
            `${extra.length} positions for ${m.params.length} declared params`,
            extra,
          );
        }
      },
    },
    {
      id: `${spec.prefix}/absent-params`,
      title: "An omitted params member is no params",
      doc: 'JSON-RPC 2.0 4: params "MAY be omitted". A request without params is a call with no params: a method whose params are all optional takes it (a result or a declared error other than invalid params), whatever its paramStructure; a method with a required param answers its invalid-params error. Methods declaring neither params nor errors are exempt.',
      async run(target) {
        for (const m of methods) {
          const a = await call(target, m.name, undefined);
          if (m.params.some((p) => p.required))
            expectInvalidParams(m, a, "a request without params (a required param is missing)", undefined);
          else expectAccepted(m, a, "a request without params", undefined);
        }
      },
    },
  ];
}
