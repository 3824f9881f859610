/** Why undetected mutants of the rpc area are acceptable (see index.ts). */
import type { SurvivorArgument } from "./argument.js";

export const RPC: readonly SurvivorArgument[] = [
  {
    kind: "own choice",
    title: "which requests skip params validation (rpc.discover, the ignoresParams hook)",
    why: "rpc.discover answers the document whatever params it is sent (OpenRPC defines no params for it and no error for sending some), and ignoresParams is our engine's hook for methods whose params the caller validates itself (the wright-agent aliases). Validating rpc.discover's params, or dropping the hook, changes only answers to requests no check may require an answer to (a discover call with params), or our own hosts' API.",
  },
  {
    kind: "own choice",
    title: "error data and messages the specification leaves to the server",
    why: "JSON-RPC 2.0, 5.1: data 'may be omitted. The value of this member is defined by the Server'; message is 'a short description' (the predefined table names one, contracts name their own: Wit's INVALID_REQUEST, so the default -32600 message is ours). Our reasons (`data.reason`, `data.method`, `formErrors`) are our wording; the codes are pinned by the checks. Stryker's `{}` for such a data object and `\"\"` for its text survive for that reason. In handleOne, a body that is a number, string or boolean, let through the first test, is refused by the next one (no `jsonrpc`) with the same -32600 and id null; only data.reason differs. Likewise which reason an id that cannot be read gets (an integer beyond 2^53 - 1, or not a String, Number or null): invalid-request pins -32600 with id null for the second, id-echo an error with id null (or the id echoed digit for digit) for the first.",
  },
  {
    kind: "equivalent",
    title: "an error object with data: undefined",
    why: "`data: undefined` is dropped by JSON.stringify: the error object on the wire is the same.",
  },
  {
    kind: "not a protocol behaviour",
    title: "a handler that returns nothing",
    why: "A Response to a successful call must carry result (JSON-RPC 2.0, 5: 'REQUIRED on success'; every check's Response test pins it), and the engine answers `result: null` for a handler that returns undefined. A conformance check talks to a server, not to its handlers, so it cannot make one return nothing; no unit test pins this line either (noticed, left for issue 13's test/rpc).",
  },
  {
    kind: "own choice",
    title: "the batch size limit",
    why: "The specification sets no batch limit; 100 (Wit: limits.maxBatch) is our server's choice, unit-tested in test/rpc/engine.test.ts and the Wit limits tests.",
  },
  {
    kind: "own choice",
    title:
      "the engine's hooks: ignoresParams, checkRequest, the handler context, missing handlers, undeclared and internal errors, validateResults",
    why: "checkRequest and ignoresParams are the contract's hooks (Wit's witVersion and its ping that ignores params, checked by the Wit suite against the daemon, not by this area's generic checks); the context object handed to a handler (id, request, transport) is our handler API; onUndeclaredError / onInternalError / declares() are observers; validateResults is a development option; a method in the table without a handler is an application bug. None changes what a conforming engine answers to a valid handler set. The internal-error answer (-32603 without details) is unit-tested in test/rpc/engine.test.ts ('reports undeclared contract errors and hides internal ones'): a generic check has no way to make a server fail internally.",
  },
  {
    kind: "equivalent",
    title: "serialising nothing",
    why: "JSON.stringify(undefined) is undefined: both branches give the same reply.",
  },
  {
    kind: "own choice",
    title: "how a params structure the method does not declare is refused",
    why: "The param-structure check (conformance/openrpc/param-structure.ts, decision 222) pins the answer: the method's invalid-params error. Whether normaliseParams says so with `ok: false` or hands on an undefined value that the method's validator then refuses, and the reason text, only change error data (JSON-RPC 2.0, 5.1: defined by the server).",
  },
  {
    kind: "equivalent",
    title: "the property attributes of params mapped by position",
    why: "Params given by position become an object with one member per declared name; handlers and validators read those members by name, so whether they are enumerable, writable or configurable changes no answer (defineProperty is there so that a param named __proto__ stays data).",
  },
  {
    kind: "equivalent",
    title: "params: undefined, and redundant object tests",
    why: 'A request member set to undefined is dropped by JSON.stringify, so `request.params = undefined` writes the same bytes. In readResponse, a Response that is a JSON number, string or boolean also fails the `jsonrpc === "2.0"` test that follows (with the same error), and an error member that is one has no integer `code` either: dropping the `typeof ... !== "object"` tests refuses the same replies the same way.',
  },
  {
    kind: "own choice",
    title: "which error a refused Response becomes",
    why: "The client checks (rpc/jsonrpc/client-responses, decision 328) require that a Response that is not the call's is refused: the call rejects with a numeric code that is not the refused error's own. Which code (ParseError for a body that is not JSON, or InternalError, which a body that is not JSON would also get from readResponse) and which message the rejection carries is our API (RpcResponseError's text).",
  },
  {
    kind: "own choice",
    title: "client options and the typed caller",
    why: "checkResponse, close() and createTypedCaller's validateResults are our API for generated clients (unit-tested in test/rpc/engine.test.ts and the Wit client tests), not JSON-RPC requirements.",
  },
  {
    kind: "own choice",
    title: "RpcError's name, from() and is()",
    why: "Helpers of our API for handlers and clients; they do not reach the wire.",
  },
  {
    kind: "equivalent",
    title: "an outcome's error with data: undefined",
    why: "readResponse copies `data` only when the error has one; with `data: undefined` instead, every reader reads `error.data` as undefined either way (RpcClient.call builds the same RpcError, the wright-agent channel the same ProtocolError) and JSON drops the member.",
  },
  {
    kind: "own choice",
    title: "which code refuses a body with a member named twice",
    why: "A member named twice is well-formed JSON whose meaning readers disagree on (RFC 8259: names SHOULD be unique); decision 262 refuses such a body whole as -32600 with id null. The id-echo check pins what any server must answer to an id named twice (either id as sent, or an error with id null, always a valid Response); whether our error says -32600 or -32700 (Parse error) is ours, as is its data.",
  },
  {
    kind: "equivalent",
    title: "a typeof test Number.isFinite makes again",
    why: 'isExactNumberId: Number.isFinite does not convert its argument, so it is false for anything but a finite number; with `typeof id === "number"` taken as true the function answers the same for every value.',
  },
  {
    kind: "equivalent",
    title: "toJSON without data",
    why: "`data: undefined` is dropped by JSON.stringify: the error object on the wire is the same.",
  },
];
