/** fast-check streams aimed at one pointer rule of the frame-wire fold: quiet episodes, then one probing delta. */
import fc from "fast-check";
import { snap, json, SMALL_IDS } from "./stream-arbitraries.js";

// ---------------------------------------------------------------- rule-aimed streams

/**
 * Names every object inherits from Object.prototype: a receiver resolves only own members, so on
 * a pointer's way (or as an append target) these are missing, never the inherited functions.
 */
export const INHERITED_NAMES: readonly string[] = [
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "__defineGetter__",
  "__lookupGetter__",
];

const FORBIDDEN_NAMES = ["__proto__", "constructor", "prototype"];

const ruleValue = fc.oneof(
  { weight: 3, arbitrary: json(2) },
  { weight: 2, arbitrary: fc.array(json(1), { minLength: 1, maxLength: 3 }) }, // one element when appended, never spliced
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom("a", "x", ...INHERITED_NAMES), json(1), { minKeys: 1, maxKeys: 2 }),
  },
);

type RulePath = { op: "field_set" | "element_append"; path: string };

const eitherOp = fc.constantFrom("field_set" as const, "element_append" as const);

/** Writes and appends that resolve against `ruleBlock`'s shape (`kind`, `items`, `meta`, `text`), or nearly. */
const plainPath: fc.Arbitrary<RulePath> = fc.oneof(
  fc.record({
    op: fc.constant("field_set" as const),
    path: fc.constantFrom(
      "/x",
      "/meta/a",
      "/meta/b",
      "/items/0",
      "/items/-",
      "/text",
      "/kind",
      "/toString",
      "/meta/valueOf",
    ),
  }),
  fc.record({ op: fc.constant("element_append" as const), path: fc.constantFrom("/items", "/items", "/meta/a") }),
);

/**
 * Paths by the pointer rule they exercise: inherited names on the way or as the append target,
 * forbidden names, leading zeros, out-of-range and non-index tokens, scalars on the way, the root
 * and `/kind`, and plain ones.
 */
const probePath: fc.Arbitrary<RulePath> = fc.oneof(
  { weight: 2, arbitrary: plainPath },
  {
    weight: 3,
    arbitrary: fc.oneof(
      fc.record({
        op: eitherOp,
        path: fc
          .tuple(
            fc.constantFrom("", "/meta", "/items/0"),
            fc.constantFrom(...INHERITED_NAMES),
            fc.constantFrom("/x", "/0", "/length"),
          )
          .map(([at, name, rest]) => `${at}/${name}${rest}`),
      }),
      fc.record({
        op: fc.constant("element_append" as const),
        path: fc
          .tuple(fc.constantFrom("", "/meta"), fc.constantFrom(...INHERITED_NAMES))
          .map(([at, name]) => `${at}/${name}`),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: eitherOp,
      path: fc
        .tuple(fc.constantFrom("", "/meta"), fc.constantFrom(...FORBIDDEN_NAMES), fc.constantFrom("", "/x"))
        .map(([at, name, rest]) => `${at}/${name}${rest}`),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: eitherOp,
      path: fc.constantFrom("/items/01", "/items/00", "/items/001", "/meta/01", "/items/01/x", "/items/0/01"),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: eitherOp,
      path: fc.constantFrom(
        "/items/9",
        "/items/-1",
        "/items/x",
        "/items/1.5",
        "/items/-/x",
        "/text/x",
        "/kind/x",
        "/nothing/x",
        "",
        "/a~2",
      ),
    }),
  },
);

const ruleBlock = fc.record({
  kind: fc.constantFrom("text", "list"),
  items: fc.array(fc.oneof(json(1), fc.dictionary(fc.constantFrom("a", "01", "1"), json(1), { maxKeys: 2 })), {
    maxLength: 3,
  }),
  meta: fc.dictionary(fc.constantFrom("a", "b", "01", "1"), json(1), { maxKeys: 2 }),
  text: fc.string({ maxLength: 3 }),
});

/** How a delta's seq relates to the last one applied at its index. */
const seqChoice = fc.constantFrom("next", "ahead", "replay", "stale", "restart", "restart");

/**
 * What a sender does between opening blocks and the end, each aimed at a rule of the discard table
 * or the apply rules, none aborting a correct fold: a plain delta applied, a delta for another
 * block_id at an open index, one out of seq order, an index re-opened after its seq advanced and
 * then written with seqs numbered afresh, a tool call (new or repeated id).
 */
const quietEpisode = fc.oneof(
  fc.record({ kind: fc.constant("apply" as const), pick: fc.nat(3), target: plainPath, value: ruleValue }),
  fc.record({ kind: fc.constant("other-block-id" as const), pick: fc.nat(3), target: plainPath, value: ruleValue }),
  fc.record({
    kind: fc.constant("out-of-order" as const),
    pick: fc.nat(3),
    seq: seqChoice,
    target: plainPath,
    value: ruleValue,
  }),
  fc.record({
    kind: fc.constant("reopen" as const),
    pick: fc.nat(3),
    sameId: fc.boolean(),
    block: ruleBlock,
    seq: seqChoice,
    target: plainPath,
    value: ruleValue,
  }),
  fc.record({ kind: fc.constant("tool" as const), repeat: fc.boolean(), value: ruleValue }),
);

/** The one event a stream is aimed with: a delta down one pointer rule, or one for an index nobody opened. */
export const probe = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ unopened: fc.constant(false), pick: fc.nat(3), target: probePath, value: ruleValue }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ unopened: fc.constant(true), pick: fc.nat(3), target: probePath, value: ruleValue }),
  },
);

