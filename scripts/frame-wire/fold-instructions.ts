/**
 * fold.overhead in executed instructions, which a host whose speed moves cannot change
 * (docs/decisions/212): `bash scripts/frame-wire/fold-instructions.sh` runs this under valgrind on
 * the working tree (to compare with an older commit, run the script in a worktree of it).
 * Argument 1: "parse" (parseJson of each line) or "fold" (parse + fold); argument 2: passes after
 * three warm-up passes. The shell script takes the difference of 1 and 6
 * repetitions, so start-up, compilation and warm-up cancel out.
 */
import { benchStream, parseAll, parseAndFold } from "./bench-stream.js";

const [variant, repsArg] = process.argv.slice(2);
const lines = benchStream(20_000);
const run = variant === "parse" ? parseAll(lines) : parseAndFold(lines);
for (let i = 0; i < 3; i++) run();
for (let i = 0; i < Number(repsArg); i++) run();
