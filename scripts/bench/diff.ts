/**
 * diff.large: `contract-suite diff` on the wright-agent pair (upstream 48499628 against ours, ~1,000
 * changes; frozen in test/review/fixtures/wright-agent-pair) in a fresh process, so the peak RSS is
 * the diff's own. `value` and `ratio` are seconds (target <= 5 s and <= 250 MB peak RSS). The tiny
 * size (the harness test) diffs the small frame-wire pair instead.
 */
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import type { Bench, Row } from "./measure.js";

const ROOT = resolve(import.meta.dirname, "../..");
const PAIRS = {
  large: [join(ROOT, "test/review/fixtures/wright-agent-pair/old.schema.json"), join(ROOT, "test/review/fixtures/wright-agent-pair/new.schema.json")],
  tiny: [join(ROOT, "test/review/fixtures/frame-wire-min/1.2.0/frame_wire.json"), join(ROOT, "test/review/fixtures/frame-wire-min/1.3.0/frame_wire.json")],
};

// The child measures itself: wall time of diffDocuments and its peak RSS (process.resourceUsage, KB).
const CHILD = `
const { diffDocuments } = await import(${JSON.stringify(join(ROOT, "src/review/run-diff.ts"))});
const t0 = process.hrtime.bigint();
const r = await diffDocuments(process.argv[1], process.argv[2]);
const s = Number(process.hrtime.bigint() - t0) / 1e9;
process.stdout.write(JSON.stringify({ seconds: s, rssMB: process.resourceUsage().maxRSS / 1024, changes: r.changes.length }));
`;

export const diffLargeBench: Bench = {
  name: "diff.large",
  heavy: true,
  what: "contract-suite diff on the wright-agent pair (~1,000 changes), fresh process",
  target: "<= 5 s, <= 250 MB peak RSS",
  async run({ size }): Promise<Row> {
    const [a, b] = size === "tiny" ? PAIRS.tiny : PAIRS.large;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", CHILD, a!, b!], { cwd: ROOT, maxBuffer: 1 << 24, encoding: "utf8" });
    const m = JSON.parse(out) as { seconds: number; rssMB: number; changes: number };
    return { value: m.seconds, unit: "s", baseline: "target 5 s", ratio: m.seconds, note: `peak RSS ${m.rssMB.toFixed(0)} MB, ${m.changes} changes` };
  },
};
