/**
 * Local check of the fold's cost: parse alone vs parse + fold over N NDJSON events
 * (`npx tsx scripts/frame-wire/bench.ts [N] [objects|text]`). The suite's benchmark (scripts/bench/) owns the
 * gate (parse+fold <= 1.25x parse); this prints the ratio while working on the fold.
 */
import { parseJson } from "../../src/json/index.js";
import { createFold } from "../../src/frame-wire/fold.js";

/** `mix` "objects": a third of the deltas append small objects; "text": every value is a string. */
export function benchStream(n: number, mix: "objects" | "text" = "objects"): string[] {
  const lines: string[] = [];
  const blocks = 8;
  for (let b = 0; b < blocks; b++) {
    lines.push(JSON.stringify({ type: "block_start", index: b, block_id: `blk-${b}`, block: { kind: "text", text: "", meta: { tokens: 0 }, parts: [] } }));
  }
  for (let i = 0; lines.length < n - 1; i++) {
    const b = i % blocks;
    const seq = Math.floor(i / blocks);
    const delta =
      i % 3 === 0
        ? { op: "element_append", path: "/parts", value: mix === "text" ? ` word${i}` : { t: "token", s: `word${i}` } }
        : i % 3 === 1
          ? { op: "field_set", path: "/text", value: `partial text up to token ${i}` }
          : { op: "field_set", path: "/meta/tokens", value: mix === "text" ? `${i} tokens` : i };
    lines.push(JSON.stringify({ type: "block_delta", index: b, block_id: `blk-${b}`, seq, delta }));
  }
  lines.push(JSON.stringify({ type: "done", finish_reason: "done" }));
  return lines;
}

/** CPU time (user + system) in ms: steadier than wall time on a shared machine. */
function time(fn: () => void): number {
  const t0 = process.cpuUsage();
  fn();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000;
}

// The name test too: bundled into another script (fold-instructions.sh), import.meta.url is that script's.
if (import.meta.url === `file://${process.argv[1]}` && process.argv[1]!.endsWith("bench.ts")) {
  const n = Number(process.argv[2] ?? 100_000);
  const mix = process.argv[3] === "text" ? "text" : "objects";
  const lines = benchStream(n, mix);
  const parseOnly = () => {
    for (const l of lines) parseJson(l);
  };
  const parseFold = () => {
    const fold = createFold({ adoptEvents: true });
    for (const l of lines) fold.push(parseJson(l));
    const o = fold.finish();
    if (o.abort) throw new Error(JSON.stringify(o.abort));
  };
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
