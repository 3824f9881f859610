/**
 * Operations answering with a wright-result/v1 envelope. compile, check and simulate are
 * workflows: a failed load is an envelope diagnostic, not a refusal. analyze and inspect are
 * snapshot queries: they refuse with the loader's code and carry the snapshot on the envelope.
 */
import type * as C from "../../generated/wright-agent/types.js";
import { RESULT_CONTRACT } from "../contract.js";
import type { MockContext } from "./context.js";
import { compileProgram, hasErrors, programDiagnostics } from "./compile.js";
import type { LoaderFailure } from "./fixture-load.js";
import { compactFinding, exactCounts, RANKED_TOP } from "./ops-findings.js";
import { bound, filterFindings, hasFindingSelection, SEVERITY_RANK, shapeList } from "./selection.js";
import { sha256Hex } from "./text.js";

type Command = "compile" | "check" | "analyze" | "inspect" | "simulate";

/** A wright-result/v1 envelope: wright {version, contract}, command, ok/exit, diagnostics, result. */
function envelope<K extends Command, R>(
  ctx: MockContext,
  command: K,
  exit: number,
  diagnostics: C.Diagnostic[],
  result: R,
  snapshot?: number,
) {
  return {
    wright: { version: ctx.catalog.service.version, contract: RESULT_CONTRACT },
    command,
    ok: exit === 0,
    exit,
    diagnostics,
    result,
    ...(snapshot !== undefined ? { snapshot } : {}),
  } as {
    wright: C.ResultContract;
    command: K;
    ok: boolean;
    exit: number;
    diagnostics: C.Diagnostic[];
    result: R;
    snapshot?: number;
  };
}

function loaderDiagnostic(failure: LoaderFailure): C.Diagnostic {
  const stage = failure.code === "parse-error" ? "frontend" : "discovery";
  const source = { kind: "loader" };
  return { code: failure.code, stage, severity: "error", message: failure.message, source };
}

/** Program order: the tie-breaker among entries of equal rank. */
const programOrder = (a: { index: number }, b: { index: number }) => a.index - b.index;

/** A missing/unreadable input is a usage-level failure (2); an input that does not parse is a program error (1). */
const loaderExit = (failure: LoaderFailure) => (failure.code === "input-io" ? 2 : 1);

export function compile(ctx: MockContext, req: C.CompileRequest): C.CompileResult {
  const load = ctx.session.load();
  if (!load.ok) return envelope(ctx, "compile", loaderExit(load), [loaderDiagnostic(load)], {});
  const outcome = compileProgram(load.program, ctx.catalog, {
    output: req.output,
    force: req.force,
    to: req.to,
    cwd: ctx.cwd,
  });
  // Nothing written, no output member (upstream's output is optional, never null).
  const output = outcome.output
    ? { output: { ...outcome.output, locale: outcome.locale, input_identity: load.program.entry.identity } }
    : {};
  return envelope(ctx, "compile", outcome.exit, outcome.diagnostics, output);
}

export function check(ctx: MockContext, req: C.CheckRequest): C.CheckResult {
  const load = ctx.session.load();
  if (!load.ok)
    return envelope(ctx, "check", loaderExit(load), [loaderDiagnostic(load)], {
      program: null,
      next: ["wright check"],
    });
  const p = load.program;
  const capped = bound(programDiagnostics(p), { all: req.all });
  const failed = hasErrors(p);
  return envelope(ctx, "check", failed ? 1 : 0, capped.shown, {
    program: p.programSummary(),
    next: failed ? ["wright inspect findings", "wright check --all"] : ["wright lint", "wright compile"],
    ...(capped.truncation ? { truncation: capped.truncation } : {}),
  });
}

