/**
 * `npm run bench [-- --json] [-- --quick] [-- --only name,...]`: every benchmark, side by side with
 * its baseline in the same run. Markdown table by default; `--json` prints only one JSON object
 * `{ "<name>": {value, unit, baseline, ratio} }` on stdout.
 */
import {
  validateFrameEventBench,
  validateFrameEventLargeBench,
  validateVsInterpretersBench,
  validateVsSchemasafeBench,
} from "./validate.js";
import { foldMemoryBench, foldOverheadBench, foldScalingBench, foldVsJsonParseBench } from "./fold.js";
import { conformRateBench, genWarmBench } from "./misc.js";
import { witBenches } from "./wit.js";
import { cliBenches } from "./cli.js";
import { diffLargeBench, diffRealBench } from "./diff.js";
import { diffOpenRpcRealBench, genRealBench, lintRealBench } from "./real.js";
import { proxyFrameWireBench } from "./proxy.js";
import { loadavg } from "node:os";
import { inChild, type Bench, type BenchSize, type Row } from "./measure.js";

export const BENCHES: Bench[] = [
  validateFrameEventBench,
  validateFrameEventLargeBench,
  validateVsSchemasafeBench,
  validateVsInterpretersBench,
  foldOverheadBench,
  foldVsJsonParseBench,
  foldScalingBench,
  foldMemoryBench,
  ...witBenches,
  ...(await import("./wit-tree.js")).witTreeBenches,
  genWarmBench,
  conformRateBench,
  ...cliBenches,
  diffLargeBench,
  diffRealBench,
  diffOpenRpcRealBench,
  genRealBench,
  lintRealBench,
  proxyFrameWireBench,
];

/** The 1-minute load average, to one decimal: the machine is shared, so each figure says what it ran beside. */
export function load1(): number {
  return Math.round(loadavg()[0]! * 10) / 10;
}

export async function runBenches(options: {
  size: BenchSize;
  only?: string[];
  onRow?: (name: string, row: Row, info: { seconds: number; loadBefore: number; loadAfter: number }) => void;
}): Promise<Record<string, Row>> {
  const rows: Record<string, Row> = {};
  for (const b of BENCHES) {
    if (options.only && !options.only.includes(b.name)) continue;
    // Rows that pack and install packages or diff two 40k documents take minutes at any size:
    // the tiny run (the harness test) leaves them to their own tests.
    if (options.size === "tiny" && b.heavy && !options.only) continue;
    const loadBefore = load1();
    const t0 = process.hrtime.bigint();
    const row = {
      ...(b.fresh ? inFreshProcess(b, options.size) : await b.run({ size: options.size })),
      target: b.target,
    };
    const seconds = Math.round(Number(process.hrtime.bigint() - t0) / 1e8) / 10;
    rows[b.name] = row;
    options.onRow?.(b.name, row, { seconds, loadBefore, loadAfter: load1() });
  }
  return rows;
}

function inFreshProcess(b: Bench, size: BenchSize): Row {
  return inChild<Row>(new URL("./row-child.ts", import.meta.url), [b.name, size]);
}

function fmt(n: number): string {
  return Math.abs(n) >= 100 ? String(Math.round(n)) : n.toFixed(2);
}

async function main(argv: string[]): Promise<void> {
  const json = argv.includes("--json");
  const size: BenchSize = argv.includes("--tiny") ? "tiny" : argv.includes("--quick") ? "quick" : "full";
  const onlyArg =
    argv.find((a) => a.startsWith("--only="))?.slice(7) ??
    (argv.includes("--only") ? argv[argv.indexOf("--only") + 1] : undefined);
  if (argv.includes("--help")) {
    console.log(
      "usage: npm run bench -- [--json] [--quick|--tiny] [--only name,name]\nPrints a Markdown table (or one JSON object with --json). Exit 0 unless a benchmark crashed.",
    );
    return;
  }
  const rows = await runBenches({
    size,
    only: onlyArg?.split(","),
    onRow: (name, r, i) =>
      process.stderr.write(`${name}: ${fmt(r.ratio)} (${i.seconds} s wall, load ${i.loadBefore} -> ${i.loadAfter})\n`),
  });
  if (json) {
    const out: Record<string, { value: number; unit: string; baseline: string; ratio: number }> = {};
    for (const [k, r] of Object.entries(rows))
      out[k] = { value: r.value, unit: r.unit, baseline: r.baseline, ratio: r.ratio };
    process.stdout.write(JSON.stringify(out) + "\n");
    return;
  }
  const lines = ["| name | value | baseline | ratio | target |", "|---|---|---|---|---|"];
  for (const [k, r] of Object.entries(rows))
    lines.push(`| \`${k}\` | ${fmt(r.value)} ${r.unit} | ${r.baseline} | ${fmt(r.ratio)} | ${r.target ?? ""} |`);
  console.log(lines.join("\n"));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
