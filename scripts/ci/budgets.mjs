// Prints each test suite's time against its budget (test/budgets.json), from vitest's JSON report.
// A suite is a folder of test/; its time is the sum of its files' own wall times (a file's end minus
// its start, hooks included), so a file whose tests run concurrently counts the time it held a worker,
// not the sum of its tests' overlapping durations (decision 115). Under load a 2-core machine runs slower, so an overspend is a
// warning line, not a failure, unless --strict; a folder without a budget is always named, so a new
// suite gets one. Usage: node scripts/ci/budgets.mjs [report.json] [--budgets FILE] [--strict]
import { existsSync, readFileSync } from "node:fs";
import { relative, sep } from "node:path";

const args = process.argv.slice(2);
const strict = args.includes("--strict");
const bi = args.indexOf("--budgets");
const budgetsFile = bi >= 0 ? args[bi + 1] : "test/budgets.json";
const reportFile = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--budgets") ?? "reports/vitest.json";
if (!existsSync(reportFile)) {
  console.error(`budgets: no vitest JSON report at ${reportFile}`);
  process.exit(strict ? 1 : 0);
}
const report = JSON.parse(readFileSync(reportFile, "utf8"));
const { wall, suites: budgets } = JSON.parse(readFileSync(budgetsFile, "utf8"));

/** The test/ folder a file belongs to ("" for a file directly under test/). */
function suiteOf(file) {
  const parts = relative(process.cwd(), file).split(sep);
  const at = parts.lastIndexOf("test");
  return at >= 0 && parts.length > at + 2 ? parts[at + 1] : "";
}

const spent = new Map();
for (const f of report.testResults ?? []) {
  const wall = (f.endTime ?? 0) - (f.startTime ?? 0);
  const summed = (f.assertionResults ?? []).reduce((s, a) => s + (a.duration ?? 0), 0);
  const seconds = (f.startTime && f.endTime && wall >= 0 ? wall : summed) / 1000;
  const suite = suiteOf(f.name);
  spent.set(suite, (spent.get(suite) ?? 0) + seconds);
}
const ends = (report.testResults ?? []).map((f) => f.endTime ?? 0);
const wallSeconds = ends.length ? (Math.max(...ends) - report.startTime) / 1000 : 0;

const over = [];
const rows = [...spent].sort((a, b) => b[1] - a[1]);
console.log(`test time by suite (budget in test/budgets.json), wall ${wallSeconds.toFixed(0)} s of ${wall} s:`);
for (const [suite, seconds] of rows) {
  const budget = budgets[suite];
  const mark = budget === undefined ? "no budget" : seconds > budget ? "OVER" : "ok";
  if (mark !== "ok")
    over.push(
      `${suite || "(test/)"}: ${seconds.toFixed(0)} s, ${budget === undefined ? "no budget" : `budget ${budget} s`}`,
    );
  console.log(
    `  ${(suite || "(test/)").padEnd(14)} ${seconds.toFixed(0).padStart(5)} s  ${budget === undefined ? "     -" : String(budget).padStart(5) + " s"}  ${mark}`,
  );
}
if (wallSeconds > wall) over.push(`wall: ${wallSeconds.toFixed(0)} s, budget ${wall} s`);
for (const o of over) console.log(`warning: over budget: ${o}`);
process.exit(strict && over.length > 0 ? 1 : 0);
