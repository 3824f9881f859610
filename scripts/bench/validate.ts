/**
 * validate.frameEvent, validate.frameEventLarge, validate.vsSchemasafe, validate.vsInterpreters:
 * the generated standalone validator for FrameEvent against hand-written guards, another
 * code-generating validator (@exodus/schemasafe, compiled from the same bundle) and interpreters.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Validator as CfValidator } from "@cfworker/json-schema";
import { registerSchema, validate as hyperValidate } from "@hyperjump/json-schema/draft-2020-12";
import { validator as schemasafeValidator } from "@exodus/schemasafe";
import { BUNDLED_CONTRACTS_DIR, loadContract, loadRegistry } from "../../src/contracts/index.js";
import { buildBundle } from "../../codegen/bundle.js";
import { validateFrameEvent } from "../../src/generated/frame-wire/validators.js";
import { mutations } from "../../src/review/mirror.js";
import { vectorSamples } from "../../conformance/frame-wire/vectors.js";
import type { JsonValue } from "../../src/json/index.js";
import { isFrameEventGuard } from "./guards.js";
import { bySize, interleave, median, pairedRatio, repetitionsFor, type Bench, type BenchSize } from "./measure.js";

/** A fixed mix of valid and invalid events: the vectors' events and every 7th mutation of each. */
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

/** Deterministic pseudo-random numbers (mulberry32), so every run times the same events. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  "the",
  "fold",
  "applies",
  "each",
  "delta",
  "to",
  "its",
  "block",
  "while",
  "streaming",
  "tokens",
  "arrive",
  "über",
  "naïve",
  "€",
  "→",
  "✓",
  "😀",
  "return",
  "const",
  "value",
  "path",
];

/**
 * Realistic 2-8 KB events: long text deltas, tool calls whose arguments and results are nested
 * JSON (search hits), block starts with content; plus mutations of some (a streaming client
 * mostly sees valid events, so the mix is mostly valid).
 */
export function largeEventMix(): unknown[] {
  const rnd = random(16);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const text = (bytes: number): string => {
    let s = "";
    while (s.length < bytes) s += pick(WORDS) + (rnd() < 0.1 ? ".\n" : " ");
    return s;
  };
  const hit = (i: number): JsonValue => ({
    file: `src/module${i}/index.ts`,
    line: Math.floor(rnd() * 900),
    column: Math.floor(rnd() * 80),
    score: Math.round(rnd() * 1000) / 1000,
    preview: text(60),
    tags: [pick(WORDS), pick(WORDS)],
    context: { before: [text(30), text(30)], after: [text(30)] },
  });
  const events: JsonValue[] = [];
  for (let i = 0; events.length < 48; i++) {
    const size = 2048 + Math.floor(rnd() * 6144);
    const hits = Math.max(4, Math.floor(size / 420));
    const kind = i % 4;
    if (kind === 0)
      events.push({
        type: "block_delta",
        index: i % 5,
        block_id: `blk-${i % 5}`,
        seq: i,
        delta: { op: "field_set", path: "/text", value: text(size) },
      });
    else if (kind === 1)
      events.push({
        type: "tool_call",
        call: {
          id: `call-${i}`,
          name: "search_code",
          arguments: {
            query: text(40),
            paths: ["src", "test"],
            limit: hits,
            options: { regex: false, caseSensitive: rnd() < 0.5 },
          },
          result: { total: hits, hits: Array.from({ length: hits }, (_, j) => hit(j)), truncated: false },
        },
      });
    else if (kind === 2)
      events.push({
        type: "block_delta",
        index: i % 5,
        block_id: `blk-${i % 5}`,
        seq: i,
        delta: {
          op: "element_append",
          path: "/parts",
          value: { type: "tool_result", items: Array.from({ length: hits }, (_, j) => hit(j)) },
        },
      });
    else
      events.push({
        type: "block_start",
        index: i % 5,
        block_id: `blk-${i}`,
        block: {
          kind: "code",
          language: "typescript",
          text: text(size - 300),
          meta: { tokens: Math.floor(size / 4), files: [pick(WORDS), pick(WORDS)], range: { start: 0, end: size } },
          parts: [],
        },
      });
  }
  // One mutation after every fourth event (a different kind each time): a quarter of the events
  // fail somewhere, the rest are valid and walked in full.
  const out: unknown[] = [];
  events.forEach((e, i) => {
    out.push(e);
    if (i % 4 === 3) out.push([...mutations(e)][11 + ((i * 7) % 20)]!);
  });
  return out;
}

/** Verdicts land here, so the optimiser cannot drop the calls being timed. */
export let sink = 0;

function pass(events: unknown[], f: (e: unknown) => boolean): () => void {
  return () => {
    for (const e of events) if (f(e)) sink++;
  };
}

/**
 * Interleaved rounds of equal CPU length (about `roundMs` of the first candidate); returns events
 * per second of each candidate (medians) and the per-round quotient of `a` over `b` (median).
 */
function compare(
  events: unknown[],
  candidates: Record<string, (e: unknown) => boolean>,
  size: BenchSize,
  a: string,
  b: string,
): { rates: Record<string, number>; ratio: number } {
  const roundMs = bySize(size, 2, 40, 40);
  // 61 rounds at quick and full size (decision 204): single 40 ms rounds move 15-21 % (CV, load
  // 7-9), and in one process the median of 31 consecutive rounds ranged 6-8 % over the run, of 61
  // 2-5 %. vsSchemasafe takes the smaller of two such medians, so it drew the noise of both.
  const rounds = bySize(size, 1, 61, 61);
  const loops = Object.fromEntries(
    Object.entries(candidates).map(([k, f]) => {
      const one = pass(events, f);
      const n = repetitionsFor(one, roundMs);
      return [
        k,
        {
          n,
          run: () => {
            for (let i = 0; i < n; i++) one();
          },
        },
      ];
    }),
  );
  const times = interleave(Object.fromEntries(Object.entries(loops).map(([k, l]) => [k, l.run])), rounds);
  const perEvent = (k: string) => times[k]!.map((ms) => ms / (loops[k]!.n * events.length));
  const rates = Object.fromEntries(Object.keys(candidates).map((k) => [k, 1000 / median(perEvent(k))]));
  // Events per second of a over b = time per event of b over a.
  return { rates, ratio: pairedRatio(perEvent(b), perEvent(a)) };
}

