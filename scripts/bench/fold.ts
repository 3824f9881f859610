/** fold.overhead, fold.scaling, fold.memory. */
import { benchStream, parseAll, parseAndFold } from "../frame-wire/bench-stream.js";
import {
  bySize,
  inChild,
  interleave,
  mainThreadCpuMs,
  median,
  pairedRatio,
  quartiles,
  quotients,
  wallOnce,
  type Bench,
} from "./measure.js";

function jsonParseAll(lines: string[], reps = 1): () => void {
  return () => {
    for (let k = 0; k < reps; k++) for (const l of lines) JSON.parse(l);
  };
}
/**
 * Events per timed round: 100k at every size but tiny (decision 202). A quick round used to be one
 * fold of 20k events (~25 ms of parsing): the rounds saw a different mix of young-generation GCs and
 * fixed per-fold costs than a full round, and read 1.25-1.33 where full read 1.19-1.24 on the same
 * code, under the same load. Quick now folds its 20k stream five times per round (five fresh folds,
 * each keeping its own turn): 1.21-1.27 in the same runs.
 */
function repsFor(size: "tiny" | "quick" | "full"): number {
  return bySize(size, 1, 5, 1);
}

export const foldOverheadBench: Bench = {
  name: "fold.overhead",
  fresh: true,
  what: "parse + fold of a 100,000-event NDJSON stream vs parse (our parseJson) alone",
  target: "<= 1.25x parse alone",
  async run({ size }) {
    const n = bySize(size, 2_000, 20_000, 100_000);
    const lines = benchStream(n);
    const reps = repsFor(size);
    const t = interleave({ parse: parseAll(lines, reps), fold: parseAndFold(lines, reps) }, bySize(size, 1, 15, 21));
    return {
      value: Math.round(median(t.fold!)),
      unit: "ms",
      baseline: `parse alone: ${Math.round(median(t.parse!))} ms for ${reps > 1 ? `${reps} x ` : ""}${n} events per round (CPU, median)`,
      ratio: pairedRatio(t.fold!, t.parse!),
    };
  },
};

export const foldVsJsonParseBench: Bench = {
  name: "fold.vsJsonParse",
  fresh: true,
  what: "parse (parseJson, limits included) + fold of the same stream vs bare JSON.parse of every line",
  target: "<= 1.35x bare JSON.parse",
  async run({ size }) {
    const n = bySize(size, 2_000, 20_000, 100_000);
    const lines = benchStream(n);
    const reps = repsFor(size);
    const t = interleave(
      { jsonParse: jsonParseAll(lines, reps), fold: parseAndFold(lines, reps) },
      bySize(size, 1, 15, 21),
    );
    return {
      value: Math.round(median(t.fold!)),
      unit: "ms",
      baseline: `bare JSON.parse: ${Math.round(median(t.jsonParse!))} ms for ${reps > 1 ? `${reps} x ` : ""}${n} events per round (CPU, median)`,
      ratio: pairedRatio(t.fold!, t.jsonParse!),
    };
  },
};

/**
 * Main-thread CPU ms of `fn` (measure.ts: /proc schedstat, ns), wall ms where there is no /proc.
 * Not process.cpuUsage: that also counts V8's parallel GC helper threads, which work
 * harder on a larger heap without being on the fold's critical path. Not wall time: on a shared
 * machine that counts the time spent waiting for a core.
 */
function criticalPathMs(fn: () => void): number {
  const c0 = mainThreadCpuMs();
  if (c0 === undefined) return wallOnce(fn);
  fn();
  return mainThreadCpuMs()! - c0;
}

/**
 * Fold time of 1M events over 100k (quick 200k over 20k). The small side folds ten distinct copies
 * of its stream per round (same content, separate strings), so both sides read ten times the small
 * stream's bytes from memory once each, as a fold of a real stream reads each line once (decision
 * 203). Until round 6 it refolded one array ten times: its 14 MB of lines stayed in the 32 MB L3
 * cache from the second pass on while the 1M side's 140 MB could not, and the row measured that
 * (cachegrind: the same instruction count on both sides, 6.7x the last-level read misses on the
 * large side, all in JSON.parse reading the lines; parse alone, without a fold, was just as
 * "superlinear").
 */
export const foldScalingBench: Bench = {
  name: "fold.scaling",
  what: "fold time at 1M events / at 100k events",
  target: "<= 10.5 (linear)",
  async run({ size }) {
    const small = bySize(size, 2_000, 20_000, 100_000);
    const large = small * 10;
    const copies = Array.from({ length: 10 }, () => benchStream(small));
    const b = benchStream(large);
    const ts: number[] = [];
    const tl: number[] = [];
    const smallFolds = copies.map((lines) => parseAndFold(lines));
    const foldLarge = parseAndFold(b);
    const tenSmall = () => {
      for (const f of smallFolds) f();
    };
    tenSmall(); // warm-up of both sizes, so neither median carries first-run JIT or heap growth
    foldLarge();
    // 31 rounds quick, 15 full (were 11 and 7): one round's quotient moves 10-20 % with a GC landing
    // on one side, and fewer rounds' median moved past the target between runs (decision 216).
    for (let i = 0; i < bySize(size, 1, 31, 15); i++) {
      // Alternating order (small first, then large first), so heap state left by one side is shared.
      if (i % 2 === 0) {
        ts.push(criticalPathMs(tenSmall) / 10);
        tl.push(criticalPathMs(foldLarge));
      } else {
        tl.push(criticalPathMs(foldLarge));
        ts.push(criticalPathMs(tenSmall) / 10);
      }
    }
    const ratio = pairedRatio(tl, ts);
    const clock = mainThreadCpuMs() === undefined ? "wall" : "main-thread CPU";
    return {
      value: ratio,
      unit: "x",
      baseline: `${small} events (ten distinct copies per round): ${Math.round(median(ts))} ms, ${large}: ${Math.round(median(tl))} ms (${clock}, median of ${ts.length} paired rounds, quartiles ${quartiles(quotients(tl, ts))})`,
      ratio,
    };
  },
};

/** Run in a child so the peak RSS belongs to the fold alone. */
export const foldMemoryBench: Bench = {
  name: "fold.memory",
  what: "peak RSS folding 1M events incrementally, minus the size of the final turn",
  target: "reported",
  async run({ size }) {
    const n = bySize(size, 10_000, 100_000, 1_000_000);
    const r = inChild<{ peakRss: number; baseRss: number; turnBytes: number }>(
      new URL("./fold-memory-child.ts", import.meta.url),
      [String(n)],
    );
    const mb = (r.peakRss - r.baseRss - r.turnBytes) / (1024 * 1024);
    return {
      value: Math.round(mb * 10) / 10,
      unit: "MiB",
      baseline: `${n} events; base RSS ${Math.round(r.baseRss / 1048576)} MiB, final turn ${Math.round(r.turnBytes / 1024)} KiB as JSON`,
      ratio: Math.round(mb * 10) / 10,
    };
  },
};
