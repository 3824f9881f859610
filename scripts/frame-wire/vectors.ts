/**
 * The ONE source of truth for the frame-wire conformance vectors.
 *
 *   npx tsx scripts/frame-wire/vectors.ts --write   regenerate conformance/vectors/frame-wire/
 *   npx tsx scripts/frame-wire/vectors.ts --check   exit 1 when the checked-in files differ
 *
 * Every expected outcome below is written by hand from the contract (docs/frame-wire.md); nothing
 * here runs our fold, so a bug in the fold cannot bless itself. A test runs our fold against every
 * vector and checks that the checked-in files equal what this script emits.
 *
 * Messages: abort messages are our wording except where the contract pins them (the gap message
 * and an ErrorEvent's message); `message_pinned` says which, for runners that compare only those.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isMessagePinned } from "../../src/frame-wire/codes.js";
import { powerVectors } from "./vectors-power.js";

export const VECTOR_DIR = join(dirname(fileURLToPath(import.meta.url)), "../../conformance/vectors/frame-wire");

type J = unknown;

export interface VectorSource {
  name: string;
  description: string;
  /** Codes of the discard/abort table this vector pins (aborts and silent discards). */
  covers: string[];
  /** The events, one per NDJSON line. */
  events?: J[];
  /** Command-level vectors only: the exact NDJSON text (for lines that are not JSON). */
  stdin?: string;
  expected: { turn: J; abort: { code: string; message: string; at: number | null } | null };
}

// ---- event builders (pure data; no fold logic) ----
const start = (index: number, block_id: string, block: J): J => ({ type: "block_start", index, block_id, block });
const set = (index: number, block_id: string, seq: number, path: string, value: J): J => ({
  type: "block_delta",
  index,
  block_id,
  seq,
  delta: { op: "field_set", path, value },
});
const append = (index: number, block_id: string, seq: number, path: string, value: J): J => ({
  type: "block_delta",
  index,
  block_id,
  seq,
  delta: { op: "element_append", path, value },
});
const done = (finish_reason = "done"): J => ({ type: "done", finish_reason });
const error = (code: string, message: string): J => ({ type: "error", code, message });
const toolCall = (call: J): J => ({ type: "tool_call", call });

const turn = (blocks: J[], finish_reason: string | null = "done", tool_calls: J[] = []): Record<string, J> => ({
  blocks,
  tool_calls,
  finish_reason,
});
const aborted = (t: Record<string, J>, code: string, message: string, at: number | null): VectorSource["expected"] => ({
  turn: { ...t, error_code: code, error_message: message },
  abort: { code, message, at },
});
const ok = (t: Record<string, J>): VectorSource["expected"] => ({ turn: t, abort: null });

/** The 13 values of the amendment's permissiveness check. */
export const THIRTEEN_VALUES: J[] = [
  null,
  true,
  false,
  0,
  42,
  -1,
  3.5,
  "",
  "str",
  [],
  [1, { a: 1 }],
  {},
  { a: { b: [null] } },
];

const NO_DONE = "the stream ended without a done event";

function forbiddenVectors(): VectorSource[] {
  const out: VectorSource[] = [];
  const names = ["__proto__", "constructor", "prototype"];
  for (const name of names) {
    const paths: [string, string, number][] = [
      ["first", `/${name}/a/b`, 0],
      ["middle", `/a/${name}/b`, 1],
      ["last", `/a/b/${name}`, 2],
    ];
    for (const [position, path, token] of paths) {
      // Alternate the op so both deltas are pinned at every position.
      const op = position === "middle" ? "element_append" : "field_set";
      const build = op === "field_set" ? set : append;
      const block = { kind: "data", a: { b: { c: [] } } };
      out.push({
        name: `forbidden-${name.replace(/_/g, "")}-${position}`,
        description: `${op} whose path names "${name}" as its ${position} token aborts with pointer_forbidden_member, however the rest of the path would resolve; the partial turn keeps the block unchanged and Object.prototype is untouched.`,
        covers: ["pointer_forbidden_member"],
        events: [start(0, "b0", block), build(0, "b0", 0, path, { polluted: true }), done()],
        expected: aborted(
          turn([{ kind: "data", a: { b: { c: [] } } }], null),
          "pointer_forbidden_member",
          `${op} path ${JSON.stringify(path)}: reference token ${token} names the forbidden member ${JSON.stringify(name)}`,
          1,
        ),
      });
    }
  }
  return out;
}

