/**
 * JSON-RPC 2.0 conformance checks (the specification at jsonrpc.org/specification, sections 4-6),
 * for any server reachable through `RawRpcTarget`. The OpenRPC checks (conformance/openrpc) pin
 * what a DOCUMENT implies (params, results, declared errors); these pin what the base protocol
 * requires of every server whatever its document: notifications, batches, Request object
 * validation and id echo. Each rule cites the specification's words it checks.
 *
 * "No answer" is an empty body: the transport-neutral form of "the Server MUST NOT reply"
 * (an HTTP transport may send 204 with no body; a stream transport writes nothing).
 */
import type { JsonValue } from "../../src/json/index.js";
import { expect, fail, type Check } from "../harness/check.js";
import type { RawRpcTarget } from "../openrpc/checks.js";

export interface JsonRpcSuiteSpec {
  /** Check id prefix, e.g. "wit/jsonrpc". */
  prefix: string;
  /** Members the contract adds to every request and answer (Wit: `{ witVersion: "1" }`). */
  envelope?: Record<string, JsonValue>;
  /** A method and params the server answers with a result. */
  ok: { method: string; params?: unknown };
  /** A method and params the server answers with an error (e.g. invalid params). */
  failing: { method: string; params?: unknown };
}

type Answer = Record<string, unknown>;

/** One exchange of a JSON value; undefined when the server sent nothing. */
async function send(target: RawRpcTarget, body: unknown): Promise<unknown> {
  const text = JSON.stringify(body);
  const reply = await target.rpc(text);
  if (reply.body.trim() === "") return undefined;
  try {
    return JSON.parse(reply.body);
  } catch {
    fail(`the answer to ${text.slice(0, 200)} is not JSON`, reply.body.slice(0, 500));
  }
}

function errorCode(a: unknown): unknown {
  return a !== null && typeof a === "object" && "error" in a
    ? (a as { error: { code?: unknown } }).error?.code
    : undefined;
}

/** A Response object: jsonrpc "2.0", exactly one of result and error, an Error object with an integer code and a string message. */
function checkResponse(a: unknown, context: unknown): asserts a is Answer {
  expect(a !== null && typeof a === "object" && !Array.isArray(a), "a Response must be an object", context);
  const r = a as Answer;
  expect(r.jsonrpc === "2.0", 'a Response must have jsonrpc "2.0"', { context, answer: r });
  expect("id" in r, "a Response must have an id member (null when the request id could not be read)", {
    context,
    answer: r,
  });
  expect("result" in r !== "error" in r, "a Response has exactly one of result and error", { context, answer: r });
  if ("error" in r) {
    const e = r.error as { code?: unknown; message?: unknown };
    expect(
      e !== null && typeof e === "object" && Number.isInteger(e.code) && typeof e.message === "string",
      "an Error object has an integer code and a string message",
      { context, answer: r },
    );
  }
}

/** The number tokens of every "id" member in a reply's text, as written. */
function rawIds(text: string): string[] {
  return [...text.matchAll(/"id"\s*:\s*(-?\d[\d.eE+-]*)/g)].map((m) => m[1]!);
}

/** Whether two JSON number tokens write the same decimal value exactly (no rounding to doubles). */
function sameNumber(a: string, b: string): boolean {
  const exact = (t: string) => {
    const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(t);
    if (!m) return t;
    let digits = `${m[2]}${m[3] ?? ""}`.replace(/^0+/, "");
    let exp = BigInt(m[4] ?? 0) - BigInt((m[3] ?? "").length);
    if (digits === "") return "0";
    while (digits.endsWith("0")) {
      digits = digits.slice(0, -1);
      exp += 1n;
    }
    return `${m[1]}${digits}e${exp}`;
  };
  return exact(a) === exact(b);
}

