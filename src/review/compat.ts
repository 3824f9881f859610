/**
 * Compatibility of each registered contract against its registry history: the current document
 * is diffed against every history version (same `received` list), the registry's waivers are applied
 * to its undecided findings (waivers.ts), and the version bump must fit the verdict (semver.ts).
 * Used by `check`.
 */
import { loadContract, type Registry, type RegistryWaiver } from "../contracts/index.js";
import { diffContracts } from "./run-diff.js";
import { locateFindings } from "./report/locate.js";
import type { DiffReport } from "./diff.js";
import { checkBump, type BumpCheck } from "./semver.js";
import { applyWaivers, unusedWaiverLine, waiversFor } from "./waivers.js";

export interface HistoryResult {
  contract: string;
  from: string;
  to: string;
  report?: DiffReport;
  bump?: BumpCheck;
  /** Set when the comparison itself could not run (an invalid document...). */
  error?: string;
  ok: boolean;
}

export async function checkHistory(
  registry: Registry,
  options: { samples?: number; seed?: number; contracts?: string[]; usedWaivers?: Set<RegistryWaiver> } = {},
): Promise<HistoryResult[]> {
  const out: HistoryResult[] = [];
  for (const entry of registry.contracts) {
    if (options.contracts && !options.contracts.includes(entry.name)) continue;
    const waivers = waiversFor(registry, entry.name);
    for (const h of entry.history ?? []) {
      const base = { contract: entry.name, from: h.version, to: entry.version };
      try {
        const [old, cur] = [await loadContract(registry, entry, h.entry), await loadContract(registry, entry)];
        const broken = [...old.problems, ...cur.problems].filter(
          (p) => p.rule === "unresolved-ref" || p.rule === "parse" || p.rule === "load" || p.rule === "ref-cycle",
        );
        if (broken.length) {
          out.push({
            ...base,
            ok: false,
            error: `cannot compare: ${broken.map((p) => `${p.file}#${p.pointer} ${p.message}`).join("; ")}`,
          });
          continue;
        }
        const labels: [string, string] = [`${entry.name}@${h.version}`, `${entry.name}@${entry.version}`];
        const diffed = diffContracts(old, cur, {
          received: entry.received,
          samples: options.samples,
          seed: options.seed,
          labels,
        });
        // The same file, line and column as `diff` gives (decision 280), relative to the working folder.
        const cwd = process.cwd();
        const report = applyWaivers(
          locateFindings(diffed, {
            old: { label: labels[0], contract: old, base: cwd },
            new: { label: labels[1], contract: cur, base: cwd },
          }),
          waivers,
          options.usedWaivers,
        );
        const bump = checkBump(h.version, entry.version, report);
        out.push({ ...base, report, bump, ok: bump.ok });
      } catch (e) {
        out.push({ ...base, ok: false, error: (e as Error).message });
      }
    }
  }
  return out;
}

/** One line per change that decided a failed bump: where it is written (`file:line`), kind, path, and the counterexample. */
export function causeLines(r: HistoryResult): string[] {
  if (r.error) return [`${r.contract} ${r.from} -> ${r.to}: ${r.error}`];
  if (!r.report || !r.bump) return [];
  const lines = [`${r.contract}: ${r.bump.message}`];
  if (r.ok) return lines;
  const relevant = r.report.findings.filter((c) =>
    r.bump!.impact === "breaking" || r.bump!.impact === "undecided"
      ? c.verdict === "breaking" || c.verdict === "undecided"
      : c.verdict !== "compatible" || !["equivalent"].includes(c.kind),
  );
  for (const c of relevant.slice(0, 20)) {
    const at = c.subject.new ?? c.subject.old;
    const where = at?.line !== undefined ? `${at.file}:${at.line} ` : "";
    lines.push(
      `  ${where}${c.verdict} ${c.kind} at ${c.path}: ${c.evidence}${c.counterexample ? `; counterexample ${JSON.stringify(c.counterexample.payload)} (valid under ${c.counterexample.valid}, not under ${c.counterexample.invalid})` : ""}`,
    );
  }
  if (relevant.length > 20) lines.push(`  ... ${relevant.length - 20} more`);
  return lines;
}

/**
 * Lines for the registry's waivers of the given contracts that matched no undecided finding in any
 * of their comparisons (a comparison that could not run leaves its contract's waivers unjudged).
 */
export function unusedWaiverLines(
  registry: Registry,
  results: readonly HistoryResult[],
  used: ReadonlySet<RegistryWaiver>,
  contracts?: readonly string[],
): string[] {
  const unjudged = new Set(results.filter((r) => r.error).map((r) => r.contract));
  return (registry.waivers ?? [])
    .filter((w) => !used.has(w) && !unjudged.has(w.contract) && (!contracts || contracts.includes(w.contract)))
    .map(unusedWaiverLine);
}
