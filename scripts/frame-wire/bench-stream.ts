/**
 * The fold benchmarks' stream and the two passes they compare: parse alone, parse + fold. Shared by
 * scripts/bench/fold.ts (the gated rows), ./bench.ts (the local check) and ./fold-instructions.ts.
 */
import { parseJson } from "../../src/json/index.js";
import { createFold, EVENT_PARSE } from "../../src/frame-wire/fold.js";

/** `mix` "objects": a third of the deltas append small objects; "text": every value is a string. */
export function benchStream(n: number, mix: "objects" | "text" = "objects"): string[] {
  const lines: string[] = [];
  const blocks = 8;
  for (let b = 0; b < blocks; b++) {
    lines.push(
      JSON.stringify({
        type: "block_start",
        index: b,
        block_id: `blk-${b}`,
        block: { kind: "text", text: "", meta: { tokens: 0 }, parts: [] },
      }),
    );
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

/** parseJson of every line, `reps` times. */
export function parseAll(lines: string[], reps = 1): () => void {
  return () => {
    for (let k = 0; k < reps; k++) for (const l of lines) parseJson(l, EVENT_PARSE);
  };
}

/** `reps` fresh folds of the stream: each keeps its own turn, as one fold of the stream does. */
export function parseAndFold(lines: string[], reps = 1): () => void {
  return () => {
    for (let k = 0; k < reps; k++) {
      const fold = createFold({ adoptEvents: true });
      for (const l of lines) fold.push(parseJson(l, EVENT_PARSE));
      if (fold.finish().abort) throw new Error("bench stream aborted");
    }
  };
}
