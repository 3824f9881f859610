/** Operation checks: lint and lintRules (verdict, counts, the policy). */
import { operationEntry } from "../../src/wright-agent/contract.js";
import { expect, fail, type Check } from "../harness/check.js";
import type { WrightAgentTarget } from "./target.js";
import { list, needsOwnFixture, obj, sameJson, serviceTransport } from "./util.js";
import { type Req, type Obj, answer, items, countBy, sorted, SEVERITY_RANK, spanOf } from "./ops-shared.js";

export const opsLint: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-lint",
  title: "lint: verdict and counts on the complete set, the compact bound, the policy lintRules reports",
  doc: "lint's counts count the findings (all), an error finding makes ok false and exit follows ok (0 / 1); without all its compact result stays within 5,500 UTF-8 bytes, and with all every finding is listed; severity and rule select as in findings (threshold, one code) with selection.total the whole set; lint's rules are lintRules' ids with their effective severities, a rule is enabled unless its severity is off, and config reports the same severities.",
  async run(target) {
    const t = await serviceTransport(target, ["lint", "lintRules", "findings"]);
    const l = await answer(target, t, { op: "lint" });
    const all = await answer(target, t, { op: "lint", all: true });
    const shown = items(all.findings);
    const findings = items((await answer(target, t, { op: "findings", all: true })).findings);
    expect(
      shown.length === findings.length,
      `lint {all: true} lists ${shown.length} findings, findings ${findings.length}`,
    );
    const c = countBy(findings, (f) => String(f.severity));
    for (const s of ["error", "warning", "info"])
      expect(
        (obj(l.counts)[s] ?? 0) === (c[s] ?? 0),
        `lint counts.${s} is ${String(obj(l.counts)[s])}, findings has ${c[s] ?? 0}`,
        l.counts,
      );
    if ((c.error ?? 0) > 0) expect(l.ok === false, "an error finding yields ok: false", l.ok);
    expect(l.exit === (l.ok ? 0 : 1), `lint exit ${String(l.exit)} does not follow ok ${String(l.ok)}`);
    expect(
      l.ok === all.ok && sameJson(l.counts, all.counts),
      "lint's verdict and counts are computed on the complete set, whatever is shown",
    );
    const bytes = Buffer.byteLength(JSON.stringify(l));
    expect(bytes <= 5500, `lint's compact result is ${bytes} bytes, over the 5,500-byte bound`);
    for (const severity of ["error", "warning"]) {
      const s = await answer(target, t, { op: "lint", severity, all: true });
      expect(
        items(s.findings).every((f) => (SEVERITY_RANK[String(f.severity)] ?? 9) <= SEVERITY_RANK[severity]!) &&
          items(s.findings).length ===
            findings.filter((f) => (SEVERITY_RANK[String(f.severity)] ?? 9) <= SEVERITY_RANK[severity]!).length,
        `lint {severity: ${severity}} must keep exactly the findings at or above it`,
        s.findings,
      );
      expect(
        obj(s.selection).total === findings.length,
        `lint {severity: ${severity}}: selection.total is ${String(obj(s.selection).total)}`,
      );
    }
    // Lint findings are the compact form of findings: code, severity, message, evidence, the owning rule's index and canonical address, a path:line:column location when mapped, repeated, fix kind and summary.
    const compact = (f: Obj) => ({
      code: f.code,
      severity: f.severity,
      message: f.message,
      evidence: f.evidence,
      rule: f.rule,
      ruleAddress: f.ruleAddress,
      location: spanOf(f.span)
        ? `${String(spanOf(f.span)!.path)}:${spanOf(f.span)!.start.line}:${spanOf(f.span)!.start.col}`
        : undefined,
      repeated: f.repeated ?? undefined,
      fix: f.fix ? { kind: obj(f.fix).kind, summary: obj(f.fix).summary } : undefined,
    });
    const lintCompact = (f: Obj) => ({
      code: f.code,
      severity: f.severity,
      message: f.message,
      evidence: f.evidence,
      rule: f.rule,
      ruleAddress: f.ruleAddress,
      location: f.location,
      repeated: f.repeated ?? undefined,
      fix: f.fix ? { kind: obj(f.fix).kind, summary: obj(f.fix).summary } : undefined,
    });
    expect(
      sameJson(
        sorted(shown.map((f) => JSON.stringify(lintCompact(f)))),
        sorted(findings.map((f) => JSON.stringify(compact(f)))),
      ),
      "lint's findings must be findings' in compact form (code, severity, message, evidence, rule and ruleAddress, location path:line:column, repeated, fix kind and summary)",
      { lint: shown.slice(0, 2), findings: findings.slice(0, 2) },
    );
    const capped = items(l.findings);
    expect(sameJson(capped, shown.slice(0, capped.length)), "lint without all shows a prefix of the complete list");
    const trunc = obj(Array.isArray(l.findings) ? l.truncation : obj(l.findings).truncation);
    if (capped.length < shown.length) {
      expect(
        trunc.total === shown.length && trunc.withheld === shown.length - capped.length,
        `lint withholds ${shown.length - capped.length} findings but its truncation reports ${JSON.stringify(trunc)}`,
      );
      const next = Buffer.byteLength(JSON.stringify(shown[capped.length])) + 1;
      expect(
        capped.length >= 20 || bytes + next > 5500 - 16,
        `lint shows ${capped.length} findings in ${bytes} bytes: the next one (${next} bytes) still fits the 5,500-byte bound`,
      );
    }
    const lr = await answer(target, t, { op: "lintRules" });
    const registered = items(lr.rules);
    expect(
      sameJson(
        items(l.rules).map((r) => [r.id, r.effectiveSeverity]),
        registered.map((r) => [r.id, r.effectiveSeverity]),
      ),
      "lint's rules must be lintRules' ids with their effective severities",
      { lint: l.rules, lintRules: registered.map((r) => [r.id, r.effectiveSeverity]) },
    );
    for (const r of registered) {
      expect(
        r.enabled === (r.effectiveSeverity !== "off"),
        `lintRules ${String(r.id)}: enabled ${String(r.enabled)} with severity ${String(r.effectiveSeverity)}`,
        r,
      );
      for (const cfg of [l.config, lr.config]) {
        const entry = obj(obj(obj(cfg).rules)[String(r.id)]);
        if (cfg !== undefined)
          expect(
            entry.severity === r.effectiveSeverity && entry.enabled === r.enabled,
            `config of ${String(r.id)} is ${JSON.stringify(entry)}, lintRules reports ${String(r.effectiveSeverity)}`,
          );
      }
    }
    expect(sameJson(l.skipped, lr.skipped), "lint and lintRules disclose different skipped evaluations", {
      lint: l.skipped,
      lintRules: lr.skipped,
    });
  },
};