export function jsonRpcChecks<T extends RawRpcTarget>(spec: JsonRpcSuiteSpec): Check<T>[] {
  const env = spec.envelope ?? {};
  const request = (id: unknown, call: { method: string; params?: unknown }, extra: Record<string, unknown> = {}) => ({
    jsonrpc: "2.0",
    ...env,
    ...(id === undefined ? {} : { id }),
    method: call.method,
    ...(call.params === undefined ? {} : { params: call.params }),
    ...extra,
  });
  const unknownMethod = { method: "zz.no.such.method", params: {} };

  return [
    {
      id: `${spec.prefix}/notifications`,
      title: "Notifications are never answered",
      doc: 'Spec 4.1: "A Notification is a Request object without an id member ... The Server MUST NOT reply to a Notification, including those that are within a batch request." Also when the method is unknown or the params are invalid ("Notifications are not confirmable by definition").',
      async run(target) {
        for (const call of [spec.ok, spec.failing, unknownMethod]) {
          const body = request(undefined, call);
          const a = await send(target, body);
          expect(a === undefined, `a notification (${call.method}) was answered`, { request: body, answer: a });
        }
        const batch = [request(undefined, spec.ok), request(undefined, unknownMethod)];
        const b = await send(target, batch);
        expect(
          b === undefined,
          'a batch of notifications only was answered ("the server MUST NOT return an empty Array and should return nothing at all")',
          { request: batch, answer: b },
        );
      },
    },
    {
      id: `${spec.prefix}/batch`,
      title: "Batches: one Response per request, none for notifications",
      doc: 'Spec 6: "The Server should respond with an Array containing the corresponding Response objects, after all of the batch Request objects have been processed. A Response object SHOULD exist for each Request object, except that there SHOULD NOT be any Response objects for notifications." An empty Array is answered with a single Invalid Request; a non-empty Array of invalid Requests with one -32600 each, id null.',
      async run(target) {
        const batch = [
          request("b-ok", spec.ok),
          request(undefined, spec.ok),
          request("b-unknown", unknownMethod),
          1,
          request("b-fail", spec.failing),
        ];
        const a = await send(target, batch);
        expect(Array.isArray(a), "a batch was not answered with an Array", { request: batch, answer: a });
        for (const r of a) checkResponse(r, batch);
        const byId = new Map((a as Answer[]).map((r) => [r.id, r]));
        expect(a.length === 4, `a batch of 4 requests and a notification got ${a.length} Responses, expected 4`, {
          request: batch,
          answer: a,
        });
        expect(
          byId.has("b-ok") && "result" in byId.get("b-ok")!,
          "the batch's valid request has no result Response",
          a,
        );
        expect(errorCode(byId.get("b-unknown")) === -32601, "the batch's unknown method did not get -32601", a);
        expect(errorCode(byId.get("b-fail")) !== undefined, "the batch's failing request did not get an error", a);
        expect(
          errorCode(byId.get(null)) === -32600,
          "the batch's non-object member did not get -32600 with id null",
          a,
        );

        const empty = await send(target, []);
        checkResponse(empty, []);
        expect(
          !Array.isArray(empty) && empty.id === null && errorCode(empty) === -32600,
          'an empty batch must get a single Invalid Request with id null ("rpc call with an empty Array")',
          empty,
        );
        const invalid = await send(target, [1, 2, 3]);
        expect(
          Array.isArray(invalid) && invalid.length === 3,
          'a batch [1,2,3] must get three Responses ("rpc call with invalid Batch")',
          invalid,
        );
        for (const r of invalid as unknown[]) {
          checkResponse(r, [1, 2, 3]);
          expect(r.id === null && errorCode(r) === -32600, "each member of [1,2,3] gets -32600 with id null", invalid);
        }
      },
    },
    {
      id: `${spec.prefix}/invalid-request`,
      title: "Invalid Request objects get -32600",
      doc: 'Spec 4 and 5.1: jsonrpc "MUST be exactly "2.0""; method is "A String"; params, "If present, MUST be" an Array or an Object; an id is "a String, Number, or NULL". Anything else is -32600 Invalid Request; when the id itself could not be read the Response id is null ("If there was an error in detecting the id in the Request object ... it MUST be Null").',
      async run(target) {
        const cases: { what: string; body: unknown; id: unknown }[] = [
          ...[1, "x", true, null].map((b) => ({ what: `the body ${JSON.stringify(b)}`, body: b, id: null })),
          ...["1.0", 2, null].map((v) => ({
            what: `jsonrpc ${JSON.stringify(v)}`,
            body: request("r-1", spec.ok, { jsonrpc: v }),
            id: "r-1",
          })),
          { what: "no jsonrpc member", body: (({ jsonrpc: _j, ...rest }) => rest)(request("r-2", spec.ok)), id: "r-2" },
          ...[1, null, {}].map((m) => ({
            what: `method ${JSON.stringify(m)}`,
            body: request("r-3", spec.ok, { method: m }),
            id: "r-3",
          })),
          { what: "no method member", body: (({ method: _m, ...rest }) => rest)(request("r-4", spec.ok)), id: "r-4" },
          ...["x", 5, true, null].map((p) => ({
            what: `params ${JSON.stringify(p)}`,
            body: request("r-5", spec.ok, { params: p }),
            id: "r-5",
          })),
          ...[{}, [], true].map((i) => ({ what: `id ${JSON.stringify(i)}`, body: request(i, spec.ok), id: null })),
          // The id cannot be read, and the request is wrong in another way too: still id null.
          { what: 'jsonrpc "1.0" and id {}', body: request({}, spec.ok, { jsonrpc: "1.0" }), id: null },
          // The specification's own example ("rpc call with invalid Request object"): no id member, answered with id null.
          {
            what: 'the example {"jsonrpc": "2.0", "method": 1, "params": "bar"}',
            body: { jsonrpc: "2.0", ...env, method: 1, params: "bar" },
            id: null,
          },
        ];
        for (const c of cases) {
          const a = await send(target, c.body);
          checkResponse(a, c.body);
          expect(
            errorCode(a) === -32600,
            `${c.what}: expected -32600 Invalid Request, got ${JSON.stringify(a)}`,
            c.body,
          );
          expect(
            a.id === c.id,
            `${c.what}: the Response id must be ${JSON.stringify(c.id)}, got ${JSON.stringify(a.id)}`,
            { request: c.body, answer: a },
          );
        }
      },
    },
    {
      id: `${spec.prefix}/id-echo`,
      title: "The Response id is the Request id",
      doc: 'Spec 5: id "MUST be the same as the value of the id member in the Request Object", for results and errors alike; a Request with id null is not a Notification and is answered with id null. Each of these ids makes a valid Request (spec 4: "a String, Number, or NULL"), so the request the server answers with a result still gets its result, and an unknown method its -32601. An id a reader of doubles cannot hold (the integer 9007199254740993, the number 1e999) and an id member named twice are answered either with the id as sent (digit for digit; either of the two) or with an error and id null ("If there was an error in detecting the id ... it MUST be Null"): never with another id, nor a result with id null.',
      async run(target) {
        for (const id of ["s", "", 0, -7, 3.5, 2 ** 40, null]) {
          for (const call of [spec.ok, spec.failing, unknownMethod]) {
            const body = request(id, call);
            const a = await send(target, body);
            expect(a !== undefined, `a request with id ${JSON.stringify(id)} was not answered`, body);
            checkResponse(a, body);
            expect(Object.is(a.id, id), `id ${JSON.stringify(id)} answered with id ${JSON.stringify(a.id)}`, {
              request: body,
              answer: a,
            });
            // Every such id makes a valid Request (null included: "MUST contain a String, Number, or NULL value if included"): it is answered as one.
            if (call === spec.ok)
              expect("result" in a, `a valid request with id ${JSON.stringify(id)} got no result`, {
                request: body,
                answer: a,
              });
            if (call === unknownMethod)
              expect(errorCode(a) === -32601, `an unknown method with id ${JSON.stringify(id)} did not get -32601`, {
                request: body,
                answer: a,
              });
          }
        }
        const placeholder = JSON.stringify(request("@id@", spec.ok));
        const hard: { what: string; body: string; echoes: (a: Answer, raw: string) => boolean }[] = [
          ...["9007199254740993", "1e999"].map((text) => ({
            what: `id ${text}`,
            body: placeholder.replace('"@id@"', text),
            echoes: (_a: Answer, raw: string) => rawIds(raw).some((t) => sameNumber(t, text)),
          })),
          {
            what: "an id member named twice",
            body: placeholder.replace('"id":"@id@"', '"id":"d-1","id":"d-2"'),
            echoes: (a: Answer) => a.id === "d-1" || a.id === "d-2",
          },
        ];
        for (const h of hard) {
          const reply = await target.rpc(h.body);
          let a: unknown;
          try {
            a = JSON.parse(reply.body);
          } catch {
            fail(`the answer to ${h.what} is not JSON`, reply.body.slice(0, 500));
          }
          checkResponse(a, h.body);
          expect(
            ("error" in a && a.id === null) || h.echoes(a, reply.body),
            `${h.what}: answered with id ${JSON.stringify(a.id)}${"result" in a ? " and a result" : ""}, neither the id as sent nor an error with id null`,
            { request: h.body, answer: reply.body.slice(0, 500) },
          );
        }
      },
    },
  ];
}
