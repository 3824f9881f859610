/**
 * fast-check properties any frame-wire fold must satisfy, written against a TARGET:
 * `(events) => outcome` (async allowed), so the same checks run against our fold, a wrapped child
 * process, or a third party's. Each check is a plain function taking the target and
 * `{seed, numRuns}`; it resolves when the property holds and rejects with fast-check's report
 * (seed, path, shrunk counterexample) when it does not.
 */
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { escapeToken } from "../../src/json/index.js";
import type { FoldTarget } from "./vectors.js";

export interface PropertyOptions {
  seed: number;
  numRuns: number;
}

/** The incremental side of a fold: one event at a time, the live turn, then the outcome. */
export interface IncrementalFoldTarget {
  (): { push(event: unknown): unknown; readonly turn: unknown; finish(): unknown };
}

type Outcome = { turn: Record<string, unknown>; abort: { code: string; message: string; at: number | null } | null };

/** A JSON snapshot: what a reader of the turn sees, independent of later mutation. */
const snap = (v: unknown): unknown => JSON.parse(JSON.stringify(v ?? null));
const sameJson = (a: unknown, b: unknown): boolean => isDeepStrictEqual(snap(a), snap(b));

const run = async (target: FoldTarget, events: unknown[]): Promise<Outcome> => (await target(events)) as Outcome;

// ---------------------------------------------------------------- arbitraries

const json = (maxDepth = 3) => fc.jsonValue({ maxDepth });
const SMALL_IDS = ["a", "b", "c"];

/** Tokens chosen to hit every pointer rule: forbidden and inherited names, leading zeros, escapes. */
const hostileToken = fc.oneof(
  { weight: 24, arbitrary: fc.constantFrom("items", "meta", "rows", "text", "a", "b", "0", "1", "2", "-") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "__proto__",
      "constructor",
      "prototype",
      "toString",
      "hasOwnProperty",
      "valueOf",
      "length",
    ),
  },
  { weight: 3, arbitrary: fc.constantFrom("kind", "01", "00", "-1", "1.5", "x", "", "~0", "~1", "~01") },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);
const hostilePath = fc.oneof(
  {
    weight: 20,
    arbitrary: fc.constantFrom(
      "/items",
      "/items/0",
      "/items/-",
      "/meta/a",
      "/meta/01",
      "/rows/0",
      "/rows/1",
      "/rows/01",
      "/text",
      "/kind",
      "/a",
    ),
  },
  {
    weight: 20,
    arbitrary: fc.array(hostileToken, { minLength: 1, maxLength: 4 }).map((ts) => ts.map((t) => "/" + t).join("")),
  },
  { weight: 1, arbitrary: fc.constantFrom("items", "/a~2", "/~", "", "/a".repeat(513)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);

/** JSON texts that carry "__proto__" as an own member (object literals cannot express them). */
const protoBearing = fc
  .constantFrom(
    '{"type":"block_start","index":0,"block_id":"a","block":{"kind":"k","__proto__":{"polluted":true},"items":[]}}',
    '{"__proto__":{"type":"done","finish_reason":"done"}}',
    '{"type":"done","finish_reason":"done","__proto__":{"polluted":true}}',
    '{"type":"block_delta","index":0,"block_id":"a","seq":1,"delta":{"op":"field_set","path":"/x","value":{"__proto__":{"polluted":true}}}}',
    '{"type":"tool_call","call":{"id":"c","name":"n","arguments":{"__proto__":{"polluted":true}},"result":{"__proto__":[1]}}}',
    '{"type":"block_delta","index":0,"block_id":"a","seq":2,"delta":{"op":"field_set","path":"/__proto__/polluted","value":true}}',
    '{"type":"block_delta","index":0,"block_id":"a","seq":3,"delta":{"op":"element_append","path":"/constructor/prototype","value":1}}',
  )
  .map((text) => JSON.parse(text) as unknown);

/** Mostly well-formed members (so events reach the deeper rules), sometimes not. */
const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 40, arbitrary: good }, { weight: 1, arbitrary: bad });
const indexLike = mostly(fc.nat(3), fc.constantFrom(-1, 1.5, 2 ** 53, "0", null));
const seqLike = mostly(fc.nat(8), fc.constantFrom(-1, 0.5, "1"));
const blockContent = fc.record({
  kind: fc.constantFrom("text", "list"),
  items: fc.array(json(2), { maxLength: 3 }),
  meta: fc.dictionary(fc.constantFrom("a", "b", "0", "01"), json(2), { maxKeys: 3 }),
  rows: fc.array(fc.array(fc.integer(), { maxLength: 2 }), { maxLength: 3 }),
  text: fc.string({ maxLength: 3 }),
});

