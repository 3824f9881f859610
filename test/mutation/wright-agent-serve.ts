/**
 * `contract-suite serve wright-agent ...` run from the TypeScript sources (through tsx), for the
 * wright-agent mutation area only: bin/contract-suite.mjs runs the BUILT CLI (packages/cli), which
 * Stryker does not mutate, so a server process started through it would never see the active
 * mutant. Started from the sources in Stryker's sandbox, the child reads the mutant from
 * __STRYKER_ACTIVE_MUTANT__ (scripts/mutation/mutant-env.setup.ts sets it). Not shipped.
 */
import { main } from "../../src/cli/main.js";

// main() takes argv as process.argv is laid out (node, script, ...arguments).
process.exitCode = await main([process.argv[0]!, process.argv[1]!, "serve", "wright-agent", ...process.argv.slice(2)]);
