/**
 * The CI gate as a library: the stages of `contract-suite check` (validate, gen --check, lint,
 * mirror, compatibility, conformance) and their rendering. The CLI only parses options and calls
 * `runCheckStages`; the heavy modules are imported inside each stage, so loading this module is cheap.
 */
import { resolve } from "node:path";
import { loadContract, loadRegistry, type Registry } from "../contracts/index.js";
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
  summary: string;
  details: string[];
}

/**
 * The stages of `check`: validate, gen --check (bundled registry only), lint, mirror (when the
 * mirror check module is there), compatibility against registry history with the version bump
 * it requires, and the conformance suites (bundled registry only: they test our reference
 * implementations, not a registry's documents).
 */
export async function runCheckStages(
  options: { registry?: string; refRoots?: readonly string[]; samples?: number } = {},
): Promise<StageResult[]> {
  const progress = new Progress();
  const stages: StageResult[] = [];
  const registry = loadRegistry(options.registry, { refRoots: options.refRoots });
  const { BUNDLED_CONTRACTS_DIR } = await import("../contracts/registry.js");
  const bundled = resolve(registry.dir) === resolve(BUNDLED_CONTRACTS_DIR);
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
  const { runGen, shipsCompiled } = await codegen();
  if (!bundled) {
    stages.push({
      stage: "gen --check",
      ok: true,
      summary: "skipped: generated code belongs to the bundled registry",
      details: [],
    });
  } else if (shipsCompiled()) {
    // An installed CLI carries the bundled contracts' generated code compiled, not as sources.
    stages.push({
      stage: "gen --check",
      ok: true,
      summary: "skipped: an installed package ships its generated code compiled",
      details: [],
    });
  } else {
    const gen = await runGen(registry, { check: true });
    const rel = (p: string) => `src/generated/${p}`;
    stages.push({
      stage: "gen --check",
      ok: gen.drifted.length === 0 && gen.invalid.length === 0,
      summary: gen.drifted.length ? `${gen.drifted.length} drifted file(s)` : "generated code up to date",
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
  }
  progress.line("check: compat");
  {
    const { checkHistory, causeLines } = await import("../review/compat.js");
    const history = await checkHistory(registry, { samples: options.samples });
    const failed = history.filter((h) => !h.ok);
    stages.push({
      stage: "compat",
      ok: failed.length === 0,
      summary: history.length
        ? history
            .map(
              (h) =>
                `${h.contract} ${h.from} -> ${h.to}: ${h.error ? "error" : `${h.report!.verdict}${h.ok ? "" : ", version bump missing"}`}`,
            )
            .join("; ")
        : "no contract has history",
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
      const notes = stages
        .filter((s) => !s.ok)
        .flatMap((s) =>
          (s.details.length ? s.details : [s.summary]).map(
            (d) => `::error title=check ${esc(s.stage).replace(/[:,]/g, " ")}::${esc(d)}`,
          ),
        );
      return [...notes, renderStages(stages, "text")].join("\n");
    }
    case "json":
      return JSON.stringify({ ok, stages }, null, 2);
    case "markdown":
      return markdownTable(
        ["stage", "result", "summary"],
        stages.map((s) => [s.stage, s.ok ? "pass" : "**FAIL**", [s.summary, ...s.details].join("\n")]),
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
          })),
        },
      ]);
    case "text": {
      const width = Math.max(...stages.map((s) => s.stage.length));
      const lines = stages.map(
        (s) =>
          `${s.ok ? "pass" : "FAIL"}  ${s.stage.padEnd(width)}  ${s.summary}${s.details.length ? "\n" + s.details.map((d) => `        ${d}`).join("\n") : ""}`,
      );
      lines.push(ok ? "check passed" : "check FAILED");
      return lines.join("\n");
    }
  }
}
