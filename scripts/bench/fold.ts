/** fold.overhead, fold.scaling, fold.memory. */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseJson } from "../../src/json/index.js";
import { createFold } from "../../src/frame-wire/fold.js";
import { benchStream } from "../frame-wire/bench.js";
import { bySize, interleave, median, pairedRatio, wallOnce, type Bench } from "./measure.js";

function parseAll(lines: string[]): () => void {
  return () => {
    for (const l of lines) parseJson(l);
  };
}
function jsonParseAll(lines: string[]): () => void {
  return () => {
    for (const l of lines) JSON.parse(l);
  };
}
function parseAndFold(lines: string[]): () => void {
  return () => {
    const fold = createFold({ adoptEvents: true });
    for (const l of lines) fold.push(parseJson(l));
    if (fold.finish().abort) throw new Error("bench stream aborted");
  };
}

export const foldOverheadBench: Bench = {
  name: "fold.overhead",
  what: "parse + fold of a 100,000-event NDJSON stream vs parse (our parseJson) alone",
  target: "<= 1.25x parse alone",
  async run({ size }) {
    const n = bySize(size, 2_000, 20_000, 100_000);
    const lines = benchStream(n);
    const t = interleave({ parse: parseAll(lines), fold: parseAndFold(lines) }, bySize(size, 1, 15, 21));
    return { value: Math.round(median(t.fold!)), unit: "ms", baseline: `parse alone: ${Math.round(median(t.parse!))} ms for ${n} events (CPU, median)`, ratio: pairedRatio(t.fold!, t.parse!) };
  },
};

export const foldVsJsonParseBench: Bench = {
  name: "fold.vsJsonParse",
  what: "parse (parseJson, limits included) + fold of the same stream vs bare JSON.parse of every line",
  target: "<= 1.35x bare JSON.parse",
  async run({ size }) {
    const n = bySize(size, 2_000, 20_000, 100_000);
    const lines = benchStream(n);
    const t = interleave({ jsonParse: jsonParseAll(lines), fold: parseAndFold(lines) }, bySize(size, 1, 15, 21));
    return { value: Math.round(median(t.fold!)), unit: "ms", baseline: `bare JSON.parse: ${Math.round(median(t.jsonParse!))} ms for ${n} events (CPU, median)`, ratio: pairedRatio(t.fold!, t.jsonParse!) };
  },
};

export const foldScalingBench: Bench = {
  name: "fold.scaling",
  what: "fold time at 1M events / at 100k events",
  target: "<= 10.5 (linear)",
  async run({ size }) {
    const small = bySize(size, 2_000, 20_000, 100_000);
    const large = small * 10;
    const a = benchStream(small);
    const b = benchStream(large);
    const ts: number[] = [];
    const tl: number[] = [];
    parseAndFold(a)(); // warm-up of both sizes, so neither median carries first-run JIT or heap growth
    parseAndFold(b)();
    for (let i = 0; i < bySize(size, 1, 5, 5); i++) {
      // Wall time here: CPU time would also count V8's parallel GC threads, which work harder on
      // the 10x larger heap and are not on the fold's critical path.
      ts.push(wallOnce(parseAndFold(a)));
      tl.push(wallOnce(parseAndFold(b)));
    }
    const ratio = median(tl) / median(ts);
    return { value: ratio, unit: "x", baseline: `${small} events: ${Math.round(median(ts))} ms, ${large}: ${Math.round(median(tl))} ms`, ratio };
  },
};

/** Run in a child so the peak RSS belongs to the fold alone. */
export const foldMemoryBench: Bench = {
  name: "fold.memory",
  what: "peak RSS folding 1M events incrementally, minus the size of the final turn",
  target: "reported",
  async run({ size }) {
    const n = bySize(size, 10_000, 100_000, 1_000_000);
    const out = execFileSync(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./fold-memory-child.ts", import.meta.url)), String(n)], { encoding: "utf8" });
    const r = JSON.parse(out.trim().split("\n").pop()!) as { peakRss: number; baseRss: number; turnBytes: number };
    const mb = (r.peakRss - r.baseRss - r.turnBytes) / (1024 * 1024);
    return { value: Math.round(mb * 10) / 10, unit: "MiB", baseline: `${n} events; base RSS ${Math.round(r.baseRss / 1048576)} MiB, final turn ${Math.round(r.turnBytes / 1024)} KiB as JSON`, ratio: Math.round(mb * 10) / 10 };
  },
};
