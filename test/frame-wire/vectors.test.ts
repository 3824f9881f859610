import { PassThrough } from "node:stream";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import {
  diffOutcome,
  formatVectorFailures,
  loadFrameWireVectors,
  runVectorsAgainstFold,
  vectorStdin,
} from "../../conformance/frame-wire/vectors.js";
import { FRAME_WIRE_CODES } from "../../src/frame-wire/codes.js";
import { runFoldCommand } from "../../src/cli/frame-wire-fold.js";
import { foldEvents } from "../../src/frame-wire/fold.js";
import { diffVectorDir, emitVectorFiles } from "../../scripts/frame-wire/vectors.js";

const vectors = loadFrameWireVectors();

async function runCommandInProcess(stdin: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const input = new PassThrough();
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = "";
  let stderr = "";
  out.on("data", (b) => (stdout += b));
  err.on("data", (b) => (stderr += b));
  input.end(stdin);
  const code = await runFoldCommand(input, out, err);
  return { code, stdout, stderr };
}

describe("frame-wire vectors", () => {
  it("the checked-in files are exactly what scripts/frame-wire/vectors.ts emits", () => {
    expect(diffVectorDir()).toEqual([]);
    expect(vectors.length + 1).toBe(emitVectorFiles().size);
  });

  it("cover every code of the discard/abort table, and each abort code is listed in covers", () => {
    const covered = new Set(vectors.flatMap((v) => v.covers));
    for (const code of Object.keys(FRAME_WIRE_CODES)) expect(covered, `no vector covers ${code}`).toContain(code);
    for (const v of vectors) {
      const code = v.expected.abort?.code;
      if (code !== undefined && code in FRAME_WIRE_CODES) expect(v.covers, v.name).toContain(code);
      for (const c of v.covers) expect(Object.keys(FRAME_WIRE_CODES), `${v.name} covers unknown ${c}`).toContain(c);
    }
  });

  it("our fold matches every fold-level vector exactly (copying and adopting)", async () => {
    for (const adoptEvents of [false, true]) {
      const results = await runVectorsAgainstFold((events) => foldEvents(events, { adoptEvents }), vectors);
      expect(results.length).toBe(vectors.filter((v) => v.level === "fold").length);
      expect(formatVectorFailures(results)).toBe("");
    }
  });

  it("our fold command matches every vector (command-level ones included), printing the outcome as the last line", async () => {
    for (const v of vectors) {
      const { code, stdout } = await runCommandInProcess(vectorStdin(v));
      expect(code, v.name).toBe(0);
      const lines = stdout.split("\n").filter((l) => l !== "");
      expect(lines.length, v.name).toBe(1);
      expect(diffOutcome(v, JSON.parse(lines[0]!)), v.name).toEqual([]);
    }
  });

  it("folding never changes the vectors' own events (the default fold copies)", () => {
    for (const v of vectors.filter((x) => x.level === "fold")) {
      const before = JSON.stringify(v.events);
      foldEvents(v.events!);
      expect(JSON.stringify(v.events), v.name).toBe(before);
    }
  });

  it("no vector changes Object.prototype", () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    for (const v of vectors.filter((x) => x.level === "fold")) foldEvents(v.events!);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("the comparison reports a readable diff and honours message pinning", () => {
    const v = vectors.find((x) => x.name === "block-delta-unknown-index-mid-stream")!;
    const actual = JSON.parse(JSON.stringify(v.expected));
    actual.turn.blocks = [];
    actual.abort.message = "other words";
    actual.turn.error_message = "other words";
    const diff = diffOutcome(v, actual);
    expect(diff).toContain("/turn/blocks: expected 1 element(s), got 0");
    expect(diff).toContain(
      '/abort/message: expected "block_delta for index 1, which no block_start opened", got "other words"',
    );
    // In "pinned" mode the suite's own wording is not compared, the blocks still are.
    expect(diffOutcome(v, actual, "pinned")).toEqual(["/turn/blocks: expected 1 element(s), got 0"]);
    const gap = vectors.find((x) => x.name === "gap-closes-up")!;
    const gapActual = JSON.parse(JSON.stringify(gap.expected));
    gapActual.abort.message = "gap";
    expect(diffOutcome(gap, gapActual, "pinned")).toEqual([
      '/abort/message: expected "block indices not contiguous from 0: opened 2, 5; missing 0-1, 3-4", got "gap"',
    ]);
    expect(isDeepStrictEqual(diffOutcome(v, v.expected), [])).toBe(true);
  });
});
