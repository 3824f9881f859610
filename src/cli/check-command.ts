/**
 * `contract-suite check`: the CI gate. Option parsing and rendering only; the stages live in
 * src/check/pipeline.ts.
 */
import type { Command } from "commander";
import { Option } from "commander";
import { renderStages, runCheckStages } from "../check/pipeline.js";
import { EXIT, EXIT_CODES_HELP, refRootOption, UsageError, write, type CliContext } from "./context.js";
import { resolveTargets } from "./targets.js";

const FORMATS = ["text", "json", "markdown", "junit", "github"] as const;

export function registerCheckCommand(program: Command, ctx: CliContext): void {
  program
    .command("check")
    .addHelpText("after", EXIT_CODES_HELP)
    .description(
      "The CI gate, one summary table: validate every contract; gen --check (the bundled registry's src/generated/, or your generated folder with --out: drifted files named); lint; mirror (when a contract mirrors another); " +
        "compatibility of each contract against its registry history, with the version bump the verdict requires; conformance suites against the reference implementations (bundled registry only). " +
        "A stage that does not apply prints skip and why. Documents may be given as paths instead of --registry (no history then).",
    )
    .argument("[documents...]", "contract documents to check instead of a registry, each read inside its own folder")
    .addOption(new Option("--registry <dir>", "folder holding index.json (default: the bundled contracts/)"))
    .option("--out <dir>", "the folder `gen --registry DIR --out DIR` writes: fail when it is not up to date")
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
      async (
        documents: string[],
        opts: {
          format: (typeof FORMATS)[number];
          registry?: string;
          refRoot: string[];
          samples?: number;
          out?: string;
        },
      ) => {
        const targets = documents.length ? resolveTargets(documents, opts) : undefined;
        if (targets && !targets.documents)
          throw new UsageError(
            `check takes document paths, and ${targets.names[0]} is not one (--registry DIR checks a registry)`,
          );
        let stages;
        try {
          stages = await runCheckStages({
            registry: opts.registry,
            registryOf: targets?.registry,
            refRoots: opts.refRoot,
            samples: opts.samples,
            out: opts.out,
          });
        } catch (e) {
          const { OutFolderError } = await import("../../codegen/generate.js");
          if (e instanceof OutFolderError) throw new UsageError(e.message);
          throw e;
        }
        write(ctx.io.stdout, renderStages(stages, opts.format));
        if (stages.some((s) => !s.ok)) ctx.exit(EXIT.failed);
      },
    );
}
