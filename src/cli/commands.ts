/**
 * The core commands: validate, gen, conform, check. Protocol commands register themselves in main.ts.
 * The heavy modules (codegen, conformance suites, review) are imported inside the actions, so a
 * command that needs none of them starts fast.
 */
import { writeFile } from "node:fs/promises";
import type { Command } from "commander";
import { Option } from "commander";
import { loadContract, loadRegistry, type Registry } from "../contracts/index.js";
import type { ConformOptions } from "../../conformance/index.js";
import type { SuiteReport } from "../../conformance/harness/runner.js";
import { Progress, markdownTable, junitXml, type Format } from "../report/format.js";
import { EXIT, EXIT_CODES_HELP, UsageError, formatOption, write, type CliContext } from "./context.js";
import { renderValidation, type ValidationResult } from "./validate-report.js";

export { UsageError };

const suites = async () => (await import("../../conformance/index.js")).SUITES;
const runGen = async (...args: Parameters<typeof import("../../codegen/generate.js").runGen>) => (await import("../../codegen/generate.js")).runGen(...args);

const registryOption = () => new Option("--registry <dir>", "folder holding index.json (default: the bundled contracts/)");

export async function validateAll(registry: Registry, names: string[] = []): Promise<ValidationResult[]> {
  const results: ValidationResult[] = [];
  const contracts = names.length ? registry.contracts.filter((c) => names.includes(c.name)) : registry.contracts;
  for (const name of names) if (!registry.contracts.some((c) => c.name === name)) throw new UsageError(`no contract named "${name}"`);
  for (const c of contracts) {
    for (const doc of [{ version: c.version, entry: c.entry }, ...(c.history ?? [])]) {
      const loaded = await loadContract(registry, c, doc.entry);
      results.push({ contract: c.name, document: `${doc.entry} (${doc.version})`, problems: loaded.problems });
    }
  }
  return results;
}


