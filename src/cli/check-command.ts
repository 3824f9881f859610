/**
 * `contract-suite check`: the CI gate. Option parsing and rendering only; the stages live in
 * src/check/pipeline.ts.
 */
import type { Command } from "commander";
import { Option } from "commander";
import { renderStages, runCheckStages } from "../check/pipeline.js";
import { EXIT, EXIT_CODES_HELP, refRootOption, UsageError, write, type CliContext } from "./context.js";

const FORMATS = ["text", "json", "markdown", "junit", "github"] as const;

export function registerCheckCommand(program: Command, ctx: CliContext): void {
  program
    .command("check")
    .addHelpText("after", EXIT_CODES_HELP)
    .description(
      "The CI gate, one summary table: validate every contract; gen --check (bundled registry only); lint; mirror (when a mirror check exists); " +
        "compatibility of each contract against its registry history, with the version bump the verdict requires; conformance suites against the reference implementations (bundled registry only).",
    )
    .addOption(new Option("--registry <dir>", "folder holding index.json (default: the bundled contracts/)"))
    .addOption(refRootOption())
    .option(
      "--samples <n>",
      "payloads sampled per surface and direction in the compatibility stage (default: the diff's)",
      (v) => {
        const n = Number(v);
        if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--samples takes a positive integer, got "${v}"`);
        return n;
      },
    )
    .addOption(new Option("--format <format>", "output format").choices([...FORMATS]).default("text"))
    .action(
      async (opts: { format: (typeof FORMATS)[number]; registry?: string; refRoot: string[]; samples?: number }) => {
        const stages = await runCheckStages({ registry: opts.registry, refRoots: opts.refRoot, samples: opts.samples });
        write(ctx.io.stdout, renderStages(stages, opts.format));
        if (stages.some((s) => !s.ok)) ctx.exit(EXIT.failed);
      },
    );
}
