/**
 * Runs the frame-wire fold over NDJSON on stdin: `npx tsx scripts/frame-wire/fold.ts < events.ndjson`.
 * The same core the CLI wires as `contract-suite frame-wire fold`.
 */
import { runFoldCommand } from "../../src/cli/frame-wire-fold.js";

process.exitCode = await runFoldCommand(process.stdin, process.stdout, process.stderr);
