/**
 * Objects: `required`, `properties` against `additionalProperties` member by member (findings under a
 * prop step), one fresh member name for what neither side names, member counts. A name one of B's
 * `patternProperties` matches is B's patterns' (applicators.ts); members A admits through its own
 * patterns are shown at a name only that pattern matches (decision 276), undecided when none is found.
 */
import type { FamilyContext, Outcome } from "../difference.js";
import { sameKeyword } from "../equal.js";
import { isSchemaObject, type Schema, type SchemaNode } from "../keywords.js";
import { anyMatches, loneName, nameMatches, namesCovered } from "../member-names.js";
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
    const propsA = (isSchemaObject(a.properties) ? a.properties : {}) as Record<string, SchemaNode>;
    const propsB = (isSchemaObject(b.properties) ? b.properties : {}) as Record<string, SchemaNode>;
    const apA = (a.additionalProperties as SchemaNode | undefined) ?? true;
    const apB = (b.additionalProperties as SchemaNode | undefined) ?? true;
    const patternsA = (isSchemaObject(a.patternProperties) ? a.patternProperties : {}) as Record<string, SchemaNode>;
    const patternsB = isSchemaObject(b.patternProperties) ? Object.keys(b.patternProperties) : [];
    const names = [...new Set([...Object.keys(propsA), ...Object.keys(propsB)])];
    if (
      a.patternProperties !== undefined &&
      !sameKeyword("patternProperties", a.patternProperties, fc.ca, b.patternProperties, fc.cb)
    )
      out.push(...ownPatternMembers(fc, aT, b, depth, patternsA, names, patternsB, apB, base));
    for (const n of names) {
      // A member A does not name is governed by the one A pattern matching it, else by additionalProperties.
      const byPattern = Object.hasOwn(propsA, n) ? undefined : onlyPattern(fc, patternsA, n);
      const sa = Object.hasOwn(propsA, n) ? propsA[n]! : (byPattern ?? apA);
      const sb = Object.hasOwn(propsB, n) ? propsB[n]! : apB;
      if (fc.ca.deref(sa) === false) continue;
      // B's patterns, not its additionalProperties, govern a name one of them matches (applicators.ts checks them).
      if (!Object.hasOwn(propsB, n) && anyMatches(patternsB, n, fc.cb.unicodeRegExp) === true) continue;
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

/** The schema of the one A pattern matching `n` (undefined when none or several do, or one cannot be run). */
function onlyPattern(fc: FamilyContext, patterns: Record<string, SchemaNode>, n: string): SchemaNode | undefined {
  const hits = Object.keys(patterns).filter((q) => nameMatches(q, n, fc.ca.unicodeRegExp) !== false);
  return hits.length === 1 && nameMatches(hits[0]!, n, fc.ca.unicodeRegExp) ? patterns[hits[0]!] : undefined;
}

/**
 * Members A allows through its own `patternProperties` that neither version names: where B matches
 * them with none of its patterns, B's additionalProperties governs them. Shown at a name only that
 * pattern matches; undecided when no such name can be found.
 */
function ownPatternMembers(
  fc: FamilyContext,
  aT: SchemaNode,
  b: Schema,
  depth: number,
  patternsA: Record<string, SchemaNode>,
  names: string[],
  patternsB: string[],
  apB: SchemaNode,
  base: unknown,
): Outcome[] {
  const out: Outcome[] = [];
  const unicode = fc.cb.unicodeRegExp;
  const open = fc.cb.deref(apB);
  for (const [q, sq] of Object.entries(patternsA)) {
    if (fc.ca.deref(sq) === false || open === true || namesCovered(q, patternsB, unicode)) continue;
    const name = loneName(q, names, patternsB, unicode);
    if (name === null) continue;
    if (name === undefined) {
      out.push(
        fc.finding(
          [],
          "keyword",
          false,
          `members of {A} whose names match ${q} are not shown to be allowed by {B}`,
          aT,
          b,
          [base],
          "patternProperties",
        ),
      );
      continue;
    }
    if (open === false) {
      const hint = isSchemaObject(base) ? { ...base, [name]: fc.example(sq) } : base;
      out.push(
        fc.finding(
          [],
          "additional-properties",
          true,
          `{A} allows members matching ${q}; {B} does not`,
          aT,
          b,
          [hint],
          name,
        ),
      );
    } else out.push(fc.below(sq, apB, depth + 1, { kind: "prop", name }));
  }
  return out;
}

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
