/** fast-check arbitraries of frame-wire event streams: hostile (JSON and JS-only values) and valid ones. */
import fc from "fast-check";
import { escapeToken } from "../../src/json/index.js";

/** A JSON snapshot: what a reader of the turn sees, independent of later mutation. */
export const snap = (v: unknown): unknown => JSON.parse(JSON.stringify(v ?? null));

export const json = (maxDepth = 3) => fc.jsonValue({ maxDepth });

export const SMALL_IDS = ["a", "b", "c"];

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

export const hostileEvent = fc.oneof(
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
