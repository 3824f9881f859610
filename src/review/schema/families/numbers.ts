/** Numeric bounds and `multipleOf`: B's bound must not cut into A's range; B's multiple must divide A's. */
import type { FamilyContext, Difference } from "../difference.js";
import type { JsonType, Schema, SchemaNode } from "../keywords.js";
import { num, type KeywordFamily } from "./family.js";

export const numbers: KeywordFamily = {
  name: "numbers",
  keywords: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  types: ["integer", "number"],
  findings(fc: FamilyContext, a: Schema, b: Schema, aT: SchemaNode, _depth: number, t?: JsonType): Difference[] {
    const out: Difference[] = [];
    const integer = t === "integer";
    const loA = lower(a);
    const loB = lower(b);
    if (loB && (!loA || loA.v < loB.v || (loA.v === loB.v && !loA.excl && loB.excl))) {
      const hints = loA
        ? [loA.excl ? (integer ? Math.floor(loA.v) + 1 : loA.v + 0.5) : loA.v]
        : [loB.excl ? loB.v : loB.v - 1, loB.v - 0.5];
      out.push(
        fc.finding(
          [],
          "minimum",
          true,
          `{A} allows ${loA ? `values from ${loA.excl ? "above " : ""}${loA.v}` : "any lower value"}; {B}'s lower bound is ${loB.excl ? "above " : ""}${loB.v}`,
          aT,
          b,
          hints,
        ),
      );
    }
    const hiA = upper(a);
    const hiB = upper(b);
    if (hiB && (!hiA || hiA.v > hiB.v || (hiA.v === hiB.v && !hiA.excl && hiB.excl))) {
      const hints = hiA
        ? [hiA.excl ? (integer ? Math.ceil(hiA.v) - 1 : hiA.v - 0.5) : hiA.v]
        : [hiB.excl ? hiB.v : hiB.v + 1, hiB.v + 0.5];
      out.push(
        fc.finding(
          [],
          "maximum",
          true,
          `{A} allows ${hiA ? `values up to ${hiA.v}` : "any higher value"}; {B}'s upper bound is ${hiB.excl ? "below " : ""}${hiB.v}`,
          aT,
          b,
          hints,
        ),
      );
    }
    const mb = typeof b.multipleOf === "number" ? b.multipleOf : undefined;
    if (mb !== undefined && !(integer && Number.isInteger(mb) && mb === 1)) {
      const ma = typeof a.multipleOf === "number" ? a.multipleOf : undefined;
      if (ma === undefined || !Number.isInteger(ma / mb))
        out.push(
          fc.finding(
            [],
            "multiple-of",
            true,
            `{B} requires multiples of ${mb}; {A} ${ma === undefined ? "does not" : `only of ${ma}`}`,
            aT,
            b,
            [ma ?? 1, 1, 0.5, mb + 1],
          ),
        );
    }
    return out;
  },
};

function lower(s: Schema): { v: number; excl: boolean } | undefined {
  const m = num(s.minimum);
  const e = num(s.exclusiveMinimum);
  if (m === undefined && e === undefined) return undefined;
  if (e !== undefined && (m === undefined || e >= m)) return { v: e, excl: true };
  return { v: m!, excl: false };
}

function upper(s: Schema): { v: number; excl: boolean } | undefined {
  const m = num(s.maximum);
  const e = num(s.exclusiveMaximum);
  if (m === undefined && e === undefined) return undefined;
  if (e !== undefined && (m === undefined || e <= m)) return { v: e, excl: true };
  return { v: m!, excl: false };
}
