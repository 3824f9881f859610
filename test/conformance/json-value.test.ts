import { describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { jsonValueSuite, type JsonValueTarget } from "../../conformance/json-value/suite.js";
import { branchValidators, jsonValueContractTarget, jsonValueTargets } from "../../conformance/json-value/targets.js";
import { runCheck, describeFailure } from "../../conformance/harness/runner.js";
import { defaultContext } from "../../conformance/harness/check.js";

const ctx = defaultContext();

for (const { name, target } of jsonValueTargets()) {
  describe(`json-value suite against ${name}`, () => {
    for (const check of jsonValueSuite.checks) {
      it(check.id, async () => {
        const r = await runCheck(check, target, ctx);
        // A target without a guard has nothing for the guard check to test: skipped, never passed.
        const expected = check.id === "json-value/guard-rejects-non-json" && !target.guard ? "skip" : "pass";
        expect(r.status, describeFailure(r)).toBe(expected);
      });
    }
  });
}

function fromSchema(schema: Record<string, unknown>): JsonValueTarget {
  const validate = new Ajv2020({ strict: false }).compile(schema);
  return { validate: (v) => validate(v), branches: branchValidators(schema) };
}
const ref = { $ref: "#" };

describe("json-value suite catches broken definitions", () => {
  it("a definition that forgot null fails thirteen-values (with the value as counterexample)", async () => {
    const t = fromSchema({
      oneOf: [
        { type: "boolean" },
        { type: "number" },
        { type: "string" },
        { type: "array", items: ref },
        { type: "object", additionalProperties: ref },
        { type: "object" },
      ],
    });
    const r = await runCheck(jsonValueSuite.checks[0]!, t, ctx);
    expect(r.status).toBe("fail");
    expect(r.counterexample).toBe(null);
  });
  it("overlapping integer/number branches fail branches-disjoint", async () => {
    const t = fromSchema({
      oneOf: [
        { type: "null" },
        { type: "boolean" },
        { type: "number" },
        { type: "integer" },
        { type: "string" },
        { type: ["array", "object"] },
      ],
    });
    const r = await runCheck(jsonValueSuite.checks.find((c) => c.id === "json-value/branches-disjoint")!, t, ctx);
    expect(r.status).toBe("fail");
    expect(r.message).toMatch(/exactly one branch/);
  });
  it("a guard that accepts NaN fails guard-rejects-non-json", async () => {
    const t: JsonValueTarget = { ...jsonValueContractTarget(), guard: (v) => v === v || typeof v === "number" };
    const r = await runCheck(jsonValueSuite.checks.find((c) => c.id === "json-value/guard-rejects-non-json")!, t, ctx);
    expect(r.status).toBe("fail");
  });
  it("a validator that rejects deep objects fails arbitrary-json with a shrunk counterexample", async () => {
    const t: JsonValueTarget = { validate: (v) => !(Array.isArray(v) && v.length > 1) };
    const r = await runCheck(jsonValueSuite.checks.find((c) => c.id === "json-value/arbitrary-json")!, t, ctx);
    expect(r.status).toBe("fail");
    expect(Array.isArray(r.counterexample)).toBe(true);
    expect(describeFailure(r)).toMatch(/seed: \d+/);
  });
});
