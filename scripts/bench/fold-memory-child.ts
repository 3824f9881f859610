// Folds N generated events one line at a time, sampling RSS; prints one JSON line.
import { parseJson } from "../../src/json/index.js";
import { createFold, EVENT_PARSE } from "../../src/frame-wire/fold.js";
import { benchStream } from "../frame-wire/bench-stream.js";

const n = Number(process.argv[2] ?? 1_000_000);
const lines = benchStream(n);
global.gc?.();
const baseRss = process.memoryUsage().rss;
let peakRss = baseRss;
const fold = createFold({ adoptEvents: true });
for (let i = 0; i < lines.length; i++) {
  fold.push(parseJson(lines[i]!, EVENT_PARSE));
  if ((i & 4095) === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
}
const outcome = fold.finish();
peakRss = Math.max(peakRss, process.memoryUsage().rss);
console.log(JSON.stringify({ peakRss, baseRss, turnBytes: Buffer.byteLength(JSON.stringify(outcome.turn)) }));
