/**
 * The family of in-place applicators and conditional object keywords on the B side: `not`, `if`/`then`/`else`, `dependentSchemas`,
 * `dependentRequired`, `patternProperties`, `propertyNames`. Each is decided by a sufficient
 * condition (A disjoint from what `not` forbids; A inside both conditional branches; A closed
 * with no member the pattern names...); what no condition proves stays an undecided finding,
 * which the diff reports as needs-review unless a payload shows the break.
 * A-side uses of these keywords only restrict A, so ignoring them there is sound.
 */
import { compilePattern } from "../../../schema/pattern.js";
import type { Difference, FamilyContext } from "../difference.js";
import { sameKeyword } from "../equal.js";
import { isSchemaObject, type Schema, type SchemaNode } from "../keywords.js";
import type { KeywordFamily } from "./family.js";

export const applicators: KeywordFamily = {
  name: "applicators",
  keywords: [
    "not",
    "if",
    "then",
    "else",
    "dependentSchemas",
    "dependentRequired",
    "patternProperties",
    "propertyNames",
  ],
  findings: (fc, a, b, _aT, depth) => applicatorFindings(fc, a, b, depth),
};

/** Findings for the applicator family's keywords of `b` (those not equal on both sides). */
function applicatorFindings(fc: FamilyContext, a: Schema, b: Schema, depth: number): Difference[] {
  const out: Difference[] = [];
  const same = (k: string) => k in a && sameKeyword(k, a[k], fc.ca, b[k], fc.cb);
  const undecided = (k: string, why: string) =>
    out.push(fc.finding([], "keyword", false, `{B} adds or changes \`${k}\`: ${why}`, a, b, [fc.example(a)], k));
  const inside = (x: SchemaNode, y: SchemaNode) => fc.sub(x, y, depth + 1).length === 0;

  if (b.not !== undefined && !same("not")) {
    // a ⊆ not(X) exactly when no instance of a is an instance of X.
    if (!fc.disjoint(a, b.not as SchemaNode))
      undecided("not", "the structural pass cannot show that {A}'s values avoid what it forbids");
  }
  if (
    b.if !== undefined &&
    (b.then !== undefined || b.else !== undefined) &&
    !(same("if") && same("then") && same("else"))
  ) {
    const then = (b.then as SchemaNode | undefined) ?? true;
    const els = (b.else as SchemaNode | undefined) ?? true;
    const proved =
      (inside(a, then) && inside(a, els)) ||
      (inside(a, b.if as SchemaNode) && inside(a, then)) ||
      (fc.disjoint(a, b.if as SchemaNode) && inside(a, els));
    if (!proved) undecided("if", "{A} is not shown to meet the branch each of its values selects");
  }
  if (isSchemaObject(b.dependentSchemas) && !same("dependentSchemas")) {
    for (const [k, dep] of Object.entries(b.dependentSchemas)) {
      if (forbids(a, k, fc) || inside(a, dep as SchemaNode)) continue;
      undecided("dependentSchemas", `objects of {A} with "${k}" are not shown to meet its dependent schema`);
    }
  }
  if (isSchemaObject(b.dependentRequired) && !same("dependentRequired")) {
    const req = new Set(Array.isArray(a.required) ? (a.required as string[]) : []);
    for (const [k, deps] of Object.entries(b.dependentRequired)) {
      if (forbids(a, k, fc) || (Array.isArray(deps) && deps.every((d) => req.has(String(d))))) continue;
      undecided("dependentRequired", `objects of {A} with "${k}" need not carry ${JSON.stringify(deps)}`);
    }
  }
  if (isSchemaObject(b.patternProperties) && !same("patternProperties")) {
    const props = (isSchemaObject(a.properties) ? a.properties : {}) as Record<string, SchemaNode>;
    const ap = (a.additionalProperties as SchemaNode | undefined) ?? true;
    for (const [p, schema] of Object.entries(b.patternProperties)) {
      const re = compilePattern(p, fc.cb.unicodeRegExp);
      if (re.kind !== "linear") {
        undecided(
          "patternProperties",
          re.kind === "invalid" ? `pattern ${p} does not compile here` : `pattern ${p} is undecidable: ${re.reason}`,
        );
        continue;
      }
      // Named members of A the pattern matches, and A's other members (unless A closes them), must meet the pattern's schema.
      const named = Object.entries(props)
        .filter(([n]) => re.test(n))
        .every(([, s]) => fc.ca.deref(s) === false || inside(s, schema as SchemaNode));
      const rest = a.patternProperties === undefined && (fc.ca.deref(ap) === false || inside(ap, schema as SchemaNode));
      if (!(named && rest))
        undecided("patternProperties", `members of {A} whose names match ${p} are not shown to meet its schema`);
    }
  }
  if (b.propertyNames !== undefined && !same("propertyNames")) {
    const props = isSchemaObject(a.properties) ? Object.keys(a.properties) : [];
    const closed =
      a.patternProperties === undefined &&
      fc.ca.deref((a.additionalProperties as SchemaNode | undefined) ?? true) === false;
    const namesOk =
      (a.propertyNames !== undefined && inside(a.propertyNames as SchemaNode, b.propertyNames as SchemaNode)) ||
      (closed &&
        props.every(
          (n) =>
            fc.ca.deref((a.properties as Record<string, SchemaNode>)[n]!) === false ||
            fc.cb.valid(b.propertyNames as SchemaNode, n),
        ));
    if (!namesOk) undecided("propertyNames", "member names {A} allows are not shown to meet it");
  }
  return out;
}

/** `a` never has the member `k`: not an object, or the member is `false` / closed off. */
function forbids(a: Schema, k: string, fc: FamilyContext): boolean {
  if (!fc.ca.types(a).has("object")) return true;
  const props = isSchemaObject(a.properties) ? (a.properties as Record<string, SchemaNode>) : {};
  if (Object.hasOwn(props, k)) return fc.ca.deref(props[k]!) === false;
  return (
    a.patternProperties === undefined &&
    fc.ca.deref((a.additionalProperties as SchemaNode | undefined) ?? true) === false
  );
}
