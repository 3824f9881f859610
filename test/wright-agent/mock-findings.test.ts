import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { LINT_BYTE_BOUND } from "../../src/wright-agent/mock/ops-findings.js";
import { defaultFixture, ok, refused, workspace } from "./helpers.js";

type F = { code: string; severity: string; span: { path: string } | null };

describe("finding selection", () => {
  const w = workspace();
  const svc = w.svc;

  it("without selection: a bare list, capped at 20 as {items, truncation}; all: true lifts the cap", async () => {
    const capped = await ok(svc, { op: "findings" });
    expect(capped.selection).toBeUndefined();
    expect(capped.findings.items).toHaveLength(20);
    expect(capped.findings.truncation).toEqual({
      total: 23,
      shown: 20,
      withheld: 3,
      limit: 20,
      reason: "count",
      expand: expect.stringMatching(/all: true/),
    });
    const all = await ok(svc, { op: "findings", all: true });
    expect(all.findings).toHaveLength(23);
    expect(all.truncation).toBeUndefined();
  });

  it("severity is a threshold; the selection reports total before selection, withheld by max and byCode before max", async () => {
    const warnings = await ok(svc, { op: "findings", severity: "warning" });
    expect(warnings.findings.map((f: F) => f.severity).sort()).toEqual([
      "error",
      "error",
      "warning",
      "warning",
      "warning",
      "warning",
    ]);
    expect(warnings.selection).toEqual({
      total: 23,
      withheld: 0,
      byCode: { "repeated-value": 3, "duplicate-condition": 1, "loop-without-wait": 2 },
    });
    const errors = await ok(svc, { op: "findings", severity: "error" });
    expect(errors.selection.byCode).toEqual({ "loop-without-wait": 2 });
    const two = await ok(svc, { op: "findings", severity: "warning", max: 2 });
    expect(two.findings).toHaveLength(2);
    expect(two.selection).toEqual({
      total: 23,
      withheld: 4,
      byCode: { "repeated-value": 3, "duplicate-condition": 1, "loop-without-wait": 2 },
    });
  });

  it("a selection without max still stops at the default cap, and says so", async () => {
    const info = await ok(svc, { op: "findings", severity: "info" });
    expect(info.findings).toHaveLength(20);
    expect(info.selection.withheld).toBe(3);
    expect(Object.values(info.selection.byCode as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(23);
    expect(info.truncation).toMatchObject({ total: 23, shown: 20, withheld: 3 });
    expect((await ok(svc, { op: "findings", severity: "info", all: true })).findings).toHaveLength(23);
    expect((await ok(svc, { op: "findings", severity: "info", max: 50 })).findings).toHaveLength(23);
  });

  it("rule selects one lint rule id; an unknown id is invalid-selection, a disabled one an empty success", async () => {
    const magic = await ok(svc, { op: "findings", rule: "magic-number" });
    expect(magic.findings).toHaveLength(14);
    expect(magic.selection).toEqual({ total: 23, withheld: 0, byCode: { "magic-number": 14 } });
    const unknown = await refused(svc, { op: "findings", rule: "magic-numbers" });
    expect(unknown.code).toBe("invalid-selection");
    expect(unknown.message).toMatch(/did you mean magic-number/);
    expect(await ok(svc, { op: "findings", rule: "long-wait" })).toMatchObject({
      findings: [],
      selection: { total: 23, withheld: 0, byCode: {} },
    });
  });

  it("file: every spelling of a loaded source selects the same set; a spelling naming no source is invalid-selection", async () => {
    const expected = await ok(svc, { op: "findings", file: "lib/waves.ws" });
    expect(expected.findings.length).toBeGreaterThan(0);
    expect(expected.findings.every((f: F) => f.span?.path === "lib/waves.ws")).toBe(true);
    for (const spelling of [
      "./lib/waves.ws",
      "lib//waves.ws",
      join(w.dir, "lib", "waves.ws"),
      pathToFileURL(join(w.dir, "lib/waves.ws")).href,
    ]) {
      expect(await ok(svc, { op: "findings", file: spelling }), spelling).toEqual(expected);
    }
    expect((await refused(svc, { op: "findings", file: "lib/wave.ws" })).code).toBe("invalid-selection");
    expect((await refused(svc, { op: "findings", file: join(w.dir, "..", "main.ws") })).code).toBe("invalid-selection");
  });

  it("filters combine before max", async () => {
    const r = await ok(svc, { op: "findings", severity: "warning", file: "main.ws", rule: "repeated-value", max: 1 });
    expect(r.findings).toHaveLength(1);
    expect(r.selection).toEqual({ total: 23, withheld: 1, byCode: { "repeated-value": 2 } });
  });

  it("findings carry full spans (no compact location: that is lint's), repeated data and fix transactions", async () => {
    const [repeated] = (await ok(svc, { op: "findings", rule: "repeated-value", max: 1 })).findings;
    expect(repeated).toMatchObject({
      repeated: { expression: "Count Of(All Players(All Teams))", count: 2, spanKind: "expression" },
      ruleAddress: "Tick#1",
      rule: 1,
      action: 1,
    });
    expect(repeated.location).toBeUndefined();
    expect(repeated.span).toMatchObject({
      path: "main.ws",
      start: { line: expect.any(Number), col: expect.any(Number) },
    });
    expect(repeated.fix.kind).toBe("evaluate-once");
    expect(repeated.fix.transaction.edits).toHaveLength(4);
  });
});

describe("lint", () => {
  it("verdict and counts come from the complete set; rules carry only id and effectiveSeverity", async () => {
    const { svc } = workspace();
    const lint = await ok(svc, { op: "lint" });
    expect(lint).toMatchObject({ ok: false, exit: 1, counts: { error: 2, warning: 4, info: 17 }, snapshot: 1 });
    expect(lint.rules).toContainEqual({ id: "long-wait", effectiveSeverity: "off" });
    expect(lint.rules).toContainEqual({ id: "magic-number", effectiveSeverity: "info" });
    expect(Object.keys(lint.rules[0])).toEqual(["id", "effectiveSeverity"]);
    expect(lint.skipped[0]).toMatchObject({ id: "repeated-value", rule: 9, ruleAddress: "Disabled cleanup" });
    const selected = await ok(svc, { op: "lint", severity: "info", rule: "unused-variable" });
    expect(selected).toMatchObject({ ok: false, exit: 1, counts: { error: 2, warning: 4, info: 17 } });
    expect(selected.findings).toHaveLength(3);
    expect(selected.findings[0]).toMatchObject({
      code: "unused-variable",
      severity: "info",
      location: expect.stringMatching(/^main\.ws:\d+:\d+$/),
    });
    expect(selected.findings[0].span).toBeUndefined(); // compact: spans and fix transactions live in findings
  });

  it("ok/exit follow fail_on: without error findings the lint passes", async () => {
    const f = defaultFixture();
    f.findings = f.findings.filter((x) => x.code !== "loop-without-wait");
    const { svc } = workspace(f);
    expect(await ok(svc, { op: "lint", max: 0 })).toMatchObject({ ok: true, exit: 0, counts: { error: 0 } });
    f.project.lintPolicy.failOn = "warning";
    const strict = workspace(f);
    expect(await ok(strict.svc, { op: "lint", max: 0 })).toMatchObject({ ok: false, exit: 1 });
  });

  it("bounds its compact result to 5,500 bytes by withholding findings; all: true lifts the bound", async () => {
    const f = defaultFixture();
    for (const x of f.findings) x.message = `${x.message}. ${"A long explanation of the finding. ".repeat(8)}`;
    const { svc } = workspace(f);
    const bounded = await ok(svc, { op: "lint" });
    expect(Buffer.byteLength(JSON.stringify(bounded))).toBeLessThanOrEqual(LINT_BYTE_BOUND);
    const shown = bounded.findings.items.length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(20);
    expect(bounded.findings.truncation).toEqual({
      total: 23,
      shown,
      withheld: 23 - shown,
      limit: LINT_BYTE_BOUND,
      reason: "bytes",
      expand: expect.any(String),
    });
    // One more finding would not have fit.
    const all = await ok(svc, { op: "lint", all: true });
    expect(all.findings).toHaveLength(23);
    expect(
      Buffer.byteLength(
        JSON.stringify({
          ...bounded,
          findings: { items: all.findings.slice(0, shown + 1), truncation: bounded.findings.truncation },
        }),
      ),
    ).toBeGreaterThan(LINT_BYTE_BOUND);

    const selected = await ok(svc, { op: "lint", severity: "info" });
    expect(Buffer.byteLength(JSON.stringify(selected))).toBeLessThanOrEqual(LINT_BYTE_BOUND);
    expect(selected.truncation.reason).toBe("bytes");
    expect(selected.selection.withheld).toBe(23 - selected.findings.length);
    expect(selected.selection.byCode).toEqual({
      "repeated-value": 3,
      "duplicate-condition": 1,
      "loop-without-wait": 2,
      "unused-variable": 3,
      "magic-number": 14,
    });
  });

  it("the default fixture's lint fits the bound without withholding by bytes", async () => {
    const { svc } = workspace();
    const lint = await ok(svc, { op: "lint" });
    expect(Buffer.byteLength(JSON.stringify(lint))).toBeLessThanOrEqual(LINT_BYTE_BOUND);
  });

  it("lintRules: full metadata, effective configuration, policy and skipped evaluations", async () => {
    const { svc } = workspace();
    const r = await ok(svc, { op: "lintRules" });
    expect(r.rules.find((x: { id: string }) => x.id === "magic-number")).toMatchObject({
      defaultSeverity: "warning",
      effectiveSeverity: "info",
      enabled: true,
    });
    expect(r.rules.find((x: { id: string }) => x.id === "long-wait")).toMatchObject({
      effectiveSeverity: "off",
      enabled: false,
    });
    expect(r.rules.find((x: { id: string }) => x.id === "repeated-value")).toMatchObject({
      fixable: true,
      rationale: expect.any(String),
      documentation: expect.any(String),
    });
    expect(r.policy).toEqual({
      configFile: null,
      ruleFiles: [],
      disabled: ["long-wait"],
      severityOverrides: { "magic-number": "info" },
      failOn: "error",
    });
    expect(r.skipped).toHaveLength(2);
  });
});

describe("costEstimate", () => {
  const { svc } = workspace();

  it("exact counts, the five largest rules against the budget, and the configured findings", async () => {
    const c = await ok(svc, { op: "costEstimate" });
    expect(c.exact).toMatchObject({ programRules: 14, globalVariables: 8, playerVariables: 4, subroutines: 3 });
    expect(c.exact.emittedBytes).toBeGreaterThan(1000);
    expect(c.elementCount.budget).toBe(32768);
    expect(c.elementCount.rules).toHaveLength(5);
    const counts = c.elementCount.rules.map((r: { count: number }) => r.count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect(c.elementCount.truncation).toMatchObject({ total: 14, shown: 5, withheld: 9, limit: 5 });
    expect(c.elementCount.rules[0]).toMatchObject({
      index: expect.any(Number),
      address: expect.any(String),
      span: { path: expect.any(String) },
    });
    const all = await ok(svc, { op: "costEstimate", all: true });
    expect(all.elementCount.rules).toHaveLength(14);
    expect(all.elementCount.total).toBe(
      all.elementCount.rules.reduce((n: number, r: { count: number }) => n + r.count, 0),
    );
    expect(c.findings).toHaveLength(20);
    expect(c.truncation).toMatchObject({ total: 23, shown: 20 });
    expect(all.findings).toHaveLength(23);
  });

  it("selection: severity and max apply; file resolves but selects nothing (costEstimate findings carry no selectable file)", async () => {
    const errors = await ok(svc, { op: "costEstimate", severity: "error" });
    expect(errors.findings).toHaveLength(2);
    expect(errors.selection).toEqual({ total: 23, withheld: 0, byCode: { "loop-without-wait": 2 } });
    expect((await ok(svc, { op: "costEstimate", file: "main.ws" })).findings).toEqual([]);
    expect((await refused(svc, { op: "costEstimate", file: "nope.ws" })).code).toBe("invalid-selection");
  });

  it("rule drill-down: statements ranked by count, byNode summing to the rule's count", async () => {
    const d = await ok(svc, { op: "costEstimate", rule: "Tick#1" });
    expect(d.rule.address).toBe("Tick#1");
    expect(d.byNode.reduce((n: number, x: { count: number }) => n + x.count, 0)).toBe(d.rule.count);
    const counts = d.statements.map((s: { count: number }) => s.count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect(d.statements[0]).toMatchObject({ name: "Set Global Variable", span: { path: "main.ws" } });
    expect((await refused(svc, { op: "costEstimate", rule: "Nope" })).code).toBe("unknown-rule");
  });

  it("an unavailable element count carries only the budget and names the reason; emission failure is null, never 0", async () => {
    const f = defaultFixture();
    f.cost = { elementCountUnavailable: "the workshop-rs element counter is not linked" };
    f.diagnostics = [{ code: "type-mismatch", severity: "error", message: "Wait expects a number", span: null }];
    const { svc: broken } = workspace(f);
    const c = await ok(broken, { op: "costEstimate" });
    expect(c.elementCount).toEqual({ budget: 32768 });
    expect(c.elementCountUnavailable).toMatch(/not linked/);
    expect(c.exact.emittedBytes).toBeNull();
    expect(c.exact.emittedBytesUnavailable).toMatch(/errors/);
  });
});