export const opsLintPolicy: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-lint-policy",
  title:
    "(our fixture) lint's verdict follows the policy's failOn; lint's file and severity selection; lintRules and costEstimate validate",
  doc: "The seed: \"--fail-on <LEVEL> configures SessionConfig.fail_on\" (the fixture's lintPolicy.failOn): lint is ok exactly when no finding is at or above failOn, exit 1 otherwise, on the complete set. lint {file} keeps that file's findings (their location's path), lint {severity} reports selection.byCode counting the selected findings by code; lintRules and costEstimate {severity, max: 1} answer results that validate against their schemas. Edited on disk (restored after): every error rule overridden to warning, with failOn error, warning and info.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, ["lint", "lintRules", "findings", "costEstimate", "project"]);
    const valid = async (request: Req) => {
      const r = await answer(target, t, request);
      const validate = operationEntry(request.op)!.validateResult;
      expect(validate(r), `${JSON.stringify(request)} does not validate against its result schema`, {
        r,
        errors: validate.errors,
      });
      return r;
    };
    await valid({ op: "lintRules" });
    const cost = await valid({ op: "costEstimate", severity: "info", max: 1 });
    const everything = items((await answer(target, t, { op: "costEstimate", all: true })).findings);
    expect(
      items(cost.findings).length === Math.min(1, everything.length) && obj(cost.selection).total === everything.length,
      "costEstimate {severity, max: 1} shows one finding and reports the selection's total",
      cost,
    );
    const all = items((await answer(target, t, { op: "lint", all: true })).findings);
    for (const path of items((await answer(target, t, { op: "project" })).sourceFiles).map((f) => String(f.path))) {
      const got = items((await answer(target, t, { op: "lint", file: path, all: true })).findings);
      expect(
        sameJson(
          got,
          all.filter((f) => String(f.location ?? "").startsWith(`${path}:`)),
        ),
        `lint {file: ${path}} must keep exactly that file's findings`,
        got,
      );
    }
    const sel = await answer(target, t, { op: "lint", severity: "info", all: true });
    if (obj(sel.selection).byCode !== undefined)
      expect(
        sameJson(
          obj(obj(sel.selection).byCode),
          countBy(items(sel.findings), (f) => String(f.code)),
        ),
        "lint {severity}: selection.byCode must count the selected findings by code",
        sel.selection,
      );
    const base = JSON.parse(target.config.fixture!.text) as Record<string, any>;
    try {
      for (const failOn of ["error", "warning", "info"]) {
        const f = structuredClone(base);
        f.project.lintPolicy.failOn = failOn;
        // No error findings: every rule that would report errors reports warnings.
        for (const r of f.lintRules as { id: string; defaultSeverity: string }[])
          if ((f.project.lintPolicy.severityOverrides[r.id] ?? r.defaultSeverity) === "error")
            f.project.lintPolicy.severityOverrides[r.id] = "warning";
        target.writeFixture(JSON.stringify(f));
        const findings = items((await answer(target, t, { op: "findings", all: true })).findings);
        const l = await answer(target, t, { op: "lint" });
        const fails = findings.some((x) => (SEVERITY_RANK[String(x.severity)] ?? 9) <= SEVERITY_RANK[failOn]!);
        expect(
          l.ok === !fails && l.exit === (fails ? 1 : 0),
          `with failOn ${failOn}, lint must be ok exactly when no finding is at or above it (${findings.length} findings)`,
          { ok: l.ok, exit: l.exit, severities: findings.map((x) => x.severity) },
        );
      }
    } finally {
      target.restoreFixture();
    }
  },
};
