/**
 * "compatible" only when proved: the four real breaks that once passed as compatible (a conditional
 * with propertyNames, a change inside `not`, an added dependentSchemas, an added patternProperties),
 * and the structural rules that now decide such keywords when they can.
 */
import { describe, expect, it } from "vitest";
import { Containment } from "../../src/review/schema/containment.js";
import { SchemaContext } from "../../src/review/schema/context.js";
import { diff, json, openapi } from "./openapi-helpers.js";

const body = (schema: unknown) =>
  openapi({ paths: { "/a": { post: { requestBody: json(schema), responses: { "200": { description: "ok" } } } } } });
const contained = (a: unknown, b: unknown) => {
  const ca = new SchemaContext({});
  const cb = new SchemaContext({});
  return new Containment(ca, cb).check(a as any, b as any);
};

describe("never compatible without a proof", () => {
  const breaks: [string, unknown, unknown][] = [
    [
      "if/then/else with propertyNames",
      { type: "object" },
      { type: "object", if: { required: ["kind"] }, then: { propertyNames: { pattern: "^[a-z]+$" } } },
    ],
    ["a change inside not", { type: "string", not: { const: "a" } }, { type: "string", not: { pattern: "^a" } }],
    [
      "an added dependentSchemas",
      { type: "object" },
      { type: "object", dependentSchemas: { card: { required: ["billing"] } } },
    ],
    [
      "an added patternProperties",
      { type: "object" },
      { type: "object", patternProperties: { "^x-": { type: "string" } } },
    ],
  ];
  for (const [name, a, b] of breaks) {
    it(`${name}: breaking or needs-review, never compatible`, () => {
      const r = diff(body(a), body(b), 200);
      expect(r.verdict).not.toBe("compatible");
      for (const c of r.findings.filter((x) => x.verdict === "breaking")) expect(c.counterexample).toBeDefined();
    });
  }
});

describe("the applicator family decides what it can", () => {
  it("not: proved when A avoids what B forbids; not when they overlap", () => {
    expect(contained({ type: "integer" }, { not: { type: "string" } })).toEqual([]);
    expect(contained({ type: "string" }, { not: { type: "string" } }).length).toBeGreaterThan(0);
  });
  it("if/then/else: proved when A meets both branches, or the one its values select", () => {
    expect(
      contained({ type: "object", required: ["a", "b"] }, { if: { required: ["a"] }, then: { required: ["b"] } }),
    ).toEqual([]);
    expect(
      contained({ type: "string" }, { if: { type: "object" }, then: { required: ["b"] }, else: { type: "string" } }),
    ).toEqual([]);
    expect(
      contained({ type: "object" }, { if: { required: ["a"] }, then: { required: ["b"] } }).length,
    ).toBeGreaterThan(0);
  });
  it("dependentSchemas / dependentRequired: proved when A never has the member, or always meets the dependency", () => {
    expect(
      contained(
        { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
        { dependentSchemas: { card: { required: ["billing"] } } },
      ),
    ).toEqual([]);
    expect(contained({ type: "object", required: ["billing"] }, { dependentRequired: { card: ["billing"] } })).toEqual(
      [],
    );
    expect(contained({ type: "object" }, { dependentRequired: { card: ["billing"] } }).length).toBeGreaterThan(0);
  });
  it("patternProperties / propertyNames: proved for a closed A whose names the pattern does not touch", () => {
    const closed = { type: "object", properties: { name: { type: "string" } }, additionalProperties: false };
    expect(contained(closed, { patternProperties: { "^x-": { type: "integer" } } })).toEqual([]);
    expect(contained(closed, { propertyNames: { pattern: "^[a-z]+$" } })).toEqual([]);
    expect(
      contained(
        { ...closed, properties: { "x-a": { type: "string" } } },
        { patternProperties: { "^x-": { type: "integer" } } },
      ).length,
    ).toBeGreaterThan(0);
    expect(contained({ type: "object" }, { propertyNames: { pattern: "^[a-z]+$" } }).length).toBeGreaterThan(0);
  });
});
