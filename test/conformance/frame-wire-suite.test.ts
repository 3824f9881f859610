/**
 * The frame-wire conformance suite (conformance/frame-wire/suite.ts) against our implementations,
 * one vitest test per check, as `contract-suite conform frame-wire` runs it: the reference fold in
 * process (fold-level vectors and the properties), and the fold COMMAND in process (every vector,
 * command-level ones included, through runFoldCommand on in-memory streams, the protocol's stdin
 * and last stdout line). One test per check lets mutation testing see which check reaches which
 * code: this is the killing suite of `npm run mutation -- --only frame-wire`.
 */
import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { frameWireSuite, referenceFoldTarget, type FrameWireTarget } from "../../conformance/frame-wire/suite.js";
import {
  diffOutcome,
  loadFrameWireVectors,
  vectorStdin,
  type FrameWireVector,
  type VectorResult,
} from "../../conformance/frame-wire/vectors.js";
import { defaultContext } from "../../conformance/harness/check.js";
import { describeFailure, runCheck } from "../../conformance/harness/runner.js";
import { runFoldCommand } from "../../src/cli/frame-wire-fold.js";

async function commandInProcess(v: FrameWireVector): Promise<VectorResult> {
  const t0 = performance.now();
  const out = new PassThrough();
  let stdout = "";
  out.on("data", (d) => (stdout += d));
  const code = await runFoldCommand(Readable.from([vectorStdin(v)]), out, new PassThrough());
  const last = stdout
    .split("\n")
    .filter((l) => l.trim() !== "")
    .at(-1);
  const base = { name: v.name, durationMs: performance.now() - t0 };
  if (last === undefined) return { ...base, ok: false, failure: "no-outcome", detail: "stdout is empty" };
  const diff = diffOutcome(v, JSON.parse(last));
  if (diff.length > 0) return { ...base, ok: false, failure: "mismatch", diff };
  if (code !== 0) return { ...base, ok: false, failure: "exit-code", detail: `exit ${code}` };
  return { ...base, ok: true };
}

const VECTOR = "frame-wire/vector/";
const commandLevel = new Set(
  loadFrameWireVectors()
    .filter((v) => v.level === "command")
    .map((v) => VECTOR + v.name),
);

const targets: [string, () => Promise<FrameWireTarget>][] = [
  ["reference fold", referenceFoldTarget],
  ["fold command", async () => ({ runVectors: (vectors) => Promise.all(vectors.map(commandInProcess)) })],
];

for (const [name, makeTarget] of targets) {
  describe(`conform frame-wire: ${name}, check by check`, () => {
    for (const check of frameWireSuite.checks) {
      it(check.id, async () => {
        const target = await makeTarget();
        // Only this check's vector is run (the suite batches vectors through prepare).
        await frameWireSuite.prepare?.(target, [check]);
        const r = await runCheck(check, target, defaultContext());
        // Skipped only where the suite says a check does not apply: command-level vectors for an
        // in-process fold, properties for a command.
        const applies = target.fold ? !commandLevel.has(check.id) : check.id.startsWith(VECTOR);
        expect(r.status, describeFailure(r)).toBe(applies ? "pass" : "skip");
      }, 120_000);
    }
  });
}
