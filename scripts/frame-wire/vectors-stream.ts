/**
 * Frame-wire vectors: the stream (unknown indexes and gaps, block ids and seq, kinds, errors, done
 * and after it, tool calls, lines). Hand-written from docs/frame-wire.md.
 */
import {
  type VectorSource,
  start,
  set,
  append,
  done,
  error,
  toolCall,
  turn,
  aborted,
  ok,
  NO_DONE,
  text,
  list,
} from "./vector-builders.js";
import { permissivenessVectors, invalidEventVectors } from "./vectors-families.js";

export function streamVectors(): VectorSource[] {
  return [
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
}
