#!/usr/bin/env node
// Node 20 cannot run .ts: register tsx's ESM loader, then hand over to the TypeScript CLI.
// tsx caches transformed modules on disk, so later starts stay fast.
import { register } from "tsx/esm/api";
// A closed pipe (`contract-suite ... | head`) ends the command quietly, as other CLIs do.
process.stdout.on("error", (e) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});
register();
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv);
