/** Snapshot queries over the program: project, rules, symbols, references, usage, cfg, callGraph, persistentObjects. */
import type * as C from "../../generated/wright-agent/types.js";
import type * as F from "../../generated/wright-agent-fixture/types.js";
import { refuse } from "../handlers.js";
import type { MockContext } from "./context.js";
import { Program, type ProgramRule } from "./program.js";
import { resolveRule, resolveSymbol } from "./resolve.js";
import { extras, resolveFileSelection, shapeList } from "./selection.js";
import { nearest } from "./text.js";

const defined = (...values: unknown[]) => values.some((v) => v !== undefined);

export function project(ctx: MockContext): C.ProjectResult {
  const p = ctx.session.program();
  const counts = { ...p.declarations(), ...p.statementCounts(), symbols: p.symbols.length, references: p.references.length };
  return {
    origin: p.fixture.project.origin,
    inputIdentity: p.entry.identity,
    sourceFiles: p.sources.map((s) => ({ path: s.path, identity: s.identity, lines: s.lines.lineCount })),
    counts,
    findings: { total: p.findings.length, ...Program.severityCounts(p.findings) },
    settings: (p.fixture.project.settings ?? null) as C.JsonValue,
    snapshot: ctx.session.generation,
  };
}

/**
 * Renders rules as workshop-rs/rule-content-v1 documents (the mock's rendering: each statement with
 * the catalog id of its leading call, its text and span).
 */
