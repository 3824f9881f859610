/** Why undetected mutants of the frame-wire area are acceptable (see index.ts). */
import type { SurvivorArgument } from "./argument.js";

export const FRAME_WIRE: readonly SurvivorArgument[] = [
  {
    kind: "equivalent",
    title: "the path cache (compilePointer's result, kept or recomputed)",
    why: "compilePath caches what compilePointer, isReceiverSafe and the /kind test compute from the path string alone (pure functions of it). Recomputing every time (the cache test forced true), clearing the cache sooner, later or never changes time and memory only: the same tokens and verdicts come out for every path. The same holds for knownPath's 64-entry memo in front of the Map (decision 213): an entry that is never kept, or a hash that picks another slot, only sends the lookup on to the Map.",
  },
  {
    kind: "equivalent",
    title: "dense or sparse slot storage",
    why: "Block slots live in an array below DENSE_SLOTS and in a Map above it; both are read and written through the same index test, so moving the boundary (<= instead of <, or always the array: a sparse JavaScript array) stores and finds the same slot for every index.",
  },
  {
    kind: "equivalent",
    title: "the allocation-free fast path declining more often",
    why: "fold.ts first tries pointer-fast.ts and, when that declines, asks src/json (resolveTarget / evaluatePointer), the reference evaluation, which gives the same answer by construction (decision 031; test/frame-wire/pointer-fast.test.ts checks agreement). Mutants that skip the fast path, shrink it, or remove its body fall through to the reference path; the slow path's own checks are reached only in the cases the fast path declined, so mutants widening them there change nothing. Mutants that make the fast path accept MORE are killed (kind-set-to-non-string, field-set-replaces-an-array).",
  },
  {
    kind: "equivalent",
    title: "a shortcut the hasOwnProperty call answers the same",
    why: 'fastDelta reads the delta\'s own keys for its member count; when the third of them is "value", it skips hasOwnProperty(delta, "value"), which would return true for it. Forcing the key test either way only makes the call happen or not, and the call and the key list agree (decision 213).',
  },
  {
    kind: "equivalent",
    title: "an unreachable entry of the pointer-code map",
    why: 'pointer-syntax errors are raised by compilePointer before src/json\'s evaluation runs, so POINTER_CODES["pointer-syntax"] is never read (pointer_syntax is produced directly, and its vectors pass).',
  },
  {
    kind: "equivalent",
    title: "redundant guards in ownCount and isIndex",
    why: "ownCount only ever sees plain objects (checked before), which have no inherited enumerable members in an unpolluted realm (the suite's prototype-untouched property keeps it so); Number.isInteger already implies typeof number.",
  },
  {
    kind: "own choice",
    title: "invalid_event and pointer messages (our wording)",
    why: "Abort messages other than the gap message and an error event's are this suite's wording: the contract leaves them free (vectors carry `message_pinned: false`, and runners compare them only in exact mode against our own fold). A mutant that changes only which of our sentences is chosen, or its text, keeps code and position. In describeInvalidBlockDelta (lines 155-167) a skipped test only moves the reason to a later one; the event is still refused at the same position with invalid_event. The remaining literals here are the `where` prefixes of messages.",
  },
  {
    kind: "equivalent",
    title: "binary search bounds and the append shortcut of block insertion",
    why: "`push` at the end is the shortcut of `splice` at the searched position; disabling or widening the shortcut inserts at the same place. In search(), the mutated bounds (hi one further, `v <= index` after equality was handled) still converge on the same position for every ascending list (blocks-opened-in-any-order and repeated-block-start-* pin the results).",
  },
  {
    kind: "own choice",
    title: "the incremental API (push's return value, abortAt and finish after the end)",
    why: "`push` returning true after an abort, `abortAt` after an abort or finish, and `finish` being recomputed are properties of our in-process Fold API (documented in its interface, unit-tested in test/frame-wire/fold.test.ts). The contract's rule — no event is applied after an abort — holds regardless (the fold ignores such events), and nothing after an abort reaches the outcome: our callers (foldEvents, the fold command, the SSE client) stop at the first abort.",
  },
  {
    kind: "own choice",
    title: "the discard observer",
    why: "Discards (block_id_mismatch, stale_seq) never reach the outcome (docs/frame-wire.md: 'discarded silently'); reporting them to onDiscard, and which of the two codes is reported, is our observability API. Mutants here still discard the delta (both branches return), so the outcome is the same.",
  },
  {
    kind: "equivalent",
    title: "checks that parser output never needs (adoptEvents) and copying",
    why: "With adoptEvents (the fold command and the SSE client) events are fresh JSON.parse output: they are never undefined, never non-plain, never non-objects-that-are-objects; the prototype test on them (line 237 true) or its absence changes nothing. Not copying in the default mode (line 246) keeps the same values: aliasing the caller's objects is our API promise (the fold copies by default; test/frame-wire/fold.test.ts), not a contract rule. Values that are not JSON are refused either way (frame-wire/property/non-json-refused kills the mutants that let them in).",
  },
  {
    kind: "equivalent",
    title: "reading one token past the end in forbiddenToken",
    why: "`i <= tokens.length` reads tokens[tokens.length], which is undefined and never a forbidden member name: the loop ends with the same answer.",
  },
  {
    kind: "equivalent",
    title: "redundant tests in value adoption",
    why: "isPlainObject: `typeof !== object` is re-caught by the prototype test (a primitive's prototype is never Object.prototype or null). In adoptJson, moving `object` to the default branch makes undefined/functions/symbols/bigints fail one step later (Object.getPrototypeOf throws or names a non-plain prototype), still invalid_event at the same event. `new Array()` instead of `new Array(n)` ends with the same elements; writing `out[i] = v` (or setOwn(out, key, v)) when not copying writes the same value back into the value itself; the own-member filter skips nothing on a plain object in an unpolluted realm.",
  },
  {
    kind: "own choice",
    title: "the value depth limit (MAX_VALUE_DEPTH)",
    why: "1024 levels is our receiver limit, deeper than the safe parser's default (depth 512), so any parsed value passes; the contract fixes no value depth. With the limit off by one or never reached, a cyclic or absurdly deep in-process value still ends as invalid_event (a RangeError while reading is caught as 'reading it threw').",
  },
  {
    kind: "equivalent",
    title: "the fast pointer path declining more often",
    why: "Every function here answers only when the walk is plainly valid and otherwise returns undefined, and the fold then asks src/json (see fold.ts above). The surviving mutants make it decline more (or read a token past the end, which declines), so the reference path answers instead, with the same result.",
  },
  {
    kind: "own choice",
    title: "stderr diagnostics",
    why: "docs/frame-wire.md: 'Diagnostics (discards, malformed lines, the abort) go to stderr'; their text, prefix and presence are ours. The protocol is stdin in, the last stdout line out, exit code 0.",
  },
  {
    kind: "equivalent",
    title: "options that parser output makes moot, and lines after an abort",
    why: "adoptEvents on parser output (fresh objects nobody else holds: copying them changes nothing, see fold.ts); lines after an abort are ignored by the fold anyway (parsing them or not, and the count, only reach stderr).",
  },
  {
    kind: "own choice",
    title: "the line-size limit",
    why: "A line over the parser's size limit (16 MiB by default) aborts as malformed_event (too-large), as parseJson would. The limit is our reader's (limits are own choice, decision 221); no vector carries a 16 MiB line, so the oversize path is reached only by the unit test test/frame-wire/fold-command.test.ts. `maxBytes && DEFAULT` falls back to readLines' own cap, the same 16 MiB.",
  },
  {
    kind: "own choice",
    title: "the malformed-line kind for a non-parser error",
    why: 'The fallback kind "syntax" is used only if parseJson throws something that is not a JsonParseError, which it never does.',
  },
  {
    kind: "not a protocol behaviour",
    title: "a failing stdin or stdout, and an unserialisable outcome",
    why: "Required by docs/frame-wire.md ('If reading stdin fails, the fold finishes with what arrived'; exit 0 whenever an outcome is printed), but a command target cannot be made to see a failing stdin or a closed stdout through the vector protocol. Unit tests: test/frame-wire/fold-command.test.ts ('still prints an outcome when reading the input fails midway', 'returns 1 when the outcome cannot be written'). The serialisation failure is unreachable with the fold's limits (its comment says so). The outcome line without its final newline is still the last line.",
  },
  {
    kind: "own choice",
    title: "the server-side encoder",
    why: "encodeSseEvent serves our mock endpoint (src/frame-wire/serve.ts), not the client this area checks; the SSE checks build their own bytes so as not to depend on it. Unit test: test/frame-wire/sse.test.ts ('one event is one data-only message that parses back').",
  },
  {
    kind: "equivalent",
    title: "copying parser output, a second abort guard, lastChar's start value, releasing the lock",
    why: "The client adopts fresh parser output (copying it changes nothing); the fold already ignores events after an abort (line 29, and line 67's `fold.abort === null` half: a newline fed after an abort applies nothing); lastChar only matters when it is a CR, and its start value is replaced by the first non-empty chunk; releasing the reader's lock at the end has no observable effect on the outcome.",
  },
  {
    kind: "own choice",
    title: "a frame that is not JSON",
    why: "The contract's frames are FrameEvents, i.e. JSON; docs/frame-wire.md gives malformed_event to the fold command only. Aborting with malformed_event at the frame's position is our client's choice (unit test: test/frame-wire/sse.test.ts).",
  },
  {
    kind: "own choice",
    title: "a response without a body",
    why: "A 200 response with no body is outside the contract (the endpoint always streams); which error the client throws is ours.",
  },
  {
    kind: "equivalent",
    title: "fastDelta declining more often, or a guard a later guard repeats",
    why: "fastDelta (the allocation-free block_delta path of `adoptEvents`, which the fold command uses) returns false, changing nothing, whenever it is not sure, and the event then goes down the full path, which decides it exactly (test/conformance/frame-wire-fast-path-power.test.ts compares the fold command with the copying reference fold on generated streams, repeated paths included, and kills the mutants that make it ACCEPT more: an unknown op taken as applied, a non-integer seq). The survivors listed make it decline more often (a guard forced true, a bound moved inwards, the body or the `copy ||` test emptied, field_set or element_append never taken), drop a guard a later one repeats (a primitive event has no type; a non-number index finds no dense slot; a missing value is undefined; a string seq is no integer), or return false after applying (the full path then discards the event as a repeated seq). The same holds for push's `this.copy ||` test forced true (every event takes the full path) and for blockDelta's `kindToNonString` test widened (a \"/kind\" delta it sends to src/json more often is decided there).",
  },
];