function permissivenessVectors(): VectorSource[] {
  const fieldSet: J[] = [start(0, "b0", { kind: "data" })];
  const fieldSetBlock: Record<string, J> = { kind: "data" };
  THIRTEEN_VALUES.forEach((v, i) => {
    fieldSet.push(set(0, "b0", i, `/v${i}`, v));
    fieldSetBlock[`v${i}`] = v;
  });
  fieldSet.push(done());

  const appendEvents: J[] = [start(0, "b0", { kind: "data", items: [] })];
  THIRTEEN_VALUES.forEach((v, i) => appendEvents.push(append(0, "b0", i, "/items", v)));
  appendEvents.push(done());

  const tools: J[] = THIRTEEN_VALUES.map((v, i) =>
    toolCall({ id: `call-${i}`, name: "probe", arguments: { i }, result: v }),
  );
  tools.push(done());

  return [
    {
      name: "value-site-field-set-13-values",
      description:
        "FieldSetDelta.value accepts each of the amendment's 13 values (null, booleans, numbers, strings, arrays, objects) and sets it as given.",
      covers: [],
      events: fieldSet,
      expected: ok(turn([fieldSetBlock])),
    },
    {
      name: "value-site-element-append-13-values",
      description:
        'ElementAppendDelta.value accepts each of the 13 values; each is appended as exactly one element ([] and [1,{"a":1}] included).',
      covers: [],
      events: appendEvents,
      expected: ok(turn([{ kind: "data", items: THIRTEEN_VALUES }])),
    },
    {
      name: "value-site-tool-result-13-values",
      description: "ToolCall.result accepts each of the 13 values, null included, and the turn carries it.",
      covers: [],
      events: tools,
      expected: ok(
        turn(
          [],
          "done",
          THIRTEEN_VALUES.map((v, i) => ({ id: `call-${i}`, name: "probe", arguments: { i }, result: v })),
        ),
      ),
    },
  ];
}

function invalidEventVectors(): VectorSource[] {
  const cases: [string, string, J, string][] = [
    ["not-an-object", "an event that is a JSON array", [1, 2], "an event is a JSON object"],
    ["null", "an event that is null", null, "an event is a JSON object"],
    [
      "unknown-type",
      "an event with an unknown type",
      { type: "block_stop", index: 0 },
      'unknown event type "block_stop"',
    ],
    [
      "missing-type",
      "an event without a type",
      { index: 0, block_id: "b1", block: { kind: "text" } },
      'the event has no member "type"',
    ],
    [
      "missing-member",
      "a block_delta without seq",
      { type: "block_delta", index: 0, block_id: "b0", delta: { op: "field_set", path: "/x", value: 1 } },
      'block_delta has no member "seq"',
    ],
    [
      "extra-member",
      "a done event with a member the schema does not allow",
      { type: "done", finish_reason: "done", usage: 1 },
      'done has the unknown member "usage"',
    ],
    [
      "negative-index",
      "a block_start at index -1",
      { type: "block_start", index: -1, block_id: "b1", block: { kind: "text" } },
      "block_start.index must be an integer >= 0",
    ],
    [
      "fractional-seq",
      "a block_delta with seq 1.5",
      { type: "block_delta", index: 0, block_id: "b0", seq: 1.5, delta: { op: "field_set", path: "/x", value: 1 } },
      "block_delta.seq must be an integer >= 0",
    ],
    [
      "empty-block-id",
      "a block_start with an empty block_id",
      { type: "block_start", index: 1, block_id: "", block: { kind: "text" } },
      "block_start.block_id must be a non-empty string",
    ],
    [
      "block-without-kind",
      "a block_start whose block has no kind",
      { type: "block_start", index: 1, block_id: "b1", block: { text: "x" } },
      'block_start.block must have a string member "kind"',
    ],
    [
      "unknown-op",
      'a block_delta with op "splice"',
      { type: "block_delta", index: 0, block_id: "b0", seq: 0, delta: { op: "splice", path: "/x", value: 1 } },
      'block_delta.delta.op "splice" is neither "field_set" nor "element_append"',
    ],
    [
      "delta-without-value",
      "a field_set without value",
      { type: "block_delta", index: 0, block_id: "b0", seq: 0, delta: { op: "field_set", path: "/x" } },
      'block_delta.delta has no member "value"',
    ],
    [
      "tool-call-empty-name",
      "a tool_call whose call has an empty name",
      { type: "tool_call", call: { id: "c1", name: "", arguments: {} } },
      "tool_call.call.name must be a non-empty string",
    ],
  ];
  return cases.map(([slug, what, event, reason]) => ({
    name: `invalid-event-${slug}`,
    description: `${what} is not a FrameEvent: the fold aborts with invalid_event at it, keeping the block opened before it.`,
    covers: ["invalid_event"],
    events: [start(0, "b0", { kind: "text", text: "a" }), event, set(0, "b0", 0, "/text", "b"), done()],
    expected: aborted(turn([{ kind: "text", text: "a" }], null), "invalid_event", `not a FrameEvent: ${reason}`, 1),
  }));
}

