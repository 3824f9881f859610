/**
 * `conform frame-wire --target A --differential B` with real fold commands (child processes): our
 * fold agrees with itself; against each of the seven broken folds under test/frame-wire/broken-folds/
 * the default 24 generated streams find a disagreement, shrunk to a 1-minimal stream (removing any
 * one event makes the folds agree), shown side by side. Spawning is the cost (two processes per
 * comparison), so the broken folds run as esbuild bundles of their TypeScript (plain `node x.mjs`,
 * a third of tsx's start-up).
 */
import { join } from "node:path";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import {
  compareOn,
  comparable,
  differentialCheck,
  sideBySide,
  type DifferentialTarget,
} from "../../conformance/frame-wire/differential.js";
import { CheckFailure, defaultContext } from "../../conformance/harness/check.js";
import { runCli } from "../helpers/cli.js";

const ROOT = join(import.meta.dirname, "../..");
const OURS = `node ${ROOT}/bin/contract-suite.mjs frame-wire fold`;
const SOURCE = (name: string) => `${ROOT}/test/frame-wire/broken-folds/${name}.ts`;
const BUNDLES = join(ROOT, "node_modules/.cache/broken-folds");
const broken = (name: string) => `node ${BUNDLES}/${name}.js`;
const FOLDS = [
  "splices-appended-array",
  "leading-zero-index",
  "inherited-members",
  "drops-partial-turn",
  "leaves-error-code-unset",
  "applies-mismatched-block-id",
  "resets-seq-on-block-start",
];

beforeAll(async () => {
  // Top-level await keeps each module's order (inherited-members patches Object.prototype first).
  await build({
    entryPoints: FOLDS.map(SOURCE),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outdir: BUNDLES,
    logLevel: "warning",
  });
}, 120_000);

describe("differential comparison", () => {
  it("blanks only unpinned messages: an error event's message and the gap message still count", () => {
    const abort = (code: string, message: string, at: number | null) => ({
      outcome: {
        turn: { blocks: [], tool_calls: [], finish_reason: null, error_code: code, error_message: message },
        abort: { code, message, at },
      },
    });
    const delta = [
      { type: "block_delta", index: 0, block_id: "b", seq: 0, delta: { op: "field_set", path: "/x", value: 1 } },
    ];
    expect(comparable(abort("block_delta_unknown_index", "ours", 0), delta)).toEqual(
      comparable(abort("block_delta_unknown_index", "theirs", 0), delta),
    );
    const error = [{ type: "error", code: "busy", message: "m" }];
    expect(comparable(abort("busy", "m", 0), error)).not.toEqual(comparable(abort("busy", "other", 0), error));
    expect(comparable(abort("block_start_index_gap", "a", null), [])).not.toEqual(
      comparable(abort("block_start_index_gap", "b", null), []),
    );
  });

  it("lays outputs side by side, marking the lines that differ", () => {
    const text = sideBySide("A", "1\n2", "B", "1\n3", 5);
    expect(text.split("\n")).toEqual(["A     | B", "-     | -", "1     | 1", "2     ! 3"]);
  });
});

describe("conform frame-wire --target A --differential B (real fold commands)", () => {
  it("our fold agrees with itself on generated streams", async () => {
    // 8 streams here (the CLI default is 24): every comparison starts two processes.
    const ctx = { ...defaultContext(), runs: () => 8 };
    await differentialCheck.run({ a: OURS, b: OURS }, ctx);
    expect(ctx.cases).toBe(8);
  }, 300_000);

  it("the CLI reports a disagreement with exit 1 and both outcomes side by side", async () => {
    const r = await runCli(["conform", "frame-wire", "--target", OURS, "--differential", broken("drops-partial-turn")]);
    expect(r.code, r.stdout).toBe(1);
    expect(r.stdout).toMatch(/FAIL frame-wire\/differential\/agree/);
    expect(r.stdout).toMatch(/A: node .* \| B: node .*drops-partial-turn\.js/);
  }, 300_000);

  for (const name of FOLDS) {
    it(`finds a minimal disagreement with the broken fold ${name}`, async () => {
      const target: DifferentialTarget = { a: OURS, b: broken(name) };
      const ctx = defaultContext();
      const t0 = Date.now();
      const error = await Promise.resolve(differentialCheck.run(target, ctx)).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CheckFailure);
      const failure = error as CheckFailure;
      const { stream } = failure.details.counterexample as { stream: unknown[] };
      expect(failure.message).toMatch(
        /^the folds disagree on generated stream \d+ \(seed \d+\); shrunk from \d+ to \d+ event/,
      );
      expect(failure.message).toContain(`A: ${OURS}`);
      expect(failure.message).toContain(`B: ${broken(name)}`);
      // The shrunk stream still divides them, and it is 1-minimal.
      expect((await compareOn(target, stream)).differ).toBe(true);
      const without = await Promise.all(
        stream.map((_, i) =>
          compareOn(
            target,
            stream.filter((_, j) => j !== i),
          ),
        ),
      );
      expect(without.map((c) => c.differ)).toEqual(stream.map(() => false));
      console.log(`${name}: ${failure.message.split("\n")[0]} (${Math.round((Date.now() - t0) / 1000)} s)`);
    }, 180_000);
  }

  it("--differential without --target is a usage error", async () => {
    const r = await runCli(["conform", "frame-wire", "--differential", OURS]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--target/);
  });
});
