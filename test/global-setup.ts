/**
 * Tests that start the CLI as a process (daemons, hosts, conformance targets) run the built
 * JavaScript, as users do: bring it up to date first. `tsc -b` is incremental, so an unchanged
 * tree costs a few seconds.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL("../scripts/build.mjs", import.meta.url))], {
    stdio: "inherit",
  });
}