export function registerCoreCommands(program: Command, ctx: CliContext): void {
  program
    .command("validate")
    .addHelpText("after", EXIT_CODES_HELP)
    .description("Validate every registered contract document (and its history) against its meta-schema: JSON Schema 2020-12, OpenRPC 1.4 or OpenAPI 3.1/3.2; unresolved $refs too.")
    .argument("[contracts...]", "contract names (default: all)")
    .addOption(registryOption())
    .addOption(formatOption())
    .action(async (names: string[], opts: { registry?: string; format: Format }) => {
      const results = await validateAll(loadRegistry(opts.registry), names);
      write(ctx.io.stdout, renderValidation(results, opts.format));
      if (results.some((r) => r.problems.length)) ctx.exit(EXIT.failed);
    });

  program
    .command("gen")
    .addHelpText("after", EXIT_CODES_HELP)
    .description("Generate TypeScript types, precompiled validators, method tables, handler interfaces and clients into src/generated/<contract>/. Unchanged inputs are skipped by hash. With --lang, the types in other languages (see gen-lang).")
    .option("--check", "write nothing; exit 1 naming every drifted, edited or missing generated file")
    .option("--only <contracts...>", "only these contracts")
    .addOption(new Option("--lang <langs...>", "emit other languages instead: python go rust dart csharp kotlin swift, or all"))
    .option("--out <dir>", "with --lang: output root (default generated/)")
    .action(async (opts: { check?: boolean; only?: string[]; lang?: string[]; out?: string }) => {
      if (opts.lang) {
        const { runGenLangCommand } = await import("./lang-commands.js");
        await runGenLangCommand(ctx, { lang: opts.lang as never, out: opts.out, contract: opts.only, check: opts.check });
        return;
      }
      const report = await runGen(loadRegistry(), { check: opts.check, only: opts.only });
      for (const inv of report.invalid) {
        write(ctx.io.stderr, `invalid contract ${inv.contract} (nothing generated):\n${inv.problems.map((p) => `  ${p.file}#${p.pointer} [${p.rule}] ${p.message}`).join("\n")}`);
      }
      if (opts.check) {
        for (const d of report.drifted) write(ctx.io.stdout, `drift: ${d.path} (${d.state})`);
        if (report.drifted.length === 0 && report.invalid.length === 0) write(ctx.io.stdout, `generated code is up to date (${report.skipped.length} contract(s))`);
        else if (report.drifted.length) write(ctx.io.stdout, "run `contract-suite gen` to regenerate");
      } else {
        write(ctx.io.stdout, `generated ${report.written.length} contract(s)${report.written.length ? `: ${report.written.join(", ")}` : ""}; ${report.skipped.length} unchanged`);
      }
      if (report.drifted.length || report.invalid.length) ctx.exit(EXIT.failed);
    });

  program
    .command("conform")
    .addHelpText("after", EXIT_CODES_HELP)
    .description("Run a conformance suite against our reference implementation or a live one. Suites: json-value, rfc6901, frame-wire (--target), wit (--socket), wright-agent (--target, --transport).")
    .argument("<suite>", "suite name")
    .option("--seed <n>", "fast-check seed (replays a reported failure)", (v) => parseInteger(v, "--seed"))
    .option("--scale <n>", "multiply every property's run budget", (v) => parseInteger(v, "--scale"))
    .option("--only <ids...>", "only checks whose id contains one of these")
    .option("--target <command>", "command that runs the implementation under test (suite-specific protocol)")
    .option("--socket <path>", "Unix socket of the implementation under test (wit)")
    .option("--transport <name>", "transport to use (wright-agent: stdio|jsonrpc|mcp)")
    .option("--endpoint <url>", "frame-wire: check a live server at the full URL of its streaming operation")
    .option("--token <token>", "frame-wire --endpoint: a bearer token the server accepts")
    .option("--differential <command>", "frame-wire: a second fold command; reports the first generated stream on which it and --target disagree, shrunk")
    .option("--output <file>", "also write the report to this file")
    .addOption(formatOption())
    .action(async (name: string, opts: ConformOptions & { seed?: number; scale?: number; only?: string[]; output?: string; format: Format }) => {
      const SUITES = await suites();
      if (!SUITES[name]) throw new UsageError(`unknown suite "${name}" (known: ${Object.keys(SUITES).join(", ")})`);
      const suite = SUITES[name]!.suiteFor?.(opts) ?? SUITES[name]!.suite;
      if (opts.only?.length && !suite.checks.some((c) => opts.only!.some((o) => c.id.includes(o)))) {
        throw new UsageError(`--only ${opts.only.join(" ")} matches no check of ${name}`);
      }
      const reports = await runConformance(name, opts, opts);
      const { passed, renderSuiteReports } = await import("../../conformance/harness/report.js");
      const text = renderSuiteReports(reports, opts.format);
      write(ctx.io.stdout, text);
      if (opts.output) await writeFile(opts.output, text);
      if (!reports.every(passed)) ctx.exit(EXIT.failed);
    });

  program
    .command("check")
    .addHelpText("after", EXIT_CODES_HELP)
    .description("The CI gate: validate every contract, check generated code for drift, and run every conformance suite against the reference implementations. One summary table.")
    .addOption(formatOption())
    .action(async (opts: { format: Format }) => {
      const stages = await runCheckStages();
      write(ctx.io.stdout, renderStages(stages, opts.format));
      if (stages.some((s) => !s.ok)) ctx.exit(EXIT.failed);
    });
}

function parseInteger(v: string, flag: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new UsageError(`${flag} takes an integer, got "${v}"`);
  return n;
}

export async function runConformance(name: string, targetOptions: ConformOptions, run: { seed?: number; scale?: number; only?: string[] } = {}): Promise<SuiteReport[]> {
  const entry = (await suites())[name]!;
  const { runSuite } = await import("../../conformance/harness/runner.js");
  const progress = new Progress();
  const reports: SuiteReport[] = [];
  for (const t of await entry.targets(targetOptions)) {
    try {
      reports.push(
        await runSuite(entry.suiteFor?.(targetOptions) ?? entry.suite, t.target, t.name, {
          ...run,
          onResult: (r, i, total) => progress.update(i + 1, total, r.id),
        }),
      );
    } finally {
      progress.done();
      await t.close?.();
    }
  }
  return reports;
}

export interface StageResult {
  stage: string;
  ok: boolean;
  summary: string;
  details: string[];
}

/**
 * The stages of `check`: validate, gen --check (bundled registry only), lint, mirror (when the
 * mirror check module is there), compatibility against registry history with the version bump
 * it requires, and the conformance suites (bundled registry only: they test our reference
 * implementations, not a registry's documents).
 */
export async function runCheckStages(options: { registry?: string; samples?: number } = {}): Promise<StageResult[]> {
  const progress = new Progress();
  const stages: StageResult[] = [];
  const registry = loadRegistry(options.registry);
  const { BUNDLED_CONTRACTS_DIR } = await import("../contracts/registry.js");
  const { resolve: resolvePath } = await import("node:path");
  const bundled = resolvePath(registry.dir) === resolvePath(BUNDLED_CONTRACTS_DIR);
  progress.line("check: validate");
  const validation = await validateAll(registry);
  const bad = validation.filter((v) => v.problems.length);
  stages.push({ stage: "validate", ok: bad.length === 0, summary: `${validation.length - bad.length}/${validation.length} documents valid`, details: bad.flatMap((b) => b.problems.map((p) => `${p.file}#${p.pointer} [${p.rule}] ${p.message}`)) });
  progress.line("check: gen --check");
  if (bundled) {
    const gen = await runGen(registry, { check: true });
    stages.push({ stage: "gen --check", ok: gen.drifted.length === 0 && gen.invalid.length === 0, summary: gen.drifted.length ? `${gen.drifted.length} drifted file(s)` : "generated code up to date", details: gen.drifted.map((d) => `${d.path} (${d.state})`) });
  } else {
    stages.push({ stage: "gen --check", ok: true, summary: "skipped: generated code belongs to the bundled registry", details: [] });
  }
  progress.line("check: lint");
  {
    const { runLint } = await import("../review/lint/engine.js");
    const { summary: lintSummary } = await import("../review/lint/report.js");
    const lint = await runLint(registry);
    stages.push({
      stage: "lint",
      ok: lint.ok,
      summary: lintSummary(lint),
      details: [
        ...lint.findings.filter((f) => f.severity === "error").map((f) => `${f.file}${f.line ? `:${f.line}` : ""} [${f.rule}] ${f.message} (${f.location})`),
        ...(lint.findings.some((f) => f.severity !== "error") ? ["run `contract-suite lint` for the warnings"] : []),
      ],
    });
  }
  const mirrored = registry.contracts.filter((c) => c.mirrors !== undefined);
  if (mirrored.length) {
    progress.line("check: mirror");
    const { runMirror } = await import("../review/mirror.js");
    const { contractSamples } = await import("../../conformance/index.js");
    const reports = [];
    for (const m of mirrored) reports.push(await runMirror(registry, m.name, { seeds: bundled ? contractSamples(m.mirrors!) : [] }));
    const defects = reports.flatMap((r) => r.defects.map((d) => `${r.contract} <-> ${r.mirror}: ${d.path} [${d.kind}] ${d.message}`));
    stages.push({ stage: "mirror", ok: defects.length === 0, summary: `${reports.length} mirror(s), ${reports.reduce((n, r) => n + r.definitions, 0)} definitions, ${defects.length} defect(s)`, details: defects });
  }
  progress.line("check: compat");
  {
    const { checkHistory, causeLines } = await import("../review/compat.js");
    const history = await checkHistory(registry, { samples: options.samples });
    const failed = history.filter((h) => !h.ok);
    stages.push({
      stage: "compat",
      ok: failed.length === 0,
      summary: history.length ? history.map((h) => `${h.contract} ${h.from} -> ${h.to}: ${h.error ? "error" : `${h.report!.verdict}${h.ok ? "" : ", version bump missing"}`}`).join("; ") : "no contract has history",
      details: failed.flatMap(causeLines),
    });
  }
  if (bundled) {
    for (const name of Object.keys(await suites())) {
      progress.line(`check: conform ${name}`);
      const reports = await runConformance(name, {});
      const results = reports.flatMap((r) => r.results);
      const failed = results.filter((r) => r.status === "fail");
      const skipped = results.filter((r) => r.status === "skip").length;
      const ran = results.length - skipped;
      stages.push({
        stage: `conform ${name}`,
        ok: failed.length === 0,
        summary: `${ran - failed.length}/${ran} checks passed${skipped ? ` (${skipped} not applicable to this target)` : ""}`,
        details: failed.map((f) => `${f.id}: ${f.message ?? ""} (seed ${f.seed})`),
      });
    }
  }
  return stages;
}

export function renderStages(stages: StageResult[], format: Format | "github"): string {
  const ok = stages.every((s) => s.ok);
  switch (format) {
    case "github": {
      // GitHub workflow commands: one annotation per failing stage detail, then the table as text.
      const esc = (t: string) => t.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
      const notes = stages.filter((s) => !s.ok).flatMap((s) => (s.details.length ? s.details : [s.summary]).map((d) => `::error title=check ${esc(s.stage).replace(/[:,]/g, " ")}::${esc(d)}`));
      return [...notes, renderStages(stages, "text")].join("\n");
    }
    case "json":
      return JSON.stringify({ ok, stages }, null, 2);
    case "markdown":
      return markdownTable(["stage", "result", "summary"], stages.map((s) => [s.stage, s.ok ? "pass" : "**FAIL**", [s.summary, ...s.details].join("\n")]));
    case "junit":
      return junitXml([{ name: "check", cases: stages.map((s) => ({ classname: "check", name: s.stage, timeSeconds: 0, failure: s.ok ? undefined : { message: s.summary, body: s.details.join("\n") } })) }]);
    case "text": {
      const width = Math.max(...stages.map((s) => s.stage.length));
      const lines = stages.map((s) => `${s.ok ? "pass" : "FAIL"}  ${s.stage.padEnd(width)}  ${s.summary}${s.details.length ? "\n" + s.details.map((d) => `        ${d}`).join("\n") : ""}`);
      lines.push(ok ? "check passed" : "check FAILED");
      return lines.join("\n");
    }
  }
}
