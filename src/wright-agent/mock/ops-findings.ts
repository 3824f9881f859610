/** Finding operations: findings, lint (with its 5,500-byte compact bound), lintRules, costEstimate. */
import type * as C from "../../generated/wright-agent/types.js";
import type { MockContext } from "./context.js";
import { hasErrors, renderProgram } from "./compile.js";
import { contractFinding, Program, type ProgramFinding } from "./program.js";
import { resolveRule } from "./resolve.js";
import {
  bound,
  extras,
  filterFindings,
  hasFindingSelection,
  resolveFileSelection,
  SEVERITY_RANK,
  shapeList,
  truncation,
  type Shaped,
} from "./selection.js";

/** lint's compact result (before the response envelope) never exceeds this many UTF-8 bytes unless all. */
export const LINT_BYTE_BOUND = 5500;
/** Ranked lists (costEstimate elementCount.rules, analyze's report) keep this many unless all. */
export const RANKED_TOP = 5;

export function findings(ctx: MockContext, req: C.FindingsRequest): C.FindingsResult {
  const p = ctx.session.program();
  const filtered = filterFindings(p, p.findings, req, (f) => f.file).map(contractFinding);
  const shaped = shapeList(filtered, {
    max: req.max,
    all: req.all,
    selected: hasFindingSelection(req),
    total: p.findings.length,
    codeOf: (f) => f.code,
  });
  return { findings: shaped.list, snapshot: ctx.session.generation, ...extras(shaped) } as C.FindingsResult;
}

export function compactFinding(f: ProgramFinding): C.LintFinding {
  return {
    code: f.code,
    severity: f.severity,
    message: f.message,
    evidence: f.evidence,
    ...(f.location !== undefined ? { location: f.location } : {}),
    rule: f.rule,
    ruleAddress: f.ruleAddress,
    ...(f.repeated ? { repeated: f.repeated } : {}),
    ...(f.fix ? { fix: { kind: f.fix.kind, summary: f.fix.summary } } : {}),
  };
}

function skipped(p: Program): C.SkippedEvaluation[] {
  return (p.fixture.skipped ?? []).map((s) => ({
    id: s.lintRule,
    rule: s.rule,
    ruleAddress: p.rules[s.rule]!.address,
    reason: s.reason,
  }));
}

/** The effective lint configuration: every registered rule with its effective severity. */
function lintConfig(p: Program): C.LintConfiguration {
  return {
    rules: Object.fromEntries(
      p.fixture.lintRules.map((l) => {
        const severity = p.lintSeverity.get(l.id)!;
        return [l.id, { severity, enabled: severity !== "off" }];
      }),
    ),
  };
}

export function lint(ctx: MockContext, req: C.LintRequest): C.LintResult {
  const p = ctx.session.program();
  const failOn = p.fixture.project.lintPolicy.failOn;
  // The verdict and counts are computed on the complete set, before selection and truncation.
  const ok = !p.findings.some((f) => SEVERITY_RANK[f.severity] <= SEVERITY_RANK[failOn]);
  const filtered = filterFindings(p, p.findings, req, (f) => f.file).map(compactFinding);
  const selected = hasFindingSelection(req);
  const base = {
    inputIdentity: p.entry.identity,
    config: lintConfig(p),
    ok,
    exit: ok ? 0 : 1,
    counts: Program.severityCounts(p.findings),
    rules: p.fixture.lintRules.map((l) => ({ id: l.id, effectiveSeverity: p.lintSeverity.get(l.id)! })),
    skipped: skipped(p),
    next: ["wright inspect findings", "wright lint --all"],
    snapshot: ctx.session.generation,
  };
  const build = (shaped: Shaped<C.LintFinding, C.SelectionSummary | C.QuerySelectionSummary>): C.LintResult =>
    ({ ...base, findings: shaped.list, ...extras(shaped) }) as C.LintResult;
  const shaped = shapeList(filtered, {
    max: req.max,
    all: req.all,
    selected,
    total: p.findings.length,
    codeOf: (f) => f.code,
  });
  const result = build(shaped);
  if (req.all || fits(result)) return result;
  // Withhold findings from the end: the largest prefix whose compact result fits the byte bound.
  const shown = Array.isArray(shaped.list) ? shaped.list : shaped.list.items;
  const withFirst = (k: number): C.LintResult => {
    const t = truncation(filtered.length, k, LINT_BYTE_BOUND, "bytes");
    const items = shown.slice(0, k);
    return build(
      selected
        ? {
            list: items,
            selection: { ...(shaped.selection as C.SelectionSummary), withheld: filtered.length - k },
            truncation: t,
          }
        : { list: { items, truncation: t } },
    );
  };
  let lo = 0; // fits (or nothing more can be withheld)
  let hi = shown.length; // does not fit
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (fits(withFirst(mid))) lo = mid;
    else hi = mid;
  }
  return withFirst(lo);
}

const fits = (result: C.LintResult) => Buffer.byteLength(JSON.stringify(result)) <= LINT_BYTE_BOUND;