const hostileEvent = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant("block_start"),
      index: indexLike,
      block_id: mostly(fc.constantFrom(...SMALL_IDS), fc.constant("")),
      block: mostly(blockContent, json(2)),
    }),
  },
  {
    weight: 40,
    arbitrary: fc.record({
      type: fc.constant("block_delta"),
      index: indexLike,
      block_id: fc.constantFrom(...SMALL_IDS),
      seq: seqLike,
      delta: mostly(
        fc.record({ op: fc.constantFrom("field_set", "element_append"), path: hostilePath, value: json(3) }),
        fc.record(
          { op: fc.constantFrom("field_set", "splice"), path: fc.oneof(hostilePath, json(1)), value: json(1) },
          { requiredKeys: ["op", "path"] },
        ),
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant("tool_call"),
      call: fc.record(
        {
          id: fc.constantFrom("c1", "c2", ""),
          name: fc.constantFrom("t", ""),
          arguments: mostly(fc.dictionary(fc.string({ maxLength: 3 }), json(2), { maxKeys: 3 }), json(1)),
          result: json(3),
        },
        { requiredKeys: ["id", "name", "arguments"] },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("done"),
      finish_reason: mostly(fc.constantFrom("done", "length"), json(1)),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("error"),
      code: fc.constantFrom("overloaded", ""),
      message: fc.string({ maxLength: 8 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      { type: fc.constantFrom("done", "block_stop"), finish_reason: fc.constant("done"), extra: json(1) },
      { requiredKeys: ["type"] },
    ),
  },
  { weight: 2, arbitrary: protoBearing },
  { weight: 1, arbitrary: json(3) },
);

const openingStarts = fc.array(
  fc.record({
    type: fc.constant("block_start"),
    index: fc.nat(3),
    block_id: fc.constantFrom(...SMALL_IDS),
    block: blockContent,
  }),
  { maxLength: 3 },
);

/**
 * Hostile streams of JSON events: anything a wire can carry, aimed at the fold's rules. Most open
 * a few blocks first and half end with done, so events get past the first rule they could break.
 */
export function hostileJsonStream(maxLength = 24): fc.Arbitrary<unknown[]> {
  return fc
    .tuple(openingStarts, fc.array(fc.tuple(hostileEvent, fc.nat(9)), { maxLength }), fc.boolean())
    .map(([starts, events, end]) => [
      ...starts,
      ...aimDeltas(starts, events),
      ...(end ? [{ type: "done", finish_reason: "done" }] : []),
    ]);
}

/**
 * Points most well-formed deltas at a block that is open, with its block_id and a fresh seq, so
 * they reach the pointer rules instead of stopping at unknown index; `luck` 0 leaves a delta
 * as generated, 1 keeps its own seq (stale/replayed ones), anything else aims it fully.
 */
function aimDeltas(starts: { index: number; block_id: string }[], events: [unknown, number][]): unknown[] {
  const open = new Map<number, string>(starts.map((s) => [s.index, s.block_id]));
  const seq = new Map<number, number>();
  return events.map(([e, luck]) => {
    const ev = e as Record<string, unknown>;
    if (
      ev !== null &&
      typeof ev === "object" &&
      ev.type === "block_start" &&
      typeof ev.index === "number" &&
      typeof ev.block_id === "string"
    )
      open.set(ev.index, ev.block_id);
    if (luck === 0 || open.size === 0 || ev === null || typeof ev !== "object" || ev.type !== "block_delta") return e;
    const indices = [...open.keys()];
    const index = indices[luck % indices.length]!;
    const next = (seq.get(index) ?? -1) + 1;
    seq.set(index, next);
    return { ...ev, index, block_id: open.get(index), ...(luck === 1 ? {} : { seq: next }) };
  });
}

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
const probe = fc.oneof(
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

/** Values only an in-process caller can pass: not JSON, cyclic, throwing getters, proxies. */
const jsOnlyValue: fc.Arbitrary<unknown> = fc
  .constantFrom<() => unknown>(
    () => undefined,
    () => () => 1,
    () => Symbol("s"),
    () => 10n,
    () => NaN,
    () => Infinity,
    () => new Date(0),
    () => new Map(),
    () => {
      const o: Record<string, unknown> = { kind: "k" };
      o.self = o;
      return o;
    },
    () =>
      Object.defineProperty({ type: "done" }, "finish_reason", {
        enumerable: true,
        get: () => {
          throw new Error("getter");
        },
      }),
    () =>
      new Proxy(
        {},
        {
          getPrototypeOf: () => {
            throw new Error("trap");
          },
        },
      ),
    () => Object.assign(Object.create({ type: "done", finish_reason: "done" }), {}),
    () => Object.assign(Object.create(null), { type: "done", finish_reason: "done" }),
    () => [, 1],
  )
  .map((make) => make());

/** Hostile streams for in-process targets: the JSON ones plus values JSON cannot carry. */
export function hostileJsStream(maxLength = 24): fc.Arbitrary<unknown[]> {
  const wrapped = fc.oneof(
    jsOnlyValue,
    jsOnlyValue.map((value) => ({
      type: "block_delta",
      index: 0,
      block_id: "a",
      seq: 9,
      delta: { op: "field_set", path: "/v", value },
    })),
    jsOnlyValue.map((block) => ({ type: "block_start", index: 0, block_id: "a", block })),
  );
  return fc.array(fc.oneof({ weight: 8, arbitrary: hostileEvent }, { weight: 1, arbitrary: wrapped }), { maxLength });
}

/**
 * Valid streams: blocks 0..n-1 (opened in any order, each before its deltas), deltas that always
 * resolve (new members, /meta members, appends to /items), tool calls, then done. The fold must
 * complete them without abort. Returns the stream and the number of blocks.
 */
export function validStream(): fc.Arbitrary<{ events: unknown[]; blocks: number }> {
  const step = fc.record({
    what: fc.constantFrom("set-top", "set-meta", "append", "tool"),
    block: fc.nat(3),
    key: fc
      .string({ minLength: 1, maxLength: 4 })
      .filter((k) => !["__proto__", "constructor", "prototype", "kind", "items", "meta"].includes(k)),
    value: json(3),
  });
  return fc
    .record({
      blocks: fc.integer({ min: 0, max: 4 }),
      steps: fc.array(step, { maxLength: 20 }),
      startOrder: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    })
    .map(({ blocks, steps, startOrder }) => {
      const events: unknown[] = [];
      const seq = new Map<number, number>();
      const open = (b: number) => {
        if (seq.has(b)) return;
        seq.set(b, 0);
        events.push({
          type: "block_start",
          index: b,
          block_id: `blk-${b}`,
          block: { kind: "text", items: [], meta: {} },
        });
      };
      // Open a random subset first, in a random order (index order need not be stream order).
      const order = [...Array(blocks).keys()].sort((x, y) => (startOrder[x] ?? 0) - (startOrder[y] ?? 0));
      for (const b of order.slice(0, Math.ceil(blocks / 2))) open(b);
      let calls = 0;
      for (const s of steps) {
        if (s.what === "tool") {
          events.push({
            type: "tool_call",
            call: { id: `call-${calls++}`, name: "tool", arguments: { k: s.value }, result: s.value },
          });
          continue;
        }
        if (blocks === 0) continue;
        const b = s.block % blocks;
        open(b);
        const n = seq.get(b)!;
        seq.set(b, n + 1);
        const escaped = escapeToken(s.key);
        const delta =
          s.what === "append"
            ? { op: "element_append", path: "/items", value: s.value }
            : { op: "field_set", path: s.what === "set-meta" ? `/meta/${escaped}` : `/${escaped}`, value: s.value };
        events.push({ type: "block_delta", index: b, block_id: `blk-${b}`, seq: n, delta });
      }
      for (let b = 0; b < blocks; b++) open(b);
      events.push({ type: "done", finish_reason: "done" });
      return { events, blocks };
    });
}

// ---------------------------------------------------------------- outcome shape

/** Problems with an outcome's shape (empty when well-formed), independent of the schema. */
export function outcomeShapeProblems(outcome: unknown, streamLength: number): string[] {
  const p: string[] = [];
  if (outcome === null || typeof outcome !== "object") return ["the outcome is not an object"];
  const { turn, abort } = outcome as Outcome;
  if (turn === null || typeof turn !== "object") return ["the outcome has no turn object"];
  if (!Array.isArray(turn.blocks)) p.push("turn.blocks is not an array");
  if (!Array.isArray(turn.tool_calls)) p.push("turn.tool_calls is not an array");
  if (turn.finish_reason !== null && typeof turn.finish_reason !== "string")
    p.push("turn.finish_reason is neither a string nor null");
  if (abort === null) {
    if ("error_code" in turn || "error_message" in turn) p.push("a turn without abort carries error members");
  } else if (abort === undefined || typeof abort !== "object") {
    p.push("abort is neither null nor an object");
  } else {
    if (typeof abort.code !== "string" || typeof abort.message !== "string")
      p.push("abort.code/message are not strings");
    if (!(abort.at === null || (Number.isInteger(abort.at) && abort.at >= 0 && abort.at < streamLength)))
      p.push(`abort.at ${String(abort.at)} is not null or a position of the stream`);
    if (turn.error_code !== abort.code) p.push("turn.error_code differs from abort.code");
    if (turn.error_message !== abort.message) p.push("turn.error_message differs from abort.message");
  }
  return p;
}

// ---------------------------------------------------------------- properties

export interface NoExceptionOptions extends PropertyOptions {
  /** "js" adds values only an in-process caller can pass (undefined, cycles, throwing getters). */
  hostility?: "json" | "js";
  /** When given, every outcome's turn must validate (e.g. ajv's FrameTurn validator). */
  validateTurn?: (turn: unknown) => boolean;
}

/** Hostile streams never make the target throw, and always yield a well-formed outcome. */
export async function checkNoExceptionEscapes(target: FoldTarget, opts: NoExceptionOptions): Promise<void> {
  const streams =
    opts.hostility === "js"
      ? hostileJsStream()
      : fc.oneof({ weight: 3, arbitrary: hostileJsonStream() }, { weight: 1, arbitrary: ruleAimedStream() });
  await fc.assert(
    fc.asyncProperty(streams, async (events) => {
      const outcome = await run(target, events);
      const problems = outcomeShapeProblems(outcome, events.length);
      if (opts.validateTurn && !opts.validateTurn(outcome.turn))
        problems.push("the turn does not validate against FrameTurn");
      if (problems.length > 0) throw new Error(problems.join("; "));
    }),
    { seed: opts.seed, numRuns: opts.numRuns, includeErrorInReport: true },
  );
}

function prototypeSnapshot(): unknown[] {
  const protos = [Object.prototype, Array.prototype, Function.prototype, String.prototype];
  return protos.map((proto) => [
    Object.getPrototypeOf(proto),
    ...Reflect.ownKeys(proto).map((k) => [k, Object.getOwnPropertyDescriptor(proto, k)]),
  ]);
}

function prototypeChanged(before: unknown[]): boolean {
  const after = prototypeSnapshot();
  // Descriptors compare by value: a replaced method or a new member both show.
  return !isDeepStrictEqual(before, after) || ({} as Record<string, unknown>).polluted !== undefined;
}

/** No stream, however hostile, changes Object.prototype (or Array/Function/String.prototype). */
export async function checkPrototypeUntouched(
  target: FoldTarget,
  opts: PropertyOptions & { hostility?: "json" | "js" },
): Promise<void> {
  const streams = opts.hostility === "js" ? hostileJsStream() : hostileJsonStream();
  await fc.assert(
    fc.asyncProperty(streams, async (events) => {
      const before = prototypeSnapshot();
      try {
        await target(events);
      } catch {
        // Throwing is checkNoExceptionEscapes' concern; this property is about the prototypes only.
      }
      if (prototypeChanged(before)) throw new Error("a built-in prototype changed while folding this stream");
    }),
    { seed: opts.seed, numRuns: opts.numRuns, includeErrorInReport: true },
  );
}

/** The same stream (as two independent copies) gives the same outcome. */
export async function checkDeterministic(target: FoldTarget, opts: PropertyOptions): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        hostileJsonStream(),
        ruleAimedStream(),
        validStream().map((s) => s.events),
      ),
      async (events) => {
        const a = await run(target, snap(events) as unknown[]);
        const b = await run(target, snap(events) as unknown[]);
        if (!sameJson(a, b))
          throw new Error(`two folds of the same stream differ:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`);
      },
    ),
    { seed: opts.seed, numRuns: opts.numRuns, includeErrorInReport: true },
  );
}

/** A whole-stream turn without what only finish() adds (the completed-turn abort's error members). */
function turnBeforeFinish(outcome: Outcome): unknown {
  if (outcome.abort === null || outcome.abort.at !== null) return outcome.turn;
  const { error_code: _c, error_message: _m, ...rest } = outcome.turn;
  return rest;
}

/**
 * After k pushes, the incremental fold's live turn equals the whole-stream fold of the first k
 * events (before finish adds completed-turn aborts); its final outcome equals the whole fold's.
 */
export async function checkIncrementalMatchesWhole(
  incremental: IncrementalFoldTarget,
  whole: FoldTarget,
  opts: PropertyOptions,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        hostileJsonStream(16),
        ruleAimedStream(),
        validStream().map((s) => s.events),
      ),
      async (events) => {
        const fold = incremental();
        for (let k = 1; k <= events.length; k++) {
          fold.push(snap(events[k - 1]));
          const live = snap(fold.turn);
          const prefix = await run(whole, snap(events.slice(0, k)) as unknown[]);
          if (!sameJson(live, turnBeforeFinish(prefix))) {
            throw new Error(
              `after ${k} event(s) the live turn ${JSON.stringify(live)} differs from the fold of the prefix ${JSON.stringify(turnBeforeFinish(prefix))}`,
            );
          }
        }
        const final = fold.finish();
        const all = await run(whole, snap(events) as unknown[]);
        if (!sameJson(final, all))
          throw new Error(`finish() ${JSON.stringify(final)} differs from the whole fold ${JSON.stringify(all)}`);
      },
    ),
    { seed: opts.seed, numRuns: opts.numRuns, includeErrorInReport: true },
  );
}

