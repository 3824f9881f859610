/**
 * The round-9 resolution checks (conformance/wright-agent/power-resolve.ts): our mock passes them;
 * mocks broken their way fail them. The mock is served in this process over stdio
 * (./wright-agent-ops-variants.ts runCheck); a broken variant swaps one handler of the mock.
 */
import { describe, expect, it } from "vitest";
import { powerResolveChecks } from "../../conformance/wright-agent/power-resolve.js";
import type * as C from "../../src/generated/wright-agent/types.js";
import { ToolRefusal } from "../../src/wright-agent/handlers.js";
import { runCheck } from "./wright-agent-ops-variants.js";

describe("wright-agent resolution power checks", () => {
  it("our mock passes them", async () => {
    for (const c of powerResolveChecks) expect(await runCheck(c.id), c.id).toEqual(["pass", undefined]);
  });

  it("a mock that answers an ambiguous name with its first candidate fails wright-agent/resolve-symbol-addresses", async () => {
    const [status, message] = await runCheck("wright-agent/resolve-symbol-addresses", (mock) => ({
      async usage(req: C.UsageRequest) {
        try {
          return await mock.handlers.usage(req);
        } catch (e) {
          const first =
            e instanceof ToolRefusal && e.code === "ambiguous-symbol" ? e.details.candidates?.[0] : undefined;
          if (!first) throw e;
          return mock.handlers.usage({ ...req, symbol: first.address });
        }
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("usage score (a global and a player variable): expected a refusal ambiguous-symbol");
  });

  it("a mock whose ambiguous-symbol refusals carry no candidates fails wright-agent/resolve-symbol-addresses", async () => {
    const [status, message] = await runCheck("wright-agent/resolve-symbol-addresses", (mock) => ({
      async usage(req: C.UsageRequest) {
        try {
          return await mock.handlers.usage(req);
        } catch (e) {
          if (e instanceof ToolRefusal && e.code === "ambiguous-symbol") throw new ToolRefusal(e.code, e.message);
          throw e;
        }
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("ambiguous-symbol must list every competing candidate");
  });

  it("a mock that lets a rule's name address its symbol fails wright-agent/resolve-symbol-addresses", async () => {
    const [status, message] = await runCheck("wright-agent/resolve-symbol-addresses", (mock) => ({
      async usage(req: C.UsageRequest) {
        if (typeof req.symbol !== "string" || !/^(rule:)?Init$/.test(req.symbol)) return mock.handlers.usage(req);
        const symbols = (await mock.handlers.symbols({ op: "symbols", all: true } as C.SymbolsRequest)) as {
          symbols: { id: number; kind: string; name: string }[];
          snapshot: number;
        };
        const rule = symbols.symbols.find((s) => s.kind === "rule" && s.name === "Init")!;
        return mock.handlers.usage({ ...req, symbol: rule.id, snapshot: symbols.snapshot });
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain(
      "usage Init (a rule's name: NAME matches non-rule symbols only): expected a refusal unknown-symbol",
    );
  });

  it("a mock that reads NAME#N off the start of a longer address fails wright-agent/resolve-rule-addresses", async () => {
    const [status, message] = await runCheck("wright-agent/resolve-rule-addresses", (mock) => ({
      async cfg(req: C.CfgRequest) {
        return mock.handlers.cfg(
          typeof req.rule === "string" ? { ...req, rule: req.rule.replace(/^(.*?#[1-9][0-9]*).+$/, "$1") } : req,
        );
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain(
      'cfg "Tick#1x" (no rule has that name or is that declaration): expected a refusal unknown-rule',
    );
  });

  it("a mock that fails an out-of-range rule index internally fails wright-agent/resolve-rule-addresses", async () => {
    const [status, message] = await runCheck("wright-agent/resolve-rule-addresses", (mock) => ({
      async cfg(req: C.CfgRequest) {
        if (typeof req.rule === "number" && req.rule >= mock.session.program().rules.length)
          throw new TypeError("Cannot read properties of undefined (reading 'cfg')");
        return mock.handlers.cfg(req);
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain(
      "one past the largest index rules issued: expected refusal code unknown-rule, got internal-error",
    );
  });

  it("a mock whose ambiguous-rule candidates are the bare name fails wright-agent/resolve-rule-addresses", async () => {
    const [status, message] = await runCheck("wright-agent/resolve-rule-addresses", (mock) => ({
      async cfg(req: C.CfgRequest) {
        try {
          return await mock.handlers.cfg(req);
        } catch (e) {
          if (e instanceof ToolRefusal && e.code === "ambiguous-rule")
            throw new ToolRefusal(e.code, e.message, {
              ...e.details,
              candidates: e.details.candidates?.map((c) => ({ ...c, address: String(req.rule) })),
            });
          throw e;
        }
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("cfg Tick: ambiguous-rule must list every competing candidate");
  });

  it("a mock that drops the selection member of a rule-only finding selection fails wright-agent/resolve-selection-shapes", async () => {
    const [status, message] = await runCheck("wright-agent/resolve-selection-shapes", (mock) => ({
      async findings(req: C.FindingsRequest) {
        const r = (await mock.handlers.findings(req)) as { selection?: unknown };
        if (req.rule === undefined || req.severity !== undefined || req.file !== undefined || req.max !== undefined)
          return r as C.FindingsResult;
        const { selection: _, ...rest } = r;
        return rest as C.FindingsResult;
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("reports selection {total 23, withheld 0");
  });

  it("a mock that caps a list of exactly 20 fails wright-agent/resolve-selection-shapes", async () => {
    const [status, message] = await runCheck("wright-agent/resolve-selection-shapes", (mock) => ({
      async findings(req: C.FindingsRequest) {
        const r = (await mock.handlers.findings(req)) as { findings: unknown };
        if (!Array.isArray(r.findings) || r.findings.length !== 20 || "selection" in r) return r as C.FindingsResult;
        return {
          ...r,
          findings: {
            items: r.findings,
            truncation: { total: 20, shown: 20, withheld: 0, limit: 20, reason: "count", expand: "pass all: true" },
          },
        } as unknown as C.FindingsResult;
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("20 findings are not capped");
  });

  it("a mock without truncation in a capped selection wrapper fails wright-agent/resolve-selection-shapes", async () => {
    const [status, message] = await runCheck("wright-agent/resolve-selection-shapes", (mock) => ({
      async findings(req: C.FindingsRequest) {
        const { truncation: _, ...rest } = (await mock.handlers.findings(req)) as { truncation?: unknown };
        return rest as C.FindingsResult;
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("so the wrapper carries truncation");
  });
});