export function vectorSources(): VectorSource[] {
  const text = (t: string): J => ({ kind: "text", text: t });
  const list = (items: J[]): J => ({ kind: "list", items });
  const vectors: VectorSource[] = [
    {
      name: "basic-turn",
      description:
        "A normal turn: two blocks, field_set and element_append, a tool call, done. No abort; no error members on the turn.",
      covers: [],
      events: [
        start(0, "b0", { kind: "text", text: "" }),
        set(0, "b0", 0, "/text", "Hel"),
        set(0, "b0", 1, "/text", "Hello"),
        start(1, "b1", { kind: "list", items: [] }),
        append(1, "b1", 0, "/items", "one"),
        append(1, "b1", 1, "/items", { n: 2 }),
        toolCall({ id: "call-1", name: "search", arguments: { q: "frames" } }),
        done(),
      ],
      expected: ok(
        turn([text("Hello"), list(["one", { n: 2 }])], "done", [
          { id: "call-1", name: "search", arguments: { q: "frames" } },
        ]),
      ),
    },
    {
      name: "done-only",
      description: "A turn with no blocks: done alone completes it with empty blocks and tool_calls.",
      covers: [],
      events: [done("length")],
      expected: ok(turn([], "length")),
    },
    {
      name: "blocks-in-index-order",
      description: "Blocks opened out of order (1, then 0) appear in index order; no gap.",
      covers: [],
      events: [
        start(1, "b1", text("second")),
        start(0, "b0", text("first")),
        set(1, "b1", 0, "/text", "second!"),
        done(),
      ],
      expected: ok(turn([text("first"), text("second!")])),
    },
    {
      name: "field-set-creates-member",
      description:
        "field_set whose last token names an object member that does not exist yet creates it; a nested one too, when its container exists.",
      covers: [],
      events: [
        start(0, "b0", { kind: "data", meta: {} }),
        set(0, "b0", 0, "/title", "T"),
        set(0, "b0", 1, "/meta/progress_pct", 42),
        done(),
      ],
      expected: ok(turn([{ kind: "data", meta: { progress_pct: 42 }, title: "T" }])),
    },
    {
      name: "field-set-index-equal-length-appends",
      description:
        'field_set with a last array index equal to the length appends one element; an index below it replaces; "-" as the last token also appends.',
      covers: [],
      events: [
        start(0, "b0", list([1])),
        set(0, "b0", 0, "/items/1", 2),
        set(0, "b0", 1, "/items/0", 0),
        set(0, "b0", 2, "/items/-", [3]),
        done(),
      ],
      expected: ok(turn([list([0, 2, [3]])])),
    },
    {
      name: "field-set-index-beyond-length",
      description:
        "field_set with a last array index greater than the length aborts (pointer_index_out_of_range); the array is not padded.",
      covers: ["pointer_index_out_of_range"],
      events: [start(0, "b0", list([1])), set(0, "b0", 0, "/items/3", 4), done()],
      expected: aborted(
        turn([list([1])], null),
        "pointer_index_out_of_range",
        'field_set path "/items/3": array index 3 is beyond the end (length 1)',
        1,
      ),
    },
    {
      name: "index-out-of-range-on-the-way",
      description: "An array index on the way to the target must name an existing element.",
      covers: ["pointer_index_out_of_range"],
      events: [start(0, "b0", list([{ a: 1 }])), set(0, "b0", 0, "/items/1/a", 2), done()],
      expected: aborted(
        turn([list([{ a: 1 }])], null),
        "pointer_index_out_of_range",
        'field_set path "/items/1/a": array index 1 at token 1 is out of range (length 1)',
        1,
      ),
    },
    {
      name: "missing-container",
      description:
        "Every container on the way must already exist as an own member; field_set never creates intermediate containers.",
      covers: ["pointer_missing_container"],
      events: [start(0, "b0", text("x")), set(0, "b0", 0, "/meta/progress_pct", 42), done()],
      expected: aborted(
        turn([text("x")], null),
        "pointer_missing_container",
        'field_set path "/meta/progress_pct": no own member "meta" at token 0',
        1,
      ),
    },
    {
      name: "not-a-container",
      description: "A path that goes through a scalar aborts with pointer_not_a_container.",
      covers: ["pointer_not_a_container"],
      events: [start(0, "b0", text("x")), set(0, "b0", 0, "/text/len", 1), done()],
      expected: aborted(
        turn([text("x")], null),
        "pointer_not_a_container",
        'field_set path "/text/len": token 1 ("len") addresses into a string',
        1,
      ),
    },
    {
      name: "root-pointer-field-set",
      description:
        'The root pointer "" is RFC 6901 syntax but no delta may use it (a delta never replaces a whole block): pointer_root.',
      covers: ["pointer_root"],
      events: [start(0, "b0", text("x")), set(0, "b0", 0, "", { kind: "other" }), done()],
      expected: aborted(turn([text("x")], null), "pointer_root", 'field_set may not use the root pointer ""', 1),
    },
    {
      name: "root-pointer-element-append",
      description: 'element_append to the root pointer "" aborts with pointer_root too.',
      covers: ["pointer_root"],
      events: [start(0, "b0", text("x")), append(0, "b0", 0, "", 1), done()],
      expected: aborted(turn([text("x")], null), "pointer_root", 'element_append may not use the root pointer ""', 1),
    },
    {
      name: "pointer-too-long",
      description:
        "A delta path with more than 512 reference tokens aborts with pointer_too_long (a receiver limit that keeps a turn's depth bounded).",
      covers: ["pointer_too_long"],
      events: [start(0, "b0", text("x")), set(0, "b0", 0, "/a".repeat(513), 1), done()],
      expected: aborted(
        turn([text("x")], null),
        "pointer_too_long",
        "field_set path has 513 reference tokens; at most 512 are accepted",
        1,
      ),
    },
    {
      name: "pointer-512-tokens",
      description:
        "512 reference tokens are accepted: the path is resolved as usual (here its first container is missing).",
      covers: ["pointer_missing_container"],
      events: [start(0, "b0", text("x")), set(0, "b0", 0, "/a".repeat(512), 1), done()],
      expected: aborted(
        turn([text("x")], null),
        "pointer_missing_container",
        `field_set path ${JSON.stringify("/a".repeat(512))}: no own member "a" at token 0`,
        1,
      ),
    },
    {
      name: "pointer-syntax-no-slash",
      description: 'A path that is neither "" nor "/"-prefixed aborts with pointer_syntax.',
      covers: ["pointer_syntax"],
      events: [start(0, "b0", text("x")), set(0, "b0", 0, "text", "y"), done()],
      expected: aborted(
        turn([text("x")], null),
        "pointer_syntax",
        'field_set path "text": JSON pointer "text" must be empty or start with "/"',
        1,
      ),
    },
    {
      name: "pointer-syntax-bad-escape",
      description: 'A "~" not followed by 0 or 1 aborts with pointer_syntax.',
      covers: ["pointer_syntax"],
      events: [start(0, "b0", text("x")), set(0, "b0", 0, "/a~2b", "y"), done()],
      expected: aborted(
        turn([text("x")], null),
        "pointer_syntax",
        'field_set path "/a~2b": invalid escape in reference token "a~2b": "~" must be followed by 0 or 1',
        1,
      ),
    },
    {
      name: "pointer-escapes",
      description: '~1 decodes to "/" and ~0 to "~" (in that order: "~01" is the member "~1").',
      covers: [],
      events: [
        start(0, "b0", { kind: "data" }),
        set(0, "b0", 0, "/a~1b", 1),
        set(0, "b0", 1, "/m~0n", 2),
        set(0, "b0", 2, "/~01", 3),
        done(),
      ],
      expected: ok(turn([{ kind: "data", "a/b": 1, "m~n": 2, "~1": 3 }])),
    },
    {
      name: "leading-zero-array-index",
      description:
        'RFC 6901 array indices have no leading zeros: "/items/01" does not address element 1 of an array; it aborts with pointer_leading_zero.',
      covers: ["pointer_leading_zero"],
      events: [start(0, "b0", list(["a", "b"])), set(0, "b0", 0, "/items/01", "B"), done()],
      expected: aborted(
        turn([list(["a", "b"])], null),
        "pointer_leading_zero",
        'field_set path "/items/01": array index "01" at token 1 has a leading zero',
        1,
      ),
    },
    {
      name: "leading-zero-array-index-on-the-way",
      description: "A leading-zero index on the way to element_append's target array aborts too.",
      covers: ["pointer_leading_zero"],
      events: [start(0, "b0", { kind: "grid", rows: [[], []] }), append(0, "b0", 0, "/rows/01", "x"), done()],
      expected: aborted(
        turn([{ kind: "grid", rows: [[], []] }], null),
        "pointer_leading_zero",
        'element_append path "/rows/01": array index "01" at token 1 has a leading zero',
        1,
      ),
    },
    {
      name: "leading-zero-object-key",
      description: 'As a member name of an object, "01" is an ordinary key, distinct from "1".',
      covers: [],
      events: [
        start(0, "b0", { kind: "map", m: { "01": "zero-one", "1": "one" } }),
        set(0, "b0", 0, "/m/01", "ZERO-ONE"),
        set(0, "b0", 1, "/m/00", "new"),
        done(),
      ],
      expected: ok(turn([{ kind: "map", m: { "01": "ZERO-ONE", "1": "one", "00": "new" } }])),
    },
    {
      name: "invalid-array-index",
      description: 'An array addressed by a token that is not an index ("x") aborts with pointer_invalid_index.',
      covers: ["pointer_invalid_index"],
      events: [start(0, "b0", list([1])), set(0, "b0", 0, "/items/x", 2), done()],
      expected: aborted(
        turn([list([1])], null),
        "pointer_invalid_index",
        'field_set path "/items/x": "x" at token 1 is not an array index',
        1,
      ),
    },
    {
      name: "element-append-dash",
      description:
        'element_append names the array itself; "/items/-" names no existing array and aborts with pointer_invalid_index.',
      covers: ["pointer_invalid_index"],
      events: [start(0, "b0", list([1])), append(0, "b0", 0, "/items/-", 2), done()],
      expected: aborted(
        turn([list([1])], null),
        "pointer_invalid_index",
        'element_append path "/items/-": "-" at token 1 is not an array index',
        1,
      ),
    },
    ...forbiddenVectors(),
    {
      name: "forbidden-member-in-discarded-delta",
      description:
        "The receiver rule is a rule of the pointer: a forbidden path aborts even in a delta that would otherwise be discarded (mismatched block_id).",
      covers: ["pointer_forbidden_member"],
      events: [start(0, "b0", text("x")), set(0, "other", 0, "/constructor/prototype", 1), done()],
      expected: aborted(
        turn([text("x")], null),
        "pointer_forbidden_member",
        'field_set path "/constructor/prototype": reference token 0 names the forbidden member "constructor"',
        1,
      ),
    },
    {
      name: "inherited-member-field-set",
      description:
        '"Every container on the way must exist" means an OWN member: "/toString/x" does not traverse Object.prototype.toString.',
      covers: ["pointer_missing_container"],
      events: [start(0, "b0", text("x")), set(0, "b0", 0, "/toString/x", 1), done()],
      expected: aborted(
        turn([text("x")], null),
        "pointer_missing_container",
        'field_set path "/toString/x": no own member "toString" at token 0',
        1,
      ),
    },
    {
      name: "inherited-member-element-append",
      description: 'element_append\'s target must be an own member: "/hasOwnProperty" is inherited, so it is missing.',
      covers: ["pointer_missing_container"],
      events: [start(0, "b0", text("x")), append(0, "b0", 0, "/hasOwnProperty", 1), done()],
      expected: aborted(
        turn([text("x")], null),
        "pointer_missing_container",
        'element_append path "/hasOwnProperty": no own member "hasOwnProperty" at token 0',
        1,
      ),
    },
    {
      name: "proto-key-in-content-is-data",
      description:
        'A content member named "__proto__" (JSON.parse keeps it as an own data member) is carried as data; it never becomes the block\'s prototype.',
      covers: [],
      events: [
        JSON.parse(
          '{"type":"block_start","index":0,"block_id":"b0","block":{"kind":"data","__proto__":{"polluted":true}}}',
        ),
        done(),
      ],
      expected: ok(turn([JSON.parse('{"kind":"data","__proto__":{"polluted":true}}')])),
    },
    {
      name: "block-delta-unknown-index-mid-stream",
      description:
        "A delta for an index no block_start opened aborts with block_delta_unknown_index, raised BY that event: the partial turn is folded up to, not including, it; later events (done included) are not applied.",
      covers: ["block_delta_unknown_index"],
      events: [
        start(0, "b0", text("")),
        set(0, "b0", 0, "/text", "partial"),
        toolCall({ id: "c1", name: "t", arguments: {} }),
        set(1, "b1", 0, "/text", "never"),
        set(0, "b0", 1, "/text", "not applied"),
        done(),
      ],
      expected: aborted(
        turn([text("partial")], null, [{ id: "c1", name: "t", arguments: {} }]),
        "block_delta_unknown_index",
        "block_delta for index 1, which no block_start opened",
        3,
      ),
    },
    {
      name: "gap-closes-up",
      description:
        "Blocks opened at 2 and 5 only: block_start_index_gap is a property of the COMPLETED turn (at null), so every event is folded, done included; blocks close up (index 2 at blocks[0], 5 at blocks[1]) and the real indices survive only in the message.",
      covers: ["block_start_index_gap"],
      events: [
        start(2, "b2", text("")),
        start(5, "b5", text("")),
        set(2, "b2", 0, "/text", "two"),
        set(5, "b5", 0, "/text", "five"),
        done(),
      ],
      expected: aborted(
        turn([text("two"), text("five")], "done"),
        "block_start_index_gap",
        "block indices not contiguous from 0: opened 2, 5; missing 0-1, 3-4",
        null,
      ),
    },
    {
      name: "gap-single-missing-index",
      description: "Opened 0, 1 and 3: one missing index is written alone.",
      covers: ["block_start_index_gap"],
      events: [start(0, "b0", text("a")), start(3, "b3", text("d")), start(1, "b1", text("b")), done()],
      expected: aborted(
        turn([text("a"), text("b"), text("d")], "done"),
        "block_start_index_gap",
        "block indices not contiguous from 0: opened 0, 1, 3; missing 2",
        null,
      ),
    },
    {
      name: "duplicate-block-start-last-write-wins",
      description:
        "A second block_start for an open index replaces block_id and content in place (last-write-wins; block 1 stays where it is) and does NOT reset seq: after it, seq 0 (stale) and seq 1 (replayed) are discarded, seq 2 applies, and a delta for the old block_id is mismatched.",
      covers: ["stale_seq", "block_id_mismatch"],
      events: [
        start(0, "a", list([])),
        start(1, "z", text("other")),
        append(0, "a", 0, "/items", "a0"),
        append(0, "a", 1, "/items", "a1"),
        start(0, "b", { kind: "list", items: ["fresh"] }),
        append(0, "b", 0, "/items", "stale"),
        append(0, "b", 1, "/items", "replayed"),
        append(0, "b", 2, "/items", "b2"),
        append(0, "a", 3, "/items", "old block_id"),
        done(),
      ],
      expected: ok(turn([list(["fresh", "b2"]), text("other")])),
    },
    {
      name: "block-id-mismatch-discarded",
      description:
        "A delta whose block_id does not match the block open at its index is discarded silently, deliberately: no abort, no error members, later deltas apply.",
      covers: ["block_id_mismatch"],
      events: [
        start(0, "b0", list([])),
        append(0, "someone-else", 0, "/items", "wrong"),
        append(0, "b0", 1, "/items", "right"),
        done(),
      ],
      expected: ok(turn([list(["right"])])),
    },
    {
      name: "stale-and-replayed-seq-discarded",
      description:
        "seq must be strictly greater than the last applied at the index: a replayed seq (equal) and a stale one (lower) are discarded silently; a gap ahead (0 then 5) is allowed.",
      covers: ["stale_seq"],
      events: [
        start(0, "b0", list([])),
        append(0, "b0", 0, "/items", "s0"),
        append(0, "b0", 5, "/items", "s5"),
        append(0, "b0", 5, "/items", "replayed"),
        append(0, "b0", 3, "/items", "stale"),
        append(0, "b0", 6, "/items", "s6"),
        done(),
      ],
      expected: ok(turn([list(["s0", "s5", "s6"])])),
    },
    {
      name: "seq-is-per-index",
      description: "Each index keeps its own seq: seq 7 at index 0 does not make seq 0 at index 1 stale.",
      covers: [],
      events: [
        start(0, "b0", list([])),
        start(1, "b1", list([])),
        append(0, "b0", 7, "/items", "a"),
        append(1, "b1", 0, "/items", "b"),
        done(),
      ],
      expected: ok(turn([list(["a"]), list(["b"])])),
    },
    {
      name: "discarded-delta-does-not-advance-seq",
      description: "A discarded delta (mismatched block_id) does not advance the index's seq.",
      covers: ["block_id_mismatch"],
      events: [
        start(0, "b0", list([])),
        append(0, "x", 9, "/items", "no"),
        append(0, "b0", 1, "/items", "yes"),
        done(),
      ],
      expected: ok(turn([list(["yes"])])),
    },
    {
      name: "element-append-array-is-one-element",
      description: "element_append of an array value appends it as ONE element; it is never spliced.",
      covers: [],
      events: [
        start(0, "b0", list(["a"])),
        append(0, "b0", 0, "/items", ["b", "c"]),
        append(0, "b0", 1, "/items", []),
        done(),
      ],
      expected: ok(turn([list(["a", ["b", "c"], []])])),
    },
    {
      name: "element-append-missing-target",
      description: "element_append never creates its array: a missing target aborts with pointer_missing_container.",
      covers: ["pointer_missing_container"],
      events: [start(0, "b0", text("x")), append(0, "b0", 0, "/items", 1), done()],
      expected: aborted(
        turn([text("x")], null),
        "pointer_missing_container",
        'element_append path "/items": no own member "items" at token 0',
        1,
      ),
    },
    {
      name: "element-append-not-array",
      description: "element_append to a member that is not an array aborts with element_append_not_array.",
      covers: ["element_append_not_array"],
      events: [start(0, "b0", text("x")), append(0, "b0", 0, "/text", "y"), done()],
      expected: aborted(
        turn([text("x")], null),
        "element_append_not_array",
        'element_append path "/text": the target is a string, not an array',
        1,
      ),
    },
    {
      name: "kind-set-to-string",
      description: 'field_set "/kind" with a string changes the block\'s kind.',
      covers: [],
      events: [start(0, "b0", text("x")), set(0, "b0", 0, "/kind", "markdown"), done()],
      expected: ok(turn([{ kind: "markdown", text: "x" }])),
    },
    {
      name: "kind-set-to-non-string",
      description:
        'field_set "/kind" with a value that is not a string aborts (block_kind_not_string): a ForgeBlock\'s kind is a string.',
      covers: ["block_kind_not_string"],
      events: [start(0, "b0", text("x")), set(0, "b0", 0, "/kind", null), done()],
      expected: aborted(
        turn([text("x")], null),
        "block_kind_not_string",
        'field_set "/kind" must set a string, not a null',
        1,
      ),
    },
    {
      name: "error-event",
      description:
        "An error event aborts at its position; its code and message become the turn's error_code/error_message, the partial turn is kept, later events are not applied.",
      covers: [],
      events: [
        start(0, "b0", text("")),
        set(0, "b0", 0, "/text", "so far"),
        error("rate_limited", "Too many requests; retry in 20s."),
        set(0, "b0", 1, "/text", "after"),
        done(),
      ],
      expected: aborted(turn([text("so far")], null), "rate_limited", "Too many requests; retry in 20s.", 2),
    },
    {
      name: "error-event-first",
      description:
        "An error event before anything else: empty partial turn with the server's code and (empty) message.",
      covers: [],
      events: [error("overloaded", "")],
      expected: aborted(turn([], null), "overloaded", "", 0),
    },
    {
      name: "block-start-after-done",
      description: "A block_start after done aborts with block_start_after_done; the turn keeps finish_reason.",
      covers: ["block_start_after_done"],
      events: [start(0, "b0", text("x")), done(), start(1, "b1", text("late"))],
      expected: aborted(turn([text("x")], "done"), "block_start_after_done", "block_start for index 1 after done", 2),
    },
    {
      name: "delta-after-done",
      description: "A block_delta after done aborts with event_after_done and is not applied.",
      covers: ["event_after_done"],
      events: [start(0, "b0", text("x")), done(), set(0, "b0", 0, "/text", "late")],
      expected: aborted(turn([text("x")], "done"), "event_after_done", "block_delta event after done", 2),
    },
    {
      name: "second-done",
      description: "A second done aborts with event_after_done; finish_reason stays the first one's.",
      covers: ["event_after_done"],
      events: [done("done"), done("length")],
      expected: aborted(turn([], "done"), "event_after_done", "done event after done", 1),
    },
    {
      name: "error-after-done",
      description:
        "An error event after done is an event after done: the abort is event_after_done, not the server's code.",
      covers: ["event_after_done"],
      events: [done(), error("late", "too late")],
      expected: aborted(turn([], "done"), "event_after_done", "error event after done", 1),
    },
    {
      name: "stream-without-done",
      description:
        "A stream that ends without done aborts at finish (at null) with stream_without_done; the partial turn carries every event.",
      covers: ["stream_without_done"],
      events: [start(0, "b0", text("")), set(0, "b0", 0, "/text", "cut")],
      expected: aborted(turn([text("cut")], null), "stream_without_done", NO_DONE, null),
    },
    {
      name: "empty-stream",
      description: "An empty stream has no done: stream_without_done.",
      covers: ["stream_without_done"],
      events: [],
      expected: aborted(turn([], null), "stream_without_done", NO_DONE, null),
    },
    {
      name: "stream-without-done-before-gap",
      description:
        "A stream that ends without done is reported as stream_without_done even when its indices also have a gap: the gap is a property of a completed turn.",
      covers: ["stream_without_done"],
      events: [start(1, "b1", text("x"))],
      expected: aborted(turn([text("x")], null), "stream_without_done", NO_DONE, null),
    },
    {
      name: "tool-call-same-id-replaces",
      description:
        "A tool_call with an id seen before replaces that call in place (e.g. to add its result); a new id appends.",
      covers: [],
      events: [
        toolCall({ id: "c1", name: "search", arguments: { q: "a" } }),
        toolCall({ id: "c2", name: "fetch", arguments: {} }),
        toolCall({ id: "c1", name: "search", arguments: { q: "a" }, result: { hits: 3 } }),
        done(),
      ],
      expected: ok(
        turn([], "done", [
          { id: "c1", name: "search", arguments: { q: "a" }, result: { hits: 3 } },
          { id: "c2", name: "fetch", arguments: {} },
        ]),
      ),
    },
    ...permissivenessVectors(),
    ...invalidEventVectors(),
    {
      name: "malformed-line",
      description:
        "Fold command: a non-blank line that is not JSON aborts with malformed_event at its event position; blank lines are not events.",
      covers: ["malformed_event"],
      stdin: [
        JSON.stringify(start(0, "b0", text("x"))),
        "",
        '{"type": "block_delta",',
        JSON.stringify(done()),
        "",
      ].join("\n"),
      expected: aborted(turn([text("x")], null), "malformed_event", "line 3 is not JSON (syntax)", 1),
    },
    {
      name: "blank-and-crlf-lines",
      description: "Fold command: blank and whitespace-only lines are skipped and CRLF line ends are accepted.",
      covers: [],
      stdin: [
        "",
        JSON.stringify(start(0, "b0", text("x"))),
        "   ",
        JSON.stringify(set(0, "b0", 0, "/text", "y")) + "\r",
        JSON.stringify(done()) + "\r",
        "",
      ].join("\n"),
      expected: ok(turn([text("y")])),
    },
  ];
  return [...vectors, ...powerVectors()];
}

