/**
 * `contract-suite gen-lang`: the types of every registered contract in Python, Go, Rust, Dart, C#,
 * Kotlin and Swift (codegen/lang/, quicktype-core as the engine). `gen --lang ...` delegates here
 * through `runGenLangCommand`.
 */
import { relative } from "node:path";
import { Option, type Command } from "commander";
import {
  expandLangs,
  generateLanguages,
  LangGenError,
  LANGS,
  REPO_ROOT,
  type LangGenOptions,
  type LangGenReport,
  type LangId,
} from "../../codegen/lang/generate.js";
import { inspect, OutFolderError } from "../../codegen/out-folder.js";
import { EXIT, EXIT_CODES_HELP, formatOption, write, type CliContext } from "./context.js";
import { refRootOption, UsageError } from "./context.js";

export { generateLanguages, type LangGenOptions, type LangGenReport };

export interface GenLangCliOptions {
  lang: (LangId | "all")[];
  out?: string;
  contract?: string[];
  registry?: string;
  /** `--ref-root` folders. */
  refRoots?: string[];
  /** Write nothing; report files under `out` that are missing or differ (exit 1). */
  check?: boolean;
  format?: "text" | "json";
}

export interface GenLangOutcome {
  report: LangGenReport;
  /** With `check`: files that are missing or differ from what would be generated. */
  drifted: { path: string; state: "missing" | "differs" }[];
}

/** What `gen-lang` (and `gen --lang`) does: generate or check, render, record the exit code. */
export async function runGenLangCommand(ctx: CliContext, opts: GenLangCliOptions): Promise<GenLangOutcome> {
  let report: LangGenReport;
  try {
    expandLangs(opts.lang);
    report = await generateLanguages({
      langs: opts.lang,
      outDir: opts.out,
      contracts: opts.contract,
      registryDir: opts.registry,
      refRoots: opts.refRoots,
      dryRun: opts.check === true,
    });
  } catch (e) {
    if (e instanceof LangGenError || e instanceof OutFolderError) throw new UsageError(e.message);
    throw e;
  }
  const drifted: GenLangOutcome["drifted"] = [];
  if (opts.check) {
    for (const f of report.files) {
      // Read without following a symlink below the output root (out-folder.ts).
      const at = inspect(report.outRoot, relative(report.outRoot, f.path).split("\\").join("/"));
      if (at.kind === "missing") drifted.push({ path: f.path, state: "missing" });
      else if (at.kind !== "file" || at.bytes.toString("utf8") !== f.body)
        drifted.push({ path: f.path, state: "differs" });
    }
  }
  const show = (p: string) => relative(process.cwd(), p) || p;
  if (opts.format === "json") {
    write(
      ctx.io.stdout,
      JSON.stringify(
        {
          files: report.files.map((f) => ({
            lang: f.lang,
            contract: f.contract,
            path: relative(REPO_ROOT, f.path),
            inputHash: f.inputHash,
            bytes: Buffer.byteLength(f.body),
          })),
          invalid: report.invalid,
          drifted: drifted.map((d) => ({ ...d, path: relative(REPO_ROOT, d.path) })),
        },
        null,
        2,
      ),
    );
  } else {
    for (const inv of report.invalid) {
      write(
        ctx.io.stderr,
        `invalid contract ${inv.contract} (nothing generated):\n${inv.problems.map((p) => `  ${p.file}#${p.pointer} [${p.rule}] ${p.message}`).join("\n")}`,
      );
    }
    if (opts.check) {
      for (const d of drifted) write(ctx.io.stdout, `drift: ${show(d.path)} (${d.state})`);
      write(
        ctx.io.stdout,
        drifted.length
          ? "run `contract-suite gen-lang` with the same options to regenerate"
          : `${report.files.length} file(s) up to date`,
      );
    } else {
      for (const f of report.files)
        write(ctx.io.stdout, `${f.lang.padEnd(6)} ${f.contract.padEnd(16)} ${show(f.path)}`);
      write(ctx.io.stdout, `generated ${report.files.length} file(s)`);
    }
  }
  if (report.invalid.length || drifted.length) ctx.exit(EXIT.failed);
  return { report, drifted };
}

export function registerLangCommands(program: Command, ctx: CliContext): void {
  program
    .command("gen-lang")
    .description(
      "Generate the types of every registered contract in other languages with quicktype-core, one folder per language and contract: <out>/<lang>/<contract>/. Discriminated unions become tagged unions (Python, Go, Rust), JsonValue the language's any-JSON type; see docs/other-languages.md.",
    )
    .addOption(new Option("--lang <langs...>", "languages to emit").choices([...LANGS, "all"]).makeOptionMandatory())
    .option("--out <dir>", "output root (default: generated/ at the repository root)")
    .option(
      "--contract <names...>",
      "only these registered contracts (default: every contract with generate not false)",
    )
    .option("--registry <dir>", "folder holding index.json (default: the bundled contracts/)")
    .addOption(refRootOption())
    .option("--check", "write nothing; exit 1 naming every file under --out that is missing or differs")
    .addOption(formatOption(["text", "json"]))
    .addHelpText("after", EXIT_CODES_HELP)
    .action(async (opts: GenLangCliOptions & { refRoot: string[] }) => {
      await runGenLangCommand(ctx, { ...opts, refRoots: opts.refRoot });
    });
}