export function lintRules(ctx: MockContext): C.LintRulesResult {
  const p = ctx.session.program();
  const policy = p.fixture.project.lintPolicy;
  return {
    rules: p.fixture.lintRules.map((l) => {
      const effectiveSeverity = p.lintSeverity.get(l.id)!;
      return {
        id: l.id,
        summary: l.summary,
        rationale: l.rationale ?? "",
        documentation: l.documentation ?? "",
        knownLimits: (l.knownLimits ?? []).join("\n"),
        evidence: l.evidence ?? "",
        tags: [...(l.tags ?? [])],
        defaultSeverity: l.defaultSeverity,
        effectiveSeverity,
        enabled: effectiveSeverity !== "off",
        fixable: l.fixable ?? false,
        // The fixture registers built-in rules only (no --rule-file rules).
        kind: "builtin",
      };
    }),
    config: lintConfig(p),
    policy: {
      configFile: policy.configFile ?? null,
      ruleFiles: [...(policy.ruleFiles ?? [])],
      disabled: [...policy.disabled],
      severityOverrides: { ...policy.severityOverrides },
      failOn: policy.failOn,
    },
    skipped: skipped(p),
    snapshot: ctx.session.generation,
  };
}

export function costEstimate(ctx: MockContext, req: C.CostEstimateRequest): C.CostEstimateResult {
  const p = ctx.session.program();
  const generation = ctx.session.generation;
  if (req.rule !== undefined) {
    const rule = p.rules[resolveRule(p, generation, req.rule, undefined, "target")]!;
    return {
      rule: { address: rule.address, count: rule.count, span: rule.span },
      statements: rule.elementCount.statements.map((s) => ({ name: s.name, count: s.count, span: p.span(s.span) })),
      byNode: rule.elementCount.byNode.map((n) => ({ ...n })),
      snapshot: generation,
    };
  }
  const budget = p.fixture.project.elementBudget;
  const unavailable = p.fixture.cost?.elementCountUnavailable;
  let elementCount: C.ElementCount = { budget };
  if (unavailable === undefined) {
    const ranked = [...p.rules]
      .sort((a, b) => b.count - a.count || a.index - b.index)
      .map((r) => ({ index: r.index, address: r.address, count: r.count, span: r.span }));
    const top = bound(ranked, { all: req.all }, RANKED_TOP);
    elementCount = {
      budget,
      total: p.rules.reduce((n, r) => n + r.count, 0),
      rules: top.shown,
      ...(top.truncation ? { truncation: top.truncation } : {}),
    };
  }
  // costEstimate findings are the configured set lint serves; `file` selects nothing here (the
  // contract: "costEstimate findings carry no span, so file selects nothing there").
  if (req.file !== undefined) resolveFileSelection(p, req.file);
  const all = p.findings.map((f): C.CostFinding & { file: number | undefined } => ({
    code: f.code,
    severity: f.severity,
    message: f.message,
    span: f.span,
    ruleAddress: f.ruleAddress,
    file: f.file,
  }));
  const filtered = req.file !== undefined ? [] : filterFindings(p, all, { severity: req.severity }, (f) => f.file);
  const shaped = shapeList(
    filtered.map(({ file: _f, ...f }) => f),
    {
      max: req.max,
      all: req.all,
      selected: req.severity !== undefined || req.file !== undefined || req.max !== undefined,
      total: all.length,
      codeOf: (f) => f.code,
    },
  );
  return {
    exact: exactCounts(ctx, p),
    kind: COST_KINDS,
    elementCount,
    ...(unavailable !== undefined ? { elementCountUnavailable: unavailable } : {}),
    // costEstimate's findings member is always an array; a cap is reported beside it.
    findings: Array.isArray(shaped.list) ? shaped.list : shaped.list.items,
    skipped: skipped(p),
    snapshot: generation,
    ...(shaped.selection ? { selection: shaped.selection as C.SelectionSummary } : {}),
    ...(Array.isArray(shaped.list)
      ? shaped.truncation
        ? { truncation: shaped.truncation }
        : {}
      : { truncation: shaped.list.truncation }),
  };
}

/** How exact each part of the estimate is: counts are exact, findings static, performance heuristic. */
const COST_KINDS: C.CostKinds = { exact: "exact", findings: "static", performance: "heuristic" };

export function exactCounts(ctx: MockContext, p: Program): C.ExactCounts {
  const rendered = hasErrors(p) ? undefined : renderProgram(p, ctx.catalog, p.fixture.project.locales.input);
  const emittedBytes = rendered?.ok ? Buffer.byteLength(rendered.text) : null;
  const declarations = p.declarations();
  const statements = p.statementCounts();
  return {
    programRules: p.rules.length,
    programActions: statements.actions,
    waitActions: p.rules.reduce(
      (n, r) => n + r.actions.filter((a) => /^Wait(?: Until)?\s*\(/.test(a.text.trim())).length,
      0,
    ),
    ...statements,
    globalVariables: declarations.globalVariables,
    playerVariables: declarations.playerVariables,
    subroutines: declarations.subroutines,
    emittedBytes,
    ...(emittedBytes === null
      ? {
          emittedBytesUnavailable: hasErrors(p)
            ? "the program has errors, so nothing is emitted"
            : "the input locale lacks mappings",
        }
      : {}),
  };
}
