/**
 * The core commands: validate, gen, conform. `check` has its own module (check-command.ts) over
 * src/check/pipeline.ts; protocol commands register themselves in main.ts.
 * The heavy modules (codegen, conformance suites, review) are imported inside the actions, so a
 * command that needs none of them starts fast.
 */
import { writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import type { Command } from "commander";
import { Option } from "commander";
import type { ConformOptions } from "../../conformance/index.js";
import { type Format } from "../report/format.js";
import { UnknownContractNameError, runConformance, validateAll } from "../check/pipeline.js";
import { EXIT, EXIT_CODES_HELP, UsageError, formatOption, refRootOption, write, type CliContext } from "./context.js";
import { renderValidation } from "./validate-report.js";
import { resolveTargets } from "./targets.js";

const suites = async () => (await import("../../conformance/index.js")).SUITES;
const runGen = async (...args: Parameters<typeof import("../../codegen/generate.js").runGen>) =>
  (await import("../../codegen/generate.js")).runGen(...args);

export const registryOption = () =>
  new Option("--registry <dir>", "folder holding index.json (default: the bundled contracts/)");

export function registerCoreCommands(program: Command, ctx: CliContext): void {
  program
    .command("validate")
    .addHelpText("after", EXIT_CODES_HELP)
    .description(
      "Validate every registered contract document (and its history) against its meta-schema: JSON Schema 2020-12, OpenRPC 1.4 or OpenAPI 3.0/3.1/3.2; unresolved $refs too. " +
        "Documents may be given as paths instead of names (validate api.yaml): each is read inside its own folder (--ref-root widens it); a registry (contract-suite init) keeps their history.",
    )
    .argument("[contracts...]", "contract names, or document paths (default: every registered contract)")
    .addOption(registryOption())
    .addOption(refRootOption())
    .addOption(formatOption())
    .action(async (names: string[], opts: { registry?: string; refRoot: string[]; format: Format }) => {
      let results;
      try {
        const targets = resolveTargets(names, opts);
        results = await validateAll(targets.registry, targets.names);
      } catch (e) {
        if (e instanceof UnknownContractNameError) throw new UsageError(e.message);
        throw e;
      }
      write(ctx.io.stdout, renderValidation(results, opts.format));
      if (results.some((r) => r.problems.length)) ctx.exit(EXIT.failed);
    });

  program
    .command("gen")
    .addHelpText("after", EXIT_CODES_HELP)
    .description(
      "Generate TypeScript types, precompiled validators, method tables, handler interfaces and clients, one folder per contract. " +
        "Without --registry: the bundled contracts into the repository's src/generated/. With --registry DIR --out DIR: anyone's contracts, " +
        "self-contained TypeScript (validators.ts too: any tsconfig with module nodenext compiles it into its outDir) that imports only @contract-suite/runtime. Unchanged inputs are skipped by hash; a manifest in the output " +
        "folder records what gen wrote, and only those files are ever removed. Documents may be given as paths instead of a registry " +
        "(gen api.yaml rpc.json --out src/generated): one folder per document, named after its file. With --lang, the types in other languages (see gen-lang).",
    )
    .argument(
      "[documents...]",
      "contract documents to generate from, each read inside its own folder (instead of --registry)",
    )
    .option("--check", "write nothing; exit 1 naming every drifted, edited or missing generated file")
    .option("--only <contracts...>", "only these contracts (an unknown name is a usage error)")
    .addOption(registryOption())
    .addOption(refRootOption())
    .option("--out <dir>", "output root (required with --registry; with --lang default generated/)")
    .addOption(
      new Option("--lang <langs...>", "emit other languages instead: python go rust dart csharp kotlin swift, or all"),
    )
    .action(
      async (
        documents: string[],
        opts: {
          check?: boolean;
          only?: string[];
          lang?: string[];
          out?: string;
          registry?: string;
          refRoot: string[];
        },
      ) => {
        if (opts.lang) {
          if (documents.length) throw new UsageError("gen --lang reads the registry; give --registry, not documents");
          const { runGenLangCommand } = await import("./lang-commands.js");
          await runGenLangCommand(ctx, {
            lang: opts.lang as never,
            out: opts.out,
            contract: opts.only,
            check: opts.check,
            refRoots: opts.refRoot,
          });
          return;
        }
        const { BUNDLED_CONTRACTS_DIR } = await import("../contracts/registry.js");
        if (documents.length && !opts.out)
          throw new UsageError("gen with documents needs --out: the folder to write the generated code into");
        const targets = resolveTargets(documents, opts);
        if (targets.names.length)
          throw new UsageError(
            `gen takes document paths, and ${targets.names[0]} is not one (--only NAME picks registered contracts)`,
          );
        const registry = targets.registry;
        const { GENERATED_DIR, OutFolderError, shipsCompiled, UnknownContractError } = await import(
          "../../codegen/generate.js"
        );
        const bundled = resolve(registry.dir) === resolve(BUNDLED_CONTRACTS_DIR);
        if (!opts.out && !bundled)
          throw new UsageError("--registry needs --out: the folder to write the generated code into");
        if (!opts.out && shipsCompiled())
          throw new UsageError(
            "this installation ships the bundled contracts' code compiled; pass --out DIR to generate sources",
          );
        const outDir = resolve(opts.out ?? GENERATED_DIR);
        let report;
        try {
          report = await runGen(registry, { check: opts.check, only: opts.only, outDir });
        } catch (e) {
          if (e instanceof UnknownContractError || e instanceof OutFolderError) throw new UsageError(e.message);
          throw e;
        }
        const shown = (p: string) => relative(process.cwd(), join(outDir, p)) || p;
        for (const inv of report.invalid) {
          write(
            ctx.io.stderr,
            `invalid contract ${inv.contract} (nothing generated):\n${inv.problems.map((p) => `  ${p.file}#${p.pointer} [${p.rule}] ${p.message}`).join("\n")}`,
          );
        }
        if (opts.check) {
          for (const d of report.drifted) write(ctx.io.stdout, `drift: ${shown(d.path)} (${d.state})`);
          if (report.drifted.length === 0 && report.invalid.length === 0)
            write(ctx.io.stdout, `generated code is up to date (${report.skipped.length} contract(s))`);
          else if (report.drifted.length) write(ctx.io.stdout, "run `contract-suite gen` to regenerate");
        } else if (report.invalid.length) {
          write(ctx.io.stdout, `wrote nothing: ${report.invalid.length} invalid contract(s)`);
        } else {
          for (const f of report.removed) write(ctx.io.stdout, `removed ${shown(f)} (no longer generated)`);
          write(
            ctx.io.stdout,
            `generated ${report.written.length} contract(s)${report.written.length ? `: ${report.written.join(", ")}` : ""}; ${report.skipped.length} unchanged`,
          );
        }
        if (report.drifted.length || report.invalid.length) ctx.exit(EXIT.failed);
      },
    );

  program
    .command("conform")
    .addHelpText("after", EXIT_CODES_HELP)
    .description(
      "Run a conformance suite against our reference implementation or a live one. Suites: json-value, rfc6901, frame-wire (--target), wit (--socket), wright-agent (--target, --transport).",
    )
    .argument("<suite>", "suite name")
    .option("--seed <n>", "fast-check seed (replays a reported failure)", (v) => parseInteger(v, "--seed"))
    .option("--scale <n>", "multiply every property's run budget", (v) => parseInteger(v, "--scale"))
    .option("--only <ids...>", "only checks whose id contains one of these")
    .option("--target <command>", "command that runs the implementation under test (suite-specific protocol)")
    .option("--socket <path>", "Unix socket of the implementation under test (wit)")
    .option(
      "--profile <name>",
      "wit: protocol (only what the contract and the spec require; default with --socket) or reference (adds our daemon's own choices; default without)",
    )
    .option("--transport <name>", "transport to use (wright-agent: stdio|jsonrpc|mcp)")
    .option("--endpoint <url>", "frame-wire: check a live server at the full URL of its streaming operation")
    .option("--token <token>", "frame-wire --endpoint: a bearer token the server accepts")
    .option(
      "--differential <command>",
      "frame-wire: a second fold command; reports the first generated stream on which it and --target disagree, shrunk",
    )
    .option(
      "--requirements <version>",
      "only the checks this contract version requires (frame-wire: 1.2.0 or 1.3.0; default: the current version's)",
    )
    .option(
      "--baseline <file>",
      "the checks listed there are expected to fail: fail on a new failure and on a listed check that now passes",
    )
    .option("--write-baseline <file>", "write the failing checks of this run as a baseline (exit 0 when written)")
    .option(
      "--replay <file>",
      "replay a session recorded by `proxy --record FILE` instead of the suite's checks (frame-wire: against our fold or --target; wit: our daemon or --socket; wright-agent: our mock or --target, over the recorded transport)",
    )
    .option("--output <file>", "also write the report to this file")
    .addOption(formatOption())
    .action(async (name: string, opts: ConformCliOptions) => {
      const SUITES = await suites();
      if (!SUITES[name]) throw new UsageError(`unknown suite "${name}" (known: ${Object.keys(SUITES).join(", ")})`);
      if (opts.replay !== undefined && !SUITES[name]!.options.includes("replay"))
        throw new UsageError(
          `--replay: ${name} has no recorded sessions (proxy records frame-wire, wit and wright-agent)`,
        );
      const suite = SUITES[name]!.suiteFor?.(opts) ?? SUITES[name]!.suite;
      const { selectChecks } = await import("../../conformance/harness/runner.js");
      if (opts.only?.length && selectChecks(suite, opts).length === 0) {
        throw new UsageError(`--only ${opts.only.join(" ")} matches no check of ${name}`);
      }
      selectChecks(suite, { requirements: opts.requirements }); // an unknown version stops here, before the run
      if (opts.baseline !== undefined && opts.writeBaseline !== undefined)
        throw new UsageError("--baseline reads a baseline and --write-baseline writes one: give one of them");
      const B = await import("../../conformance/harness/baseline.js");
      const baseline =
        opts.baseline === undefined
          ? undefined
          : B.parseBaseline(await readUserFile(opts.baseline), opts.baseline, name);
      const reports = await runConformance(name, opts, opts);
      const verdict = baseline
        ? B.judgeBaseline(baseline, opts.baseline!, reports, new Set(suite.checks.map((c) => c.id)))
        : undefined;
      const { passed, renderSuiteReports } = await import("../../conformance/harness/report.js");
      const text = renderSuiteReports(reports, opts.format, verdict);
      write(ctx.io.stdout, text);
      if (opts.output) await writeFile(opts.output, text);
      if (opts.writeBaseline !== undefined) {
        const b = B.baselineOf(name, reports);
        await writeFile(opts.writeBaseline, B.serializeBaseline(b));
        write(ctx.io.stderr, `wrote ${opts.writeBaseline}: ${b.expected_failures.length} expected failure(s)`);
        return;
      }
      if (verdict ? !verdict.ok : !reports.every(passed)) ctx.exit(EXIT.failed);
    });
}

type ConformCliOptions = ConformOptions & {
  seed?: number;
  scale?: number;
  only?: string[];
  requirements?: string;
  baseline?: string;
  writeBaseline?: string;
  output?: string;
  format: Format;
};

/** A file the user named, read with a bounded size; a missing or unreadable one is a usage error. */
async function readUserFile(file: string): Promise<string> {
  const { readFile, stat } = await import("node:fs/promises");
  try {
    if ((await stat(file)).size > 4 * 1024 * 1024) throw new UsageError(`${file} is larger than 4 MiB`);
    return await readFile(file, "utf8");
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

function parseInteger(v: string, flag: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new UsageError(`${flag} takes an integer, got "${v}"`);
  return n;
}
