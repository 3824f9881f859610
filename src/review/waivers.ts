/**
 * Registry waivers for undecided findings (decision 253): `waivers` in index.json name a contract
 * and either a finding id or a change kind, with a reason. A waived undecided finding becomes
 * needs-review (held to the additive bump rule, like any change someone reviewed by hand), keeps the
 * reason in `waived` and its evidence, and so no longer fails `diff` or `check` by itself.
 */
import { RegistryError, type Registry, type RegistryWaiver } from "../contracts/index.js";
import type { DiffReport } from "./diff.js";
import { worstVerdict, type Finding } from "./finding.js";
import { findKind } from "./kinds/index.js";

/** The registry's waivers for one contract; a waiver naming an unknown change kind is a registry error (exit 2). */
export function waiversFor(registry: Registry, contract: string): RegistryWaiver[] {
  checkWaiverKinds(registry);
  return (registry.waivers ?? []).filter((w) => w.contract === contract);
}

/** Refuses a waiver whose kind no change-kind unit has (a typo would otherwise waive nothing, silently). */
export function checkWaiverKinds(registry: Registry): void {
  for (const w of registry.waivers ?? [])
    if (w.kind !== undefined && !findKind(w.kind))
      throw new RegistryError(
        `${w.location}: waiver names unknown change kind "${w.kind}" (diff --list-kinds lists them)`,
      );
}

/**
 * Applies waivers to a report's undecided findings (a finding-id waiver before a kind waiver) and
 * recomputes its verdict; `used` collects the waivers that matched.
 */
export function applyWaivers(
  report: DiffReport,
  waivers: readonly RegistryWaiver[],
  used: Set<RegistryWaiver> = new Set(),
): DiffReport {
  if (waivers.length === 0) return report;
  let changed = false;
  const findings = report.findings.map((f): Finding => {
    if (f.verdict !== "undecided") return f;
    const w = waivers.find((x) => x.finding === f.id) ?? waivers.find((x) => x.kind === f.kind);
    if (!w) return f;
    used.add(w);
    changed = true;
    return {
      ...f,
      verdict: "needs-review",
      waived: { reason: w.reason, by: w.finding !== undefined ? "finding" : "kind", location: w.location },
      evidence: `${f.evidence} [undecided, waived by ${w.location}: ${w.reason}]`,
    };
  });
  return changed ? { ...report, verdict: worstVerdict(findings.map((f) => f.verdict)), findings } : report;
}

/** One line for a waiver that matched no undecided finding. */
export function unusedWaiverLine(w: RegistryWaiver): string {
  const what = w.finding !== undefined ? `finding ${w.finding}` : `kind ${w.kind}`;
  return `${w.location}: waiver for ${w.contract} ${what} matches no undecided finding: delete it`;
}
