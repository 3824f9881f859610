/**
 * diff.large: `contract-suite diff` on the wright-agent pair (upstream 48499628 against ours, ~1,000
 * changes; frozen in test/review/fixtures/wright-agent-pair) in a fresh process, so the peak RSS is
 * the diff's own. `value` and `ratio` are seconds (target <= 5 s and <= 250 MB peak RSS). The tiny
 * size (the harness test) diffs the small frame-wire pair instead.
 */
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { bySize, median, type Bench, type Row } from "./measure.js";
import { CORPUS, describePeer, opticOnPair } from "./real.js";

const ROOT = resolve(import.meta.dirname, "../..");
const PAIRS = {
  large: [
    join(ROOT, "test/review/fixtures/wright-agent-pair/old.schema.json"),
    join(ROOT, "test/review/fixtures/wright-agent-pair/new.schema.json"),
  ],
  tiny: [
    join(ROOT, "test/review/fixtures/frame-wire-min/1.2.0/frame_wire.json"),
    join(ROOT, "test/review/fixtures/frame-wire-min/1.3.0/frame_wire.json"),
  ],
};

// The child measures itself: wall time of diffDocuments and its peak RSS (process.resourceUsage, KB).
const CHILD = `
const { diffDocuments } = await import(${JSON.stringify(join(ROOT, "src/review/run-diff.ts"))});
const c0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
const r = await diffDocuments(process.argv[1], process.argv[2]);
const s = Number(process.hrtime.bigint() - t0) / 1e9;
const c = process.cpuUsage(c0);
process.stdout.write(JSON.stringify({ seconds: s, cpuSeconds: (c.user + c.system) / 1e6, rssMB: process.resourceUsage().maxRSS / 1024, changes: r.findings.length }));
`;

export const diffLargeBench: Bench = {
  name: "diff.large",
  heavy: true,
  what: "contract-suite diff on the wright-agent pair (~1,000 changes), fresh process",
  target: "<= 5 s, <= 250 MB peak RSS",
  async run({ size }): Promise<Row> {
    const [a, b] = size === "tiny" ? PAIRS.tiny : PAIRS.large;
    // The median of three fresh processes (decision 208): one wall-clock diff moved 3.1-3.7 s between
    // quiet quick runs, and a single process cannot be paired with anything. Each run is the diff's
    // first in its process, so the figure stays a cold diff; the peak RSS is the largest of the runs.
    const runs = Array.from({ length: bySize(size, 1, 3, 3) }, () => {
      const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", CHILD, a!, b!], {
        cwd: ROOT,
        maxBuffer: 1 << 24,
        encoding: "utf8",
      });
      return JSON.parse(out) as DiffRun;
    });
    return diffRow(runs);
  },
};

/** One diff process: wall seconds of the diff, its CPU seconds (all threads), peak RSS. */
export interface DiffRun {
  seconds: number;
  cpuSeconds?: number;
  rssMB: number;
  changes: number;
}

/**
 * The row from the runs: median wall seconds (the figure, decision 208), largest peak RSS; the CPU
 * seconds go in the baseline, so a wall figure inflated by waiting for a core shows as such (237).
 */
export function diffRow(runs: DiffRun[]): Row {
  const seconds = median(runs.map((r) => r.seconds));
  const rssMB = Math.max(...runs.map((r) => r.rssMB));
  const cpu = runs.every((r) => r.cpuSeconds !== undefined)
    ? `; CPU ${runs.map((r) => r.cpuSeconds!.toFixed(2)).join(", ")} s`
    : "";
  return {
    value: seconds,
    unit: "s",
    baseline: `target 5 s; median of ${runs.length} fresh processes (wall ${runs.map((r) => r.seconds.toFixed(2)).join(", ")} s${cpu})`,
    ratio: seconds,
    note: `peak RSS ${rssMB.toFixed(0)} MB (largest of the runs), ${runs[0]!.changes} changes`,
  };
}

/**
 * diff.real: `contract-suite diff` on Stripe's spec3.json at two commits (3.8 / 4.2 MB, the shared
 * corpus), one fresh process, then optic's `diff --check` on the same pair in the same run (from
 * scripts/bench/peers; oasdiff is Go and not on npm). The tiny size diffs Twilio's messaging_v1 pair.
 */
export const diffRealBench: Bench = {
  name: "diff.real",
  heavy: true,
  what: "contract-suite diff on Stripe's spec3.json at two commits (shared corpus), fresh process",
  target: "<= 15 s, <= 1 GB peak RSS (issue 38)",
  async run({ size }): Promise<Row> {
    const [a, b] =
      size === "tiny"
        ? [join(CORPUS, "twilio/messaging_v1.old.json"), join(CORPUS, "twilio/messaging_v1.new.json")]
        : [join(CORPUS, "stripe/spec3.old.json"), join(CORPUS, "stripe/spec3.new.json")];
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", CHILD, a, b], {
      cwd: ROOT,
      maxBuffer: 1 << 24,
      encoding: "utf8",
    });
    const row = diffRow([JSON.parse(out) as DiffRun]);
    const optic = describePeer("optic diff --check", opticOnPair(size));
    return { ...row, baseline: `${row.baseline.replace("target 5 s", "target 15 s")}; beside it ${optic}` };
  },
};
