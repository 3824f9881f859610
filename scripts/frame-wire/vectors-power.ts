/**
 * Vectors added by mutation testing (docs/conformance-power.md): each pins a rule of
 * docs/frame-wire.md that the earlier vectors left open, found because a mutant of our fold
 * survived them. Like every vector, the expected outcomes are written by hand from the contract
 * (and, for messages the contract leaves free, from our wording; `message_pinned` says which).
 * Appended to the vectors of ./vectors.ts, which emits and checks the files.
 */
import type { VectorSource } from "./vector-builders.js";

type J = unknown;

const start = (index: number, block_id: J, block: J): J => ({ type: "block_start", index, block_id, block });
const delta = (index: number, block_id: J, seq: number, op: string, path: string, value: J): J => ({
  type: "block_delta",
  index,
  block_id,
  seq,
  delta: { op, path, value },
});
const set = (index: number, block_id: J, seq: number, path: string, value: J): J =>
  delta(index, block_id, seq, "field_set", path, value);
const append = (index: number, block_id: J, seq: number, path: string, value: J): J =>
  delta(index, block_id, seq, "element_append", path, value);
const done = (finish_reason: J = "done"): J => ({ type: "done", finish_reason });
const toolCall = (call: J): J => ({ type: "tool_call", call });
const text = (t: string): J => ({ kind: "text", text: t });
const turn = (blocks: J[], finish_reason: string | null = "done", tool_calls: J[] = []): Record<string, J> => ({
  blocks,
  tool_calls,
  finish_reason,
});
const ok = (t: Record<string, J>): VectorSource["expected"] => ({ turn: t, abort: null });
const aborted = (t: Record<string, J>, code: string, message: string, at: number | null): VectorSource["expected"] => ({
  turn: { ...t, error_code: code, error_message: message },
  abort: { code, message, at },
});

/** Events that are not FrameEvents although each looks close to one (the schema refuses each). */
function moreInvalidEvents(): VectorSource[] {
  const cases: [string, string, J, string][] = [
    [
      "block-id-array",
      "A block_start whose block_id is an array (non-empty, but not a string)",
      start(1, ["b1"], text("x")),
      "block_start.block_id must be a non-empty string",
    ],
    [
      "block-kind-number",
      "A block_start whose block's kind is a number",
      start(1, "b1", { kind: 5 }),
      'block_start.block must have a string member "kind"',
    ],
    [
      "member-named-undefined",
      'A block_start with an extra member named "undefined"',
      { ...(start(1, "b1", text("x")) as object), undefined: 1 },
      'block_start has the unknown member "undefined"',
    ],
    [
      "delta-block-id-array",
      "A block_delta whose block_id is an array",
      set(0, ["b0"], 0, "/text", "b"),
      "block_delta.block_id must be a non-empty string",
    ],
    [
      "delta-index-string",
      "A block_delta whose index is a string",
      set("0" as unknown as number, "b0", 0, "/text", "b"),
      "block_delta.index must be an integer >= 0",
    ],
    [
      "delta-seq-negative",
      "A block_delta whose seq is negative",
      set(0, "b0", -1, "/text", "b"),
      "block_delta.seq must be an integer >= 0",
    ],
    [
      "delta-not-object",
      "A block_delta whose delta is a string",
      { type: "block_delta", index: 0, block_id: "b0", seq: 0, delta: "x" },
      "block_delta.delta must be an object",
    ],
    [
      "delta-path-number",
      "A block_delta whose path is a number",
      { type: "block_delta", index: 0, block_id: "b0", seq: 0, delta: { op: "field_set", path: 5, value: 1 } },
      "block_delta.delta.path must be a string",
    ],
    [
      "block-delta-extra-member",
      "A block_delta with a member outside BlockDeltaEvent",
      { ...(set(0, "b0", 0, "/text", "b") as object), extra: 1 },
      'block_delta has the unknown member "extra"',
    ],
    [
      "delta-extra-member",
      "A delta with a member outside FieldSetDelta",
      {
        type: "block_delta",
        index: 0,
        block_id: "b0",
        seq: 0,
        delta: { op: "field_set", path: "/text", value: "b", extra: 1 },
      },
      'block_delta.delta has the unknown member "extra"',
    ],
    [
      "tool-call-id-array",
      "A tool_call whose call id is an array",
      toolCall({ id: ["c"], name: "n", arguments: {} }),
      "tool_call.call.id must be a non-empty string",
    ],
    [
      "tool-call-name-array",
      "A tool_call whose call name is an array",
      toolCall({ id: "c", name: ["n"], arguments: {} }),
      "tool_call.call.name must be a non-empty string",
    ],
    [
      "tool-call-arguments-array",
      "A tool_call whose arguments are an array",
      toolCall({ id: "c", name: "n", arguments: [] }),
      "tool_call.call.arguments must be an object",
    ],
    [
      "tool-call-extra-member",
      "A tool_call whose call has a member outside ToolCall",
      toolCall({ id: "c", name: "n", arguments: {}, extra: 1 }),
      'tool_call.call has the unknown member "extra"',
    ],
    [
      "error-code-array",
      "An error event whose code is an array",
      { type: "error", code: ["x"], message: "m" },
      "error.code must be a non-empty string",
    ],
    [
      "error-message-number",
      "An error event whose message is a number",
      { type: "error", code: "x", message: 5 },
      "error.message must be a string",
    ],
    ["event-number", "An event that is a number", 5, "an event is a JSON object"],
    ["event-string", "An event that is a string", "block_start", "an event is a JSON object"],
    [
      "done-finish-reason-number",
      "A done event whose finish_reason is a number",
      done(5),
      "done.finish_reason must be a string",
    ],
  ];
  return cases.map(([slug, what, event, reason]) => ({
    name: `invalid-event-${slug}`,
    description: `${what} is not a FrameEvent: the fold aborts with invalid_event at it, keeping the block opened before it.`,
    covers: ["invalid_event"],
    events: [start(0, "b0", text("a")), event, set(0, "b0", 0, "/text", "b"), done()],
    expected: aborted(turn([text("a")], null), "invalid_event", `not a FrameEvent: ${reason}`, 1),
  }));
}

