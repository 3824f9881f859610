/** The declared errors of the methods both versions have: (code, message) pairs a method may return. */
import type { ModelPair } from "../../engine/pair.js";
import type { Surface } from "../../model.js";

export interface ErrorChange {
  method: string;
  code: number;
  message: string;
  old: Surface;
  new: Surface;
}

export function errorChanges(p: ModelPair): { added: ErrorChange[]; removed: ErrorChange[] } {
  const added: ErrorChange[] = [];
  const removed: ErrorChange[] = [];
  for (const [so, sn] of p.both) {
    if (so.role !== "errors") continue;
    const mo = p.old.methods.get(so.owner!)!;
    const mn = p.new_.methods.get(sn.owner!)!;
    const key = (e: { code: number; message: string }) => `${e.code} ${e.message}`;
    const had = new Set(mo.errors.map(key));
    const has = new Set(mn.errors.map(key));
    for (const e of mn.errors) if (!had.has(key(e))) added.push({ method: mn.name, ...e, old: so, new: sn });
    for (const e of mo.errors) if (!has.has(key(e))) removed.push({ method: mo.name, ...e, old: so, new: sn });
  }
  return { added, removed };
}
