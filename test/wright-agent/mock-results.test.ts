import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { definitionValidator, OPERATIONS } from "../../src/wright-agent/contract.js";
import { ok, refused, workspace } from "./helpers.js";

describe("every operation's results validate against its result schema", () => {
  it("covers all 24 operations, several shapes each", async () => {
    const w = workspace();
    const identity = (await ok(w.svc, { op: "project" })).inputIdentity as string;
    const [fix] = (await ok(w.svc, { op: "findings", rule: "duplicate-condition" })).findings;
    const requests: Record<string, unknown>[] = [
      { op: "capabilities" },
      { op: "compile" },
      { op: "compile", to: "fr-FR", output: "fr.ow" },
      { op: "check" },
      { op: "check", all: true },
      { op: "analyze" },
      { op: "analyze", severity: "error", all: true },
      { op: "inspect" },
      { op: "project" },
      { op: "rules" },
      { op: "rules", content: true },
      { op: "rules", rule: "Init", content: true },
      { op: "symbols" },
      { op: "symbols", kind: "rule", all: true },
      { op: "symbols", file: "main.ws", max: 3 },
      { op: "references", symbol: "subroutine:SpawnWave" },
      { op: "references", symbol: "playerVariable:score", kind: "read", max: 1 },
      { op: "usage", symbol: "AwardPoints" },
      { op: "cfg", rule: "Tick#2#1" },
      { op: "cfg", rule: "Player died", kind: "block", max: 1 },
      { op: "findings" },
      { op: "findings", all: true },
      { op: "findings", severity: "error" },
      { op: "persistentObjects" },
      { op: "lint" },
      { op: "lint", rule: "magic-number", max: 2 },
      { op: "lintRules" },
      { op: "callGraph" },
      { op: "callGraph", callee: "SpawnWave", max: 1 },
      { op: "costEstimate" },
      { op: "costEstimate", severity: "warning", all: true },
      { op: "costEstimate", rule: "Award points" },
      { op: "targetMetadata" },
      { op: "validateEditTransaction", transaction: fix.fix.transaction },
      {
        op: "validateEditTransaction",
        transaction: { edits: [{ ...fix.fix.transaction.edits[0], source_identity: "0".repeat(64) }] },
      },
      { op: "providerValidateEdit", language_id: "opy", transaction: fix.fix.transaction },
      { op: "editStatements", inputIdentity: identity, edits: [{ rule: "Init", op: "delete", index: 0 }] },
      { op: "editStatements", inputIdentity: "0".repeat(64), edits: [{ rule: "Init", op: "delete", index: 0 }] },
      { op: "lookup", language: "workshop", query: "count" },
      { op: "lookup", language: "opy", query: "wait" },
      { op: "listEntries", language: "workshop", kind: "value", pageSize: 4 },
      { op: "listEntries", language: "opy", kind: "action" },
      { op: "simulate", inputIdentity: identity, seconds: 5 },
      { op: "simulate", inputIdentity: "0".repeat(64), scenario: {} },
    ];
    const seen = new Set<string>();
    for (const r of requests) {
      await ok(w.svc, r); // validates the result against the op's result schema
      seen.add(String(r.op));
    }
    expect([...seen].sort()).toEqual(OPERATIONS.map((o) => o.op).sort());
  });

  it("the result validators reject a wrong shape (the assertion can fail)", () => {
    expect(
      definitionValidator("SymbolsResult")({ symbols: [{ id: 0, name: "x", kind: "local", span: null }], snapshot: 1 }),
    ).toBe(false);
    expect(definitionValidator("LintResult")({ ok: true })).toBe(false);
    expect(
      definitionValidator("CompileResult")({
        wright: { version: "1", contract: "wright-result/v1" },
        command: "check",
        ok: true,
        exit: 0,
        diagnostics: [],
        result: {},
      }),
    ).toBe(false);
    expect(
      definitionValidator("CompileResult")({
        wright: { version: "1", contract: "wright-result/v1" },
        command: "compile",
        ok: true,
        exit: 0,
        diagnostics: [],
        result: {},
      }),
    ).toBe(true);
  });
});

describe("capabilities and the advertised operation set", () => {
  it("reports the contract ids, every operation and its result schema, languages, profiles and athena_version", async () => {
    const { svc } = workspace();
    const c = await ok(svc, { op: "capabilities" });
    expect(c).toMatchObject({
      name: "wright-agent-mock",
      agent_contract: "wright-agent/v1",
      contract: "wright-result/v1",
      languages: ["workshop", "opy"],
      profiles: ["off", "compat"],
      athena_version: "0.7.3",
    });
    expect(c.operations).toEqual(OPERATIONS.map((o) => o.op));
    // #/$defs/<Name>, naming a definition this document has.
    expect(c.result_schemas.findings).toBe("#/$defs/FindingsResult");
    for (const name of Object.values(c.result_schemas) as string[])
      expect(() => definitionValidator(name.slice("#/$defs/".length))).not.toThrow();
    expect(Object.keys(c.result_schemas)).toEqual(c.operations);
  });

  it("a service advertising fewer operations refuses the others as malformed-request", async () => {
    const { svc } = workspace(undefined, { operations: ["capabilities", "findings"] });
    expect((await ok(svc, { op: "capabilities" })).operations).toEqual(["capabilities", "findings"]);
    expect((await refused(svc, { op: "lint" })).code).toBe("malformed-request");
    await ok(svc, { op: "findings" });
  });

  it("advertising an operation the contract does not have fails at startup", () => {
    expect(() => workspace(undefined, { operations: ["capabilities", "teleport"] })).toThrow(/no such operation/);
  });
});

describe("robustness", () => {
  const { svc } = workspace();
  const response = definitionValidator("ToolResponse");
  const opNames = OPERATIONS.map((o) => o.op);
  const value = fc.oneof(
    fc.constantFrom(null, true, 0, -1, 2.5, "", "Init", "Tick#2", "score", "main.ws", "error", "x".repeat(70)),
    fc.integer({ min: -3, max: 40 }),
    fc.string({ maxLength: 8 }),
  );
  const member = fc.constantFrom(
    "rule",
    "symbol",
    "snapshot",
    "max",
    "all",
    "file",
    "severity",
    "kind",
    "caller",
    "callee",
    "content",
    "to",
    "language",
    "query",
    "cursor",
    "pageSize",
    "name",
    "__proto__",
    "constructor",
  );
  const request = fc.record({
    op: fc.constantFrom(...opNames, "nope"),
    extra: fc.dictionary(
      member,
      fc.oneof(
        value,
        fc.array(value, { maxLength: 2 }),
        fc.dictionary(fc.string({ maxLength: 3 }), value, { maxKeys: 2 }),
      ),
      { maxKeys: 4 },
    ),
  });

  it("random requests always get a valid ToolResponse, never a throw, never prototype pollution", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          request.map((r) => ({ ...r.extra, op: r.op })),
          fc.jsonValue({ maxDepth: 3 }),
        ),
        async (raw) => {
          const res = await svc.handle(raw);
          expect(response(res), JSON.stringify(res).slice(0, 300)).toBe(true);
          if ("error" in res) expect(res.error.code).not.toBe("internal-error");
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
      { seed: 424242, numRuns: process.env.CONTRACT_SUITE_FULL ? 3000 : 300 },
    );
  });
});
