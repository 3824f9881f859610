/**
 * JSON-RPC 2.0 checks for a CLIENT (jsonrpc.org/specification sections 4-5, from the client's
 * side): the Request objects it writes, and how it reads Responses. The target is a client built
 * over a scripted transport: the check sees every body the client sends and decides each answer.
 *
 * Requests: jsonrpc exactly "2.0", a String method, params omitted when there are none (spec:
 * "This member MAY be omitted") and otherwise structured, an id that is a String or Number on a
 * call and absent on a notification. Responses: the result of a Response whose id is the call's;
 * an error Response rejects with its code, message and data; a Response for another id, one
 * without jsonrpc "2.0", one with neither or both of result and error ("both members MUST NOT be
 * included"), one whose error is not an object with an integer code and a String message,
 * or a body that is not JSON is refused: never taken as the call's result, nor its error member
 * passed on as the server's answer to this call. id null is accepted only on an error ("If there
 * was an error in detecting the id in the Request object ... it MUST be Null").
 */
import { CheckFailure, expect, type Check } from "../harness/check.js";

/** The transport the check scripts: `answer` gets the request body, returns the reply body. */
export interface ScriptedTransport {
  send(body: string): Promise<string>;
}

export interface JsonRpcClientUnderTest {
  call(method: string, params: unknown): Promise<unknown>;
  notify(method: string, params?: unknown): Promise<void>;
}

/** Builds a client over a transport; a rejected call must reject with an object carrying `code`. */
export type JsonRpcClientTarget = (transport: ScriptedTransport) => JsonRpcClientUnderTest;

type Req = Record<string, unknown>;

function scripted(answer: (req: Req) => unknown) {
  const sent: Req[] = [];
  const transport: ScriptedTransport = {
    async send(body) {
      const req = JSON.parse(body) as Req;
      sent.push(req);
      const a = answer(req);
      return typeof a === "string" ? a : JSON.stringify(a);
    },
  };
  return { transport, sent };
}

async function settle(
  p: Promise<unknown>,
): Promise<{ ok: true; value: unknown } | { ok: false; error: { code?: unknown; message?: unknown; data?: unknown } }> {
  try {
    return { ok: true, value: await p };
  } catch (e) {
    return { ok: false, error: e as { code?: unknown; message?: unknown; data?: unknown } };
  }
}

/** The code of every error member a client must refuse (in a Response that is not the call's own). */
const REFUSED = 4001;