export function powerVectors(): VectorSource[] {
  return [
    ...moreInvalidEvents(),
    {
      name: "blocks-opened-in-any-order",
      description:
        "Blocks opened in the order 4, 0, 2, 1, 3 appear in index order, each at its place; a delta to each lands in its own block.",
      covers: [],
      events: [
        start(4, "b4", text("e")),
        start(0, "b0", text("a")),
        start(2, "b2", text("c")),
        start(1, "b1", text("b")),
        start(3, "b3", text("d")),
        set(3, "b3", 0, "/text", "D"),
        set(0, "b0", 0, "/text", "A"),
        set(4, "b4", 0, "/text", "E"),
        done(),
      ],
      expected: ok(turn([text("A"), text("b"), text("c"), text("D"), text("E")])),
    },
    {
      name: "repeated-block-start-single-block",
      description:
        "A repeated block_start for the only open index replaces that block in place (last write wins); deltas for the new block_id apply, those for the old one are discarded.",
      covers: ["block_id_mismatch"],
      events: [
        start(0, "b0", text("x")),
        start(0, "b1", text("y")),
        set(0, "b0", 0, "/text", "old"),
        set(0, "b1", 1, "/text", "z"),
        done(),
      ],
      expected: ok(turn([text("z")])),
    },
    {
      name: "repeated-block-start-each-position",
      description:
        "Repeated block_starts for the first, middle and last of three open indices each replace the block at its own position.",
      covers: [],
      events: [
        start(0, "a", text("0")),
        start(1, "b", text("1")),
        start(2, "c", text("2")),
        start(1, "B", text("one")),
        start(2, "C", text("two")),
        start(0, "A", text("zero")),
        done(),
      ],
      expected: ok(turn([text("zero"), text("one"), text("two")])),
    },
    {
      name: "field-set-replaces-an-array",
      description:
        "field_set whose target is an existing array member replaces the whole array with the value (it is not element_append).",
      covers: [],
      events: [start(0, "b0", { kind: "list", items: [1, 2] }), set(0, "b0", 0, "/items", ["x"]), done()],
      expected: ok(turn([{ kind: "list", items: ["x"] }])),
    },
    {
      name: "tool-call-after-done",
      description:
        "A tool_call after done aborts with event_after_done; the turn keeps done's finish_reason and gains no call.",
      covers: ["event_after_done"],
      events: [start(0, "b0", text("x")), done(), toolCall({ id: "c", name: "n", arguments: {} })],
      expected: aborted(turn([text("x")], "done"), "event_after_done", "tool_call event after done", 2),
    },
    {
      name: "forbidden-member-after-done",
      description:
        "The pointer rules are rules of the event: a forbidden member in a delta after done aborts with pointer_forbidden_member, not event_after_done.",
      covers: ["pointer_forbidden_member"],
      events: [start(0, "b0", text("x")), done(), set(0, "b0", 0, "/__proto__/polluted", 1)],
      expected: aborted(
        turn([text("x")], "done"),
        "pointer_forbidden_member",
        'field_set path "/__proto__/polluted": reference token 0 names the forbidden member "__proto__"',
        2,
      ),
    },
    {
      name: "forbidden-member-unknown-index",
      description:
        "A forbidden member in a delta for an index no block_start opened aborts with pointer_forbidden_member, not block_delta_unknown_index.",
      covers: ["pointer_forbidden_member"],
      events: [start(0, "b0", text("x")), append(5, "b5", 0, "/items/constructor", 1), done()],
      expected: aborted(
        turn([text("x")], null),
        "pointer_forbidden_member",
        'element_append path "/items/constructor": reference token 1 names the forbidden member "constructor"',
        1,
      ),
    },
    {
      name: "tool-call-result-kept",
      description:
        "A tool_call's optional result is part of the call in the turn; a call without one has no result member.",
      covers: [],
      events: [
        toolCall({ id: "c1", name: "n", arguments: { a: 1 }, result: { ok: [true] } }),
        toolCall({ id: "c2", name: "m", arguments: {} }),
        done(),
      ],
      expected: ok(
        turn([], "done", [
          { id: "c1", name: "n", arguments: { a: 1 }, result: { ok: [true] } },
          { id: "c2", name: "m", arguments: {} },
        ]),
      ),
    },
    {
      name: "non-ascii-text",
      description:
        "Text outside ASCII (accents, CJK, an astral-plane emoji) passes through field_set and element_append unchanged; SSE clients must decode UTF-8 across chunk boundaries.",
      covers: [],
      events: [
        start(0, "b0", text("")),
        set(0, "b0", 0, "/text", "héllo ✓ 漢字 🎉"),
        start(1, "b1", { kind: "list", items: [] }),
        append(1, "b1", 0, "/items", "ß€😀"),
        done(),
      ],
      expected: ok(turn([text("héllo ✓ 漢字 🎉"), { kind: "list", items: ["ß€😀"] }])),
    },
  ];
}
