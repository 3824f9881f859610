// Prints the plain "N passed, N failed, N skipped" line CI reads, from vitest's JSON report.
import { readFileSync, existsSync } from "node:fs";
const file = process.argv[2] ?? "reports/vitest.json";
if (!existsSync(file)) {
  console.log("0 passed, 1 failed");
  console.error(`no vitest JSON report at ${file} (the suite did not run)`);
  process.exit(1);
}
const r = JSON.parse(readFileSync(file, "utf8"));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
process.exit(r.numFailedTests > 0 ? 1 : 0);
