#!/usr/bin/env node
// The contract-suite CLI: built JavaScript (scripts/build.mjs lays src/, codegen/, conformance/ and
// contracts/ out beside this folder as in the repository). No TypeScript at run time.
// A closed pipe (`contract-suite ... | head`) ends the command quietly, as other CLIs do.
process.stdout.on("error", (e) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});
const { main } = await import("../src/cli/main.js");
process.exitCode = await main(process.argv);