const ending = fc.constantFrom("done", "done", "done", "error", "none", "done-then-delta", "done-then-start");

/**
 * Short streams aimed at the fold's rules, built by a small model of what the receiver knows (open
 * indices, their block ids, the last applied seq): one or two blocks opened, one to three quiet
 * episodes (no abort for a correct fold, so they never hide what follows), mostly a probe, then an
 * ending. Short on purpose: every event is one a rule reads, so a difference between two folds
 * shows in a few events and shrinks in a few steps.
 */
export function ruleAimedStream(): fc.Arbitrary<unknown[]> {
  return fc
    .record({
      opened: fc.array(fc.tuple(fc.constantFrom(...SMALL_IDS), ruleBlock), { minLength: 1, maxLength: 2 }),
      episodes: fc.array(quietEpisode, { minLength: 1, maxLength: 3 }),
      probe: fc.option(probe, { freq: 5 }),
      ending,
    })
    .map(({ opened, episodes, probe, ending }) => {
      const events: unknown[] = [];
      const open = new Map<number, { id: string; last: number }>();
      const start = (index: number, id: string, block: unknown) => {
        events.push({ type: "block_start", index, block_id: id, block: snap(block) });
        const slot = open.get(index);
        if (slot) slot.id = id;
        else open.set(index, { id, last: -1 });
      };
      const delta = (index: number, id: string, seq: number, target: RulePath, value: unknown) =>
        events.push({
          type: "block_delta",
          index,
          block_id: id,
          seq,
          delta: { op: target.op, path: target.path, value: snap(value) },
        });
      opened.forEach(([id, block], index) => start(index, id, block));
      const slotAt = (pick: number) => {
        const index = pick % open.size;
        return { index, slot: open.get(index)! };
      };
      const seqFor = (last: number, choice: string) =>
        choice === "next"
          ? last + 1
          : choice === "ahead"
            ? last + 3
            : choice === "replay"
              ? Math.max(last, 0)
              : choice === "stale"
                ? Math.max(last - 1, 0)
                : 0;
      let calls = 0;
      for (const ep of episodes) {
        if (ep.kind === "tool") {
          events.push({
            type: "tool_call",
            call: {
              id: ep.repeat && calls > 0 ? "c0" : `c${calls++}`,
              name: "t",
              arguments: { v: snap(ep.value) },
              result: snap(ep.value),
            },
          });
          continue;
        }
        const { index, slot } = slotAt(ep.pick);
        if (ep.kind === "apply") delta(index, slot.id, ++slot.last, ep.target, ep.value);
        else if (ep.kind === "other-block-id")
          delta(index, slot.id === "a" ? "b" : "a", slot.last + 1, ep.target, ep.value); // discarded: seq stays
        else {
          delta(index, slot.id, ++slot.last, { op: "field_set", path: "/x" }, 1); // the seq advances first
          if (ep.kind === "reopen") start(index, ep.sameId ? slot.id : slot.id + "2", ep.block);
          const seq = seqFor(slot.last, ep.seq);
          delta(index, slot.id, seq, ep.target, ep.value);
          slot.last = Math.max(slot.last, seq);
        }
      }
      if (probe) {
        if (probe.unopened) delta(open.size + probe.pick, "a", 0, probe.target, probe.value);
        else {
          const { index, slot } = slotAt(probe.pick);
          delta(index, slot.id, ++slot.last, probe.target, probe.value);
        }
      }
      if (ending === "error") events.push({ type: "error", code: "overloaded", message: "busy" });
      else if (ending !== "none") events.push({ type: "done", finish_reason: "done" });
      if (ending === "done-then-delta") delta(0, open.get(0)!.id, 99, { op: "field_set", path: "/x" }, 2);
      if (ending === "done-then-start")
        events.push({ type: "block_start", index: open.size, block_id: "z", block: { kind: "text" } });
      return events;
    });
}
