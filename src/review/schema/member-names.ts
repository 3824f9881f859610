/**
 * Member names against `patternProperties` keys: whether a name matches a key (the linear matcher,
 * decision 252), and a name a key matches that no other listed name or key does (the pattern
 * inclusion walk's witness, decision 276), so a member governed only by that key can be shown.
 */
import { compilePattern } from "../../schema/pattern.js";
import { patternIncluded } from "./pattern-inclusion.js";

/** Whether `name` matches pattern `p`; undefined when the pattern cannot be run in linear time. */
export function nameMatches(p: string, name: string, unicode: boolean): boolean | undefined {
  const re = compilePattern(p, unicode);
  return re.kind === "linear" ? re.test(name) : undefined;
}

/** Whether some listed pattern matches `name`: true, false, or undefined when one cannot be run. */
export function anyMatches(patterns: string[], name: string, unicode: boolean): boolean | undefined {
  let unknown = false;
  for (const p of patterns) {
    const m = nameMatches(p, name, unicode);
    if (m === true) return true;
    if (m === undefined) unknown = true;
  }
  return unknown ? undefined : false;
}

const SYNTAX = /[\^$\\.*+?()[\]{}|/]/g;

/**
 * The shortest name `p` matches that is none of `names` and matches none of `others`; null when
 * there is none (every such name is listed or matched elsewhere), undefined when the walk cannot tell.
 */
export function loneName(p: string, names: string[], others: string[], unicode: boolean): string | null | undefined {
  const parts = [
    ...(names.length > 0 ? [`^(?:${names.map((n) => n.replace(SYNTAX, "\\$&")).join("|")})$`] : []),
    ...others.map((o) => `(?:${o})`),
  ];
  const r = patternIncluded(p, parts.length > 0 ? parts.join("|") : "[^\\s\\S]", unicode);
  return r.kind === "refuted" ? r.witness : r.kind === "contained" ? null : undefined;
}

/** Whether every name `p` matches is matched by some of `others` (false when it cannot be shown). */
export function namesCovered(p: string, others: string[], unicode: boolean): boolean {
  return others.length > 0 && patternIncluded(p, others.map((o) => `(?:${o})`).join("|"), unicode).kind === "contained";
}
