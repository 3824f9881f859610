/** validate.frameEvent and validate.vsInterpreters: generated standalone validators vs guards and interpreters. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Validator as CfValidator } from "@cfworker/json-schema";
import { registerSchema, validate as hyperValidate } from "@hyperjump/json-schema/draft-2020-12";
import { BUNDLED_CONTRACTS_DIR } from "../../src/contracts/index.js";
import { validateFrameEvent } from "../../src/generated/frame-wire/validators.js";
import { mutations } from "../../src/review/mirror.js";
import { vectorSamples } from "../../conformance/frame-wire/vectors.js";
import type { JsonValue } from "../../src/json/index.js";
import { isFrameEventGuard } from "./guards.js";
import { bySize, sideBySide, type Bench } from "./measure.js";

/** A fixed mix of valid and invalid events: the vectors' events and mutations of them. */
export function eventMix(): unknown[] {
  const seeds = vectorSamples().filter((e) => typeof e === "object" && e !== null && "type" in (e as object));
  const out: unknown[] = [];
  for (const e of seeds) {
    out.push(e);
    let i = 0;
    for (const m of mutations(e as JsonValue)) if (i++ % 7 === 0) out.push(m);
  }
  return out;
}

/** Verdicts land here, so the optimiser cannot drop the calls being timed. */
export let sink = 0;

/** One timed candidate: `repeat` passes of `f` over the events; `calls` is what it does per run. */
function loop(events: unknown[], repeat: number, f: (e: unknown) => boolean): { run: () => void; calls: number } {
  return {
    calls: events.length * repeat,
    run: () => {
      for (let r = 0; r < repeat; r++) for (const e of events) if (f(e)) sink++;
    },
  };
}

/** Interleaved medians turned into calls per second, per candidate. */
function rates(candidates: Record<string, { run: () => void; calls: number }>, rounds: number): Record<string, number> {
  const ms = sideBySide(Object.fromEntries(Object.entries(candidates).map(([k, c]) => [k, c.run])), rounds);
  return Object.fromEntries(Object.entries(candidates).map(([k, c]) => [k, (c.calls / ms[k]!) * 1000]));
}

export const validateFrameEventBench: Bench = {
  name: "validate.frameEvent",
  what: "generated standalone validators on a mix of valid and invalid frame-wire events",
  target: ">= 0.3x the hand-written guards' throughput",
  async run({ size }) {
    const events = eventMix();
    const valid = events.filter((e) => validateFrameEvent(e)).length;
    // Agreement first: a guard that says otherwise would make the comparison meaningless.
    for (const e of events) if (validateFrameEvent(e) !== isFrameEventGuard(e)) throw new Error(`guard and validator disagree on ${JSON.stringify(e)}`);
    const repeat = bySize(size, 1, 20, 100);
    const r = rates({ validators: loop(events, repeat, validateFrameEvent), guards: loop(events, repeat, isFrameEventGuard) }, bySize(size, 1, 5, 15));
    const ours = r.validators!;
    const base = r.guards!;
    return { value: Math.round(ours), unit: "events/s", baseline: `hand-written guards: ${Math.round(base)} events/s (${events.length} events, ${valid} valid)`, ratio: ours / base };
  },
};

export const validateVsInterpretersBench: Bench = {
  name: "validate.vsInterpreters",
  what: "the same validators vs @cfworker/json-schema and @hyperjump/json-schema",
  target: ">= 20x the faster interpreter",
  async run({ size }) {
    const events = eventMix();
    const frameWire = JSON.parse(readFileSync(join(BUNDLED_CONTRACTS_DIR, "frame-wire/frame_wire.json"), "utf8"));
    const forgeBlock = JSON.parse(readFileSync(join(BUNDLED_CONTRACTS_DIR, "frame-wire/forge_block.json"), "utf8"));
    const cf = new CfValidator(frameWire, "2020-12", true);
    cf.addSchema(forgeBlock);
    registerSchema(forgeBlock);
    registerSchema(frameWire);
    const hyper = await hyperValidate(frameWire.$id);
    for (const e of events.slice(0, 50)) {
      const v = validateFrameEvent(e);
      if (cf.validate(e).valid !== v || hyper(e as never).valid !== v) throw new Error(`interpreters disagree on ${JSON.stringify(e)}`);
    }
    const repeat = bySize(size, 1, 2, 5);
    // The interpreters are two to three orders slower: fewer passes keep the rounds comparable in length.
    const r = rates(
      {
        ours: loop(events, repeat * 20, validateFrameEvent),
        cfworker: loop(events, repeat, (e) => cf.validate(e).valid),
        hyperjump: loop(events, Math.max(1, Math.floor(repeat / 2)), (e) => hyper(e as never).valid),
      },
      bySize(size, 1, 3, 7),
    );
    const faster = Math.max(r.cfworker!, r.hyperjump!);
    return {
      value: Math.round(r.ours!),
      unit: "events/s",
      baseline: `@cfworker/json-schema ${Math.round(r.cfworker!)}/s, @hyperjump/json-schema ${Math.round(r.hyperjump!)}/s`,
      ratio: r.ours! / faster,
    };
  },
};