function ruleContentRenderer(ctx: MockContext, p: Program): (rule: ProgramRule) => C.JsonValue {
  const ids = new Map<string, string>();
  for (const e of ctx.catalog.languages.workshop?.entries ?? []) {
    const spelling = e.spellings[p.fixture.project.locales.input]?.[0];
    if (spelling) ids.set(spelling, e.id);
  }
  const statement = (s: F.Statement): C.JsonValue => {
    const head = /^([A-Z][\w -]*?)\s*(\(|$)/.exec(s.text)?.[1];
    return { call: head !== undefined ? (ids.get(head) ?? null) : null, text: s.text, span: p.span(s.span) as C.JsonValue };
  };
  return (rule) => ({ format: "workshop-rs/rule-content-v1", event: rule.event, conditions: rule.conditions.map(statement), actions: rule.actions.map(statement) });
}

export function rules(ctx: MockContext, req: C.RulesRequest): C.RulesResult {
  const p = ctx.session.program();
  const generation = ctx.session.generation;
  let selected = p.rules;
  if (req.rule !== undefined) {
    const i = resolveRule(p, generation, req.rule, req.snapshot, "selection");
    selected = [p.rules[i]!];
  }
  if (req.file !== undefined) {
    const file = resolveFileSelection(p, req.file);
    selected = selected.filter((r) => r.span?.file === file);
  }
  const content = req.content ? ruleContentRenderer(ctx, p) : undefined;
  const entries = selected.map(
    (r): C.RuleEntry => ({
      id: r.index,
      name: r.name,
      address: r.address,
      event: r.event,
      span: r.span,
      enabled: r.enabled,
      ...(content ? { content: content(r) } : {}),
    }),
  );
  // rules has no `all`: an explicit max (or rule) is how to see past the default cap.
  const shaped = shapeList(entries, { max: req.max, selected: defined(req.rule, req.file, req.max) || req.content === true, total: p.rules.length });
  return { rules: shaped.list, snapshot: generation, ...extras(shaped) };
}

export function symbols(ctx: MockContext, req: C.SymbolsRequest): C.SymbolsResult {
  const p = ctx.session.program();
  const file = req.file === undefined ? undefined : resolveFileSelection(p, req.file);
  const filtered = p.symbols.filter((s) => (req.kind === undefined || s.kind === req.kind) && (file === undefined || s.span?.file === file));
  const entries = filtered.map((s): C.SymbolEntry => ({ id: s.id, name: s.name, kind: s.kind, span: s.span }));
  const shaped = shapeList(entries, { max: req.max, all: req.all, selected: defined(req.file, req.max), total: p.symbols.length });
  return { symbols: shaped.list, snapshot: ctx.session.generation, ...extras(shaped) };
}

function usageCounts(kinds: readonly C.ReferenceKind[]): C.UsageCounts {
  const counts: C.UsageCounts = { declaration: 0, definition: 0, read: 0, write: 0, call: 0, total: kinds.length };
  for (const k of kinds) counts[k]++;
  return counts;
}

export function references(ctx: MockContext, req: C.ReferencesRequest): C.ReferencesResult {
  const p = ctx.session.program();
  const generation = ctx.session.generation;
  const id = resolveSymbol(p, generation, req.symbol, req.snapshot);
  const rule = req.rule === undefined ? undefined : resolveRule(p, generation, req.rule, req.snapshot, "selection");
  const file = req.file === undefined ? undefined : resolveFileSelection(p, req.file);
  const all = p.references.filter((r) => r.symbol === id);
  const filtered = all.filter((r) => (req.kind === undefined || r.kind === req.kind) && (rule === undefined || r.rule === rule) && (file === undefined || r.span?.file === file));
  const entries = filtered.map(
    (r): C.Reference => ({ kind: r.kind, span: r.span, rule: r.rule, action: r.action, owningRule: r.rule === null ? null : p.ruleRef(r.rule) }),
  );
  const shaped = shapeList(entries, { max: req.max, all: req.all, selected: defined(req.kind, req.rule, req.file, req.max), total: all.length });
  const s = p.symbols[id]!;
  return { symbol: { id, name: s.name, kind: s.kind }, usage: usageCounts(all.map((r) => r.kind)), references: shaped.list, snapshot: generation, ...extras(shaped) };
}

export function usage(ctx: MockContext, req: C.UsageRequest): C.UsageResult {
  const p = ctx.session.program();
  const id = resolveSymbol(p, ctx.session.generation, req.symbol, req.snapshot);
  const s = p.symbols[id]!;
  return { id, kind: s.kind, name: s.name, counts: usageCounts(p.references.filter((r) => r.symbol === id).map((r) => r.kind)), snapshot: ctx.session.generation };
}

export function cfg(ctx: MockContext, req: C.CfgRequest): C.CfgResult {
  const p = ctx.session.program();
  const rule = p.rules[resolveRule(p, ctx.session.generation, req.rule, req.snapshot, "target")]!;
  const blocks = rule.cfg.blocks
    .filter((b) => req.kind === undefined || b.kind === req.kind)
    .map((b): C.CfgBlock => ({ id: b.id, kind: b.kind, ...(b.label !== undefined ? { label: b.label } : {}), successors: [...b.successors], span: p.span(b.span) }));
  const shaped = shapeList(blocks, { max: req.max, all: req.all, selected: defined(req.kind, req.max), total: rule.cfg.blocks.length });
  return { rule: { name: rule.name, address: rule.address }, entry: rule.cfg.entry, exit: rule.cfg.exit, blocks: shaped.list, ...extras(shaped) };
}

export function callGraph(ctx: MockContext, req: C.CallGraphRequest): C.CallGraphResult {
  const p = ctx.session.program();
  const caller = req.caller === undefined ? undefined : resolveRule(p, ctx.session.generation, req.caller, undefined, "selection", "caller");
  if (req.callee !== undefined && !p.symbols.some((s) => s.kind === "subroutine" && s.name === req.callee)) {
    const hint = nearest(req.callee, p.symbols.filter((s) => s.kind === "subroutine").map((s) => s.name));
    refuse("invalid-selection", `callee: no subroutine ${JSON.stringify(req.callee)} is declared${hint ? ` (did you mean ${hint}?)` : ""}`);
  }
  const seen = new Set<string>();
  const edges: { rule: number; callee: string }[] = [];
  for (const r of p.references) {
    if (r.kind !== "call" || r.rule === null) continue;
    const callee = p.symbols[r.symbol]!.name;
    const key = `${r.rule}\0${callee}`;
    if (!seen.has(key)) {
      seen.add(key);
      edges.push({ rule: r.rule, callee });
    }
  }
  const filtered = edges.filter((e) => (caller === undefined || e.rule === caller) && (req.callee === undefined || e.callee === req.callee));
  const entries = filtered.map((e): C.CallGraphEdge => ({ caller: p.rules[e.rule]!.name, callerAddress: p.rules[e.rule]!.address, callee: e.callee }));
  const shaped = shapeList(entries, { max: req.max, all: req.all, selected: defined(req.caller, req.callee, req.max), total: edges.length });
  return { edges: shaped.list, ...extras(shaped) };
}

export function persistentObjects(ctx: MockContext, req: C.PersistentObjectsRequest): C.PersistentObjectsResult {
  const p = ctx.session.program();
  const entries = (p.fixture.persistentObjects ?? []).map(
    (o): C.PersistentObject => ({ kind: o.kind, storedIn: o.storedIn, createdIn: o.rule === null ? null : p.ruleRef(o.rule), destroyed: o.destroyed, span: p.span(o.span) }),
  );
  const shaped = shapeList(entries, { all: req.all, selected: false, total: entries.length });
  return { persistentObjects: shaped.list, snapshot: ctx.session.generation };
}
