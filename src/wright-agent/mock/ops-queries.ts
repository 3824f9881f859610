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
  return {
    origin: { kind: p.fixture.project.origin },
    inputIdentity: p.entry.identity,
    files: p.sources.length,
    ...p.declarations(),
    symbols: p.symbols.length,
    findings: p.findings.length,
    sourceFiles: p.sources.map((s) => ({ path: s.path, identity: s.identity, lines: s.lines.lineCount })),
    ...p.statementCounts(),
    references: p.references.length,
    findingsBySeverity: Program.severityCounts(p.findings),
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
    return {
      call: head !== undefined ? (ids.get(head) ?? null) : null,
      text: s.text,
      span: p.span(s.span) as C.JsonValue,
    };
  };
  return (rule) => ({
    format: "workshop-rs/rule-content-v1",
    event: rule.event,
    conditions: rule.conditions.map(statement),
    actions: rule.actions.map(statement),
  });
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
  const shaped = shapeList(entries, {
    max: req.max,
    selected: defined(req.rule, req.file, req.max) || req.content === true,
    total: p.rules.length,
  });
  return { rules: shaped.list, snapshot: generation, ...extras(shaped) };
}

export function symbols(ctx: MockContext, req: C.SymbolsRequest): C.SymbolsResult {
  const p = ctx.session.program();
  const file = req.file === undefined ? undefined : resolveFileSelection(p, req.file);
  const kind = req.kind ?? undefined; // null: no kind filter (upstream's Option)
  const filtered = p.symbols.filter(
    (s) => (kind === undefined || s.kind === kind) && (file === undefined || s.span?.file === file),
  );
  const entries = filtered.map((s): C.SymbolEntry => ({ id: s.id, name: s.name, kind: s.kind, span: s.span }));
  const shaped = shapeList(entries, {
    max: req.max,
    all: req.all,
    selected: defined(req.file, req.max),
    total: p.symbols.length,
  });
  return { symbols: shaped.list, snapshot: ctx.session.generation, ...extras(shaped) };
}

/** Usage counts over a symbol's references; rules counts the distinct rules they sit in. */
function usageCounts(refs: readonly { kind: C.ReferenceKind; rule: number | null }[]): Required<C.UsageCounts> {
  const n = (k: C.ReferenceKind) => refs.filter((r) => r.kind === k).length;
  const rules = new Set(refs.flatMap((r) => (r.rule === null ? [] : [r.rule]))).size;
  return {
    reads: n("read"),
    writes: n("write"),
    calls: n("call"),
    rules,
    declarations: n("declaration"),
    definitions: n("definition"),
    total: refs.length,
  };
}

export function references(ctx: MockContext, req: C.ReferencesRequest): C.ReferencesResult {
  const p = ctx.session.program();
  const generation = ctx.session.generation;
  const id = resolveSymbol(p, generation, req.symbol, req.snapshot);
  const rule = req.rule === undefined ? undefined : resolveRule(p, generation, req.rule, req.snapshot, "selection");
  const file = req.file === undefined ? undefined : resolveFileSelection(p, req.file);
  const all = p.references.filter((r) => r.symbol === id);
  const filtered = all.filter(
    (r) =>
      (req.kind === undefined || r.kind === req.kind) &&
      (rule === undefined || r.rule === rule) &&
      (file === undefined || r.span?.file === file),
  );
  const entries = filtered.map(
    // The fixture locates references to the action, not to a value inside it: value is null.
    (r): C.Reference => ({
      kind: r.kind,
      span: r.span,
      rule: r.rule,
      action: r.action,
      value: null,
      owningRule: r.rule === null ? null : p.ruleRef(r.rule),
    }),
  );
  const shaped = shapeList(entries, {
    max: req.max,
    all: req.all,
    selected: defined(req.kind, req.rule, req.file, req.max),
    total: all.length,
  });
  const s = p.symbols[id]!;
  return {
    symbol: { id, name: s.name, kind: s.kind },
    usage: usageCounts(all),
    references: shaped.list,
    snapshot: generation,
    ...extras(shaped),
  };
}

export function usage(ctx: MockContext, req: C.UsageRequest): C.UsageResult {
  const p = ctx.session.program();
  const id = resolveSymbol(p, ctx.session.generation, req.symbol, req.snapshot);
  const s = p.symbols[id]!;
  // usage reports upstream's counts only; the per-kind declaration/definition counts stay on references' usage header.
  const { reads, writes, calls, rules } = usageCounts(p.references.filter((r) => r.symbol === id));
  return { id, kind: s.kind, symbol: s.name, reads, writes, calls, rules, snapshot: ctx.session.generation };
}

export function cfg(ctx: MockContext, req: C.CfgRequest): C.CfgResult {
  const p = ctx.session.program();
  const rule = p.rules[resolveRule(p, ctx.session.generation, req.rule, req.snapshot, "target")]!;
  const blocks = rule.cfg.blocks
    .filter((b) => req.kind === undefined || b.kind === req.kind)
    .map((b): C.CfgBlock => cfgBlock(p, rule, b));
  const shaped = shapeList(blocks, {
    max: req.max,
    all: req.all,
    selected: defined(req.kind, req.max),
    total: rule.cfg.blocks.length,
  });
  return { entry: rule.cfg.entry, exit: rule.cfg.exit, blocks: shaped.list, ...extras(shaped) };
}

