/** String length bounds, `pattern` and `format`: a new or changed pattern/format is refuted (added) or left undecided (changed). */
import type { FamilyContext, Difference } from "../difference.js";
import type { Schema, SchemaNode } from "../keywords.js";
import { num, type KeywordFamily } from "./family.js";

export const strings: KeywordFamily = {
  name: "strings",
  keywords: ["minLength", "maxLength", "pattern", "format"],
  types: ["string"],
  findings(fc: FamilyContext, a: Schema, b: Schema, aT: SchemaNode): Difference[] {
    const out: Difference[] = [];
    const minA = num(a.minLength) ?? 0;
    const minB = num(b.minLength) ?? 0;
    if (minB > minA)
      out.push(
        fc.finding(
          [],
          "min-length",
          true,
          `{A} allows strings of length ${minA}; {B} requires at least ${minB}`,
          aT,
          b,
          ["x".repeat(minA), fc.example(aT)],
        ),
      );
    const maxA = num(a.maxLength);
    const maxB = num(b.maxLength);
    if (maxB !== undefined && (maxA === undefined || maxA > maxB))
      out.push(
        fc.finding([], "max-length", true, `{A} allows strings longer than ${maxB}; {B} does not`, aT, b, [
          "x".repeat(maxB + 1),
        ]),
      );
    if (typeof b.pattern === "string" && a.pattern !== b.pattern) {
      const certain = typeof a.pattern !== "string";
      out.push(
        fc.finding(
          [],
          "pattern",
          certain,
          certain ? `{B} adds the pattern ${b.pattern}` : `pattern changed from ${String(a.pattern)} to ${b.pattern}`,
          aT,
          b,
          ["", "x", " ", "0", "a b", fc.example(aT)],
          b.pattern,
        ),
      );
    }
    if (typeof b.format === "string" && a.format !== b.format) {
      const certain = typeof a.format !== "string";
      out.push(
        fc.finding(
          [],
          "format",
          certain,
          certain ? `{B} adds the format ${b.format}` : `format changed from ${String(a.format)} to ${b.format}`,
          aT,
          b,
          ["x", "not a " + b.format, fc.example(aT)],
          b.format,
        ),
      );
    }
    return out;
  },
};
