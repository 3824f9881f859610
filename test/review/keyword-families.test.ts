/**
 * The containment checker's keyword families (src/review/schema/families/): each module decides its
 * keywords, fires on a narrowing and stays quiet on a widening or an equal keyword; the checker's
 * handled-keyword list is derived from the modules, and a keyword outside it is undecided unless equal.
 */
import { describe, expect, it } from "vitest";
import { Containment } from "../../src/review/schema/containment.js";
import { SchemaContext } from "../../src/review/schema/context.js";
import { CORE_KEYWORDS, HANDLED_KEYWORDS, KEYWORD_FAMILIES } from "../../src/review/schema/families/index.js";

const check = (a: unknown, b: unknown) =>
  new Containment(new SchemaContext({}), new SchemaContext({})).check(a as never, b as never);
const aspects = (a: unknown, b: unknown) =>
  check(a, b).map(
    (f) =>
      `${f.steps.map((s) => (s.kind === "prop" ? `/${s.name}` : s.kind === "item" ? "/0" : `|${s.index}`)).join("")} ${f.aspect}${f.certain ? "" : "?"}`,
  );

/** Per family: a pair it must refute (the aspects it reports) and a pair it must prove. */
const CASES: Record<string, { fires: [unknown, unknown, string[]][]; quiet: [unknown, unknown][] }> = {
  numbers: {
    fires: [
      [{ type: "integer", minimum: 0 }, { type: "integer", minimum: 1 }, [" minimum"]],
      [{ type: "number", maximum: 10 }, { type: "number", exclusiveMaximum: 10 }, [" maximum", " maximum"]],
      [{ type: "integer", multipleOf: 2 }, { type: "integer", multipleOf: 3 }, [" multiple-of"]],
    ],
    quiet: [
      [
        { type: "integer", minimum: 1 },
        { type: "integer", minimum: 0 },
      ],
      [
        { type: "integer", multipleOf: 4 },
        { type: "integer", multipleOf: 2 },
      ],
    ],
  },
  strings: {
    fires: [
      [{ type: "string" }, { type: "string", maxLength: 3 }, [" max-length"]],
      [{ type: "string", minLength: 1 }, { type: "string", minLength: 2 }, [" min-length"]],
      [{ type: "string" }, { type: "string", pattern: "^a" }, [" pattern"]],
      [{ type: "string", format: "date" }, { type: "string", format: "email" }, [" format?"]],
    ],
    quiet: [
      [
        { type: "string", maxLength: 2 },
        { type: "string", maxLength: 3 },
      ],
      [{ type: "string", pattern: "^a" }, { type: "string" }],
    ],
  },
  arrays: {
    fires: [
      [
        { type: "array", items: { type: "integer" } },
        { type: "array", items: { type: "integer", minimum: 0 } },
        ["/0 minimum"],
      ],
      [{ type: "array" }, { type: "array", maxItems: 2 }, [" max-items"]],
      [{ type: "array" }, { type: "array", uniqueItems: true }, [" unique-items"]],
    ],
    quiet: [
      [
        { type: "array", items: { type: "integer", minimum: 0 }, minItems: 2 },
        { type: "array", items: { type: "integer" }, minItems: 1 },
      ],
    ],
  },
  objects: {
    fires: [
      [
        { type: "object", properties: { x: { type: "string" } } },
        { type: "object", required: ["x"], properties: { x: { type: "string" } } },
        [" required"],
      ],
      [
        { type: "object", properties: { x: { type: "string" } } },
        { type: "object", properties: { x: { type: "string", maxLength: 1 } } },
        ["/x max-length"],
      ],
      [
        { type: "object", properties: { x: {} } },
        { type: "object", properties: {}, additionalProperties: false },
        [" property", " additional-properties"],
      ],
      [{ type: "object" }, { type: "object", maxProperties: 1 }, [" max-properties"]],
    ],
    quiet: [
      [
        { type: "object", required: ["x"], properties: { x: { type: "string" } }, additionalProperties: false },
        { type: "object", properties: { x: { type: "string" } } },
      ],
    ],
  },
  applicators: {
    fires: [
      [{}, { not: { type: "string" } }, [" keyword?"]],
      [{ type: "object" }, { type: "object", dependentRequired: { a: ["b"] } }, [" keyword?"]],
      [{ type: "object" }, { type: "object", propertyNames: { maxLength: 3 } }, [" keyword?"]],
    ],
    quiet: [
      [{ type: "integer" }, { not: { type: "string" } }],
      [
        { type: "object", required: ["a", "b"] },
        { type: "object", dependentRequired: { a: ["b"] } },
      ],
      [
        { type: "integer", minimum: 1 },
        { if: { minimum: 0 }, then: { minimum: 1 } },
      ],
    ],
  },
};

describe("keyword families", () => {
  it("each family has cases here, and each keyword belongs to exactly one family or the core", () => {
    expect(KEYWORD_FAMILIES.map((f) => f.name).sort()).toEqual(Object.keys(CASES).sort());
    const all = [...CORE_KEYWORDS, ...KEYWORD_FAMILIES.flatMap((f) => f.keywords)];
    expect(new Set(all).size).toBe(all.length);
    expect([...HANDLED_KEYWORDS].sort()).toEqual(all.sort());
  });
  for (const family of KEYWORD_FAMILIES) {
    describe(family.name, () => {
      const { fires, quiet } = CASES[family.name]!;
      it.each(fires.map(([a, b, want]) => [JSON.stringify(b), a, b, want] as const))(
        "fires on %s",
        (_name, a, b, want) => {
          expect(aspects(a, b)).toEqual(want);
          // The family's keywords are the ones B narrowed.
          const used = Object.keys(b as object).filter((k) => family.keywords.includes(k));
          expect(used.length).toBeGreaterThan(0);
        },
      );
      it.each(quiet.map(([a, b]) => [JSON.stringify(b), a, b] as const))("stays quiet on %s", (_name, a, b) => {
        expect(aspects(a, b)).toEqual([]);
      });
    });
  }
  it("a keyword no family decides is undecided when B adds or changes it, quiet when equal on both sides", () => {
    expect(HANDLED_KEYWORDS.has("contains")).toBe(false);
    expect(aspects({ type: "array" }, { type: "array", contains: { type: "integer" } })).toEqual([" keyword?"]);
    expect(
      aspects({ type: "array", contains: { type: "integer" } }, { type: "array", contains: { type: "integer" } }),
    ).toEqual([]);
  });
});
