/**
 * The engine names path parameters by their place in the template (`{0}`), so that `/books/{bookId}`
 * and `/books/{id}` are one operation; a reader names them as the template does (`petId`), when every
 * operation a finding reaches agrees on the names.
 */
import type { Reach } from "../finding.js";

/** `{0}` -> `petId` in `s`, by the template of the operations `reaches` lists (left as is when they disagree). */
export function withParamNames(reaches: readonly Reach[], s: string): string {
  const templates = reaches
    .filter((r) => r.part === "path parameters")
    .map((r) => [...r.operation.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!).join("/"));
  if (!templates.length || new Set(templates).size !== 1) return s;
  const names = templates[0]!.split("/");
  return s.replace(/\{(\d+)\}/g, (m, i: string) => names[Number(i)] ?? m);
}
