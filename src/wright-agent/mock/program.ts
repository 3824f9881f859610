/**
 * One adopted program: a checked fixture plus the indexes every operation reads (canonical rule
 * addresses, symbol ids, contract-shaped spans, findings under the lint policy). Immutable; the
 * session swaps whole programs.
 */
import { dirname, isAbsolute, posix, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type * as C from "../../generated/wright-agent/types.js";
import type * as F from "../../generated/wright-agent-fixture/types.js";
import { RuleAddressBook } from "./addresses.js";
import { deriveCfg, deriveElementCount, elementTotal } from "./derive.js";
import { LineIndex, sha256Hex, type Position } from "./text.js";

export interface ProgramSource {
  index: number;
  path: string;
  text: string;
  identity: string;
  lines: LineIndex;
  absolutePath: string;
}

export interface ProgramRule {
  index: number;
  name: string;
  address: string;
  event: string;
  enabled: boolean;
  span: C.Span;
  conditions: F.Statement[];
  actions: F.Statement[];
  cfg: F.Cfg;
  elementCount: F.ElementCount;
  count: number;
}

export interface ProgramSymbol {
  id: number;
  name: string;
  kind: C.SymbolKind;
  span: C.Span;
}

export interface ProgramReference {
  symbol: number;
  kind: C.ReferenceKind;
  span: C.Span;
  rule: number | null;
  action: number | null;
}

export interface ProgramFinding extends C.Finding {
  /** Source index of the span (undefined when unmapped), for file selection. */
  file: number | undefined;
  /** Compact path:line:column when mapped: lint's compact finding carries it, a full finding does not. */
  location?: string;
}

export type EffectiveSeverity = C.Severity | "off";

export class Program {
  readonly root: string;
  readonly sources: ProgramSource[];
  readonly rules: ProgramRule[];
  readonly addresses: RuleAddressBook;
  readonly symbols: ProgramSymbol[];
  readonly references: ProgramReference[];
  readonly lintSeverity = new Map<string, EffectiveSeverity>();
  /** Findings the lint policy serves, with effective severities. */
  readonly findings: ProgramFinding[];
  private readonly sourceByPath = new Map<string, ProgramSource>();

  constructor(
    readonly fixture: F.WrightAgentFixture,
    /** SHA-256 of the fixture bytes this program was built from. */
    readonly fingerprint: string,
    readonly fixturePath: string,
  ) {
    this.root = dirname(resolve(fixturePath));
    // The entry first, the others in the fixture's order.
    const entry = fixture.project.entry;
    const ordered = [
      ...fixture.sources.filter((s) => s.path === entry),
      ...fixture.sources.filter((s) => s.path !== entry),
    ];
    this.sources = ordered.map((s, index) => ({
      index,
      path: s.path,
      text: s.text,
      identity: sha256Hex(s.text),
      lines: new LineIndex(s.text),
      absolutePath: resolve(this.root, s.path),
    }));
    for (const s of this.sources) this.sourceByPath.set(s.path, s);
    this.addresses = new RuleAddressBook(fixture.rules.map((r) => r.name));
    this.rules = fixture.rules.map((r, index) => {
      const elementCount = r.elementCount ?? deriveElementCount(r);
      return {
        index,
        name: r.name,
        address: this.addresses.canonical(index),
        event: r.event,
        enabled: r.enabled ?? true,
        span: this.span(r.span),
        conditions: r.conditions,
        actions: r.actions,
        cfg: r.cfg ?? deriveCfg(r.actions),
        elementCount,
        count: elementTotal(elementCount),
      };
    });
    this.symbols = fixture.symbols.map((s, id) => ({ id, name: s.name, kind: s.kind, span: this.span(s.span) }));
    const symbolIds = new Map(fixture.symbols.map((s, id) => [`${s.kind}:${s.name}`, id]));
    this.references = fixture.references.map((r) => ({
      symbol: symbolIds.get(r.symbol)!,
      kind: r.kind,
      span: this.span(r.span),
      rule: r.rule,
      action: r.action,
    }));
    const policy = fixture.project.lintPolicy;
    for (const l of fixture.lintRules) {
      this.lintSeverity.set(
        l.id,
        policy.disabled.includes(l.id) ? "off" : (policy.severityOverrides[l.id] ?? l.defaultSeverity),
      );
    }
    this.findings = fixture.findings.flatMap((f) => {
      const severity = this.lintSeverity.get(f.code);
      if (severity === undefined || severity === "off") return [];
      const span = this.span(f.span);
      const finding: ProgramFinding = {
        code: f.code,
        severity,
        message: f.message,
        evidence: f.evidence,
        span,
        ...(span ? { location: `${span.path}:${span.start.line}:${span.start.col}` } : {}),
        rule: f.rule,
        ruleAddress: f.rule === null ? null : this.rules[f.rule]!.address,
        action: f.action,
        // The fixture has no value-level coordinates or boundedness facts: both report "not applicable".
        value: null,
        boundedness: null,
        ...(f.repeated ? { repeated: f.repeated } : {}),
        ...(f.fix
          ? { fix: { kind: f.fix.kind, summary: f.fix.summary, transaction: this.transaction(f.fix.edits) } }
          : {}),
        file: span?.file,
      };
      return [finding];
    });
  }

  get entry(): ProgramSource {
    return this.sources[0]!;
  }

  /** A fixture span as the contract reports it (file = source index, path as reported, {line, col}). */
  span(s: F.Span | null | undefined): C.Span {
    if (!s) return null;
    const src = this.sourceByPath.get(s.file)!;
    return {
      file: src.index,
      path: src.path,
      start: { line: s.start.line, col: s.start.column },
      end: { line: s.end.line, col: s.end.column },
    };
  }

  ruleRef(index: number): C.RuleRef {
    const r = this.rules[index]!;
    return { id: r.index, name: r.name, address: r.address, span: r.span };
  }

  /** Fixture edits as a contract transaction carrying the current source identities. */
  transaction(edits: readonly F.TextEdit[]): C.EditTransaction {
    return {
      edits: edits.map((e) =>
        wireEdit(e.source, this.sourceByPath.get(e.source)!.identity, e.range, e.text),
      ) as C.EditTransaction["edits"],
    };
  }

  /**
   * Resolves a file spelling to a source index: the reported (root-relative) path, an absolute
   * path, a ./-prefixed or otherwise unnormalized relative path, or a file:// URI.
   */
  resolveFile(spelling: string): number | undefined {
    let p = spelling;
    if (p.startsWith("file://")) {
      try {
        p = fileURLToPath(p);
      } catch {
        return undefined;
      }
    }
    if (isAbsolute(p)) p = relative(this.root, p);
    p = posix.normalize(p.split("\\").join("/"));
    if (p.startsWith("./")) p = p.slice(2);
    return this.sourceByPath.get(p)?.index;
  }

  /** Severity counts over findings. */
  static severityCounts(findings: readonly { severity: C.Severity }[]): C.SeverityCounts {
    const counts = { error: 0, warning: 0, info: 0 };
    for (const f of findings) counts[f.severity]++;
    return counts;
  }

  declarations(): { rules: number; globalVariables: number; playerVariables: number; subroutines: number } {
    const count = (kind: C.SymbolKind) => this.symbols.filter((s) => s.kind === kind).length;
    return {
      rules: this.rules.length,
      globalVariables: count("globalVariable"),
      playerVariables: count("playerVariable"),
      subroutines: count("subroutine"),
    };
  }

  /** Conditions and actions over every rule. */
  statementCounts(): { conditions: number; actions: number } {
    return {
      conditions: this.rules.reduce((n, r) => n + r.conditions.length, 0),
      actions: this.rules.reduce((n, r) => n + r.actions.length, 0),
    };
  }

  /** The summary check and analyze report (upstream's AnalyzedProgramSummary). */
  programSummary(): C.AnalyzedProgramSummary {
    return { origin: { kind: this.fixture.project.origin }, files: this.sources.length, ...this.declarations() };
  }
}

/** Strips the mock-internal `file` member from a served finding. */
export function contractFinding({ file: _file, location: _location, ...finding }: ProgramFinding): C.Finding {
  // The compact location is lint's (LintFinding); a full finding carries its span, as upstream's.
  return finding;
}

export { sha256Hex };

/** A position range as the wire's flat EditRange. */
export function wireRange(r: { start: Position; end: Position }): C.EditRange {
  return { start_line: r.start.line, start_col: r.start.column, end_line: r.end.line, end_col: r.end.column };
}

/** The wire's flat EditRange as positions. */
export function rangePositions(r: C.EditRange): { start: Position; end: Position } {
  return { start: { line: r.start_line, column: r.start_col }, end: { line: r.end_line, column: r.end_col } };
}

/** One wire edit; its kind says what it does to the range (insert at a point, delete, replace). */
export function wireEdit(
  source: string,
  identity: string,
  range: { start: Position; end: Position },
  text: string,
): C.SourceEdit {
  const empty = range.start.line === range.end.line && range.start.column === range.end.column;
  return {
    kind: empty ? "insert" : text === "" ? "delete" : "replace",
    source,
    source_identity: identity,
    range: wireRange(range),
    new_text: text,
  };
}
