/**
 * Why an undetected mutant is acceptable (decision 221): it is EQUIVALENT (no input can tell it
 * from the original), OWN CHOICE (behaviour of our reference implementation the contract does not
 * require: wording the contract leaves free, diagnostics, an API of our own, a limit), or NOT A
 * PROTOCOL CHECK (required behaviour no conformance target interface can observe; its unit test is
 * named). Such mutants are disabled AT THE CODE (decision 225) with
 *
 *   // Stryker disable next-line <Mutator>[,<Mutator>]: <kind>: <title>
 *
 * (or a `// Stryker disable <Mutator>: <kind>: <title>` ... `// Stryker restore <Mutator>` pair
 * where the mutant's node does not start a line), so Stryker reports them as Ignored, outside its
 * score; the comment's reason names one entry below, whose `why` docs/conformance-power.md prints.
 * A GAP is a real survivor no check kills yet: never disabled, it stays in the score and is listed
 * by line range. scripts/mutation/survivors.ts matches every ignored and undetected mutant of the
 * last run to one of these.
 */

export interface SurvivorArgument {
  file: string;
  /**
   * Gaps only: inclusive line ranges of the CURRENT source holding the gap's survivors. Argued
   * mutants are found by the reason of their disable comment instead (`<kind>: <title>`).
   */
  lines?: [number, number][];
  /** "gap": a real survivor, left for a check still to be written (docs/conformance-power.md lists it). */
  kind: "equivalent" | "own choice" | "not a protocol check" | "gap" | "kept counted";
  title: string;
  why: string;
}

const FW = "src/frame-wire/";
const WORDING =
  "Abort messages other than the gap message and an error event's are this suite's wording: the contract leaves them free (vectors carry `message_pinned: false`, and runners compare them only in exact mode against our own fold). A mutant that changes only which of our sentences is chosen, or its text, keeps code and position.";