function agree(events: unknown[], other: (e: unknown) => boolean, what: string): void {
  for (const e of events)
    if (validateFrameEvent(e) !== other(e))
      throw new Error(`${what} and the generated validator disagree on ${JSON.stringify(e).slice(0, 300)}`);
}

function describeMix(events: unknown[]): string {
  const valid = events.filter((e) => validateFrameEvent(e)).length;
  const bytes = events.reduce<number>((n, e) => n + JSON.stringify(e).length, 0);
  return `${events.length} events, ${valid} valid, ${Math.round(bytes / events.length)} B mean`;
}

export const validateFrameEventBench: Bench = {
  name: "validate.frameEvent",
  what: "generated standalone validators on a mix of valid and invalid frame-wire events",
  target: ">= 0.5x the hand-written guards' throughput",
  async run({ size }) {
    const events = eventMix();
    agree(events, isFrameEventGuard, "guard"); // a guard that says otherwise would make the comparison meaningless
    const { rates, ratio } = compare(
      events,
      { validators: validateFrameEvent, guards: isFrameEventGuard },
      size,
      "validators",
      "guards",
    );
    return {
      value: Math.round(rates.validators!),
      unit: "events/s",
      baseline: `hand-written guards: ${Math.round(rates.guards!)} events/s (${describeMix(events)})`,
      ratio,
    };
  },
};

export const validateFrameEventLargeBench: Bench = {
  name: "validate.frameEventLarge",
  what: "the same on realistic 2-8 KB events (long deltas, tool calls with nested results)",
  target: ">= 0.4x the hand-written guards' throughput",
  async run({ size }) {
    const events = largeEventMix();
    agree(events, isFrameEventGuard, "guard");
    const { rates, ratio } = compare(
      events,
      { validators: validateFrameEvent, guards: isFrameEventGuard },
      size,
      "validators",
      "guards",
    );
    return {
      value: Math.round(rates.validators!),
      unit: "events/s",
      baseline: `hand-written guards: ${Math.round(rates.guards!)} events/s (${describeMix(events)})`,
      ratio,
    };
  },
};

/** @exodus/schemasafe compiled from the same bundle as ours (before our schema rewrites), verdicts only. */
async function schemasafeFrameEvent(): Promise<(e: unknown) => boolean> {
  const registry = loadRegistry();
  const contract = await loadContract(registry, registry.contracts.find((c) => c.name === "frame-wire")!);
  const { bundle } = buildBundle(contract);
  const schema = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: bundle.id,
    $defs: bundle.defs,
    $ref: "#/$defs/FrameEvent",
  };
  return schemasafeValidator(schema as never, { allowUnusedKeywords: true, includeErrors: false }) as (
    e: unknown,
  ) => boolean;
}

export const validateVsSchemasafeBench: Bench = {
  name: "validate.vsSchemasafe",
  what: "ours over @exodus/schemasafe (same schema and data), the smaller of the small-event and large-event figures",
  target: ">= 1.2x",
  async run({ size }) {
    const schemasafe = await schemasafeFrameEvent();
    const small = eventMix();
    const large = largeEventMix();
    agree(small, schemasafe, "@exodus/schemasafe");
    agree(large, schemasafe, "@exodus/schemasafe");
    const s = compare(small, { ours: validateFrameEvent, schemasafe }, size, "ours", "schemasafe");
    const l = compare(large, { ours: validateFrameEvent, schemasafe }, size, "ours", "schemasafe");
    return {
      value: Math.round(Math.min(s.ratio, l.ratio) * 100) / 100,
      unit: "x",
      baseline: `small events ${s.ratio.toFixed(2)}x (ours ${Math.round(s.rates.ours!)}/s, schemasafe ${Math.round(s.rates.schemasafe!)}/s); large ${l.ratio.toFixed(2)}x (ours ${Math.round(l.rates.ours!)}/s, schemasafe ${Math.round(l.rates.schemasafe!)}/s)`,
      ratio: Math.min(s.ratio, l.ratio),
    };
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
      if (cf.validate(e).valid !== v || hyper(e as never).valid !== v)
        throw new Error(`interpreters disagree on ${JSON.stringify(e)}`);
    }
    // Interpreters are two to three orders slower: they run over a slice of the mix, per event rates compare.
    const slice = events.filter((_, i) => i % 4 === 0);
    const cfw = compare(
      slice,
      { ours: validateFrameEvent, cfworker: (e) => cf.validate(e).valid },
      size,
      "ours",
      "cfworker",
    );
    const hyp = compare(
      slice,
      { ours: validateFrameEvent, hyperjump: (e) => hyper(e as never).valid },
      size,
      "ours",
      "hyperjump",
    );
    const faster = cfw.ratio < hyp.ratio ? cfw : hyp;
    return {
      value: Math.round(faster.rates.ours!),
      unit: "events/s",
      baseline: `@cfworker/json-schema ${Math.round(cfw.rates.cfworker!)}/s, @hyperjump/json-schema ${Math.round(hyp.rates.hyperjump!)}/s (${slice.length} events)`,
      ratio: Math.min(cfw.ratio, hyp.ratio),
    };
  },
};