/**
 * The contract version that requires a vector's outcome (`requires`): 1.2.0 unless the outcome
 * rests on a 1.3.0 amendment (contracts/frame-wire/CHANGELOG.md). Every abort does (amendment 3:
 * the caller receives the partial turn, and amendment 2: it carries error_code/error_message);
 * so do the rules amendment 4 specified (a repeated block_start is last-write-wins, a
 * `__proto__` member is data) and the field_set cases this suite decided for 1.3.0.
 */
const REQUIRES_1_3_0 = new Set([
  "duplicate-block-start-last-write-wins",
  "repeated-block-start-each-position",
  "repeated-block-start-single-block",
  "proto-key-in-content-is-data",
  "field-set-creates-member",
  "field-set-index-equal-length-appends",
]);

export function requiredVersion(v: VectorSource): "1.2.0" | "1.3.0" {
  return v.expected.abort !== null || REQUIRES_1_3_0.has(v.name) ? "1.3.0" : "1.2.0";
}

/** The language-neutral JSON form of one vector. */
export function vectorFile(v: VectorSource): Record<string, J> {
  const out: Record<string, J> = { name: v.name, description: v.description, covers: v.covers };
  out.level = v.stdin !== undefined ? "command" : "fold";
  if (v.stdin !== undefined) out.stdin = v.stdin;
  else out.events = v.events ?? [];
  out.expected = v.expected;
  out.message_pinned = v.expected.abort === null ? true : isMessagePinned(v.expected.abort.code);
  out.requires = requiredVersion(v);
  return out;
}