export function jsonRpcClientChecks(prefix: string): Check<JsonRpcClientTarget>[] {
  return [
    {
      id: `${prefix}/client-requests`,
      title: "The client writes valid Request objects",
      doc: 'A call is {jsonrpc: "2.0", id: String|Number, method, params?}: params omitted when the call has none, passed through unchanged otherwise; ids differ between calls. A notification has no id member.',
      async run(make) {
        const s = scripted((req) => ({ jsonrpc: "2.0", id: req.id, result: null }));
        const client = make(s.transport);
        await client.call("m.one", { a: [1] });
        await client.call("m.two", undefined);
        await client.call("m.three", [1, 2]);
        await client.notify("m.note", { x: 1 });
        await client.notify("m.bare");
        const [one, two, three, note, bare] = s.sent as [Req, Req, Req, Req, Req];
        for (const r of s.sent) expect(r.jsonrpc === "2.0", 'a Request lacks jsonrpc "2.0"', r);
        expect(
          one.method === "m.one" && JSON.stringify(one.params) === '{"a":[1]}',
          "the call's method or params were not sent as given",
          one,
        );
        expect(
          !("params" in two),
          "a call without params must omit the params member (null is not a structured value)",
          two,
        );
        expect(JSON.stringify(three.params) === "[1,2]", "by-position params were not sent as given", three);
        for (const r of [one, two, three])
          expect(typeof r.id === "string" || typeof r.id === "number", "a call's id must be a String or a Number", r);
        expect(new Set([one.id, two.id, three.id]).size === 3, "calls reused an id", [one.id, two.id, three.id]);
        expect(!("id" in note) && !("id" in bare), "a notification must not have an id member", [note, bare]);
        expect(
          note.method === "m.note" && JSON.stringify(note.params) === '{"x":1}' && !("params" in bare),
          "a notification's method or params were not sent as given",
          [note, bare],
        );
      },
    },
    {
      id: `${prefix}/client-responses`,
      title: "The client takes only its own Response",
      doc: 'The call resolves with the result of a Response carrying its id; an error Response rejects with its code, message and data (also with id null). Anything else is refused: another id, a result with id null, no jsonrpc, neither result nor error, both ("Either the result member or error member MUST be included, but both members MUST NOT be included"), an error that is not an object with an integer code ("This MUST be an integer") and a String message, not JSON, not an object. Refused means the call rejects with a numeric code that is not the refused error\'s own: an error for another id, or in a malformed Response, is not this call\'s answer.',
      async run(make) {
        const answerWith = async (answer: (req: Req) => unknown) =>
          settle(make(scripted(answer).transport).call("m", {}));
        const good = await answerWith((req) => ({ jsonrpc: "2.0", id: req.id, result: { v: [1] } }));
        expect(
          good.ok && JSON.stringify(good.value) === '{"v":[1]}',
          "a call did not resolve with its Response's result",
          good,
        );
        const nullResult = await answerWith((req) => ({ jsonrpc: "2.0", id: req.id, result: null }));
        expect(nullResult.ok && nullResult.value === null, "a null result is a result", nullResult);
        for (const id of ["own", null] as const) {
          const err = await answerWith((req) => ({
            jsonrpc: "2.0",
            id: id === "own" ? req.id : null,
            error: { code: 4001, message: "NOPE", data: { why: 1 } },
          }));
          expect(
            !err.ok &&
              err.error.code === 4001 &&
              err.error.message === "NOPE" &&
              JSON.stringify(err.error.data) === '{"why":1}',
            `an error Response (id ${id}) did not reject with its code, message and data`,
            err,
          );
        }
        const refused: [string, (req: Req) => unknown][] = [
          ["a result for another id", (req) => ({ jsonrpc: "2.0", id: `${String(req.id)}x`, result: 1 })],
          ["a result with id null", () => ({ jsonrpc: "2.0", id: null, result: 1 })],
          [
            "an error for another id",
            (req) => ({ jsonrpc: "2.0", id: `${String(req.id)}x`, error: { code: REFUSED, message: "NOT YOURS" } }),
          ],
          [
            "both result and error",
            (req) => ({ jsonrpc: "2.0", id: req.id, result: 1, error: { code: REFUSED, message: "BOTH" } }),
          ],
          ...(
            [
              ["error null", null],
              ['error "oops"', "oops"],
              ["an error without code", { message: "NO CODE" }],
              ['an error with code "4001"', { code: String(REFUSED), message: "STRING CODE" }],
              ["an error with code 4001.5", { code: REFUSED + 0.5, message: "HALF" }],
              ["an error with message 7", { code: REFUSED, message: 7 }],
              ["an error without message", { code: REFUSED }],
            ] as const
          ).map(([what, error]): [string, (req: Req) => unknown] => [
            what,
            (req) => ({ jsonrpc: "2.0", id: req.id, error }),
          ]),
          ["no jsonrpc member", (req) => ({ id: req.id, result: 1 })],
          ['jsonrpc "1.0"', (req) => ({ jsonrpc: "1.0", id: req.id, result: 1 })],
          ["neither result nor error", (req) => ({ jsonrpc: "2.0", id: req.id })],
          ["a body that is not JSON", () => "{oops"],
          ["an Array", (req) => [{ jsonrpc: "2.0", id: req.id, result: 1 }]],
          ["null", () => "null"],
        ];
        for (const [what, answer] of refused) {
          const r = await answerWith(answer);
          if (r.ok) throw new CheckFailure(`the client took ${what} as the call's result (${JSON.stringify(r.value)})`);
          expect(
            typeof r.error?.code === "number",
            `refusing ${what}, the client's error carries no numeric code`,
            r.error,
          );
          expect(
            r.error.code !== REFUSED && r.error.code !== REFUSED + 0.5,
            `the client took ${what} as the server's error for the call (code ${String(r.error.code)})`,
            r.error,
          );
        }
      },
    },
  ];
}
