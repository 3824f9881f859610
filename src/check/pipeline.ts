/**
 * The CI gate as a library: the stages of `contract-suite check` (validate, gen --check, lint,
 * mirror, compatibility, conformance) and their rendering. The CLI only parses options and calls
 * `runCheckStages`; the heavy modules are imported inside each stage, so loading this module is cheap.
 */
import { join, relative, resolve } from "node:path";
import { loadContract, loadRegistry, type Registry, type RegistryWaiver } from "../contracts/index.js";
import type { ConformOptions } from "../../conformance/index.js";
import type { SuiteReport } from "../../conformance/harness/runner.js";
import { Progress, markdownTable, junitXml, type Format } from "../report/format.js";
import type { Problem } from "../contracts/index.js";
import { UsageError } from "../usage-error.js";

export interface ValidationResult {
  contract: string;
  /** The document checked (entry or a history version). */
  document: string;
  problems: Problem[];
}

export class UnknownContractNameError extends Error {
  override readonly name = "UnknownContractNameError";
}

const suites = async () => (await import("../../conformance/index.js")).SUITES;
const codegen = async () => await import("../../codegen/generate.js");

export async function validateAll(registry: Registry, names: string[] = []): Promise<ValidationResult[]> {
  const results: ValidationResult[] = [];
  const contracts = names.length ? registry.contracts.filter((c) => names.includes(c.name)) : registry.contracts;
  for (const name of names)
    if (!registry.contracts.some((c) => c.name === name))
      throw new UnknownContractNameError(`no contract named "${name}"`);
  for (const c of contracts) {
    for (const doc of [{ version: c.version, entry: c.entry }, ...(c.history ?? [])]) {
      const loaded = await loadContract(registry, c, doc.entry);
      results.push({ contract: c.name, document: `${doc.entry} (${doc.version})`, problems: loaded.problems });
    }
  }
  return results;
}

export async function runConformance(
  name: string,
  targetOptions: ConformOptions,
  run: { seed?: number; scale?: number; only?: string[]; requirements?: string } = {},
): Promise<SuiteReport[]> {
  const entry = (await suites())[name]!;
  const { runSuite } = await import("../../conformance/harness/runner.js");
  const progress = new Progress();
  const reports: SuiteReport[] = [];
  for (const t of await entry.targets(targetOptions)) {
    try {
      const problem = await entry.probe?.(t.target, targetOptions);
      if (problem) throw new UsageError(problem); // a target that cannot be asked is a wrong option: exit 2, one line
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
  /** The stage did not run (its reason is the summary); it neither passes nor fails the gate. */
  skipped?: boolean;
  summary: string;
  details: string[];
}

export interface CheckOptions {
  /** The registry folder (default: the bundled contracts/). */
  registry?: string;
  /** Or a registry made in memory of these documents (decision 330). */
  registryOf?: Registry;
  refRoots?: readonly string[];
  samples?: number;
  /** The user's generated folder (`gen --registry DIR --out DIR`): checked for drift. */
  out?: string;
}

const skip = (stage: string, why: string): StageResult => ({
  stage,
  ok: true,
  skipped: true,
  summary: why,
  details: [],
});

/**
 * The stages of `check`: validate, gen --check (the bundled registry's src/generated/, or the
 * folder given with `out`), lint, mirror, compatibility against registry history with the version
 * bump it requires, and the conformance suites (bundled registry only: they test our reference
 * implementations, not a registry's documents). A stage that does not apply is listed as skipped,
 * with the reason.
 */
export async function runCheckStages(options: CheckOptions = {}): Promise<StageResult[]> {
  const progress = new Progress();
  const stages: StageResult[] = [];
  const registry = options.registryOf ?? loadRegistry(options.registry, { refRoots: options.refRoots });
  const { BUNDLED_CONTRACTS_DIR } = await import("../contracts/registry.js");
  const bundled = !registry.documentRoots && resolve(registry.dir) === resolve(BUNDLED_CONTRACTS_DIR);
  // A waiver naming no change kind is a registry error (exit 2), said before any stage runs.
  if (registry.waivers?.length) (await import("../review/waivers.js")).checkWaiverKinds(registry);
  progress.line("check: validate");
  const validation = await validateAll(registry);
  const bad = validation.filter((v) => v.problems.length);
  stages.push({
    stage: "validate",
    ok: bad.length === 0,
    summary: `${validation.length - bad.length}/${validation.length} documents valid`,
    details: bad.flatMap((b) => b.problems.map((p) => `${p.file}#${p.pointer} [${p.rule}] ${p.message}`)),
  });
  progress.line("check: gen --check");
  const { runGen, shipsCompiled, GENERATED_DIR } = await codegen();
  if (options.out === undefined && !bundled) {
    stages.push(skip("gen --check", "no --out: give the folder gen writes (--out DIR) to check it for drift"));
  } else if (options.out === undefined && shipsCompiled()) {
    // An installed CLI carries the bundled contracts' generated code compiled, not as sources.
    stages.push(skip("gen --check", "an installed package ships its generated code compiled"));
  } else {
    const outDir = resolve(options.out ?? GENERATED_DIR);
    const gen = await runGen(registry, { check: true, outDir });
    const rel = (p: string) => relative(process.cwd(), join(outDir, p)) || p;
    stages.push({
      stage: "gen --check",
      ok: gen.drifted.length === 0 && gen.invalid.length === 0,
      summary: gen.drifted.length
        ? `${gen.drifted.length} drifted file(s): run contract-suite gen${options.out === undefined ? "" : " with the same --out"}`
        : gen.invalid.length
          ? `nothing checked for ${gen.invalid.map((i) => i.contract).join(", ")}: invalid (see validate)`
          : `generated code up to date (${rel("") || "."})`,
      details: gen.drifted.map((d) => `${rel(d.path)} (${d.state})`),
    });
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
        ...lint.findings
          .filter((f) => f.severity === "error")
          .map((f) => `${f.file}${f.line ? `:${f.line}` : ""} [${f.rule}] ${f.message} (${f.location})`),
        ...(lint.findings.some((f) => f.severity !== "error")
          ? [`run \`contract-suite lint${bundled ? "" : lintArguments(registry, options.registry)}\` for the warnings`]
          : []),
      ],
    });
  }
  const mirrored = registry.contracts.filter((c) => c.mirrors !== undefined);
  if (mirrored.length) {
    progress.line("check: mirror");
    const { runMirror } = await import("../review/mirror.js");
    const { contractSamples } = await import("../../conformance/index.js");
    const reports = [];
    for (const m of mirrored)
      reports.push(await runMirror(registry, m.name, { seeds: bundled ? contractSamples(m.mirrors!) : [] }));
    const defects = reports.flatMap((r) =>
      r.defects.map((d) => `${r.contract} <-> ${r.mirror}: ${d.path} [${d.kind}] ${d.message}`),
    );
    stages.push({
      stage: "mirror",
      ok: defects.length === 0,
      summary: `${reports.length} mirror(s), ${reports.reduce((n, r) => n + r.definitions, 0)} definitions, ${defects.length} defect(s)`,
      details: defects,
    });
  } else stages.push(skip("mirror", "no contract mirrors another"));
  progress.line("check: compat");
  {
    const { checkHistory, causeLines, unusedWaiverLines } = await import("../review/compat.js");
    const used = new Set<RegistryWaiver>();
    const history = await checkHistory(registry, { samples: options.samples, usedWaivers: used });
    const failed = history.filter((h) => !h.ok);
    // A waiver that matches nothing would silently waive a future undecided finding: it fails the stage, like lint's unused-waiver.
    const unused = unusedWaiverLines(registry, history, used);
    if (history.length === 0 && unused.length === 0)
      stages.push(
        skip(
          "compat",
          registry.documentRoots
            ? "documents given as paths have no history (a registry keeps it: contract-suite init)"
            : "no contract has history",
        ),
      );
    else {
      const waived = history.reduce((n, h) => n + (h.report?.findings.filter((f) => f.waived).length ?? 0), 0);
      stages.push({
        stage: "compat",
        ok: failed.length === 0 && unused.length === 0,
        summary: [
          ...history.map(
            (h) =>
              `${h.contract} ${h.from} -> ${h.to}: ${h.error ? "error" : `${h.report!.verdict}${h.ok ? "" : ", version bump missing"}`}`,
          ),
          ...(waived ? [`${waived} undecided finding(s) waived by the registry`] : []),
          ...(unused.length ? [`${unused.length} unused waiver(s)`] : []),
        ].join("; "),
        details: [...failed.flatMap(causeLines), ...unused],
      });
    }
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
  } else
    stages.push(
      skip(
        "conform",
        "the conformance suites test contract-suite's own implementations (conform --target tests yours)",
      ),
    );
  return stages;
}

