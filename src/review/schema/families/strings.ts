/** String length bounds, `pattern` and `format`: a new pattern/format is refuted; a changed pattern is decided by inclusion (decision 276), a changed format left undecided. */
import type { FamilyContext, Difference } from "../difference.js";
import type { Schema, SchemaNode } from "../keywords.js";
import { patternIncluded } from "../pattern-inclusion.js";
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
    if (typeof b.pattern === "string" && typeof a.pattern !== "string")
      out.push(
        fc.finding(
          [],
          "pattern",
          true,
          `{B} adds the pattern ${b.pattern}`,
          aT,
          b,
          ["", "x", " ", "0", "a b", fc.example(aT)],
          b.pattern,
        ),
      );
    else if (typeof b.pattern === "string" && a.pattern !== b.pattern) {
      // Both have a pattern: decided by the inclusion of the two patterns' languages (decision 276).
      const inclusion = patternIncluded(a.pattern as string, b.pattern, fc.cb.unicodeRegExp);
      const changed = `pattern changed from ${String(a.pattern)} to ${b.pattern}`;
      if (inclusion.kind === "refuted")
        out.push(
          fc.finding(
            [],
            "pattern",
            false,
            `${changed}: ${JSON.stringify(inclusion.witness)} matches {A}'s, not {B}'s`,
            aT,
            b,
            [inclusion.witness, fc.example(aT)],
            b.pattern,
          ),
        );
      else if (inclusion.kind === "undecided")
        out.push({
          ...fc.finding([], "pattern", false, changed, aT, b, ["", "x", " ", "0", "a b", fc.example(aT)], b.pattern),
          undecided: inclusion.reason,
        });
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