/** Every file of conformance/vectors/frame-wire/, by name, with its exact text. */
export function emitVectorFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const sources = vectorSources();
  const names = new Set<string>();
  for (const v of sources) {
    if (names.has(v.name)) throw new Error(`duplicate vector name ${v.name}`);
    if (!/^[a-z0-9-]+$/.test(v.name)) throw new Error(`vector name ${v.name} is not lowercase-dashed`);
    names.add(v.name);
    files.set(`${v.name}.json`, JSON.stringify(vectorFile(v), null, 2) + "\n");
  }
  const index = {
    contract: "frame-wire",
    version: "1.3.0",
    description:
      "frame-wire 1.3.0 conformance vectors. Each file: {name, description, covers, level, events | stdin, expected: {turn, abort}, message_pinned, requires}. A fold-level vector's events are the NDJSON lines of a stream; a command-level vector gives the exact stdin. The outcome is compared by deep equality; when message_pinned is false the abort message is this suite's wording, not the contract's. requires is the earliest contract version that requires the outcome (a 1.2.0 fold is checked with the vectors requiring 1.2.0).",
    vectors: sources.map((v) => ({
      name: v.name,
      file: `${v.name}.json`,
      level: v.stdin !== undefined ? "command" : "fold",
      covers: v.covers,
    })),
  };
  files.set("index.json", JSON.stringify(index, null, 2) + "\n");
  return files;
}