/**
 * Any JSON value is accepted at all three value sites (FieldSetDelta.value,
 * ElementAppendDelta.value, ToolCall.result) and arrives in the turn unchanged; an appended array
 * is one element. With `validateEvent`, the schema must accept each event too.
 */
export async function checkValueSitesPermissive(
  target: FoldTarget,
  opts: PropertyOptions & { validateEvent?: (event: unknown) => boolean },
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(json(4), async (value) => {
      const events = [
        { type: "block_start", index: 0, block_id: "b", block: { kind: "probe", items: [] } },
        { type: "block_delta", index: 0, block_id: "b", seq: 0, delta: { op: "field_set", path: "/v", value } },
        {
          type: "block_delta",
          index: 0,
          block_id: "b",
          seq: 1,
          delta: { op: "element_append", path: "/items", value },
        },
        { type: "tool_call", call: { id: "c", name: "probe", arguments: {}, result: value } },
        { type: "done", finish_reason: "done" },
      ];
      if (opts.validateEvent)
        for (const e of events) if (!opts.validateEvent(e)) throw new Error(`the schema rejects ${JSON.stringify(e)}`);
      const o = await run(target, snap(events) as unknown[]);
      if (o.abort !== null) throw new Error(`aborted: ${JSON.stringify(o.abort)}`);
      const block = (o.turn.blocks as Record<string, unknown>[])[0];
      const call = (o.turn.tool_calls as Record<string, unknown>[])[0];
      if (!block || !sameJson(block.v, value)) throw new Error("field_set value did not arrive unchanged");
      if (!Array.isArray(block.items) || block.items.length !== 1 || !sameJson(block.items[0], value))
        throw new Error("element_append did not append exactly one element equal to the value");
      if (!call || !sameJson(call.result, value)) throw new Error("ToolCall.result did not arrive unchanged");
    }),
    { seed: opts.seed, numRuns: opts.numRuns, includeErrorInReport: true },
  );
}

