/**
 * Frame-wire vector families built by loop: forbidden member names down each delta op, the
 * permissiveness check's values at each value site, and events that are not FrameEvents.
 */
import {
  type J,
  type VectorSource,
  start,
  set,
  append,
  done,
  toolCall,
  turn,
  aborted,
  ok,
  text,
} from "./vector-builders.js";
import { THIRTEEN_VALUES } from "../../conformance/json-value/suite.js";

export function forbiddenVectors(): VectorSource[] {
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

export function permissivenessVectors(): VectorSource[] {
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

export function invalidEventVectors(): VectorSource[] {
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