export const ARGUMENTS: readonly SurvivorArgument[] = [
  // ---- frame-wire: fold.ts ----
  {
    file: `${FW}fold.ts`,
    kind: "equivalent",
    title: "the path cache (compilePointer's result, kept or recomputed)",
    why: "compilePath caches what compilePointer, isReceiverSafe and the /kind test compute from the path string alone (pure functions of it). Recomputing every time (the cache test forced true), clearing the cache sooner, later or never changes time and memory only: the same tokens and verdicts come out for every path.",
  },
  {
    file: `${FW}fold.ts`,
    kind: "equivalent",
    title: "dense or sparse slot storage",
    why: "Block slots live in an array below DENSE_SLOTS and in a Map above it; both are read and written through the same index test, so moving the boundary (<= instead of <, or always the array: a sparse JavaScript array) stores and finds the same slot for every index.",
  },
  {
    file: `${FW}fold.ts`,
    kind: "equivalent",
    title: "the allocation-free fast path declining more often",
    why: "fold.ts first tries pointer-fast.ts and, when that declines, asks src/json (resolveTarget / evaluatePointer), the reference evaluation, which gives the same answer by construction (decision 031; test/frame-wire/pointer-fast.test.ts checks agreement). Mutants that skip the fast path, shrink it, or remove its body fall through to the reference path; the slow path's own checks are reached only in the cases the fast path declined, so mutants widening them there change nothing. Mutants that make the fast path accept MORE are killed (kind-set-to-non-string, field-set-replaces-an-array).",
  },
  {
    file: `${FW}fold.ts`,
    kind: "equivalent",
    title: "a shortcut the hasOwnProperty call answers the same",
    why: 'fastDelta reads the delta\'s own keys for its member count; when the third of them is "value", it skips hasOwnProperty(delta, "value"), which would return true for it. Forcing the key test either way only makes the call happen or not, and the call and the key list agree (decision 213).',
  },
  {
    file: `${FW}fold.ts`,
    kind: "equivalent",
    title: "an unreachable entry of the pointer-code map",
    why: 'pointer-syntax errors are raised by compilePointer before src/json\'s evaluation runs, so POINTER_CODES["pointer-syntax"] is never read (pointer_syntax is produced directly, and its vectors pass).',
  },
  {
    file: `${FW}fold.ts`,
    kind: "equivalent",
    title: "redundant guards in ownCount and isIndex",
    why: "ownCount only ever sees plain objects (checked before), which have no inherited enumerable members in an unpolluted realm (the suite's prototype-untouched property keeps it so); Number.isInteger already implies typeof number.",
  },
  {
    file: `${FW}fold.ts`,
    kind: "own choice",
    title: "invalid_event and pointer messages (our wording)",
    why:
      WORDING +
      " In describeInvalidBlockDelta (lines 155-167) a skipped test only moves the reason to a later one; the event is still refused at the same position with invalid_event. The remaining literals here are the `where` prefixes of messages.",
  },
  {
    file: `${FW}fold.ts`,
    kind: "equivalent",
    title: "binary search bounds and the append shortcut of block insertion",
    why: "`push` at the end is the shortcut of `splice` at the searched position; disabling or widening the shortcut inserts at the same place. In search(), the mutated bounds (hi one further, `v <= index` after equality was handled) still converge on the same position for every ascending list (blocks-opened-in-any-order and repeated-block-start-* pin the results).",
  },
  {
    file: `${FW}fold.ts`,
    kind: "own choice",
    title: "the incremental API (push's return value, abortAt and finish after the end)",
    why: "`push` returning true after an abort, `abortAt` after an abort or finish, and `finish` being recomputed are properties of our in-process Fold API (documented in its interface, unit-tested in test/frame-wire/fold.test.ts). The contract's rule — no event is applied after an abort — holds regardless (the fold ignores such events), and nothing after an abort reaches the outcome: our callers (foldEvents, the fold command, the SSE client) stop at the first abort.",
  },
  {
    file: `${FW}fold.ts`,
    kind: "own choice",
    title: "the discard observer",
    why: "Discards (block_id_mismatch, stale_seq) never reach the outcome (docs/frame-wire.md: 'discarded silently'); reporting them to onDiscard, and which of the two codes is reported, is our observability API. Mutants here still discard the delta (both branches return), so the outcome is the same.",
  },
  {
    file: `${FW}fold.ts`,
    kind: "equivalent",
    title: "checks that parser output never needs (adoptEvents) and copying",
    why: "With adoptEvents (the fold command and the SSE client) events are fresh JSON.parse output: they are never undefined, never non-plain, never non-objects-that-are-objects; the prototype test on them (line 237 true) or its absence changes nothing. Not copying in the default mode (line 246) keeps the same values: aliasing the caller's objects is our API promise (the fold copies by default; test/frame-wire/fold.test.ts), not a contract rule. Values that are not JSON are refused either way (frame-wire/property/non-json-refused kills the mutants that let them in).",
  },
  // ---- frame-wire: json-adopt.ts ----
  {
    file: `${FW}fold.ts`,
    kind: "equivalent",
    title: "reading one token past the end in forbiddenToken",
    why: "`i <= tokens.length` reads tokens[tokens.length], which is undefined and never a forbidden member name: the loop ends with the same answer.",
  },
  {
    file: `${FW}json-adopt.ts`,
    kind: "equivalent",
    title: "redundant tests in value adoption",
    why: "isPlainObject: `typeof !== object` is re-caught by the prototype test (a primitive's prototype is never Object.prototype or null). In adoptJson, moving `object` to the default branch makes undefined/functions/symbols/bigints fail one step later (Object.getPrototypeOf throws or names a non-plain prototype), still invalid_event at the same event. `new Array()` instead of `new Array(n)` ends with the same elements; writing `out[i] = v` (or setOwn(out, key, v)) when not copying writes the same value back into the value itself; the own-member filter skips nothing on a plain object in an unpolluted realm.",
  },
  {
    file: `${FW}json-adopt.ts`,
    kind: "own choice",
    title: "the value depth limit (MAX_VALUE_DEPTH)",
    why: "1024 levels is our receiver limit, deeper than the safe parser's default (depth 512), so any parsed value passes; the contract fixes no value depth. With the limit off by one or never reached, a cyclic or absurdly deep in-process value still ends as invalid_event (a RangeError while reading is caught as 'reading it threw').",
  },
  // ---- frame-wire: pointer-fast.ts ----
  {
    file: `${FW}pointer-fast.ts`,
    kind: "equivalent",
    title: "the fast pointer path declining more often",
    why: "Every function here answers only when the walk is plainly valid and otherwise returns undefined, and the fold then asks src/json (see fold.ts above). The surviving mutants make it decline more (or read a token past the end, which declines), so the reference path answers instead, with the same result.",
  },
  // ---- frame-wire: the fold command (src/cli/frame-wire-fold.ts; ranges for the file at 486c6bf) ----
  {
    file: "src/cli/frame-wire-fold.ts",
    kind: "own choice",
    title: "stderr diagnostics",
    why: "docs/frame-wire.md: 'Diagnostics (discards, malformed lines, the abort) go to stderr'; their text, prefix and presence are ours. The protocol is stdin in, the last stdout line out, exit code 0.",
  },
  {
    file: "src/cli/frame-wire-fold.ts",
    kind: "equivalent",
    title: "options that parser output makes moot, and lines after an abort",
    why: "adoptEvents on parser output (fresh objects nobody else holds: copying them changes nothing, see fold.ts); lines after an abort are ignored by the fold anyway (parsing them or not, and the count, only reach stderr).",
  },
  {
    file: "src/cli/frame-wire-fold.ts",
    kind: "own choice",
    title: "the line-size limit",
    why: "A line over the parser's size limit (16 MiB by default) aborts as malformed_event (too-large), as parseJson would. The limit is our reader's (limits are own choice, decision 221); no vector carries a 16 MiB line, so the oversize path is reached only by the unit test test/frame-wire/fold-command.test.ts. `maxBytes && DEFAULT` falls back to readLines' own cap, the same 16 MiB.",
  },
  {
    file: "src/cli/frame-wire-fold.ts",
    kind: "own choice",
    title: "the malformed-line kind for a non-parser error",
    why: 'The fallback kind "syntax" is used only if parseJson throws something that is not a JsonParseError, which it never does.',
  },
  {
    file: "src/cli/frame-wire-fold.ts",
    kind: "not a protocol check",
    title: "a failing stdin or stdout, and an unserialisable outcome",
    why: "Required by docs/frame-wire.md ('If reading stdin fails, the fold finishes with what arrived'; exit 0 whenever an outcome is printed), but a command target cannot be made to see a failing stdin or a closed stdout through the vector protocol. Unit tests: test/frame-wire/fold-command.test.ts ('still prints an outcome when reading the input fails midway', 'returns 1 when the outcome cannot be written'). The serialisation failure is unreachable with the fold's limits (its comment says so). The outcome line without its final newline is still the last line.",
  },
  // ---- frame-wire: sse.ts (ranges for the file at 486c6bf) ----
  {
    file: `${FW}sse.ts`,
    kind: "own choice",
    title: "the server-side encoder",
    why: "encodeSseEvent serves our mock endpoint (src/frame-wire/serve.ts), not the client this area checks; the SSE checks build their own bytes so as not to depend on it. Unit test: test/frame-wire/sse.test.ts ('one event is one data-only message that parses back').",
  },
  {
    file: `${FW}sse.ts`,
    kind: "equivalent",
    title: "copying parser output, a second abort guard, lastChar's start value, releasing the lock",
    why: "The client adopts fresh parser output (copying it changes nothing); the fold already ignores events after an abort (line 29, and line 67's `fold.abort === null` half: a newline fed after an abort applies nothing); lastChar only matters when it is a CR, and its start value is replaced by the first non-empty chunk; releasing the reader's lock at the end has no observable effect on the outcome.",
  },
  {
    file: `${FW}sse.ts`,
    kind: "own choice",
    title: "a frame that is not JSON",
    why: "The contract's frames are FrameEvents, i.e. JSON; docs/frame-wire.md gives malformed_event to the fold command only. Aborting with malformed_event at the frame's position is our client's choice (unit test: test/frame-wire/sse.test.ts).",
  },
  {
    file: `${FW}sse.ts`,
    kind: "own choice",
    title: "a response without a body",
    why: "A 200 response with no body is outside the contract (the endpoint always streams); which error the client throws is ours.",
  },
  {
    file: "src/rpc/engine.ts",
    kind: "own choice",
    title: "which requests skip params validation (rpc.discover, the ignoresParams hook)",
    why: "rpc.discover answers the document whatever params it is sent (OpenRPC defines no params for it and no error for sending some), and ignoresParams is our engine's hook for methods whose params the caller validates itself (the wright-agent aliases). Validating rpc.discover's params, or dropping the hook, changes only answers to requests no check may require an answer to (a discover call with params), or our own hosts' API.",
  },
  // ---- rpc: engine.ts ----
  {
    file: "src/rpc/engine.ts",
    kind: "own choice",
    title: "error data and messages the specification leaves to the server",
    why: "JSON-RPC 2.0, 5.1: data 'may be omitted. The value of this member is defined by the Server'; message is 'a short description' (the predefined table names one, contracts name their own: Wit's INVALID_REQUEST, so the default -32600 message is ours). Our reasons (`data.reason`, `data.method`, `formErrors`) are our wording; the codes are pinned by the checks. Stryker's `{}` for such a data object and `\"\"` for its text survive for that reason. Line 68: a body that is a number, string or boolean, let through the first test, is refused by the next one (no `jsonrpc`) with the same -32600 and id null; only data.reason differs.",
  },
  {
    file: "src/rpc/engine.ts",
    kind: "equivalent",
    title: "an error object with data: undefined",
    why: "`data: undefined` is dropped by JSON.stringify: the error object on the wire is the same.",
  },
  {
    file: "src/rpc/engine.ts",
    kind: "own choice",
    title: "an id that overflows to Infinity",
    why: "A numeric id such as 1e999 parses to Infinity, which no Response can echo (JSON has no Infinity). The specification has no rule for it; refusing it as an unreadable id (-32600, id null) is ours. The other mutants of this line (id null) are killed by rpc/jsonrpc/id-echo.",
  },
  {
    file: "src/rpc/engine.ts",
    kind: "not a protocol check",
    title: "a handler that returns nothing",
    why: "A Response to a successful call must carry result (JSON-RPC 2.0, 5: 'REQUIRED on success'; every check's Response test pins it), and the engine answers `result: null` for a handler that returns undefined. A conformance check talks to a server, not to its handlers, so it cannot make one return nothing; no unit test pins this line either (noticed, left for issue 13's test/rpc).",
  },
  {
    file: "src/rpc/engine.ts",
    kind: "own choice",
    title: "the batch size limit",
    why: "The specification sets no batch limit; 100 (Wit: limits.maxBatch) is our server's choice, unit-tested in test/rpc/engine.test.ts and the Wit limits tests.",
  },
  {
    file: "src/rpc/engine.ts",
    kind: "own choice",
    title:
      "the engine's hooks: ignoresParams, checkRequest, the handler context, missing handlers, undeclared and internal errors, validateResults",
    why: "checkRequest and ignoresParams are the contract's hooks (Wit's witVersion and its ping that ignores params, checked by the Wit suite against the daemon, not by this area's generic checks); the context object handed to a handler (id, request, transport) is our handler API; onUndeclaredError / onInternalError / declares() are observers; validateResults is a development option; a method in the table without a handler is an application bug. None changes what a conforming engine answers to a valid handler set. The internal-error answer (-32603 without details) is unit-tested in test/rpc/engine.test.ts ('reports undeclared contract errors and hides internal ones'): a generic check has no way to make a server fail internally.",
  },
  {
    file: "src/rpc/engine.ts",
    kind: "equivalent",
    title: "serialising nothing",
    why: "JSON.stringify(undefined) is undefined: both branches give the same reply.",
  },
  {
    file: "src/rpc/engine.ts",
    kind: "own choice",
    title: "how a params structure the method does not declare is refused",
    why: "The param-structure check (conformance/openrpc/param-structure.ts, decision 222) pins the answer: the method's invalid-params error. Whether normaliseParams says so with `ok: false` or hands on an undefined value that the method's validator then refuses, and the reason text, only change error data (JSON-RPC 2.0, 5.1: defined by the server).",
  },
  {
    file: "src/rpc/engine.ts",
    kind: "equivalent",
    title: "the property attributes of params mapped by position",
    why: "Params given by position become an object with one member per declared name; handlers and validators read those members by name, so whether they are enumerable, writable or configurable changes no answer (defineProperty is there so that a param named __proto__ stays data).",
  },
  // ---- rpc: client.ts ----
  {
    file: "src/rpc/client.ts",
    kind: "equivalent",
    title: "params: undefined, and a redundant object test",
    why: 'A request member set to undefined is dropped by JSON.stringify, so `request.params = undefined` writes the same bytes; a non-object response also fails the `jsonrpc === "2.0"` test that follows.',
  },
  {
    file: "src/rpc/client.ts",
    kind: "own choice",
    title: "which error a refused Response becomes",
    why: "The client checks require that a Response that is not the call's is refused (the call rejects with a numeric code). Which code and message the rejection carries (ParseError or InternalError, our text, the fallbacks for an error object without a numeric code or string message), and whether an error Response for another id rejects as that error or as a mismatch (the call rejects either way), is our API.",
  },
  {
    file: "src/rpc/client.ts",
    kind: "own choice",
    title: "client options and the typed caller",
    why: "checkResponse, close() and createTypedCaller's validateResults are our API for generated clients (unit-tested in test/rpc/engine.test.ts and the Wit client tests), not JSON-RPC requirements.",
  },
  // ---- rpc: errors.ts ----
  {
    file: "src/rpc/errors.ts",
    kind: "own choice",
    title: "RpcError's name, from() and is()",
    why: "Helpers of our API for handlers and clients; they do not reach the wire.",
  },
  {
    file: "src/rpc/errors.ts",
    kind: "equivalent",
    title: "toJSON without data",
    why: "`data: undefined` is dropped by JSON.stringify: the error object on the wire is the same.",
  },
  // ---- wright-agent: host/stdio.ts (subset run, ranges for the file at 729cdfd) ----
  {
    file: "src/wright-agent/host/stdio.ts",
    kind: "equivalent",
    title: "the parser's size limit on a line already capped",
    why: "readLines has already dropped every line over MAX_LINE_BYTES, so parseJson's own limit (its 16 MiB default instead of MAX_LINE_BYTES) is never what refuses a line.",
  },
  {
    file: "src/wright-agent/host/stdio.ts",
    kind: "own choice",
    title: "how a line that is not JSON is refused",
    why: "The check wright-agent/stdio-garbage pins the refusal (a malformed-request error, the session goes on). With `ok: true` the undefined value goes to the service, which refuses it with the same code; only the message (ours) differs.",
  },
  {
    file: `${FW}fold.ts`,
    lines: [
      [237, 237],
      [336, 370],
    ],
    kind: "kept counted",
    title: "fastDelta declining more often, or a guard a later guard repeats (decision 227)",
    why: "fastDelta (the allocation-free block_delta path of `adoptEvents`, which the fold command uses) returns false, changing nothing, whenever it is not sure, and the event then goes down the full path, which decides it exactly (test/conformance/frame-wire-fast-path-power.test.ts compares the fold command with the copying reference fold on generated streams, repeated paths included, and kills the mutants that make it ACCEPT more: an unknown op taken as applied, a non-integer seq). The survivors listed make it decline more often (a guard forced true, a bound moved inwards, the body or the `copy ||` test emptied, field_set or element_append never taken), drop a guard a later one repeats (a primitive event has no type; a non-number index finds no dense slot; a missing value is undefined; a string seq is no integer), or return false after applying (the full path then discards the event as a repeated seq). Kept counted, not disabled: fold.ts is being rewritten by the frame-wire performance session, and comments placed now would land on other lines after that merge.",
  },
  // ---- wit: the store (src/wit/store) and the conflict detectors ----
  {
    file: "src/wit/store/locks.ts",
    kind: "equivalent",
    title: "a return value nobody reads, and a shortcut for an empty list",
    why: "lock.release checks that the lock exists and is the caller's before deleting it and ignores delete()'s boolean, so `changes >= 0` or `<= 0` changes no answer. activeAmong([]) asks SQLite for the rows IN an empty list without the shortcut: none, the same empty map.",
  },
  {
    file: "src/wit/store/locks.ts",
    kind: "own choice",
    title: "housekeeping and an unused helper",
    why: "purgeExpired is optional housekeeping (its comment: queries ignore expired rows anyway) that no method runs; ttlRemainingMs is not called by the daemon (handlers.ts computes the remaining TTL inline), so no answer can depend on it.",
  },
  {
    file: "src/wit/daemon/conflicts.ts",
    kind: "own choice",
    title: "touching byte ranges do not overlap (end offsets exclusive)",
    why: "The contract says INTENT_OVERLAP is an \"overlapping byte range\" and gives startByte/endByte without saying whether the end is inclusive; ours are tree-sitter's (end exclusive), so ranges that touch do not overlap. The fixtures' functions never touch, and a check must not pin the reading.",
  },
  {
    file: "src/wit/daemon/conflicts.ts",
    kind: "equivalent",
    title: "a default argument every caller overrides",
    why: "overlapItems' canonicalFile defaults to the identity; the daemon always passes its canonical-path function, so the default is never used.",
  },
  {
    file: "src/wit/daemon/conflicts.ts",
    lines: [
      [17, 17],
      [36, 38],
    ],
    kind: "kept counted",
    title: "equivalent or own choice, but a line comment would also hide killed mutants of the same line",
    why: "Line 17, each single `=== null` test (and `&&` between the first pair): equivalent, a range is null at both ends or at neither (intentRange and the stored rows set them together); but the same line's whole-condition mutant is killed (wit/intent-conflicts, G's file-level intent; wit/model), and a `next-line` comment works per mutator, not per mutant. Lines 34-36, the method chain: dropping the own-session filter (34, 35) is our choice (docs/wit.md, decision 051: the caller's own intents never overlap; the seed leaves it open), the status re-check (36) is equivalent (the daemon passes store.intents.query({}), which holds declared and active intents only); comments inside a method chain do not reach these nodes, and one before `return live` would also ignore the chain's killed MethodExpression mutants. Kept in the score rather than hide kills.",
  },
  {
    file: "src/wit/store/database.ts",
    kind: "not a protocol check",
    title: "how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)",
    why: "The Wit suite speaks to the daemon over its socket; the SQLite file behind it (directory mode, WAL, synchronous and busy-timeout settings, the schema-version bookkeeping and the migration of an older store, the errors of a file that cannot be opened or migrated) is not observable through any method. test/wit/store.test.ts and test/wit/store-durability.test.ts test it (migrations, refusing a newer schema, WAL, durability after a kill).",
  },
  {
    file: "src/wit/store/migrations.ts",
    kind: "own choice",
    title: "migration names (error messages only)",
    why: "A migration's name appears only in the message of a failed migration; the version numbers are what the store keeps.",
  },
  {
    file: "src/wit/store/migrations.ts",
    kind: "equivalent",
    title: "query indexes (speed only)",
    why: "Migration 2's CREATE INDEX statements make lookups by file, symbol, status and session fast; without them every query returns the same rows, slower.",
  },
  {
    file: "src/wit/store/agents.ts",
    kind: "equivalent",
    title: "store methods the daemon never calls",
    why: "AgentStore.get and list, fileListHas and IntentStore.liveTouching are store API no daemon handler calls (agent.register answers from insert; intent.declare passes intents.query({}) to the overlap detector): no request reaches them.",
  },

  {
    file: "src/wit/store/file-list.ts",
    kind: "equivalent",
    title: "refusals and cases the params schema makes unreachable",
    why: "The engine validates params against contracts/wit/openrpc.json before any handler runs. intent.declare's files are minItems 1, each minLength 1 and matching ^[^\\u0000\\\\,]+$ (no ','), and the root itself ('.', './') is refused by the schema's `not`, so after canonical resolution every entry is a non-empty name without ',': encodeFileList's three refusals (an empty list, an empty entry, a ',') can never fire. A symbolPath matches ^[^\\u0000]+:[^:\\u0000]+$, so fileOfSymbolPath always finds a ':' after position 0 (`at < 0` forced false, or `at <= 0`, changes nothing).",
  },
  {
    file: "src/wit/store/file-list.ts",
    lines: [
      [11, 11],
      [15, 15],
      [17, 17],
      [24, 24],
    ],
    kind: "kept counted",
    title: "unreachable refusals of a file list and empty decoded entries, on lines whose other mutants are killed",
    why: "Equivalent by the two arguments above (the params schema makes encodeFileList's refusals unreachable; empty decoded entries match no declared file): each refusal's condition forced false (11, 15, 17), the refusal message of 17 emptied, and the empty-entry filter forced true or `>= 0` (24). But the same lines' other mutants of the same mutators are killed (a condition forced true refuses every declaration; `f.includes(\"\")`; `<= 0` drops every entry), and a `next-line` comment works per mutator, not per mutant. Kept in the score rather than hide kills.",
  },
  {
    file: "src/wit/store/intents.ts",
    lines: [[72, 72]],
    kind: "kept counted",
    title: "intent.query by the empty file name, on a line whose other mutants are killed",
    why: "`file.length === 0` forced false: the empty name then reaches SQL as instr(files, ',,'), which no stored list contains (the schema allows no empty entry), so it matches nothing either way (wit/intent-query-whole-entry queries it). The same line's other ConditionalExpression mutants are killed (a name spanning two entries, wit/intent-query-whole-entry), and a `next-line` comment works per mutator. Kept in the score rather than hide kills.",
  },
  {
    file: "src/wit/store/migrations.ts",
    lines: [[99, 99]],
    kind: "kept counted",
    title: "fileOfSymbolPath without a ':' at position 0 or none, on a line whose other mutants are killed",
    why: "Equivalent by the params-schema argument above (a symbolPath always has a ':' after position 0): `at < 0` forced false, or `at <= 0`. The same line's `true` and `>= 0` are killed (check-contracts no longer finds a contract's file), and a `next-line` comment works per mutator, not per mutant. Kept in the score rather than hide kills.",
  },
  {
    file: "src/wit/store/file-list.ts",
    kind: "equivalent",
    title: "empty entries of a decoded list match no declared file",
    why: "decodeFileList's only caller is the overlap detector (conflicts.ts), which asks whether any stored entry is one of the declaring intent's files. Without the filter (or with `length >= 0`, or always true) the leading and trailing empty entries of `,a,b,` are kept; an empty name is never a declared file (see the schema argument), so the same intents overlap.",
  },
  {
    file: "src/wit/store/contracts.ts",
    kind: "equivalent",
    title: "the store's clock is the daemon's clock",
    why: "daemon.ts opens the store with `now: () => clock.now()`, and contract.propose passes proposedAt = clock.now() taken in the same call. `c.proposedAt && this.now()` reads that clock again: under the manual clock of `conform wit` the same instant; under the system clock an instant inside the same call, which is all a client can bound proposedAt by.",
  },
  {
    file: "src/wit/store/contracts.ts",
    kind: "equivalent",
    title: "store refusals the daemon makes unreachable (it checks first, in the same transaction)",
    why: "contract.respond reads the contract and refuses an unknown one (CONTRACT_NOT_FOUND) or one not proposed (CONTRACT_ALREADY_RESOLVED with data.status) itself, inside the transaction that then calls store.contracts.respond, so the store's own not-found and already-resolved answers are never reached (the daemon's refusals are checked by wit/contract-semantics and wit/model).",
  },
  // round 7: wit
  {
    file: "src/wit/daemon/process.ts",
    kind: "not a protocol check",
    title: "the daemon process: its log lines, signals and exit code",
    why: "runDaemonProcess is `contract-suite wit daemon run`: it writes timestamped log lines to stdout, logs escaped exceptions, and on SIGTERM or SIGINT closes the daemon and returns 0. No check through the socket sees a process's stdout, signals or exit code (the killing suite starts the daemon in process, without it); test/wit/lifecycle.test.ts and test/wit/kill9.test.ts run the real process.",
  },
  {
    file: "src/wit/daemon/daemon.ts",
    kind: "not a protocol check",
    title: "start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file",
    why: "Before the daemon serves and after it stops: refusing a root that is not a directory, creating .wit (0700) and its .gitignore, taking and releasing the one-daemon-per-root lock (instance-lock.ts, decision 053), writing and removing the pid file, reclaiming a stale socket, chmod 0600, closing once, and the warm-up of the caller graph (a speed-up: every call builds the graph it needs). None of it is an answer on the socket: a conformance target is a daemon already serving. test/wit/daemon-http.test.ts (permissions, one daemon per root, stale sockets), test/wit/lifecycle.test.ts and test/wit/paths.test.ts check it.",
  },
  {
    file: "src/wit/daemon/daemon.ts",
    kind: "own choice",
    title: "the daemon's log (diagnostics for its operator)",
    why: "What the daemon logs (listening, caller graph ready or failed, internal and undeclared errors, failed requests, skipped staged paths) and in which words: the contract says nothing about a log, and no client sees it. Mutants that empty a message, drop a log call or its fallback text change only the log.",
  },
  {
    file: "src/wit/daemon/http.ts",
    kind: "own choice",
    title:
      "the HTTP layer beyond POST /rpc (decision 049: refusal statuses and bodies, 204, headers, timeouts, malformed HTTP)",
    why: "The contract (the seed's design note) says only: HTTP/1.1 POST /rpc with Content-Type application/json, answered synchronously. Which status and JSON-RPC body a wrong path, method or content type, an oversize body (413 from Content-Length or the streamed size, the 2 s drain) or malformed HTTP gets, 204 for a notification, the response headers, and the server's timeouts and connection limits are our choices (decision 049); wit/http-transport pins them in the reference profile only, and test/wit/daemon-http.test.ts checks each. A POST /rpc with application/json, which every check sends, is answered either way.",
  },
  {
    file: "src/wit/daemon/http.ts",
    kind: "not a protocol check",
    title: "an answer waits for its commit (group commit)",
    why: "The HTTP layer awaits store.durable() before it answers, so an answer is only ever sent for committed state. A daemon that answered first gives the same answers while it lives; the difference shows only if it dies between the answer and the commit, which no check can cause through the socket. test/wit/store-durability.test.ts and test/wit/kill9.test.ts check it.",
  },
  {
    file: "src/wit/daemon/clock.ts",
    kind: "equivalent",
    title: "the system clock and the manual clock's set() (the suite's daemon runs on a manual clock it only advances)",
    why: "The killing suite starts our daemon as `conform wit` does, on a ManualClock that the runner advances; systemClock is the default of a daemon started by the CLI and is never read there, and set() is the tests' API (test/wit/daemon-handlers.test.ts). A foreign daemon's clock is its own.",
  },
  {
    file: "src/wit/daemon/errors.ts",
    kind: "own choice",
    title: "INVALID_REQUEST's data (field errors) beyond code and message",
    why: "The contract declares INVALID_REQUEST as code -32600 with that message; what `data` holds is ours (decision 049: zod-style {formErrors, fieldErrors} naming the field, plus a reason). The checks compare codes and messages, as they must for a foreign daemon.",
  },
  {
    file: "src/wit/daemon/handlers.ts",
    kind: "equivalent",
    title: "a status the params schema cannot request",
    why: "intent.update's `status` is an enum of active, resolved and abandoned (the engine refuses anything else before the handler runs), so an extra entry ('Stryker was here') in a terminal status's list of allowed transitions is never requested; the terminal statuses still allow none of the three (wit/intent-transitions).",
  },
  {
    file: "src/wit/daemon/handlers.ts",
    kind: "not a protocol check",
    title: "a caller graph that cannot be built (warnings and DEP_CHAIN left out, logged)",
    why: "When the analysis fails (tree-sitter cannot load, the tree cannot be read), lock.acquire answers without caller warnings and intent.declare without DEP_CHAIN items, and the daemon logs why. A conformance target is a working daemon over the suite's fixture files, whose graph always builds; test/wit/daemon-handlers.test.ts breaks the analyzer in process.",
  },
  {
    file: "src/wit/daemon/handlers.ts",
    kind: "own choice",
    title:
      "canonical symbol keys beyond the contract (decision 144: bare method names, ambiguity, real files, stored spellings)",
    why: "The contract names a symbol by `file:symbolName` and puts file paths in canonical form ('./src//a.ts' is 'src/a.ts'); the rest of decision 144 is ours: a bare name denotes the one `Class.name` of its file, several such symbols are ambiguous (INVALID_REQUEST with data.candidates), the file part is the real path under the root, a query filter under a stored spelling needs no analysis, and a filter the path check refuses is kept as given (it matches no stored key). The suite's fixtures use top-level names only, as a foreign daemon's checks must; test/wit/symbol-keys.test.ts checks resolution.",
  },
  {
    file: "src/wit/daemon/daemon.ts",
    kind: "equivalent",
    title: "ping alone declares no params, and ping alone no errors",
    why: "PARAMLESS_METHODS is the set of methods of the contract that declare neither params nor errors. In contracts/wit/openrpc.json ping is the only method without params and also the only one without errors, so testing either half (an operand forced true, or `||` for `&&`) selects the same set: {ping}.",
  },
  {
    file: "src/wit/daemon/handlers.ts",
    kind: "own choice",
    title: "data of errors the contract declares without data",
    why: "contracts/wit/openrpc.json declares LOCK_NOT_FOUND, INTENT_NOT_FOUND, INTENT_NOT_OWNED, CONTRACT_NOT_FOUND and SELF_ACCEPT_NOT_ALLOWED with a code and a message and no data; the data our daemon adds (the symbolPath, intentId, contractId or proposer it refused) is ours, and a check cannot require it of a foreign daemon. The data the contract does declare (LOCK_CONFLICT's heldBy and expiresAt, LOCK_NOT_HELD's heldBy, INVALID_TRANSITION's current and requested, SYMBOL_NOT_FOUND's symbolPath, the statuses) is pinned and not argued.",
  },
  {
    file: "src/wit/daemon/handlers.ts",
    kind: "equivalent",
    title: "a filter member set to undefined",
    why: "The store's queries treat a filter member that is undefined as absent (`filter.sessionId === undefined`, `file === undefined`, `symbolPath === undefined`), so passing `{sessionId: undefined}` instead of `{}` (lock.query), or calling the filter's normaliser only when the param is given, selects the same rows.",
  },
  {
    file: "src/wit/daemon/handlers.ts",
    kind: "equivalent",
    title: "empty symbol names and an empty declared list (nothing to look up)",
    why: "intent.declare's symbols may contain '' (the schema sets no minLength). A pair `file:` would only meet a lock or a call-graph node named `file:`, and the symbolPath schema gives every lock a non-empty symbol ('^[^\\u0000]+:[^:\\u0000]+$') while the graph names declared symbols only: keeping empty names changes no conflict. With nothing declared, building the caller graph anyway gives no callees: the same items (speed only).",
  },
  {
    file: "src/wit/daemon/handlers.ts",
    kind: "equivalent",
    title: "contract.propose's second look-up (the facts canonical() already read)",
    why: "contract.propose takes the signature from the facts canonical() found; only when it found none does it ask analyzer.findSymbol, over the same stat-checked facts of the same file, which then finds none either. Looking again when a fact was found returns the same signature; its path-refused branch is unreachable (canonical() has already refused such a path with INVALID_REQUEST).",
  },
  {
    file: "src/wit/daemon/handlers.ts",
    kind: "equivalent",
    title: "the daemon's pre-check and the store's refusal give the same answer",
    why: "contract.respond refuses a contract that is not proposed with CONTRACT_ALREADY_RESOLVED and data.status; without the pre-check, store.contracts.respond (same transaction) refuses it with reason already-resolved and the row, which the handler answers with the same error and the same status.",
  },
  {
    file: "src/wit/daemon/handlers.ts",
    kind: "equivalent",
    title: "retirements looked up for every contract (only rejected ones have any)",
    why: "contract.query adds retiredAt and retiredBySessionId from the retirements table, which holds only contracts that contract.retire moved to rejected. Asking for every listed contract instead of the rejected ones finds no retirement for the others: the same records.",
  },
  {
    file: "src/wit/daemon/handlers.ts",
    kind: "equivalent",
    title: "an unusable staged path holds no contract (skipped or kept, no violation)",
    why: "check-contracts skips a staged path normalizeRelPath refuses (a backslash, a drive-like 'c:', NUL; decision 143). Not skipping it stores its content under an undefined key, which no accepted contract's file equals: no violation either way (the skip itself shows only in the log).",
  },
  {
    file: "src/wit/daemon/handlers.ts",
    kind: "equivalent",
    title: "stored contract keys always parse and name a staged file",
    why: "Contracts are stored under canonical keys that passed parseSymbolPath when proposed, and acceptedInFiles returns only contracts whose file is one of the staged keys: the `!parsed.ok` skip and the `?? []` fallback are never taken.",
  },
  {
    file: "src/wit/daemon/retire.ts",
    kind: "equivalent",
    title: "the named contract listed twice for retirement (the store retires it once)",
    why: "Without the `c.contractId !== row.contractId` filter the named contract is also among the superseded ones; store.contracts.retire moves each accepted contract to rejected with `WHERE status = 'accepted'` and reports a contract only when it changed a row, so the second mention retires and reports nothing.",
  },
  {
    file: "src/wit/daemon/handlers.ts",
    lines: [[67, 67]],
    kind: "kept counted",
    title: "which intents get a byte range, on a line whose other mutants are killed",
    why: "intentRange gives a byte range only to an intent naming exactly one file and at least one symbol (decision 051); the contract says only that startByte and endByte are null for a file-level intent, not which intents are file-level, so computing a range for more of them (the test forced false) is our choice. The same line's `true` (every intent file-level) is killed (wit/intent-query checks a one-file one-symbol intent's range), and a `next-line` comment works per mutator, not per mutant. Kept in the score rather than hide kills.",
  },
  {
    file: "src/wit/daemon/limits.ts",
    kind: "equivalent",
    title: "Buffer.byteLength counts UTF-8 when given no encoding",
    why: '`Buffer.byteLength(s, "")`: Node takes a missing or empty encoding as UTF-8, so the count is the same (wit/check-contracts-content-limit sends two-byte characters around the limit).',
  },
  {
    file: "src/wit/daemon/daemon.ts",
    kind: "not a protocol check",
    title: "the caller graph kept fresh while files change under a running daemon (the watcher and its sync cookies)",
    why: "The analyzer's watch option keeps the caller graph fresh when files change after it was built, and the graph is also stat-checked on demand. THAT the graph follows edits is protocol (decision 178: wit/caller-graph-follows-edits edits a file under a built graph and acquires at once); WHICH mechanism does it is ours: with the watcher off the on-demand stat check still answers right, so whether the watcher runs, and where its sync cookies go, shows only in cost and in test/wit/daemon-freshness.test.ts and test/wit/analysis-watch.test.ts.",
  },
  {
    file: "src/wit/daemon/daemon.ts",
    kind: "own choice",
    title: "the JSON parse limits (the body size the HTTP layer caps first, the nesting depth 64 of decision 050)",
    why: "The engine's parser is given the body limit and a nesting depth of 64. The body limit is enforced before by the HTTP layer (413), and the depth limit is ours (decision 050: the contract sets none; the protocol's own messages nest 4 levels). Without them the parser's own defaults apply.",
  },
  {
    file: "src/wit/daemon/handlers.ts",
    lines: [[357, 357]],
    kind: "kept counted",
    title:
      "which accepted contract check-contracts enforces, and ties between acceptances, on lines whose other mutants are killed",
    why: "When a symbol has several accepted contracts, check-contracts enforces the newest acceptance (decision 143) and contract.retire retires the older ones with it (decision 157); ties between acceptances in the same millisecond are broken by proposal order. The contract states neither (it says which contracts check-contracts enforces: accepted ones), so these are our choices: handlers.ts's `!held || ...` forced true (the last listed wins, which in the suite is also the newest), and retire.ts's tie-breaks (no two acceptances share an instant in the suite). The same lines' other mutants are killed (wit/contract-retire), and a `next-line` comment works per mutator. Kept in the score rather than hide kills.",
  },
  {
    file: "src/wit/daemon/retire.ts",
    lines: [[18, 18]],
    kind: "kept counted",
    title:
      "which accepted contract check-contracts enforces, and ties between acceptances, on lines whose other mutants are killed",
    why: "See handlers.ts.",
  },
  {
    file: "src/wit/daemon/http.ts",
    lines: [
      [34, 34],
      [113, 113],
      [121, 121],
      [154, 154],
      [160, 160],
    ],
    kind: "kept counted",
    title: "the HTTP layer's own choices on lines whose other mutants are killed",
    why: 'Own choices by the HTTP argument above (a missing Content-Type is 415, the 404 and 405 wording, the guards that keep a body read or a 413 drain from resolving twice), but the same lines hold killed mutants of the same mutators (a Content-Type test forced, `req.url ?? "/"`, the 405 Allow value, a guard forced true drops the body), and a `next-line` comment works per mutator, not per mutant. Kept in the score rather than hide kills.',
  },
  {
    file: "src/wit/daemon/symbol-keys.ts",
    lines: [
      [46, 46],
      [132, 132],
    ],
    kind: "kept counted",
    title: "canonical symbol keys on lines whose other mutants are killed",
    why: "Own choices by the canonical-keys argument above (the suffix match of a bare name, a found key's symbol), but the same lines hold killed mutants of the same mutators (the suffix filter dropped, the found test), and a `next-line` comment works per mutator, not per mutant. Kept in the score rather than hide kills.",
  },
  // round 8: wright-agent host
  {
    file: "src/wright-agent/host/mcp.ts",
    kind: "own choice",
    title: "what initialize reports beyond the negotiated version and the tools capability (serverInfo, listChanged)",
    why: "MCP's InitializeResult requires serverInfo {name, version} and the tools capability of a server that offers tools (wright-agent/mcp-framing checks both: an object, two strings); WHICH name and version (capabilities' name and version when the service answers them, else wright 0.0.0: serve.ts's serverInfo, mcp.ts's default) and whether tools.listChanged is false or absent are ours: the seed names neither, and our tool list never changes within a session, so no client can tell a promise of list_changed notifications that never come from none.",
  },
  {
    file: "src/wright-agent/host/serve.ts",
    kind: "own choice",
    title: "hostToolHandlers, our library API (createToolService, then serveToolService)",
    why: "hostToolHandlers is the library entry for a ToolHandlers implementation: createToolService(handlers, {operations, onInternalError}) handed to serveToolService. `serve wright-agent` and the killing suite serve a ToolService through serveToolService directly, so no conformance target runs through it; its options are our API (decision 221).",
  },
  {
    file: "src/wright-agent/host/lines.ts",
    kind: "equivalent",
    title: "a CR inside a request line is JSON whitespace or invalid either way",
    why: "readLines drops a CR before the LF (decision 075); `/\\r/` instead of `/\\r$/` drops the first CR wherever it is. A CR outside a string is JSON whitespace and one inside a string is invalid JSON (it must be escaped), so the line parses, or fails, the same. (The CR LF case itself is pinned: wright-agent/mcp-framing and jsonrpc-params send CR LF lines.)",
  },
  {
    file: "src/wright-agent/host/lines.ts",
    kind: "equivalent",
    title: "a chunk given as a string is encoded as UTF-8 either way",
    why: 'A process\'s stdin and a socket yield Buffers; were a chunk a string, Buffer.from(string) and Buffer.from(string, "utf8") (or an empty encoding, which Node reads as utf8) give the same bytes, and Buffer.from of a Buffer ignores the encoding. No input can tell the branches apart.',
  },
  {
    file: "src/wright-agent/host/lines.ts",
    kind: "own choice",
    title: "where the 16 MiB line cap (decision 075) is enforced, and its boundary",
    why: "The 16 MiB cap is our limit (decision 075): the seed names none. A line over it is discarded while it streams in; without the discard (the test forced false, the block emptied) the whole line is buffered and the parser's own 16 MiB limit refuses it with the same refusal (-32700, or malformed-request on stdio), so only memory differs; `>=` moves the boundary by one byte, which only a line of exactly 16 MiB sees. The checks pin that a 17 MiB line is refused and the session goes on (stdio-overlong-line, mcp-framing, jsonrpc-params).",
  },
  {
    file: "src/wright-agent/host/lines.ts",
    kind: "equivalent",
    title: "what a discarded line's buffer holds until the line ends",
    why: "Once a line is over the cap, every later piece of it lands in the same branch (size only grows until the line ends), and finish() answers {oversize} and empties the buffer whatever it holds; so what `parts` is set to there is never read.",
  },
  {
    file: "src/wright-agent/host/lines.ts",
    kind: "own choice",
    title: "a last line without its newline when the input ends is still served",
    why: "The seed says one request per line; a final line the client never terminated (its input closed first) is served by our hosts as a courtesy, and an over-long one still refused. A conformance client always ends its lines, so no check sees it; test/wright-agent/host.test.ts (readLines: keeps a final unterminated line) checks it.",
  },
  {
    file: "src/wright-agent/host/lines.ts",
    kind: "not a protocol check",
    title: "a reply the output stream failed to take, and waiting for drain",
    why: "writeLine rejects when the output stream errors (the client went away) and waits for drain under backpressure. Neither is visible to a client: one that is gone reads nothing, and the suite's replies are far below a socket's buffer (the drain branch is never reached in process). Mutants that drop the error listener, its removal or the drain wait change only what happens after the peer stopped reading. test/wright-agent/host.test.ts runs the transports over real streams.",
  },
  {
    file: "src/wright-agent/host/mcp.ts",
    kind: "equivalent",
    title: "the served mock advertises every operation it serves (capabilities.operations is its whole set)",
    why: "The hosts expose what capabilities.operations advertises: advertisedOperations asks capabilities and keeps the known names, tools/list filters the MCP table by it, the JSON-RPC aliases exist for advertised operations only, tools/call parses with the service's operations. Our mock advertises exactly the operations it serves (createMockService: every operation by default, capabilities answering that set), so skipping capabilities, keeping unknown names, listing the whole table or every alias changes nothing against it. The filters themselves are pinned for servers that advertise fewer: wright-agent/mcp-tools-list (exactly the advertised tools) and mcp-protocol-errors (an unlisted tool is -32602).",
  },
  {
    file: "src/wright-agent/host/mcp.ts",
    kind: "own choice",
    title: "blank lines on the JSON-RPC and MCP transports get no reply (decision 075)",
    why: "Decision 075 (ours) skips blank lines on every transport. JSON-RPC 2.0 and MCP's stdio transport say nothing of an empty line (it is no message; answering it -32700 with id null is as valid), and the seed only says one request per line. So what the JSON-RPC and MCP hosts do with one is ours (test/wright-agent/host.test.ts checks it); only stdio's is checked (wright-agent/stdio-blank-lines, written in round 5 on decision 075).",
  },
  {
    file: "src/wright-agent/host/mcp.ts",
    kind: "own choice",
    title: "a tools/call argument named op or one the tool omits is ignored",
    why: "The tool name carries op, and the MCP table drops fields from a tool's input schema (sources on the Workshop edit tools, documents and sources on providerValidateEdit). An argument named op is overwritten by the tool's op on the next line whatever the filter does (equivalent); an omitted field sent anyway is ignored like any unknown member by our choice: the seed only says the tool's schema drops it, not what a call that sends it gets.",
  },
  {
    file: "src/wright-agent/host/mcp.ts",
    kind: "equivalent",
    title:
      "the engine shapes params before a host's validator sees them (method names, structures and specs the hosts do not rely on)",
    why: "Both hosts hand src/rpc's engine a method table. The engine refuses params that are neither an object nor an array (-32600) and by-position params a by-name method cannot take (-32602), and maps an alias's positional [] to {} before any validator runs; on MCP, screen() refuses every by-position params first. So the hosts' validators only ever see objects: `request`'s object test, MCP's always-true validator's `errors`, a spec's `params` and `errors` lists (no handler throws a declared error), the spec's name and an alias's \"either\" (the engine keys methods by the table's keys and treats an unknown structure like either) change nothing a client can send.",
  },
  {
    file: "src/wright-agent/host/mcp.ts",
    kind: "own choice",
    title: "McpHost.protocolVersion, our library API",
    why: "createMcpHost's protocolVersion getter reports the negotiated version to a caller of our API (test/wright-agent/host.test.ts); serveMcp never reads it, and a client sees the negotiated version only in initialize's answer, which wright-agent/mcp-negotiation pins.",
  },
  {
    file: "src/wright-agent/host/mcp.ts",
    lines: [
      [150, 150],
      [152, 152],
      [206, 206],
      [212, 212],
    ],
    kind: "kept counted",
    title: "screen()'s and the MCP handlers' own choices and equivalents on lines whose other mutants are killed",
    why: "(Line numbers as of round 9.) Line 150: a message without method that is not a valid JSON-RPC 2.0 response (another version, a null id) is answered -32600 by the engine; dropping it instead is ours to choose (a response of the client's is dropped, a message with an id only is -32600: wright-agent/mcp-framing). Line 152: a request with a bad id AND another jsonrpc or a non-string method is refused -32600 by the engine as by screen(): equivalent up to data. Line 206: a string cursor we never issued (tools/list never pages) is accepted; refusing it is ours. Line 212: a name that is not a string is refused -32602 by the unknown-tool test next anyway (only our message differs). The same lines hold killed mutants of the same mutators, and a next-line comment works per mutator: kept in the score rather than hide kills.",
  },
  {
    file: "src/wright-agent/host/jsonrpc.ts",
    lines: [[21, 21]],
    kind: "kept counted",
    title: "isPlainObject's guards in the JSON-RPC validators, on a line whose other mutants are killed",
    why: "The validators only see objects (see the engine-shapes-params argument), so the single-guard mutants of isPlainObject survive; its other mutants are killed (an alias with {force: true} or [1]: wright-agent/jsonrpc-params). Kept in the score rather than hide those kills.",
  },
  // round 8: wright-agent model
  {
    file: "src/wright-agent/mock/derive.ts",
    kind: "own choice",
    title: "the cfg and element count the mock derives for a fixture rule that spells out neither",
    why: 'deriveCfg and deriveElementCount complete a rule of OUR fixture format (wright-agent-fixture/v1, where cfg and elementCount are optional) from its statement texts: a crude model of Workshop that stands in for the real compiler. The contract says what cfg and costEstimate report for a program, not how a fixture without those facts is to be completed; the killing suite serves only our default fixture, which spells out both for every rule (src/wright-agent/fixtures/build-default-project.ts derives them at build time with these functions), so the mock never reaches them there (their module-level tables would be static mutants, each a fresh process and the whole suite). test/wright-agent/fixture.test.ts ("derived facts") checks the derivation. elementTotal, which every rule\'s count uses, stays mutated.',
  },
  {
    file: "src/wright-agent/mock/fixture-load.ts",
    kind: "own choice",
    title: "the fixture loader's messages (the loader code is the contract's)",
    why: 'The design note asks that a broken or missing fixture refuse with a loader code (parse-error, input-io) until repaired; docs/wright-agent.md adds that the message lists the first problems. Their wording (the read error\'s text, the JSON parse error, the runtime allErrors explanation of a schema failure and its Ajv options, the JSON pointers of the cross-check problems, how many are shown and the "(and N more)" tail) is ours: no check reads a refusal message beyond its presence, and a foreign server words its own. The codes and whether a fixture is refused stay mutated (wright-agent/state-freshness, wright-agent/fixture-validity).',
  },
  {
    file: "src/wright-agent/mock/edits.ts",
    kind: "own choice",
    title: "the edit diagnostics' wording, and one diagnostic per unknown or stale source",
    why: "The seed asks that stale, overlapping and invalid edits return an explicit refusal without a partial edit set (wright-agent/edit-transactions refuses each and requires diagnostics); which diagnostic each problem gets, its message, and whether a source named by several edits is reported once or per edit are ours (the codes edit-stale-source, edit-overlap and edit-invalid-range are not the contract's).",
  },
  {
    file: "src/wright-agent/mock/edits.ts",
    kind: "own choice",
    title: "two edits at one point where one inserts are refused as overlapping",
    why: "Two edits starting at the same offset where at least one is an insert do not intersect, but their order is undefined (which text comes first); the mock refuses them as overlapping. The contract says only that overlapping edits are refused; a server that orders them (or refuses only intersecting ranges) conforms too. Intersecting ranges stay mutated (wright-agent/edit-transactions).",
  },
  {
    file: "src/wright-agent/mock/edits.ts",
    kind: "own choice",
    title: "the mock's stand-in parse diagnostic (its code, stage, span and wording)",
    why: "checkDelimiters stands in for workshop-rs's parser (the real parse diagnostics of the seed are upstream's): that an unbalanced or unterminated edit is refused stays mutated (wright-agent/edit-transactions); the diagnostic it reports (parse-error, frontend, a one-column span at the offending character, the message) is the mock's own.",
  },
  {
    file: "src/wright-agent/mock/program.ts",
    kind: "equivalent",
    title: "a finding whose code no lint rule registers (the loader refuses such a fixture)",
    why: "Every finding's code is a registered lint rule (crossCheck refuses the fixture otherwise: wright-agent/fixture-validity), so lintSeverity always has it and the `severity === undefined` half of the test is never true: forcing it false changes nothing.",
  },
  {
    file: "src/wright-agent/mock/program.ts",
    kind: "own choice",
    title: "file:// and backslash spellings of a file selection (beyond the contract's)",
    why: "The seed: the path as passed, root-relative or absolute spellings select a file. resolveFile also accepts a file:// URI and backslash separators; both are ours (no check may require them of another server). Root-relative spellings stay mutated (wright-agent/file-selection).",
  },
  {
    file: "src/wright-agent/mock/program.ts",
    kind: "equivalent",
    title: "posix.normalize already drops a leading ./",
    why: 'posix.normalize("./main.ws") is "main.ws": after it, no spelling starts with ./ (normalize keeps a leading ./ only for "./" itself, which names no file either way), so the test and its slice change nothing.',
  },
  // round 8: wright-agent ops
  {
    file: "src/wright-agent/mock/ops-static.ts",
    kind: "own choice",
    title: "the wording of the mock operations' refusals and payload diagnostics",
    why: "The seed: \"Error codes are the machine-readable discriminator; error message wording is for people and is not stable.\" The mock's sentences (the nearest-name hints, the lists of known locales, kinds and providers, the stale-input and edit-unsupported explanations, emittedBytesUnavailable's reason) are ours; every check compares codes, never words. Mutants that empty or change a message keep code, ok and exit.",
  },
  {
    file: "src/wright-agent/mock/ops-workflows.ts",
    kind: "own choice",
    title: "which command lines next lists",
    why: 'The seed adds `next` to check, lint, analyze and inspect as "a list of complete wright command lines a renderer prints"; which lines a tool suggests is the tool\'s (ours name wright commands that exist). The schema pins the shape (an array of strings); mutants that empty the list or a line change only the suggestion.',
  },
  {
    file: "src/wright-agent/mock/ops-edits.ts",
    kind: "own choice",
    title: "editStatements' assumed statement-edit request (the companion document is not available)",
    why: "The seed puts editStatements' request and result rules in agent-contract-edits.md, which we do not have; the design note says to keep the shapes open and document what is assumed. The mock assumes {rule, op, list (default actions), index, text} with one statement per line, and refuses what it cannot take (no op or index, no text for insert/replace, a position it has no statement for, an empty edit list) with its own payload codes and messages. wright-agent/ops-edit-statements pins what holds whatever shape a server takes (a stale identity or an out-of-range position is never ok; an edit that is taken does what it says); which requests are taken, and the defaults, are the assumption.",
  },
  {
    file: "src/wright-agent/mock/ops-static.ts",
    kind: "own choice",
    title: "lookup's ranking of inexact matches (the vocabulary companion document is not available)",
    why: 'lookup resolves "a free-text name guess"; its rules are in agent-contract-vocabulary.md, which we do not have. wright-agent/ops-vocabulary pins that an entry\'s own spelling finds it first, the limit and the kind and within filters; how the mock normalises a guess and ranks prefixes, substrings and near misses (the edit-distance bound, ties by catalog order) is its own heuristic.',
  },
  {
    file: "src/wright-agent/mock/ops-static.ts",
    kind: "own choice",
    title: "defaults for catalog and fixture members a fixture leaves out",
    why: "wright-agent-fixture/v1 lets a fixture omit profiles, defaultLocale, a lint rule's rationale, documentation, known limits, tags, fixable, the policy's configFile and ruleFiles, skipped; the mock then serves ours (off/compat, en-US, empty strings and lists, false), and joins known limits into lintRules' string with newlines. The default fixture states every one of them, so no served project can tell; another fixture's author chooses by stating them.",
  },
  {
    file: "src/wright-agent/mock/ops-workflows.ts",
    kind: "own choice",
    title: "diagnostic stage and source metadata of the mock's own diagnostics",
    why: "wright-result/v1 diagnostics carry a stage and a source; the seed requires provider diagnostics to stay distinguishable by their origin, not which stage a loader failure or a stale-input is filed under. The mock's stages (frontend/discovery/analysis/validation) and source kinds (loader, wright) are ours; checks compare the diagnostic's code.",
  },
  {
    file: "src/wright-agent/mock/ops-findings.ts",
    kind: "own choice",
    title: "costEstimate's kind labels",
    why: "costEstimate's kind says how exact each part of the estimate is ({exact, findings, performance} strings, required by the committed upstream schema); the labels (exact / static / heuristic) are the tool's wording, not given by the seed.",
  },
  {
    file: "src/wright-agent/mock/ops-static.ts",
    kind: "own choice",
    title: "the mock's own operation-subset option",
    why: "createMockService({operations}) (serve wright-agent --operations) advertises a subset; the killing suite's mock serves all 24 operations, so filtering the catalog by the served set changes nothing there. test/wright-agent/client.test.ts serves a subset (createMockService with three operations).",
  },
  {
    file: "src/wright-agent/mock/ops-static.ts",
    kind: "equivalent",
    title: "a cursor the mock never issues",
    why: "listEntries issues cursors for offsets offset + pageSize >= 1 only; accepting or refusing a decoded offset of 0 (>= 0 vs > 0) differs only for a cursor no page ever handed out, which the caller could only forge from our private encoding (the cursor is opaque).",
  },
  {
    file: "src/wright-agent/mock/ops-workflows.ts",
    kind: "own choice",
    title: "the exit code of a failed workflow load (2 unreadable, 1 does not parse)",
    why: "The seed: a failed load surfaces inside the wright-result/v1 envelope's diagnostics, with the code a snapshot query refuses with (wright-agent/ops-fixture-variants pins ok: false, a non-zero exit and that code). Which non-zero exit an unreadable input gets versus one that does not parse is the tool's (we follow the CLI: a usage-level failure is 2, a program error 1).",
  },
  {
    file: "src/wright-agent/mock/ops-workflows.ts",
    kind: "own choice",
    title: "simulate without athena, and the members simulate echoes",
    why: 'The catalog is read when the service starts, and the killing suite\'s mock links athena 0.7.3; a service that links none (its code simulate-unavailable, the "unavailable" athena_version placeholder) is another start-up configuration, and those values are ours. The echoed seconds and inputIdentity beside the unchanged trace are members we add (wright-agent/v1 permits additive response fields).',
  },
  {
    file: "src/wright-agent/mock/ops-queries.ts",
    kind: "own choice",
    title: "the mock's rule-content stand-in document",
    why: "The seed defines rule content as the owner's workshop-rs/rule-content-v1 document ({call, args} with catalog ids in parameter order); the mock renders a stand-in (each statement's text and span, the catalog id of its leading call), documented at ruleContentRenderer. wright-agent/ops-source-facts pins the catalog id of a statement that starts with a call the vocabulary spells; the renderer's guards (a language without entries, an entry the input locale does not spell, a head without parentheses) change nothing for the served catalog, and the format label is the owner's.",
  },
  {
    file: "src/wright-agent/mock/ops-queries.ts",
    kind: "equivalent",
    title: "optional chaining over spans the served program always has",
    why: "Fixture rules and references may be unmapped (span null); the default fixture maps every rule, so `r.span?.file` and `r.span.file` read the same file for every rule a file filter compares.",
  },
  {
    file: "src/wright-agent/mock/ops-queries.ts",
    kind: "own choice",
    title: "cfg's optional label member",
    why: "A block's label (its statement text) is an optional member of the contract's CfgBlock; whether the mock adds it for blocks the fixture labels is ours (wright-agent/ops-cfg reads it only when present).",
  },
  {
    file: "src/wright-agent/mock/ops-queries.ts",
    kind: "own choice",
    title: "the mock's reading of a persistent object's reevaluation and of a subroutine rule's scope",
    why: "The contract describes reevaluation as the creating action's {domain, mode} and executionScope as the creating rule's; which argument names the reevaluation (the mock: one naming Visible To, Position, Radius, String or Color, without parentheses), the domain label (the object kind), and the scope of an object created in a subroutine rule (the mock: caller) are the mock's readings. wright-agent/ops-source-facts pins that a mode is one of the action's arguments and that an ongoingGlobal rule's objects are global.",
  },
  {
    file: "src/wright-agent/mock/ops-workflows.ts",
    kind: "own choice",
    title: "the order among entries of equal rank, and complexity's secondary key",
    why: "The seed ranks hotspots, rules by element count, risks and condition trees (largest or most severe first) and says nothing of ties; the mock breaks them by program order, and ranks complexity by branches then blocks. The power-ops checks pin the primary order; mutants of the tie-breaker or secondary term change only the order among equals.",
  },
  {
    file: "src/wright-agent/mock/ops-workflows.ts",
    kind: "own choice",
    title: "what analyze's topVariables counts as a reference",
    why: 'analyze reports top variables (the seed: "overview, cost, hotspots, complexity, risks, and top variables"), ranked by use, without defining the count; the mock counts a variable\'s references other than its declaration. wright-agent/ops-workflows pins that every variable is listed and the ranking follows the reported count.',
  },
  {
    file: "src/wright-agent/mock/ops-findings.ts",
    lines: [
      [16, 16],
      [27, 27],
      [48, 49],
      [65, 65],
      [75, 75],
      [89, 89],
      [116, 116],
      [131, 131],
      [143, 167],
      [182, 190],
    ],
    kind: "gap",
    title:
      "findings and lint: the byte-bound edge and withheld count under a selection, costEstimate's ties, selection and truncation members",
    why: "Round 9 (wright-agent/ops-lint-policy) pins lint's verdict against failOn, lint's file filter and byCode, and costEstimate {severity, max}. Not yet pinned: the bound's edge (a result of exactly 5,500 bytes) and selection.withheld when the byte bound cuts a selected list, lintRules' kind, costEstimate's tie order between equal counts, its selection and truncation members when max or severity is given, elementCountUnavailable beside an available count, the waitActions regex's edges (Wait Until with spaces), and emittedBytesUnavailable when the bytes are known.",
  },
  {
    file: "src/wright-agent/mock/ops-queries.ts",
    lines: [
      [153, 160],
      [171, 191],
      [197, 221],
      [226, 258],
    ],
    kind: "gap",
    title:
      "callGraph's edge bookkeeping, cfg's successor kinds and actions, persistent objects the default fixture does not exercise",
    why: "wright-agent/ops-fixture-shapes writes a repeated call and a same-kind destroy into the fixture; still unexercised: a call outside a rule, a persistent object outside a rule or an action, more persistent objects than the cap, the destroy patterns of the other kinds and their anchoring; cfg's checks pin the graph's closure, branches and loop heads but not which single edge is next versus loop, nor that a block lists the action it covers; the argument parser's edges (a call without parentheses) are not met. A fixture variant with those shapes (ops-fixture-variants style) would pin them.",
  },
  {
    file: "src/wright-agent/mock/ops-static.ts",
    lines: [
      [46, 46],
      [56, 56],
      [88, 95],
      [111, 112],
    ],
    kind: "gap",
    title:
      "lookup without a query, its kind and within filters' null forms, an entry missing in the requested locale, a forged cursor",
    why: "Not yet pinned: lookup's candidate order without a query (catalog order), a kind or within sent as null, the display name of an entry the requested locale does not spell (the default locale's), the tie order of lookup's ranking where it is not our heuristic, and a cursor whose kind matches but within does not.",
  },
  // round 9: wright-agent ops
  {
    file: "src/wright-agent/mock/ops-edits.ts",
    kind: "own choice",
    title: "the layout of an inserted statement line (the indentation it copies)",
    why: "editStatements' insert adds the statement on a line of its own (wright-agent/ops-edit-statements pins the line and that it holds the statement); the mock copies the anchor statement's leading blanks so the result reads like its neighbours. Whitespace before a Workshop statement has no meaning to the parser, and the statement-edit companion document (agent-contract-edits.md) is not available to say how a tool lays the line out: mutants that copy another line's indentation, none, or a non-blank prefix change only the layout.",
  },
  {
    file: "src/wright-agent/mock/ops-edits.ts",
    lines: [[138, 145]],
    kind: "gap",
    title: "editStatements: the ranges a delete or an insert assembles, when broken, only make the edit fail",
    why: "A mutant that breaks the range of a delete (its start or end object, end line - 1) or an insert makes the assembled transaction fail validation, so the mock answers ok: false: from outside that is a server that does not take the assumed statement edit, which wright-agent/ops-edit-statements allows (the request shape is the mock's assumption). Killing them needs a relation that obliges a server to take a delete or an insert, which the missing companion document would have to give.",
  },
  {
    file: "src/wright-agent/mock/ops-edits.ts",
    lines: [
      [126, 126],
      [128, 128],
    ],
    kind: "kept counted",
    title: "editStatements' position test: mutants that only refuse more statement edits",
    why: "Lines 126 and 128 compute the last position an edit may name and refuse a position the rule has no statement for. Their surviving mutants (an insert's limit taken as a delete's; index >= limit; any insert refused; every edit refused) only make the mock refuse edits the assumed request shape would take, which is the own choice 'editStatements' assumed statement-edit request'; the same lines' mutants that accept more are killed (a delete or replace past the end: wright-agent/ops-edit-statements; an insert into an empty list: wright-agent/ops-edit-sources, never a server fault), and a next-line comment works per mutator: kept in the score rather than hide kills.",
  },
  {
    file: "src/wright-agent/mock/ops-edits.ts",
    lines: [[78, 78]],
    kind: "kept counted",
    title:
      "providerValidateEdit's post-edit diagnostics: the where-object only words the message; the origin's provider name",
    why: "Line 78 turns the post-edit check's diagnostics into provider diagnostics. `{ source: uri }` -> {} changes only the diagnostic's message text (checkDelimiters maps no span without a file and path), which is the own choice 'the wording of the mock operations' refusals and payload diagnostics'; `{ kind: req.language_id }` -> {} keeps a source member but drops the provider's name from it: wright-agent/ops-provider-documents requires a status and a source, not yet that source.kind names the language_id (a gap: the check's body would need a --force run). The line's object mutant that drops status and source is killed, so no per-mutator comment.",
  },
  {
    file: "src/wright-agent/mock/ops-edits.ts",
    lines: [[86, 86]],
    kind: "gap",
    title: "editStatements' payload refusal: its diagnostics list",
    why: "payloadRefusal answers ok: false with one diagnostic naming the code; the checks require ok !== true for a stale identity or an out-of-range position but not yet that the refusal carries a diagnostic (the seed: an explicit refusal without a partial edit set).",
  },
  {
    file: "src/wright-agent/mock/ops-workflows.ts",
    lines: [[44, 44]],
    kind: "gap",
    title: "a failed workflow load's exit (loaderExit emptied)",
    why: "loaderExit -> () => undefined leaves the failed envelope without an exit, which wright-agent/ops-workflow-edges should catch (its envelopes validate against their result schemas and exit must be a non-zero integer); it survived round 9's run. Not investigated for lack of time: perhaps the check runner's per-check coverage of a module-level arrow function (a static mutant).",
  },
  // round 9: wright-agent compile
  {
    file: "src/wright-agent/mock/compile.ts",
    kind: "equivalent",
    title: "translating into the input locale is the identity",
    why: "renderProgram maps each vocabulary entry's canonical input spelling (spellings[input][0], the Map key) to the target locale's canonical spelling; with the input locale as the target that is the key itself (an entry sharing a spelling with an earlier one is stored under the same key, so it maps back to it too). Translating when the target is the input locale (the `locale !== input` test forced true) replaces every match with the same text. Without any pattern the test is never reached: the `pattern &&` half stays mutated (wright-agent/compile-fixture-variants compiles a source saying undefined with no vocabulary).",
  },
  {
    file: "src/wright-agent/mock/compile.ts",
    kind: "own choice",
    title: "the layout of the mock's emitted text (a header comment, sources joined by newlines)",
    why: "The seed: compile writes \"the program\" to the file and the emitted text uses the target locale's spellings; what else the file holds is the tool's. The mock writes a header comment naming itself, the entry and the locale, then each source after a `// <path>` line, joined by newlines: comments, so dropping the header or the joining newline (a `// <path>` comment then follows the previous source's last line) emits the same Workshop program. wright-agent/compile-output and compile-locales pin the program's spellings in the file and output.sha256 against its bytes.",
  },
  {
    file: "src/wright-agent/mock/compile.ts",
    kind: "equivalent",
    title: "a fixture without diagnostics has no error",
    why: "hasErrors reads the fixture's optional diagnostics with `?? []`; the mutant's stand-in list holds a string, whose severity is undefined, so `some(severity === \"error\")` is false exactly as for the empty list. (programDiagnostics' `?? []` is pinned: wright-agent/compile-fixture-variants compiles a fixture without diagnostics and validates the envelope.)",
  },
  {
    file: "src/wright-agent/mock/compile.ts",
    kind: "own choice",
    title: "the stage and source a fixture diagnostic is reported with",
    why: "Our fixture's diagnostics carry {code, severity, message, span} and are the program's (workshop-rs's, docs/wright-agent.md); the contract's Diagnostic adds a stage (an enum) and a source (a free kind). Which stage the mock files them under (frontend for parse-error, validation otherwise) and the source kind workshop-rs are its reading: the seed names neither, and the default fixture has no parse-error diagnostic. That the stage is one of the enum's (validation) stays mutated (every compile envelope is validated against CompileResult by the power-compile checks), as do code, severity and span (wright-agent/compile-output).",
  },
  {
    file: "src/wright-agent/mock/compile.ts",
    kind: "own choice",
    title: "the code and message of a compile that cannot write its file",
    why: "The seed: a failed compile writes no file; it names no code for an output the service cannot write (a directory in the way, a missing parent directory). The mock reports output-io with exit 2 and the write error's text; wright-agent/compile-output pins that such a compile fails with an error diagnostic and no output member and leaves the working directory as it was (no temporary file either), or, if a server manages to write, that the file is there with its hash.",
  },
  // round 9: wright-agent resolve
  {
    file: "src/wright-agent/mock/addresses.ts",
    kind: "own choice",
    title: "the order of an ambiguous-* refusal's candidates",
    why: "RuleAddressBook.resolve sorts the rule indexes an address can mean. The order only reaches the ambiguous-rule refusal's candidates and message (a single match is taken whatever the order, and computeCanonical asks only for the count): the seed says the refusal lists the canonical addresses, the schema gives each candidate its address and id, and neither fixes an order. wright-agent/resolve-rule-addresses compares the candidates as a set.",
  },
  {
    file: "src/wright-agent/mock/catalog.ts",
    kind: "equivalent",
    title: "an unreadable fixture is skipped either way (parsing no bytes fails)",
    why: "loadCatalog skips a fixture path it cannot read. With the test removed (`if (false)`), the failure's missing bytes go to FixtureParser.parse, whose JSON parse fails inside its own try (a parse-error result), so the loop still moves on to the bundled fixture and the same catalog is read.",
  },
  {
    file: "src/wright-agent/mock/catalog.ts",
    kind: "own choice",
    title: "the start-up error of a package whose bundled fixture does not load",
    why: "The shipped package's bundled default fixture always loads (test/wright-agent/fixture.test.ts and every suite run read it); the Error's text for a broken package is ours, for people, and no target interface serves it.",
  },
  // round 9: wright-agent host
  {
    file: "src/wright-agent/host/mcp.ts",
    lines: [[196, 196]],
    kind: "kept counted",
    title: "how an initialize inside a 2025-03-26 batch is answered",
    why: "2025-03-26's lifecycle: \"The initialize request MUST NOT be part of a JSON-RPC batch\" binds the client; what a server answers one that is sent anyway is ours (decision 217): -32600 with its id, the session not renegotiated (test/wright-agent/host-mcp-batches.test.ts). The surviving mutant serves it like a line's initialize (ConditionalExpression false). Its opposite, refusing every initialize (true), and the EqualityOperator mutant are killed by every check that initializes, so a disable comment would hide kills: kept in the score.",
  },
  // round 9: wright-agent text
  {
    file: "src/wright-agent/mock/text.ts",
    kind: "equivalent",
    title: "one step past a text's end finds nothing",
    why: "The scanning loops of LineIndex's constructor and of edits.ts's checkDelimiters (its main loop, a // comment's and a string literal's inner loops) stop at `i < text.length`; `<=` visits index text.length once more, where charCodeAt is NaN and text[i] undefined: no line break, delimiter, quote or backslash is found there, and every test after the loop (`i >= text.length`: unterminated string) sees the same verdict. The other way round (`>=`, the loop never runs) is killed.",
  },
  {
    file: "src/wright-agent/mock/text.ts",
    kind: "equivalent",
    title: "positions below 1 never reach the line index (both schemas' minimum 1)",
    why: "offsetOf refuses a column below 1. Every position it sees comes from a request's EditRange (start_col/end_col: minimum 1 in wright-agent-v1.schema.json; the service refuses the request as malformed-request before any handler runs), from a fixture Position (minimum 1 in wright-agent-fixture-v1.schema.json; the loader refuses the fixture first) or from statement spans the mock builds from those. So the guard is never true on a served input. test/wright-agent/edits.test.ts (LineIndex) checks line 0.",
  },
  {
    file: "src/wright-agent/mock/text.ts",
    kind: "equivalent",
    title: "the text of a span its one caller only asks to exist",
    why: "LineIndex.slice's one caller in the mock is fixture-load.ts's crossCheck, which compares the result with undefined (is the span inside its source, not reversed). Returning the whole text instead of the range's keeps every defined result defined. The refusals (a bound outside, end before start) stay mutated (wright-agent/fixture-validity).",
  },
  {
    file: "src/wright-agent/mock/text.ts",
    kind: "own choice",
    title: "edit distance and the nearest name (did-you-mean hints, lookup's near misses)",
    why: "editDistance and nearest serve two things only: the nearest-name hint inside refusal messages (unknown rule, symbol, lint rule, file, language, operation: the seed's \"#429 nearest-name message\"; \"error message wording is for people and is not stable\", so which name a message suggests is ours) and lookup's inexact ranking in ops-static.ts (its edit-distance bound and order, argued there as lookup's ranking of inexact matches: the vocabulary companion document is not available). Refusal codes and lookup's exact and prefix matches stay mutated.",
  },
  {
    file: "src/wright-agent/mock/edits.ts",
    kind: "equivalent",
    title: "a // comment found at its second slash is the same comment",
    why: "checkDelimiters starts a comment at a / followed by /. Testing the character before instead (`text[i - 1]`) finds the same comment one character later: the first / is no delimiter, and a / preceded by / outside strings and comments is always the second slash of a comment the original found at the first (strings end at a quote, comments at a line break).",
  },
  {
    file: "src/wright-agent/mock/fixture-load.ts",
    kind: "own choice",
    title: "the fixture loader refuses a __proto__ member anywhere",
    why: "The loader parses fixtures with parseJson's protoKey: \"reject\" (decision 006): a member named __proto__ anywhere refuses the fixture. At the top level and in every closed object the strict schema refuses an unknown member anyway; in the open trees (settings, targetMetadata, the simulation trace) refusing it is our safety choice, not a rule of the fixture format's documentation or of the contract.",
  },
  {
    file: "src/wright-agent/mock/fixture-load.ts",
    kind: "equivalent",
    title: "the explainer checks the schema the generated validator checks",
    why: "FixtureParser decides with the generated validator of wright-agent-fixture-v1.schema.json and, on a failure only, compiles the same schema at run time (allErrors) to explain it. Deciding with the explainer (the generated test forced false), compiling it again on every failure (the cache test forced true) or returning no problems when the explainer accepts what the generated validator refused (never: they check one schema) gives the same verdict for every fixture.",
  },
  // round 10: the whole-area run at 5e3b987 (after the review's MCP batch refactor)
  {
    file: "src/wright-agent/host/mcp.ts",
    lines: [
      [243, 243],
      [262, 262],
    ],
    kind: "kept counted",
    title: "the MCP batch path after the review: members in order, and the version gate's empty-batch test",
    why: "batchInOrder false runs a batch's members concurrently: JSON-RPC lets a server process them in any order and the reply array matches by id, so no check may require the order (wright-agent/mcp-batches judges the replies by id). `value.length > 0` forced true or `>= 0` sends an empty batch in a non-2025-03-26 session to the gate instead of the engine: both answer one -32600 with id null, only the message (ours) differs. Kept counted, not disabled: the lines were rewritten by the review and a comment now would hide the same lines' killed mutants.",
  },
  {
    file: "src/wright-agent/mock/fixture-load.ts",
    lines: [
      [60, 60],
      [180, 180],
    ],
    kind: "kept counted",
    title: "the fixture parser's catch block and the diagnostics span walk",
    why: "60:17, the catch block emptied: a next-line comment inside `try` ignores nothing, and a disable/restore pair around the try/catch would also hide its killed mutants (the refusal itself is pinned by wright-agent/fixture-rules: a fixture that does not parse is refused). 180:21, `f.diagnostics ?? []` -> a one-element array: the loader's schema validation has already required `diagnostics`, so the default is never taken (equivalent).",
  },
  {
    file: "src/wright-agent/mock/ops-workflows.ts",
    lines: [[90, 90]],
    kind: "gap",
    title: "complexity's branch count of for loops",
    why: "No fixture rule the suite serves has a `for` block, so counting for loops as branches (or not) changes no answer the checks see; a fixture variant with a for loop (ops-fixture-variants style) would pin it.",
  },
];
