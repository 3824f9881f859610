/**
 * Frame-wire vectors: the pointer rules (field_set and element_append targets, syntax, escapes,
 * forbidden and inherited names). Hand-written from docs/frame-wire.md.
 */
import { type VectorSource, start, set, append, done, turn, aborted, ok, text, list } from "./vector-builders.js";
import { forbiddenVectors } from "./vectors-families.js";

export function pointerVectors(): VectorSource[] {
  return [
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
  ];
}
