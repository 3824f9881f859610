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

function throughput(run: () => void, events: number, ms: number): number {
  void run;
  return (events / ms) * 1000;
}

function loop(events: unknown[], repeat: number, f: (e: unknown) => boolean): () => void {
  return () => {
    let ok = 0;
    for (let r = 0; r < repeat; r++) for (const e of events) if (f(e)) ok++;
    if (ok < 0) throw new Error("unreachable");
  };
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
    const t = sideBySide({ validators: loop(events, repeat, validateFrameEvent), guards: loop(events, repeat, isFrameEventGuard) }, bySize(size, 1, 5, 15));
    const n = events.length * repeat;
    const ours = throughput(() => {}, n, t.validators!);
    const base = throughput(() => {}, n, t.guards!);
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
    const t = sideBySide(
      {
        ours: loop(events, repeat * 20, validateFrameEvent),
        cfworker: loop(events, repeat, (e) => cf.validate(e).valid),
        hyperjump: loop(events, Math.max(1, Math.floor(repeat / 2)), (e) => hyper(e as never).valid),
      },
      bySize(size, 1, 3, 7),
    );
    const ours = (events.length * repeat * 20) / t.ours!;
    const cfRate = (events.length * repeat) / t.cfworker!;
    const hyRate = (events.length * Math.max(1, Math.floor(repeat / 2))) / t.hyperjump!;
    const faster = Math.max(cfRate, hyRate);
    return {
      value: Math.round(ours * 1000),
      unit: "events/s",
      baseline: `@cfworker/json-schema ${Math.round(cfRate * 1000)}/s, @hyperjump/json-schema ${Math.round(hyRate * 1000)}/s`,
      ratio: ours / faster,
    };
  },
};
