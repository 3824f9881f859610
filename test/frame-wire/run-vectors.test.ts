/**
 * The vector runner against real processes: our fold command passes every vector; each
 * deliberately broken fold (test/frame-wire/broken-folds/) fails on the vector that pins the
 * behaviour it breaks, and passes a control vector (so the failure is specific, not a crash).
 *
 * Processes start with `node --import tsx` (the loader `npx tsx` uses, without npx's ~0.3 s);
 * one vector also runs through the documented `npx tsx` command line.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runVectorsAgainstCommand } from "../../conformance/frame-wire/run-vectors.js";
import {
  formatVectorFailures,
  loadFrameWireVectors,
  type FrameWireVector,
} from "../../conformance/frame-wire/vectors.js";

const ROOT = join(import.meta.dirname, "../..");
const vectors = loadFrameWireVectors();
const byName = (names: string[]): FrameWireVector[] =>
  names.map((n) => {
    const v = vectors.find((x) => x.name === n);
    if (!v) throw new Error(`no vector ${n}`);
    return v;
  });
const run = (command: string, vs: FrameWireVector[], concurrency = 4) =>
  runVectorsAgainstCommand(command, vs, { cwd: ROOT, concurrency, timeoutMs: 20_000 });

const BROKEN: [script: string, catchingVector: string][] = [
  ["leading-zero-index", "leading-zero-array-index"],
  ["inherited-members", "inherited-member-field-set"],
  ["drops-partial-turn", "block-delta-unknown-index-mid-stream"],
  ["applies-mismatched-block-id", "block-id-mismatch-discarded"],
  ["splices-appended-array", "element-append-array-is-one-element"],
  ["leaves-error-code-unset", "error-event"],
  ["resets-seq-on-block-start", "duplicate-block-start-last-write-wins"],
];

describe("frame-wire vector runner (child processes)", () => {
  // Every vector already runs through runFoldCommand in-process (vectors.test.ts); as child
  // processes a sample by default (every command-level vector, one per kind of abort), all of
  // them under CONTRACT_SUITE_FULL.
  const SAMPLE = [
    "basic-turn",
    "gap-closes-up",
    "block-delta-unknown-index-mid-stream",
    "error-event",
    "stream-without-done",
    "forbidden-proto-middle",
    "proto-key-in-content-is-data",
    "value-site-element-append-13-values",
    "invalid-event-extra-member",
    ...vectors.filter((v) => v.level === "command").map((v) => v.name),
  ];
  const suite = process.env.CONTRACT_SUITE_FULL ? vectors : byName(SAMPLE);

  it(`our fold command passes ${process.env.CONTRACT_SUITE_FULL ? "every vector" : "a sample of the vectors"}`, async () => {
    const results = await run("node --import tsx scripts/frame-wire/fold.ts", suite);
    expect(results).toHaveLength(suite.length);
    expect(formatVectorFailures(results)).toBe("");
  });

  it("the documented `npx tsx scripts/frame-wire/fold.ts` command line works", async () => {
    const [r] = await run("npx tsx scripts/frame-wire/fold.ts", byName(["gap-closes-up"]));
    expect(r!.ok, formatVectorFailures([r!])).toBe(true);
    expect(r!.exitCode).toBe(0);
    expect(r!.stderr).toContain("block_start_index_gap");
  });

  it.each(BROKEN)("broken fold %s fails vector %s and passes the control", async (script, catching) => {
    const [caught, control] = await run(
      `node --import tsx test/frame-wire/broken-folds/${script}.ts`,
      byName([catching, "basic-turn"]),
      2,
    );
    expect(caught!.name).toBe(catching);
    expect(caught!.ok).toBe(false);
    expect(caught!.failure).toBe("mismatch");
    expect(caught!.diff!.length).toBeGreaterThan(0);
    expect(formatVectorFailures([caught!])).toContain(`vector ${catching}: mismatch`);
    expect(control!.ok, formatVectorFailures([control!])).toBe(true);
  });

  it("reports a timeout, a command with no outcome, and a non-zero exit, with the vector named", async () => {
    const [v] = byName(["done-only"]);
    const [slow] = await runVectorsAgainstCommand("sleep 5", [v!], { timeoutMs: 300 });
    expect(slow).toMatchObject({ name: "done-only", ok: false, failure: "timeout" });
    expect(slow!.durationMs).toBeLessThan(3000);
    const [silent] = await runVectorsAgainstCommand("cat > /dev/null; echo 'not json'", [v!]);
    expect(silent).toMatchObject({ name: "done-only", ok: false, failure: "no-outcome" });
    const outcome = JSON.stringify(v!.expected);
    const [exit3] = await runVectorsAgainstCommand(`cat > /dev/null; echo '${outcome}'; exit 3`, [v!]);
    expect(exit3).toMatchObject({ ok: false, failure: "exit-code", exitCode: 3 });
    const [fine] = await runVectorsAgainstCommand(`cat > /dev/null; echo 'diagnostic'; echo '${outcome}'`, [v!]);
    expect(fine!.ok).toBe(true);
  });
});