/** Differences between the emitted files and those in `dir` (empty when in step). */
export function diffVectorDir(dir = VECTOR_DIR): string[] {
  const want = emitVectorFiles();
  const problems: string[] = [];
  let present: string[] = [];
  try {
    present = readdirSync(dir).filter((f) => f.endsWith(".json"));
  } catch {
    return [`${dir} does not exist`];
  }
  for (const f of present) if (!want.has(f)) problems.push(`${f} is not emitted by scripts/frame-wire/vectors.ts`);
  for (const [f, text] of want) {
    let have: string | undefined;
    try {
      have = readFileSync(join(dir, f), "utf8");
    } catch {
      have = undefined;
    }
    if (have === undefined) problems.push(`${f} is missing`);
    else if (have !== text) problems.push(`${f} differs from what the script emits`);
  }
  return problems;
}

export function writeVectorDir(dir = VECTOR_DIR): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [f, text] of emitVectorFiles()) writeFileSync(join(dir, f), text);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const mode = process.argv[2];
  if (mode === "--write") {
    writeVectorDir();
    console.log(`wrote ${emitVectorFiles().size} files to ${VECTOR_DIR}`);
  } else if (mode === "--check") {
    const problems = diffVectorDir();
    for (const p of problems) console.error(p);
    process.exitCode = problems.length > 0 ? 1 : 0;
  } else {
    console.error("usage: npx tsx scripts/frame-wire/vectors.ts --write | --check");
    process.exitCode = 2;
  }
}
