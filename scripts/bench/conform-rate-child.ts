/**
 * conform.rate's measurement, in its own process (`conform-rate-child.ts <scale> <rounds> <warm-ups>`):
 * warm-up passes at the same scale (JIT, the suites' compiled validators), then `rounds` passes;
 * prints the rounds as one JSON line.
 */
import { conformRound, type ConformRound } from "./misc.js";

const [scale, rounds, warmUps] = process.argv.slice(2).map(Number) as [number, number, number];
for (let i = 0; i < warmUps; i++) await conformRound(scale);
const out: ConformRound[] = [];
for (let i = 0; i < rounds; i++) out.push(await conformRound(scale));
process.stdout.write(JSON.stringify(out) + "\n");
