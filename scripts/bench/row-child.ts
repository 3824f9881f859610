/**
 * One benchmark row in a process of its own (`row-child.ts <name> <size>`), for the rows marked
 * `fresh`: what they time (young-generation GCs of a growing turn, above all) depends on the heap
 * the rows before them left behind, so in the shared bench process they read the order they ran
 * in as much as the code (decision 207). Prints the row as one JSON line.
 */
import { BENCHES } from "./main.js";
import type { BenchSize } from "./measure.js";

const [name, size] = process.argv.slice(2) as [string, BenchSize];
const bench = BENCHES.find((b) => b.name === name);
if (!bench) throw new Error(`no benchmark named ${name}`);
process.stdout.write(JSON.stringify(await bench.run({ size })) + "\n");
