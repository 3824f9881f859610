/**
 * The fold properties against our fold (fixed seed; 2,000 hostile streams by default, 100,000
 * under CONTRACT_SUITE_FULL), and each property shown to fail against a fold broken its way.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  checkDeterministic,
  checkIncrementalMatchesWhole,
  checkNoExceptionEscapes,
  checkPrototypeUntouched,
  checkShapeAgreesWithSchema,
  checkValidStreamsComplete,
  checkValueSitesPermissive,
} from "../../conformance/frame-wire/properties.js";
import { compileFrameWire } from "../../conformance/frame-wire/schema.js";
import { frameWireSuite } from "../../conformance/frame-wire/suite.js";
import { defaultContext } from "../../conformance/harness/check.js";
import { runCheck } from "../../conformance/harness/runner.js";
import { createFold, foldEvents } from "../../src/frame-wire/fold.js";
import type { FoldOutcome } from "../../src/frame-wire/types.js";

const FULL = Boolean(process.env.CONTRACT_SUITE_FULL);
const SEED = 20260922;
const HOSTILE_RUNS = FULL ? 100_000 : 2_000;
const RUNS = FULL ? 5_000 : 300;

const schema = compileFrameWire();
const validateTurn = (t: unknown) => schema.def("FrameTurn")(t);
const validateEvent = (e: unknown) => schema.event(e);
const ours = (events: unknown[]) => foldEvents(events);
const oursAdopting = (events: unknown[]) => foldEvents(events, { adoptEvents: true });

describe("frame-wire fold properties: our fold", () => {
  it(`no exception escapes ${HOSTILE_RUNS} hostile JSON streams; every outcome is well-formed and its turn validates`, async () => {
    await checkNoExceptionEscapes(ours, { seed: SEED, numRuns: HOSTILE_RUNS, validateTurn });
    await checkNoExceptionEscapes(oursAdopting, { seed: SEED + 1, numRuns: HOSTILE_RUNS, validateTurn });
  }, 600_000);

  it("no exception escapes hostile in-process values (undefined, cycles, throwing getters, proxies)", async () => {
    await checkNoExceptionEscapes(ours, { seed: SEED, numRuns: HOSTILE_RUNS, hostility: "js", validateTurn });
  }, 600_000);

  it("Object.prototype and the other built-in prototypes never change", async () => {
    await checkPrototypeUntouched(ours, { seed: SEED, numRuns: HOSTILE_RUNS, hostility: "js" });
    await checkPrototypeUntouched(oursAdopting, { seed: SEED + 2, numRuns: RUNS });
  }, 600_000);

  it("the same stream gives the same outcome", async () => {
    await checkDeterministic(ours, { seed: SEED, numRuns: RUNS });
  });

  it("the incremental turn equals the whole-stream fold of each prefix", async () => {
    await checkIncrementalMatchesWhole(() => createFold(), ours, { seed: SEED, numRuns: RUNS });
  }, 600_000);

  it("every JSON value is accepted at the three value sites, by the schema and by the fold", async () => {
    await checkValueSitesPermissive(ours, { seed: SEED, numRuns: RUNS, validateEvent });
  });

  it("valid streams complete without abort and their turns validate", async () => {
    await checkValidStreamsComplete(ours, { seed: SEED, numRuns: RUNS, validateTurn });
  });

  it("the fold's shape check agrees with the FrameEvent schema", async () => {
    await checkShapeAgreesWithSchema(ours, validateEvent, { seed: SEED, numRuns: FULL ? 20_000 : 2_000 });
  });
});

describe("frame-wire fold properties: each fails on a fold broken its way", () => {
  const quick = { seed: SEED, numRuns: 300 };
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).fwPolluted;
  });

  it("a fold that throws on long streams", async () => {
    const throwing = (events: unknown[]) => {
      if (events.length > 5) throw new Error("boom");
      return foldEvents(events);
    };
    await expect(checkNoExceptionEscapes(throwing, quick)).rejects.toThrow(/Property failed[\s\S]*seed/);
  });

  it("a fold whose turn keeps error members after a clean finish", async () => {
    const sloppy = (events: unknown[]) => {
      const o = foldEvents(events);
      return o.abort ? { ...o, abort: null } : o;
    };
    await expect(checkNoExceptionEscapes(sloppy, quick)).rejects.toThrow(/error members/);
  });

  it("a fold that writes through __proto__", async () => {
    const polluting = (events: unknown[]) => {
      if (JSON.stringify(events).includes("__proto__")) (Object.prototype as Record<string, unknown>).fwPolluted = true;
      return foldEvents(events);
    };
    await expect(checkPrototypeUntouched(polluting, quick)).rejects.toThrow(/prototype changed/);
  });

  it("a fold whose outcome depends on how often it ran", async () => {
    let n = 0;
    const flaky = (events: unknown[]) => {
      const o = foldEvents(events);
      return ++n % 2 === 0 ? { ...o, turn: { ...o.turn, finish_reason: "flaky" } } : o;
    };
    await expect(checkDeterministic(flaky, quick)).rejects.toThrow(/differ/);
  });

  it("an incremental fold whose live turn lags one event behind", async () => {
    const lagging = () => {
      const fold = createFold();
      let shown = JSON.stringify(fold.turn);
      return {
        push(e: unknown) {
          const r = fold.push(e);
          const previous = shown;
          shown = JSON.stringify(fold.turn);
          lag = JSON.parse(previous);
          return r;
        },
        get turn() {
          return lag;
        },
        finish: () => fold.finish(),
      };
    };
    let lag: unknown = null;
    await expect(checkIncrementalMatchesWhole(lagging, ours, quick)).rejects.toThrow(/live turn/);
  });

  it("a fold that refuses null values", async () => {
    const nullPhobic = (events: unknown[]): FoldOutcome => {
      const o = foldEvents(events);
      if (JSON.stringify(events).includes("null"))
        return {
          turn: { ...o.turn, error_code: "no_null", error_message: "null" },
          abort: { code: "no_null", message: "null", at: 1 },
        };
      return o;
    };
    await expect(checkValueSitesPermissive(nullPhobic, quick)).rejects.toThrow(/aborted/);
  });

  it("a fold that splices appended arrays", async () => {
    const splicing = (events: unknown[]) =>
      foldEvents(
        events.flatMap((e: any) =>
          e?.delta?.op === "element_append" && Array.isArray(e.delta.value)
            ? e.delta.value.map((value: unknown) => ({ ...e, delta: { ...e.delta, value } }))
            : [e],
        ),
      );
    await expect(checkValueSitesPermissive(splicing, quick)).rejects.toThrow(/exactly one element/);
  });

  it("a fold that loses the last block", async () => {
    const lossy = (events: unknown[]) => {
      const o = foldEvents(events);
      return { ...o, turn: { ...o.turn, blocks: o.turn.blocks.slice(0, -1) } };
    };
    await expect(checkValidStreamsComplete(lossy, quick)).rejects.toThrow(/block\(s\)/);
  });

  it("a fold that ignores unknown members (the schema forbids them)", async () => {
    const tolerant = (events: unknown[]) =>
      foldEvents(
        events.map((e: any) => {
          if (e === null || typeof e !== "object" || Array.isArray(e)) return e;
          const keep = [
            "type",
            "index",
            "block_id",
            "block",
            "seq",
            "delta",
            "call",
            "finish_reason",
            "code",
            "message",
          ];
          return Object.fromEntries(Object.entries(e).filter(([k]) => keep.includes(k)));
        }),
      );
    await expect(checkShapeAgreesWithSchema(tolerant, validateEvent, { seed: SEED, numRuns: 2_000 })).rejects.toThrow(
      /schema rejects/,
    );
  });
});

describe("frame-wire hostile streams reach the rules", () => {
  it("a sample of hostile streams makes our fold raise every code of the table (but the command's malformed_event)", async () => {
    const { default: fc } = await import("fast-check");
    const { hostileJsonStream } = await import("../../conformance/frame-wire/properties.js");
    const { FRAME_WIRE_CODES } = await import("../../src/frame-wire/codes.js");
    const seen = new Set<string>();
    for (const events of fc.sample(hostileJsonStream(), { seed: SEED, numRuns: 3000 })) {
      const o = foldEvents(events, { onDiscard: (d) => seen.add(d.code) });
      if (o.abort) seen.add(o.abort.code);
    }
    const missing = Object.keys(FRAME_WIRE_CODES).filter((c) => c !== "malformed_event" && !seen.has(c));
    expect(missing).toEqual([]);
  });
});

describe("frame-wire suite: property checks that do not apply", () => {
  it("incremental-matches-whole is skipped (not failed) for a fold without an incremental side, and passes with ours", async () => {
    const check = frameWireSuite.checks.find((c) => c.id === "frame-wire/property/incremental-matches-whole")!;
    const ctx = defaultContext({ scale: 0.1 });
    expect((await runCheck(check, { fold: ours, runVectors: async () => [] }, ctx)).status).toBe("skip");
    expect(
      (await runCheck(check, { fold: ours, incremental: () => createFold(), runVectors: async () => [] }, ctx)).status,
    ).toBe("pass");
  });
});
