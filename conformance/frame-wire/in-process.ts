/**
 * Checks that apply only to an IN-PROCESS fold (one that takes JavaScript values rather than
 * bytes): the table's `invalid_event` includes "a value that is not JSON" (docs/frame-wire.md),
 * and in process that is a real case — a caller can push undefined, NaN, a function, a Date, a
 * Map, a class instance or an array with a hole, at any depth of any value site, and such an
 * event must abort the fold at its position. A JSON value in a form JSON.parse never produces but
 * that is still JSON (an object with a null prototype) must be accepted like its plain twin.
 */
import fc from "fast-check";
import { CheckFailure, property, SkipCheck, type Check } from "../harness/check.js";
import type { FoldTarget } from "./vectors.js";

class Bare {}
class Opaque {
  readonly kind = "text";
}

/** Values JSON cannot carry; each is a reason for invalid_event wherever it appears. */
const NOT_JSON: [string, () => unknown][] = [
  ["undefined", () => undefined],
  ["NaN", () => NaN],
  ["Infinity", () => Infinity],
  ["-Infinity", () => -Infinity],
  ["a function", () => () => 1],
  ["a symbol", () => Symbol("s")],
  ["a bigint", () => 10n],
  ["a Date", () => new Date(0)],
  ["a Map", () => new Map([["a", 1]])],
  ["a class instance", () => new Opaque()],
  ["an array with a hole", () => [1, , 3]],
];

/** The sites of the base stream where a value may be replaced: [event position, setter]. */
type Site = { name: string; at: number; put: (events: any[], v: unknown) => void };
const SITES: Site[] = [
  { name: "block_start.block member", at: 0, put: (e, v) => (e[0].block.extra = v) },
  { name: "field_set value", at: 2, put: (e, v) => (e[2].delta.value = v) },
  { name: "element_append value", at: 3, put: (e, v) => (e[3].delta.value = v) },
  { name: "tool_call arguments member", at: 4, put: (e, v) => (e[4].call.arguments.q = v) },
  { name: "tool_call result", at: 4, put: (e, v) => (e[4].call.result = v) },
];

function baseStream(): any[] {
  return [
    { type: "block_start", index: 0, block_id: "b0", block: { kind: "text", text: "" } },
    { type: "block_start", index: 1, block_id: "b1", block: { kind: "list", items: [] } },
    { type: "block_delta", index: 0, block_id: "b0", seq: 0, delta: { op: "field_set", path: "/text", value: "t" } },
    {
      type: "block_delta",
      index: 1,
      block_id: "b1",
      seq: 0,
      delta: { op: "element_append", path: "/items", value: 1 },
    },
    { type: "tool_call", call: { id: "c", name: "n", arguments: { q: 1 }, result: 1 } },
    { type: "done", finish_reason: "done" },
  ];
}

/** `v` nested `depth` levels down, alternating arrays and objects. */
function nest(v: unknown, depth: number): unknown {
  let out = v;
  for (let i = 0; i < depth; i++) out = i % 2 === 0 ? [0, out] : { k: out };
  return out;
}

/** A deep copy of a JSON value whose objects all have a null prototype. */
function nullProto(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(nullProto);
  if (v !== null && typeof v === "object") {
    const o = Object.create(null) as Record<string, unknown>;
    for (const [k, x] of Object.entries(v)) o[k] = nullProto(x);
    return o;
  }
  return v;
}

function abortOf(outcome: unknown): { code?: unknown; at?: unknown } | null {
  return ((outcome as { abort?: { code?: unknown; at?: unknown } | null } | null)?.abort ?? null) as {
    code?: unknown;
    at?: unknown;
  } | null;
}

export function inProcessChecks<T extends { fold?: FoldTarget }>(): Check<T>[] {
  return [
    {
      id: "frame-wire/property/non-json-refused",
      title: "Values that are not JSON abort with invalid_event",
      doc: "A value JSON cannot carry (undefined, NaN, ±Infinity, a function, a symbol, a bigint, a Date, a Map, a class instance, an array hole), at any depth of any value site or as the event itself, aborts the fold with invalid_event at that event.",
      async run(target, ctx) {
        if (!target.fold) throw new SkipCheck("needs an in-process fold");
        const fold = target.fold;
        const arb = fc.tuple(fc.constantFrom(...SITES), fc.constantFrom(...NOT_JSON), fc.integer({ min: 0, max: 4 }));
        await property(ctx, 150, arb, async ([site, [what, make], depth]) => {
          const events = baseStream();
          site.put(events, nest(make(), depth));
          const abort = abortOf(await fold(events));
          if (abort?.code !== "invalid_event" || abort.at !== site.at) {
            throw new CheckFailure(
              `${what} at depth ${depth} of the ${site.name} gave abort ${JSON.stringify(abort)}, expected invalid_event at ${site.at}`,
            );
          }
        });
        // The event itself not a plain object: an instance of a class without fields of its own,
        // carrying exactly a block_start's members.
        const instance = Object.assign(new Bare(), baseStream()[0]);
        const abort = abortOf(await fold([instance, { type: "done", finish_reason: "done" }]));
        if (abort?.code !== "invalid_event" || abort.at !== 0)
          throw new CheckFailure(
            `an event that is a class instance gave abort ${JSON.stringify(abort)}, expected invalid_event at 0`,
          );
      },
    },
    {
      id: "frame-wire/property/null-prototype-json-accepted",
      title: "JSON values with null-prototype objects fold like their plain twins",
      doc: "Events and values whose objects have a null prototype are still JSON; folding them gives the same outcome as folding the same stream made of plain objects.",
      async run(target) {
        if (!target.fold) throw new SkipCheck("needs an in-process fold");
        const want = JSON.stringify(await target.fold(baseStream()));
        for (const site of SITES) {
          const events = baseStream();
          site.put(events, { deep: [{ x: 1 }] });
          const plain = JSON.stringify(await target.fold(JSON.parse(JSON.stringify(events))));
          const got = JSON.stringify(await target.fold(nullProto(events) as unknown[]));
          if (got !== plain)
            throw new CheckFailure(
              `null-prototype objects at the ${site.name}: got ${got}, the plain stream gives ${plain}`,
            );
        }
        const got = JSON.stringify(await target.fold(nullProto(baseStream()) as unknown[]));
        if (got !== want) throw new CheckFailure(`a stream of null-prototype objects: got ${got}, expected ${want}`);
      },
    },
  ];
}