/** How `lint` names the same contracts: the registry folder, or the documents. */
function lintArguments(registry: Registry, folder: string | undefined): string {
  if (registry.documentRoots)
    return ` ${registry.contracts.map((c) => relative(process.cwd(), resolve(registry.dir, c.entry)) || c.entry).join(" ")}`;
  return ` --registry ${relative(process.cwd(), resolve(folder ?? registry.dir)) || "."}`;
}

export function renderStages(stages: StageResult[], format: Format | "github"): string {
  const ok = stages.every((s) => s.ok);
  switch (format) {
    case "github": {
      // GitHub workflow commands: one annotation per failing stage detail, then the table as text.
      const esc = (t: string) => t.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
      const notes = stages
        .filter((s) => !s.ok)
        .flatMap((s) =>
          (s.details.length ? s.details : [s.summary]).map((d) => {
            // A detail that starts with `file:line` (lint's findings, compat's changes) is annotated at that line.
            const at = /^\s*([^\s:]+):(\d+) /.exec(d);
            const where = at ? `file=${esc(at[1]!).replace(/[:,]/g, " ")},line=${at[2]},` : "";
            return `::error ${where}title=check ${esc(s.stage).replace(/[:,]/g, " ")}::${esc(d.trim())}`;
          }),
        );
      return [...notes, renderStages(stages, "text")].join("\n");
    }
    case "json":
      return JSON.stringify({ ok, stages }, null, 2);
    case "markdown":
      return markdownTable(
        ["stage", "result", "summary"],
        stages.map((s) => [
          s.stage,
          s.skipped ? "skip" : s.ok ? "pass" : "**FAIL**",
          [s.summary, ...s.details].join("\n"),
        ]),
      );
    case "junit":
      return junitXml([
        {
          name: "check",
          cases: stages.map((s) => ({
            classname: "check",
            name: s.stage,
            timeSeconds: 0,
            failure: s.ok ? undefined : { message: s.summary, body: s.details.join("\n") },
            skipped: s.skipped,
          })),
        },
      ]);
    case "text": {
      const width = Math.max(...stages.map((s) => s.stage.length));
      const lines = stages.map(
        (s) =>
          `${s.skipped ? "skip" : s.ok ? "pass" : "FAIL"}  ${s.stage.padEnd(width)}  ${s.summary}${s.details.length ? "\n" + s.details.map((d) => `        ${d}`).join("\n") : ""}`,
      );
      lines.push(ok ? "check passed" : "check FAILED");
      return lines.join("\n");
    }
  }
}
