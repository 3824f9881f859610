/**
 * Local check of the fold's cost: parse alone vs parse + fold over N NDJSON events
 * (`npx tsx scripts/frame-wire/bench.ts [N] [objects|text]`). The suite's benchmark (scripts/bench/) owns the
 * gate (parse+fold <= 1.25x parse); this prints the ratio while working on the fold.
 */
import { benchStream, parseAll, parseAndFold } from "./bench-stream.js";

/** CPU time (user + system) in ms: steadier than wall time on a shared machine. */
function time(fn: () => void): number {
  const t0 = process.cpuUsage();
  fn();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 100_000);
  const mix = process.argv[3] === "text" ? "text" : "objects";
  const lines = benchStream(n, mix);
  const parseOnly = parseAll(lines);
  const parseFold = parseAndFold(lines);
  for (let i = 0; i < 5; i++) {
    parseOnly();
    parseFold();
  }
  const runs = 15;
  const p: number[] = [];
  const f: number[] = [];
  for (let i = 0; i < runs; i++) {
    p.push(time(parseOnly));
    f.push(time(parseFold));
  }
  p.sort((a, b) => a - b);
  f.sort((a, b) => a - b);
  const med = (xs: number[]) => xs[xs.length >> 1]!;
  console.log(
    `${n} events (${mix}): parse ${med(p).toFixed(1)} ms, parse+fold ${med(f).toFixed(1)} ms (median CPU ms), ratio ${(med(f) / med(p)).toFixed(3)}; best-of ratio ${(f[0]! / p[0]!).toFixed(3)}`,
  );
}
