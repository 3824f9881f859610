/**
 * json-value: a JsonValue definition (validator + guard) admits every JSON value, and its six
 * branches are pairwise disjoint, so `oneOf` admits exactly what a missing `type` admitted
 * (frame-wire amendment 1).
 */
import fc from "fast-check";
import { expect, property, SkipCheck, type Suite } from "../harness/check.js";

export interface JsonValueTarget {
  /** The validator under test for the JsonValue definition. */
  validate(value: unknown): boolean;
  /** One validator per `oneOf` branch, when the definition is a `oneOf` (for disjointness). */
  branches?: ((value: unknown) => boolean)[];
  /** A type guard under test (TypeScript side), if the target has one. */
  guard?(value: unknown): boolean;
}

/** The thirteen values of the frame-wire 1.3.0 amendment. */
export const THIRTEEN_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  42,
  -1,
  3.5,
  "",
  "str",
  [],
  [1, { a: 1 }],
  {},
  { a: { b: [null] } },
];

const json = fc.jsonValue({ maxDepth: 4 });

function acceptsAll(target: JsonValueTarget, value: unknown): void {
  expect(target.validate(value), "the validator rejects a JSON value", value);
  if (target.guard) expect(target.guard(value), "the guard rejects a JSON value", value);
}

function exactlyOneBranch(target: JsonValueTarget, value: unknown): void {
  const hits = target.branches!.map((b, i) => (b(value) ? i : -1)).filter((i) => i >= 0);
  expect(hits.length === 1, `expected exactly one branch to accept, got [${hits.join(", ")}]`, value);
}

export const jsonValueSuite: Suite<JsonValueTarget> = {
  name: "json-value",
  description: "JsonValue permissiveness and branch disjointness.",
  checks: [
    {
      id: "json-value/thirteen-values",
      title: "The amendment's thirteen values are valid",
      doc: 'null, true, false, 0, 42, -1, 3.5, "", "str", [], [1,{"a":1}], {} and {"a":{"b":[null]}} are each accepted by the validator and the guard.',
      run(target) {
        for (const v of THIRTEEN_VALUES) acceptsAll(target, v);
      },
    },
    {
      id: "json-value/arbitrary-json",
      title: "Arbitrary JSON is valid",
      doc: "Every value fast-check's JSON generator produces is accepted by the validator and the guard.",
      run: (target, ctx) => property(ctx, 500, json, (v) => acceptsAll(target, v)),
    },
    {
      id: "json-value/branches-disjoint",
      title: "The six branches are pairwise disjoint",
      doc: "For the thirteen values and arbitrary JSON exactly one `oneOf` branch accepts, so oneOf's exactly-one rule admits every JSON value.",
      async run(target, ctx) {
        expect(
          target.branches && target.branches.length === 6,
          `expected six branches, got ${target.branches?.length ?? "none"}`,
        );
        for (const v of THIRTEEN_VALUES) exactlyOneBranch(target, v);
        await property(ctx, 300, json, (v) => exactlyOneBranch(target, v));
      },
    },
    {
      id: "json-value/guard-rejects-non-json",
      title: "The guard rejects what JSON cannot carry",
      doc: "undefined, NaN, ±Infinity, functions, symbols, bigints, class instances and cyclic structures are not JSON values.",
      run(target) {
        if (!target.guard) throw new SkipCheck("the target has no type guard");
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        const bad: unknown[] = [
          undefined,
          NaN,
          Infinity,
          -Infinity,
          () => 1,
          Symbol("s"),
          1n,
          new Date(0),
          new Map(),
          [undefined],
          { a: undefined },
          cyclic,
          [1, [2, NaN]],
        ];
        for (const v of bad) expect(!target.guard(v), "the guard accepts a non-JSON value", String(v));
      },
    },
  ],
};
