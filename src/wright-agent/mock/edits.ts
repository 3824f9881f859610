/**
 * Edit transactions: source identities (SHA-256 of the current text), half-open 1-based ranges,
 * all-or-nothing. Every precondition is checked before anything is applied; a stale identity, an
 * unknown source, a range outside the text or two overlapping edits refuse the whole transaction.
 * The mock's stand-in for workshop-rs / provider validation is a delimiter check (balanced
 * (), {}, [] and closed string literals), enough to make a transaction "produce malformed input".
 */
import type * as C from "../../generated/wright-agent/types.js";
import { rangePositions } from "./program.js";
import { LineIndex, sha256Hex } from "./text.js";

export interface SourceText {
  text: string;
  /** Source index in the program, when the source is a program file (for diagnostic spans). */
  file?: number;
  path?: string;
}

export type ApplyOutcome =
  | { ok: true; edited: Map<string, string>; order: string[] }
  | { ok: false; diagnostics: C.Diagnostic[] };

function editDiagnostic(code: string, message: string): C.Diagnostic {
  return {
    code,
    stage: "validation",
    severity: "error",
    message,
    source: { kind: "wright" },
  };
}

interface Located {
  edit: C.SourceEdit;
  index: number;
  start: number;
  end: number;
}

/** Checks every precondition, then applies the edits per source (highest offset first). */
export function applyTransaction(
  tx: C.EditTransaction,
  lookup: (source: string) => SourceText | undefined,
): ApplyOutcome {
  const diagnostics: C.Diagnostic[] = [];
  const sources = new Map<string, { src: SourceText; lines: LineIndex; identity: string; edits: Located[] }>();
  const unknown = new Set<string>();
  const stale = new Set<string>();
  tx.edits.forEach((edit, index) => {
    let entry = sources.get(edit.source);
    if (!entry) {
      if (unknown.has(edit.source)) return;
      const src = lookup(edit.source);
      if (!src) {
        unknown.add(edit.source);
        const message = `edits[${index}].source ${JSON.stringify(edit.source)} is not a source of this project/document set`;
        diagnostics.push(editDiagnostic("edit-unknown-source", message));
        return;
      }
      entry = { src, lines: new LineIndex(src.text), identity: sha256Hex(src.text), edits: [] };
      sources.set(edit.source, entry);
    }
    if (edit.source_identity !== entry.identity && !stale.has(edit.source)) {
      stale.add(edit.source);
      const message = `edits[${index}]: ${edit.source} changed since the transaction was computed (source_identity ${edit.source_identity.slice(0, 12)}… is not ${entry.identity.slice(0, 12)}…)`;
      diagnostics.push(editDiagnostic("edit-stale-source", message));
    }
    const range = rangePositions(edit.range);
    const start = entry.lines.offsetOf(range.start);
    const end = entry.lines.offsetOf(range.end);
    if (start === undefined || end === undefined || end < start) {
      const message = `edits[${index}]: range ${fmt(edit.range)} is outside ${edit.source} or reversed`;
      diagnostics.push(editDiagnostic("edit-invalid-range", message));
      return;
    }
    entry.edits.push({ edit, index, start, end });
  });
  for (const [source, entry] of sources) {
    // By start only: two edits starting at one offset overlap whatever their order (see samePoint).
    const sorted = [...entry.edits].sort((a, b) => a.start - b.start);
    for (let k = 1; k < sorted.length; k++) {
      const a = sorted[k - 1]!;
      const b = sorted[k]!;
      // Intersecting ranges, or two edits at one point where one inserts (their order is undefined).
      const samePoint = b.start === a.start && (a.start === a.end || b.start === b.end);
      if (b.start < a.end || samePoint) {
        const message = `edits[${a.index}] and edits[${b.index}] overlap in ${source}`;
        diagnostics.push(editDiagnostic("edit-overlap", message));
      }
    }
  }
  if (diagnostics.length) return { ok: false, diagnostics };
  const edited = new Map<string, string>();
  for (const [source, entry] of sources) {
    let text = entry.src.text;
    for (const e of [...entry.edits].sort((a, b) => b.start - a.start))
      text = text.slice(0, e.start) + e.edit.new_text + text.slice(e.end);
    edited.set(source, text);
  }
  return { ok: true, edited, order: [...sources.keys()] };
}

/** The mock's syntax check: balanced delimiters and closed strings, skipping // comments. */
export function checkDelimiters(text: string, where: { file?: number; path?: string; source: string }): C.Diagnostic[] {
  const lines = new LineIndex(text);
  const stack: { ch: string; at: number }[] = [];
  const pairs: Record<string, string> = { ")": "(", "}": "{", "]": "[" };
  const problem = (at: number, message: string): C.Diagnostic[] => {
    const pos = lines.positionOf(at);
    const mapped = where.file !== undefined && where.path !== undefined;
    const span = mapped
      ? {
          span: {
            file: where.file!,
            path: where.path!,
            start: { line: pos.line, col: pos.column },
            end: { line: pos.line, col: pos.column + 1 },
          },
        }
      : {};
    return [
      {
        code: "parse-error",
        stage: "frontend",
        severity: "error",
        message: `${where.source}:${pos.line}:${pos.column}: ${message}`,
        ...span,
        source: { kind: "workshop-rs" },
      },
    ];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "/" && text[i + 1] === "/") {
      while (i < text.length) {
        if (text[i] === "\n") break;
        i++;
      }
    } else if (ch === '"') {
      const open = i;
      for (i++; i < text.length; i++) {
        if (text[i] === '"') break;
        if (text[i] === "\\") i++;
      }
      if (i >= text.length) return problem(open, "unterminated string literal");
    } else if (ch === "(" || ch === "{" || ch === "[") stack.push({ ch, at: i });
    else if (pairs[ch]) {
      const top = stack.pop();
      if (!top || top.ch !== pairs[ch]) return problem(i, `unexpected ${ch}`);
    }
  }
  const open = stack.pop();
  return open ? problem(open.at, `unclosed ${open.ch}`) : [];
}

export function previews(outcome: { edited: Map<string, string>; order: string[] }): C.EditPreview[] {
  return outcome.order.map((source) => {
    const text = outcome.edited.get(source)!;
    return { source, source_identity: sha256Hex(text), new_text: text };
  });
}

function fmt(r: C.EditRange): string {
  return `${r.start_line}:${r.start_col}-${r.end_line}:${r.end_col}`;
}
