/**
 * List shaping shared by every listing operation: filters narrow first, then max (or the default
 * cap of 20 unless all: true) bounds. With a selection field the result carries the bare array
 * plus selection {total, withheld[, byCode]}; without one, a list the default cap cut becomes
 * {items, truncation}.
 */
import type * as C from "../../generated/wright-agent/types.js";
import { refuse } from "../handlers.js";
import type { Program } from "./program.js";
import { nearest } from "./text.js";

export const DEFAULT_CAP = 20;
export const EXPAND_HINT = "pass all: true to lift the default cap, or max: N";

export interface Bounds {
  max?: number | undefined;
  all?: boolean | undefined;
}

/** The default-cap truncation report for `total` items of which `shown` are shown. */
export function truncation(
  total: number,
  shown: number,
  limit: number,
  reason: C.Truncation["reason"] = "count",
): C.Truncation {
  return { total, shown, withheld: total - shown, limit, reason, expand: EXPAND_HINT };
}

/** Applies max / the default cap; reports truncation only when the default cap cut. */
export function bound<T>(
  items: readonly T[],
  bounds: Bounds,
  defaultCap = DEFAULT_CAP,
): { shown: T[]; truncation?: C.Truncation } {
  if (bounds.max !== undefined) return { shown: items.slice(0, bounds.max) };
  if (bounds.all || items.length <= defaultCap) return { shown: [...items] };
  return { shown: items.slice(0, defaultCap), truncation: truncation(items.length, defaultCap, defaultCap) };
}

export interface Shaped<T, S> {
  list: T[] | { items: T[]; truncation: C.Truncation };
  selection?: S;
  truncation?: C.Truncation;
}

/**
 * Shapes one list member. `total` is the set before any selection field; `filtered` the set after
 * the filters; `codeOf` makes it a finding selection (byCode over the filtered set, before max).
 */
export function shapeList<T>(
  filtered: readonly T[],
  options: Bounds & { selected: boolean; total: number; codeOf?: (item: T) => string },
): Shaped<T, C.SelectionSummary | C.QuerySelectionSummary> {
  const { shown, truncation } = bound(filtered, options);
  if (!options.selected) return truncation ? { list: { items: shown, truncation } } : { list: shown };
  const selection: C.QuerySelectionSummary | C.SelectionSummary = {
    total: options.total,
    withheld: filtered.length - shown.length,
  };
  if (options.codeOf) {
    const byCode: Record<string, number> = {};
    for (const item of filtered) {
      const code = options.codeOf(item);
      byCode[code] = (byCode[code] ?? 0) + 1;
    }
    (selection as C.SelectionSummary).byCode = byCode;
  }
  return { list: shown, selection, ...(truncation ? { truncation } : {}) };
}

/** Spreads a shaped list's selection/truncation members into a result object. */
export function extras<S>(shaped: Shaped<unknown, S>): { selection?: S; truncation?: C.Truncation } {
  return {
    ...(shaped.selection ? { selection: shaped.selection } : {}),
    ...(shaped.truncation ? { truncation: shaped.truncation } : {}),
  };
}

export interface FindingSelection {
  severity?: C.Severity | undefined;
  rule?: string | undefined;
  file?: string | undefined;
  max?: number | undefined;
}

export function hasFindingSelection(req: FindingSelection): boolean {
  return req.severity !== undefined || req.rule !== undefined || req.file !== undefined || req.max !== undefined;
}

/** Severity order: lower is more severe (error 0, warning 1, info 2). */
export const SEVERITY_RANK: Record<C.Severity, number> = { error: 0, warning: 1, info: 2 };

/** Filters findings by severity threshold, lint rule id and file; unknown values are invalid-selection. */
export function filterFindings<T extends { severity: C.Severity; code: string }>(
  program: Program,
  items: readonly T[],
  req: FindingSelection,
  fileOf: (item: T) => number | undefined,
): T[] {
  if (req.rule !== undefined && !program.lintSeverity.has(req.rule)) {
    const hint = nearest(req.rule, program.lintSeverity.keys());
    const message = `rule: no lint rule ${JSON.stringify(req.rule)}${hint ? ` (did you mean ${hint}?)` : ""}; lintRules lists them`;
    refuse("invalid-selection", message);
  }
  const file = req.file === undefined ? undefined : resolveFileSelection(program, req.file);
  return items.filter(
    (f) =>
      (req.severity === undefined || SEVERITY_RANK[f.severity] <= SEVERITY_RANK[req.severity]) &&
      (req.rule === undefined || f.code === req.rule) &&
      (file === undefined || fileOf(f) === file),
  );
}

export function resolveFileSelection(program: Program, spelling: string): number {
  const index = program.resolveFile(spelling);
  if (index === undefined) {
    const hint = nearest(
      spelling,
      program.sources.map((s) => s.path),
    );
    const message = `file: ${JSON.stringify(spelling)} names no loaded source file${hint ? ` (did you mean ${hint}?)` : ""}`;
    refuse("invalid-selection", message);
  }
  return index;
}