export function callGraph(ctx: MockContext, req: C.CallGraphRequest): C.CallGraphResult {
  const p = ctx.session.program();
  const caller =
    req.caller === undefined
      ? undefined
      : resolveRule(p, ctx.session.generation, req.caller, undefined, "selection", "caller");
  if (req.callee !== undefined && !p.symbols.some((s) => s.kind === "subroutine" && s.name === req.callee)) {
    const hint = nearest(
      req.callee,
      p.symbols.filter((s) => s.kind === "subroutine").map((s) => s.name),
    );
    refuse(
      "invalid-selection",
      `callee: no subroutine ${JSON.stringify(req.callee)} is declared${hint ? ` (did you mean ${hint}?)` : ""}`,
    );
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
  const filtered = edges.filter(
    (e) => (caller === undefined || e.rule === caller) && (req.callee === undefined || e.callee === req.callee),
  );
  const entries = filtered.map(
    (e): C.CallGraphEdge => ({
      caller: p.rules[e.rule]!.name,
      callerAddress: p.rules[e.rule]!.address,
      callee: e.callee,
    }),
  );
  const selected = defined(req.caller, req.callee, req.max);
  const shaped = shapeList(entries, { max: req.max, all: req.all, selected, total: edges.length });
  // Without a selection the edge list itself is the result; a selection wraps it with its summary.
  return selected ? ({ edges: shaped.list, ...extras(shaped) } as C.CallGraphResult) : shaped.list;
}

export function persistentObjects(ctx: MockContext, req: C.PersistentObjectsRequest): C.PersistentObjectsResult {
  const p = ctx.session.program();
  const entries = (p.fixture.persistentObjects ?? []).flatMap((o) => persistentObject(p, o));
  const shaped = shapeList(entries, { all: req.all, selected: false, total: entries.length });
  return { persistentObjects: shaped.list, snapshot: ctx.session.generation };
}

/** Where a block's statement calls a subroutine: Call Subroutine(X) / Start Rule(X, ...). */
const CALL = /^(?:Call Subroutine|Start Rule)\(\s*([A-Za-z_]\w*)/;
/** Statements that wait (the block yields to the server). */
const WAITS = /^(?:Wait|Wait Until|Loop If)\b/;

/**
 * A fixture block in the contract's shape. waits/calls/actions are read off the block's statement;
 * successor kinds off the graph: a branching block's first edge is taken (true), its second not
 * (false); an edge back to an earlier block is a loop edge; anything else falls through (next).
 */
function cfgBlock(p: Program, rule: ProgramRule, b: F.CfgBlock): C.CfgBlock {
  const label = b.label ?? "";
  const callee = CALL.exec(label)?.[1];
  const calls =
    callee === undefined ? [] : p.symbols.filter((s) => s.kind === "subroutine" && s.name === callee).map((s) => s.id);
  const branching = b.successors.length > 1;
  const successors = b.successors.map(
    (to, k): C.CfgSuccessor => ({
      to,
      kind: branching ? (k === 0 ? "true" : "false") : to <= b.id && to !== rule.cfg.exit ? "loop" : "next",
    }),
  );
  return {
    id: b.id,
    kind: b.kind,
    waits: WAITS.test(label),
    calls,
    actions: b.action === null || b.action === undefined ? [] : [b.action],
    successors,
    ...(b.label !== undefined ? { label: b.label } : {}),
    span: p.span(b.span),
  };
}

/** The top-level arguments of a call's text, e.g. Create HUD Text(a, b(c, d), e) -> [a, b(c, d), e]. */
function callArguments(text: string): string[] {
  const open = text.indexOf("(");
  if (open < 0) return [];
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(") depth++;
    else if (ch === ")") {
      if (depth === 0) {
        args.push(text.slice(start, i).trim());
        break;
      }
      depth--;
    } else if (ch === "," && depth === 0) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args.filter((a) => a !== "");
}

/** The destroy statements that clean up objects of a kind. */
const DESTROYS: Record<string, RegExp> = {
  hudText: /^Destroy (?:All )?HUD Text/,
  effect: /^Destroy (?:All )?Effects?\b/,
  inWorldText: /^Destroy (?:All )?In-World Text/,
  icon: /^Destroy (?:All )?Icons?\b/,
};

/**
 * A fixture persistent object as the contract's fact: the creating action is the rule's action whose
 * span holds the object's span; visibility is that action's first argument, reevaluation its
 * reevaluation argument (the one naming what is reevaluated, e.g. "Visible To and String").
 * An object the fixture places in no rule, or in no action of it, is not a program fact.
 */
function persistentObject(p: Program, o: F.PersistentObject): C.PersistentObject[] {
  if (o.rule === null) return [];
  const rule = p.rules[o.rule]!;
  const at = o.span
    ? rule.actions.findIndex(
        (a) =>
          a.span.file === o.span!.file &&
          a.span.start.line <= o.span!.start.line &&
          a.span.end.line >= o.span!.end.line,
      )
    : -1;
  if (at < 0) return [];
  const args = callArguments(rule.actions[at]!.text);
  const mode = args.find((a) => /Visible To|Position|Radius|String|Color/.test(a) && !/\(/.test(a));
  const cleanup = DESTROYS[o.kind];
  return [
    {
      kind: o.kind,
      rule: o.rule,
      action: at,
      executionScope:
        rule.event === "ongoingGlobal" ? "global" : rule.event.startsWith("subroutine") ? "caller" : "player",
      visibility: args[0] ?? "",
      reevaluation: mode === undefined ? null : { domain: o.kind, mode },
      identityRetained: o.storedIn !== null,
      sameKindCleanupInRule: cleanup !== undefined && rule.actions.some((a) => cleanup.test(a.text)),
      span: p.span(o.span),
      storedIn: o.storedIn,
      createdIn: p.ruleRef(o.rule),
      destroyed: o.destroyed,
    },
  ];
}
