/**
 * Part of the frame-wire killing suite (test/conformance/frame-wire-*.test.ts), added by mutation
 * testing (docs/conformance-power.md, round 6): the fold command folds parser output with
 * `adoptEvents`, so its common block_delta goes through the fold's allocation-free fast path
 * (src/frame-wire/fold.ts, fastDelta), while the in-process reference fold copies and never takes
 * it. The suite's vectors reach that fast path only by chance (a path is compiled into the cache on
 * its first delta, so a vector must repeat a path; in a fresh mutant run, few do), and 47 fastDelta
 * mutants survived. This is the suite's differential check (`conform frame-wire --differential`,
 * conformance/frame-wire/differential.ts) in process: the fold command and the reference fold must
 * give the same outcome on the same generated streams (valid, rule-aimed and hostile JSON, the
 * suite's own generators, fixed seed), each stream folded by a fresh command run.
 */
import { PassThrough, Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileJsonStream, ruleAimedStream, validStream } from "../../conformance/frame-wire/properties.js";
import { runFoldCommand } from "../../src/cli/frame-wire-fold.js";
import { foldEvents } from "../../src/frame-wire/fold.js";

const SEED = 20261201;

async function viaCommand(events: unknown[]): Promise<unknown> {
  const out = new PassThrough();
  let stdout = "";
  out.on("data", (d) => (stdout += d));
  await runFoldCommand(Readable.from([events.map((e) => JSON.stringify(e) + "\n").join("")]), out, new PassThrough());
  const last = stdout
    .split("\n")
    .filter((l) => l.trim() !== "")
    .at(-1);
  return last === undefined ? undefined : JSON.parse(last);
}

/** Streams with the same few paths delta'd again and again, so the fast path is taken within one stream. */
function repeatedPathStream(): fc.Arbitrary<unknown[]> {
  const delta = fc.record({
    index: fc.nat(2),
    seq: fc.integer({ min: -1, max: 12 }),
    op: fc.constantFrom("field_set", "element_append", "field_set", "element_append", "append"),
    path: fc.constantFrom("/text", "/items", "/kind", "/meta/n", "/items/0", "/items/-", "", "/text/x"),
    value: fc.oneof(
      fc.string({ maxLength: 3 }),
      fc.integer(),
      fc.constant(null),
      fc.constant([1]),
      fc.constant({ a: 1 }),
    ),
    extra: fc.boolean(),
    // A seq that is a number but not an integer: the full path refuses it (invalid_event).
    fraction: fc.constantFrom(0, 0, 0, 0, 0, 0, 0, 0.5),
    blockId: fc.constantFrom("b0", "b1", "bx"),
  });
  return fc.array(delta, { maxLength: 40 }).map((ds) => [
    { type: "block_start", index: 0, block_id: "b0", block: { kind: "text", text: "", items: [], meta: { n: 0 } } },
    { type: "block_start", index: 1, block_id: "b1", block: { kind: "list", items: [1], text: "a" } },
    ...ds.map((d, i) => {
      const ev: Record<string, unknown> = {
        type: "block_delta",
        index: d.index,
        block_id: d.blockId,
        seq: (d.seq < 0 ? i : d.seq + i) + d.fraction,
        delta: { op: d.op, path: d.path, value: d.value },
      };
      if (d.extra) (ev.delta as Record<string, unknown>).note = 1;
      return ev;
    }),
    { type: "done", finish_reason: "done" },
  ]);
}

const STREAMS: [string, fc.Arbitrary<unknown[]>][] = [
  ["repeated-path streams", repeatedPathStream()],
  ["valid streams", validStream().map((s) => s.events)],
  ["rule-aimed streams", ruleAimedStream()],
  ["hostile JSON streams", hostileJsonStream()],
];

describe("frame-wire: the fold command (fast path) agrees with the reference fold", () => {
  for (const [name, arb] of STREAMS) {
    it(`frame-wire/power/fast-path-agrees: ${name}`, async () => {
      await fc.assert(
        fc.asyncProperty(arb, async (events) => {
          const want = JSON.parse(JSON.stringify(foldEvents(JSON.parse(JSON.stringify(events)))));
          expect(await viaCommand(events)).toEqual(want);
        }),
        { seed: SEED, numRuns: 120, endOnFailure: true },
      );
    }, 120_000);
  }
});
