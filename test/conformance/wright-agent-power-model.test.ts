/**
 * The wright-agent model checks added to kill mutation survivors (conformance/wright-agent/
 * power-model.ts, power-model-edits.ts, power-model-fixture.ts): our mock passes them; mocks broken their way fail them. The mock is served in
 * this process over stdio (./wright-agent-ops-variants.ts runCheck); a broken variant swaps one
 * handler of the mock.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { powerModelChecks } from "../../conformance/wright-agent/power-model.js";
import type * as C from "../../src/generated/wright-agent/types.js";
import { validateWrightAgentFixture } from "../../src/generated/wright-agent-fixture/validators.js";
import { sha256Hex } from "../../src/wright-agent/mock/text.js";
import { runCheck } from "./wright-agent-ops-variants.js";

describe("wright-agent model power checks", () => {
  it("our mock passes them", async () => {
    for (const c of powerModelChecks) expect(await runCheck(c.id), c.id).toEqual(["pass", undefined]);
  });

  it("a mock that ignores source_identity fails wright-agent/edit-transactions", async () => {
    const [status, message] = await runCheck("wright-agent/edit-transactions", (mock) => ({
      async validateEditTransaction(req: C.ValidateEditTransactionRequest) {
        const p = mock.session.program();
        const edits = req.transaction.edits.map((e) => ({
          ...e,
          source_identity: sha256Hex(p.sources.find((s) => s.path === e.source)?.text ?? ""),
        }));
        return mock.handlers.validateEditTransaction({ ...req, transaction: { edits } as C.EditTransaction });
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("source_identity is not the current text");
  });

  it("a mock that reads ./-prefixed file selections as no selection fails wright-agent/file-selection", async () => {
    const [status, message] = await runCheck("wright-agent/file-selection", (mock) => ({
      async findings(req: C.FindingsRequest) {
        return mock.handlers.findings(req.file?.startsWith("./") ? { ...req, file: undefined } : req);
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain('findings file "./main.ws"');
  });

  it("a mock whose lintRules ignores the policy fails wright-agent/lint-policy", async () => {
    const [status, message] = await runCheck("wright-agent/lint-policy", (mock) => ({
      async lintRules(req: C.LintRulesRequest) {
        const r = await mock.handlers.lintRules(req);
        return { ...r, rules: r.rules.map((x) => ({ ...x, effectiveSeverity: x.defaultSeverity })) };
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("effectiveSeverity must be");
  });

  it("a mock whose project lists the entry file last fails wright-agent/project-facts", async () => {
    const [status, message] = await runCheck("wright-agent/project-facts", (mock) => ({
      async project(req: C.ProjectRequest) {
        const r = await mock.handlers.project(req);
        return { ...r, sourceFiles: [...r.sourceFiles].reverse() };
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("the entry main.ws first");
  });

  it("a mock that checks the fixture's schema only (no cross-checks) fails wright-agent/fixture-validity", async () => {
    const [status, message] = await runCheck("wright-agent/fixture-validity", (mock) => ({
      async symbols(req: C.SymbolsRequest) {
        try {
          return await mock.handlers.symbols(req);
        } catch (e) {
          // Schema-valid JSON is served (as an empty program), whatever its cross-references say.
          let value: unknown;
          try {
            value = JSON.parse(readFileSync(mock.session.fixturePath, "utf8"));
          } catch {
            throw e;
          }
          if (!validateWrightAgentFixture(value)) throw e;
          return { symbols: [], snapshot: 1 } as unknown as C.SymbolsResult;
        }
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("the entry is not among the sources");
  });

  it("a mock whose findings drop their rule addresses fails wright-agent/finding-facts", async () => {
    const [status, message] = await runCheck("wright-agent/finding-facts", (mock) => ({
      async findings(req: C.FindingsRequest) {
        const r = (await mock.handlers.findings(req)) as { findings: C.Finding[] };
        return { ...r, findings: r.findings.map((x) => ({ ...x, ruleAddress: null })) } as unknown as C.FindingsResult;
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("ruleAddress must be that rule's canonical address");
  });

  it("a mock that keeps serving the cfg it answered first (not the edited fixture's) fails wright-agent/fixture-facts-served", async () => {
    const [status, message] = await runCheck("wright-agent/fixture-facts-served", (mock) => {
      const first = new Map<string, C.CfgResult>();
      return {
        async cfg(req: C.CfgRequest) {
          const key = JSON.stringify([req.rule, req.kind, req.max, req.all]);
          const r = first.get(key) ?? (await mock.handlers.cfg(req));
          first.set(key, r);
          return r;
        },
      };
    });
    expect(status).toBe("fail");
    expect(message).toContain("must serve the fixture's cfg");
  });
});