export function analyze(ctx: MockContext, req: C.AnalyzeRequest): C.AnalyzeResult {
  const p = ctx.session.program();
  const top = <T>(items: T[], n = RANKED_TOP) => (req.all ? items : items.slice(0, n));
  const risks = filterFindings(p, p.findings, req, (f) => f.file)
    .map((f, order) => ({ f, order }))
    .sort((a, b) => SEVERITY_RANK[a.f.severity] - SEVERITY_RANK[b.f.severity] || a.order - b.order)
    .map(({ f }) => compactFinding(f));
  const shapedRisks = shapeList(risks, {
    max: req.max ?? (req.all ? undefined : RANKED_TOP),
    all: true,
    selected: hasFindingSelection(req),
    total: p.findings.length,
    codeOf: (f) => f.code,
  });
  const referenced = p.symbols
    .filter((s) => s.kind === "globalVariable" || s.kind === "playerVariable")
    .map((s) => ({
      name: s.name,
      kind: s.kind,
      references: p.references.filter((r) => r.symbol === s.id && r.kind !== "declaration").length,
    }))
    .sort((a, b) => b.references - a.references || a.name.localeCompare(b.name));
  const byCount = [...p.rules].sort((a, b) => b.count - a.count || a.index - b.index);
  const complexity = p.rules
    .map((r) => ({
      address: r.address,
      blocks: r.cfg.blocks.length,
      branches: r.cfg.blocks.filter((b) => b.kind === "if" || b.kind === "while" || b.kind === "for").length,
    }))
    .sort((a, b) => b.branches - a.branches || b.blocks - a.blocks);
  const conditionTrees = p.rules
    .filter((r) => r.conditions.length > 0)
    .sort((a, b) => b.conditions.length - a.conditions.length || programOrder(a, b))
    .map((r) => ({ ruleAddress: r.address, conditions: r.conditions.length, text: r.conditions.map((c) => c.text) }));
  const exact = exactCounts(ctx, p);
  return envelope(
    ctx,
    "analyze",
    hasErrors(p) ? 1 : 0,
    programDiagnostics(p),
    {
      program: p.programSummary(),
      overview: {
        rules: p.rules.length,
        ...p.statementCounts(),
        elementCount: p.rules.reduce((n, r) => n + r.count, 0),
        elementBudget: p.fixture.project.elementBudget,
      },
      cost: exact,
      hotspots: top(byCount.map((r) => ({ address: r.address, count: r.count, span: r.span }))),
      complexity: top(complexity),
      risks: shapedRisks.list as C.LintFinding[],
      topVariables: top(referenced),
      conditionTrees: top(conditionTrees, 3),
      next: ["wright inspect cost", "wright lint"],
      ...(shapedRisks.selection ? { selection: shapedRisks.selection as C.SelectionSummary } : {}),
    },
    ctx.session.generation,
  ) as C.AnalyzeResult;
}

export function inspect(ctx: MockContext, req: C.InspectRequest): C.InspectResult {
  const p = ctx.session.program();
  const shaped = shapeList(
    p.rules.map((r) => ({ id: r.index, name: r.name, address: r.address, span: r.span })),
    { all: req.all, selected: false, total: p.rules.length },
  );
  return envelope(
    ctx,
    "inspect",
    0,
    [],
    {
      program: { ...p.programSummary(), findings: p.findings.length },
      rules: shaped.list,
      commands: [
        "wright inspect symbols",
        "wright inspect refs <SYMBOL>",
        "wright inspect cfg <RULE>",
        "wright inspect callgraph",
        "wright inspect cost",
      ],
      next: ["wright inspect rules", "wright analyze"],
    },
    ctx.session.generation,
  ) as C.InspectResult;
}

export function simulate(ctx: MockContext, req: C.SimulateRequest): C.SimulateResult {
  const athena = ctx.catalog.athenaVersion;
  const origin = { stage: "analysis", source: { kind: "wright" } } as const;
  const fail = (code: string, message: string, exit: number) =>
    envelope(
      ctx,
      "simulate",
      exit,
      [{ code, stage: origin.stage, severity: "error", message, source: origin.source }],
      { athena_version: athena ?? "unavailable", trace: null },
    );
  const load = ctx.session.load();
  if (!load.ok)
    return envelope(ctx, "simulate", loaderExit(load), [loaderDiagnostic(load)], {
      athena_version: athena ?? "unavailable",
      trace: null,
    });
  if (athena === null) return fail("simulate-unavailable", "this service links no athena release", 2);
  const p = load.program;
  const supplied =
    req.sources && Object.prototype.hasOwnProperty.call(req.sources, p.entry.path)
      ? req.sources[p.entry.path]
      : undefined;
  const identity = supplied !== undefined ? sha256Hex(supplied) : p.entry.identity;
  if (identity !== req.inputIdentity)
    return fail(
      "stale-input",
      `inputIdentity ${req.inputIdentity.slice(0, 12)}… is not the entry source's current identity ${identity.slice(0, 12)}…`,
      2,
    );
  return envelope(ctx, "simulate", 0, [], {
    athena_version: athena,
    inputIdentity: identity,
    ...(req.seconds !== undefined ? { seconds: req.seconds } : {}),
    trace: (p.fixture.simulation?.trace ?? null) as C.JsonValue,
  });
}
