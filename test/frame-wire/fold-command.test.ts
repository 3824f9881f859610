/** The fold command core over in-memory streams, and once as a real process. */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { PassThrough, Readable, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { runFoldCommand } from "../../src/cli/frame-wire-fold.js";

const ROOT = join(import.meta.dirname, "../..");

async function run(input: NodeJS.ReadableStream) {
  let stdout = "";
  let stderr = "";
  const out = new PassThrough().on("data", (b) => (stdout += b));
  const err = new PassThrough().on("data", (b) => (stderr += b));
  const code = await runFoldCommand(input, out, err);
  return { code, stdout, stderr, outcome: JSON.parse(stdout.trim().split("\n").pop()!) };
}
const text = (s: string) => Readable.from([s]);

describe("runFoldCommand", () => {
  it("prints exactly one compact outcome line and exits 0", async () => {
    const r = await run(
      text(
        '{"type":"block_start","index":0,"block_id":"b","block":{"kind":"text"}}\n{"type":"done","finish_reason":"done"}\n',
      ),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '{"turn":{"blocks":[{"kind":"text"}],"tool_calls":[],"finish_reason":"done"},"abort":null}\n',
    );
    expect(r.stderr).toBe("");
  });

  it("reads lines split across chunks, without a final newline", async () => {
    const r = await run(Readable.from(['{"type":"do', 'ne","finish_', 'reason":"done"}']));
    expect(r.outcome.abort).toBeNull();
  });

  it("aborts on a malformed line with its position, reports it on stderr, and ignores the rest", async () => {
    const r = await run(text('{"type":"done","finish_reason":"done"}\n\n[1,\n{"type":"x"}\n'));
    expect(r.code).toBe(0);
    expect(r.outcome.abort).toEqual({ code: "malformed_event", message: "line 3 is not JSON (syntax)", at: 1 });
    expect(r.stderr).toMatch(/line 3 is not JSON: /);
    expect(r.stderr).toMatch(/1 event line\(s\) after the abort were ignored/);
  });

  it("reports too-deep and too-large lines as malformed, never crashing", async () => {
    const deep = "[".repeat(600) + "]".repeat(600);
    const r = await run(text(deep + "\n"));
    expect(r.outcome.abort).toMatchObject({ code: "malformed_event", message: "line 1 is not JSON (too-deep)", at: 0 });
    let stdout = "";
    const code = await runFoldCommand(
      text(JSON.stringify({ type: "done", finish_reason: "x".repeat(200) }) + "\n"),
      new PassThrough().on("data", (b) => (stdout += b)),
      new PassThrough(),
      { parse: { maxBytes: 100 } },
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout).abort).toMatchObject({
      code: "malformed_event",
      message: "line 1 is not JSON (too-large)",
    });
  });

  it("reads with the capped line reader: a line over the size limit aborts as too-large without being buffered, later lines are ignored", async () => {
    let stdout = "";
    let stderr = "";
    const huge = Readable.from([
      '{"type":"done","finish_reason":"',
      "x".repeat(5000),
      '"}\r\n',
      '{"type":"done","finish_reason":"done"}\n',
    ]);
    const code = await runFoldCommand(
      huge,
      new PassThrough().on("data", (b) => (stdout += b)),
      new PassThrough().on("data", (b) => (stderr += b)),
      { parse: { maxBytes: 1000 } },
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout).abort).toEqual({
      code: "malformed_event",
      message: "line 1 is not JSON (too-large)",
      at: 0,
    });
    expect(stderr).toMatch(/line 1 is not JSON: it exceeds 1000 bytes \(5035 bytes read\)/);
    expect(stderr).toMatch(/1 event line\(s\) after the abort were ignored/);
  });

  it("a CRLF line is one event (the reader drops the CR)", async () => {
    const r = await run(text('{"type":"done","finish_reason":"done"}\r\n'));
    expect(r.outcome.abort).toBeNull();
  });

  it("bounds a turn's depth: nesting cannot be built up past the pointer limit, and the outcome always serialises", async () => {
    const deep = (n: number): unknown => (n === 0 ? 1 : { a: deep(n - 1) });
    const lines = [
      { type: "block_start", index: 0, block_id: "b", block: { kind: "t", a: deep(500) } },
      {
        type: "block_delta",
        index: 0,
        block_id: "b",
        seq: 0,
        delta: { op: "field_set", path: "/a".repeat(500), value: deep(500) },
      },
      {
        type: "block_delta",
        index: 0,
        block_id: "b",
        seq: 1,
        delta: { op: "field_set", path: "/a".repeat(1000), value: deep(500) },
      },
      { type: "done", finish_reason: "done" },
    ];
    const r = await run(text(lines.map((l) => JSON.stringify(l)).join("\n")));
    expect(r.code).toBe(0);
    expect(r.outcome.abort).toMatchObject({ code: "pointer_too_long", at: 2 });
    expect(JSON.stringify(r.outcome.turn).match(/\{/g)!.length).toBeGreaterThan(1000);
  });

  it("prints discards and the abort on stderr", async () => {
    const lines = [
      { type: "block_start", index: 0, block_id: "b", block: { kind: "t", items: [] } },
      {
        type: "block_delta",
        index: 0,
        block_id: "zz",
        seq: 0,
        delta: { op: "element_append", path: "/items", value: 1 },
      },
    ];
    const r = await run(text(lines.map((l) => JSON.stringify(l)).join("\n")));
    expect(r.outcome.abort).toEqual({
      code: "stream_without_done",
      message: "the stream ended without a done event",
      at: null,
    });
    expect(r.stderr).toContain("line 2: event 1 discarded (block_id_mismatch)");
    expect(r.stderr).toContain("aborted at the completed turn (stream_without_done)");
  });

  it("still prints an outcome when reading the input fails midway", async () => {
    const failing = new Readable({
      read() {
        this.push('{"type":"block_start","index":0,"block_id":"b","block":{"kind":"t"}}\n');
        this.destroy(new Error("EIO"));
      },
    });
    const r = await run(failing);
    expect(r.code).toBe(0);
    expect(r.outcome.turn.blocks).toEqual([{ kind: "t" }]);
    expect(r.outcome.abort.code).toBe("stream_without_done");
    expect(r.stderr).toContain("reading input failed: EIO");
  });

  it("returns 1 when the outcome cannot be written", async () => {
    const broken = new Writable({ write: (_c, _e, cb) => cb(new Error("EPIPE")) });
    let stderr = "";
    const code = await runFoldCommand(
      text('{"type":"done","finish_reason":"done"}\n'),
      broken,
      new PassThrough().on("data", (b) => (stderr += b)),
    );
    expect(code).toBe(1);
    expect(stderr).toContain("writing the outcome failed: EPIPE");
  });

  it("runs as a process: npx tsx scripts/frame-wire/fold.ts", () => {
    const r = spawnSync("npx", ["tsx", "scripts/frame-wire/fold.ts"], {
      cwd: ROOT,
      input: '{"type":"error","code":"overloaded","message":"busy"}\n',
      encoding: "utf8",
    });
    expect(r.status).toBe(0);
    const last = r.stdout.trim().split("\n").pop()!;
    expect(JSON.parse(last)).toEqual({
      turn: { blocks: [], tool_calls: [], finish_reason: null, error_code: "overloaded", error_message: "busy" },
      abort: { code: "overloaded", message: "busy", at: 0 },
    });
  });
});
