/** Arrays: `items` recursively (findings under an item step), item counts, `uniqueItems`; changed `prefixItems` stay undecided. */
import type { FamilyContext, Outcome } from "../difference.js";
import { sameKeyword } from "../equal.js";
import type { Schema, SchemaNode } from "../keywords.js";
import { num, type KeywordFamily } from "./family.js";

export const arrays: KeywordFamily = {
  name: "arrays",
  keywords: ["items", "minItems", "maxItems", "uniqueItems"],
  types: ["array"],
  findings(fc: FamilyContext, a: Schema, b: Schema, aT: SchemaNode, depth: number): Outcome[] {
    const out: Outcome[] = [];
    if ("prefixItems" in a || "prefixItems" in b) {
      if (!sameKeyword("prefixItems", a.prefixItems, fc.ca, b.prefixItems, fc.cb))
        out.push(fc.finding([], "keyword", false, "prefixItems differ", aT, b, [fc.example(aT)], "prefixItems"));
    }
    out.push(fc.below((a.items as SchemaNode) ?? true, (b.items as SchemaNode) ?? true, depth + 1, { kind: "item" }));
    const minA = num(a.minItems) ?? 0;
    const minB = num(b.minItems) ?? 0;
    if (minB > minA)
      out.push(
        fc.finding([], "min-items", true, `{A} allows ${minA} items; {B} requires at least ${minB}`, aT, b, [
          [],
          fc.example(aT),
        ]),
      );
    const maxA = num(a.maxItems);
    const maxB = num(b.maxItems);
    if (maxB !== undefined && (maxA === undefined || maxA > maxB)) {
      const item = fc.example((a.items as SchemaNode) ?? true);
      out.push(
        fc.finding([], "max-items", true, `{A} allows more than ${maxB} items; {B} does not`, aT, b, [
          Array.from({ length: maxB + 1 }, () => item),
        ]),
      );
    }
    if (b.uniqueItems === true && a.uniqueItems !== true) {
      const item = fc.example((a.items as SchemaNode) ?? true);
      out.push(
        fc.finding([], "unique-items", true, "{A} allows repeated items; {B} requires unique items", aT, b, [
          [item, item],
        ]),
      );
    }
    return out;
  },
};
