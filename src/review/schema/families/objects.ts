/**
 * Objects: `required`, `properties` against `additionalProperties` member by member (findings under a
 * prop step), one fresh member name for what neither side names, member counts. A-side
 * `patternProperties` admit members this reasoning does not see: undecided when they differ.
 */
import type { FamilyContext, Outcome } from "../difference.js";
import { sameKeyword } from "../equal.js";
import { isSchemaObject, type Schema, type SchemaNode } from "../keywords.js";
import { num, strings, type KeywordFamily } from "./family.js";

export const objects: KeywordFamily = {
  name: "objects",
  keywords: ["required", "properties", "additionalProperties", "minProperties", "maxProperties"],
  types: ["object"],
  findings(fc: FamilyContext, a: Schema, b: Schema, aT: SchemaNode, depth: number): Outcome[] {
    const out: Outcome[] = [];
    const reqA = new Set(strings(a.required));
    const base = fc.example(aT);
    for (const r of strings(b.required)) {
      if (reqA.has(r)) continue;
      const hint = isSchemaObject(base) ? omit(base, r) : base;
      out.push(fc.finding([], "required", true, `{B} requires the member "${r}"; {A} does not`, aT, b, [hint], r));
    }
    if (
      a.patternProperties !== undefined &&
      !sameKeyword("patternProperties", a.patternProperties, fc.ca, b.patternProperties, fc.cb)
    ) {
      out.push(fc.finding([], "keyword", false, "`patternProperties` differs", aT, b, [base], "patternProperties"));
    }
    const propsA = (isSchemaObject(a.properties) ? a.properties : {}) as Record<string, SchemaNode>;
    const propsB = (isSchemaObject(b.properties) ? b.properties : {}) as Record<string, SchemaNode>;
    const apA = (a.additionalProperties as SchemaNode | undefined) ?? true;
    const apB = (b.additionalProperties as SchemaNode | undefined) ?? true;
    const names = [...new Set([...Object.keys(propsA), ...Object.keys(propsB)])];
    for (const n of names) {
      const sa = Object.hasOwn(propsA, n) ? propsA[n]! : apA;
      const sb = Object.hasOwn(propsB, n) ? propsB[n]! : apB;
      if (fc.ca.deref(sa) === false) continue;
      if (!Object.hasOwn(propsB, n) && fc.cb.deref(apB) === false) {
        const hint = isSchemaObject(base) ? { ...base, [n]: fc.example(sa) } : base;
        out.push(
          fc.finding(
            [],
            "property",
            true,
            `{A} allows the member "${n}"; {B} does not (additionalProperties: false)`,
            aT,
            b,
            [hint],
            n,
          ),
        );
        continue;
      }
      out.push(fc.below(sa, sb, depth + 1, { kind: "prop", name: n }));
    }
    if (fc.ca.deref(apA) !== false) {
      const fresh = freshName([...names]);
      if (fc.cb.deref(apB) === false) {
        const hint = isSchemaObject(base) ? { ...base, [fresh]: fc.example(apA) } : base;
        out.push(
          fc.finding(
            [],
            "additional-properties",
            true,
            "{A} allows members it does not name; {B} does not",
            aT,
            b,
            [hint],
            fresh,
          ),
        );
      } else {
        out.push(fc.below(apA, apB, depth + 1, { kind: "prop", name: fresh }));
      }
    }
    const minA = num(a.minProperties) ?? 0;
    const minB = num(b.minProperties) ?? 0;
    if (minB > minA)
      out.push(
        fc.finding([], "min-properties", true, `{B} requires at least ${minB} members; {A} ${minA}`, aT, b, [base]),
      );
    const maxA = num(a.maxProperties);
    const maxB = num(b.maxProperties);
    if (maxB !== undefined && (maxA === undefined || maxA > maxB))
      out.push(
        fc.finding([], "max-properties", true, `{A} allows more than ${maxB} members; {B} does not`, aT, b, [base]),
      );
    return out;
  },
};

function omit(o: Record<string, unknown>, k: string): Record<string, unknown> {
  const out = { ...o };
  delete out[k];
  return out;
}

function freshName(taken: string[]): string {
  for (let i = 0; ; i++) {
    const n = i === 0 ? "extraMember" : `extraMember${i}`;
    if (!taken.includes(n)) return n;
  }
}