/** Valid streams complete: no abort, every block 0..n-1 present, finish_reason "done". */
export async function checkValidStreamsComplete(
  target: FoldTarget,
  opts: PropertyOptions & { validateTurn?: (turn: unknown) => boolean },
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(validStream(), async ({ events, blocks }) => {
      const o = await run(target, snap(events) as unknown[]);
      if (o.abort !== null) throw new Error(`a valid stream aborted: ${JSON.stringify(o.abort)}`);
      if ((o.turn.blocks as unknown[]).length !== blocks)
        throw new Error(`expected ${blocks} block(s), got ${(o.turn.blocks as unknown[]).length}`);
      if (o.turn.finish_reason !== "done") throw new Error('finish_reason is not "done"');
      if (opts.validateTurn && !opts.validateTurn(o.turn))
        throw new Error("the turn does not validate against FrameTurn");
    }),
    { seed: opts.seed, numRuns: opts.numRuns, includeErrorInReport: true },
  );
}

/** Codes a fold raises when an event fails the FrameEvent schema. */
export const SHAPE_CODES: readonly string[] = ["invalid_event", "pointer_syntax"];

/**
 * The fold's shape check agrees with the schema: as the first event of a stream, an event the
 * FrameEvent schema rejects aborts at 0 with a shape code, and one it accepts never does.
 */
export async function checkShapeAgreesWithSchema(
  target: FoldTarget,
  validateEvent: (event: unknown) => boolean,
  opts: PropertyOptions,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(hostileEvent, async (event) => {
      const valid = validateEvent(snap(event));
      const o = await run(target, [snap(event), { type: "done", finish_reason: "done" }]);
      const shapeAbort = o.abort !== null && o.abort.at === 0 && SHAPE_CODES.includes(o.abort.code);
      if (valid && shapeAbort)
        throw new Error(`the schema accepts the event but the fold rejects its shape: ${JSON.stringify(o.abort)}`);
      if (!valid && !shapeAbort)
        throw new Error(
          `the schema rejects the event but the fold did not abort at it with a shape code: ${JSON.stringify(o.abort)}`,
        );
    }),
    { seed: opts.seed, numRuns: opts.numRuns, includeErrorInReport: true },
  );
}
