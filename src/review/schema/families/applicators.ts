/**
 * The family of in-place applicators and conditional object keywords on the B side: `not`, `if`/`then`/`else`, `dependentSchemas`,
 * `dependentRequired`, `patternProperties`, `propertyNames` (decision 277). `not` is proved by A
 * disjoint from what it forbids or by B's forbidden set inside A's own; a dependent schema or member
 * list by A's own for the same key; `patternProperties` is compared like members are, at a name the
 * key governs alone (A's named members, A's own pattern, A's additionalProperties). What no
 * condition proves is a finding whose hints carry a value the new keyword refuses (a forbidden
 * value, an object with the dependent key), so the counterexample service can show it.
 * A-side uses of these keywords only restrict A, so ignoring them where B has none is sound.
 */
import { compilePattern } from "../../../schema/pattern.js";
import type { FamilyContext, Outcome } from "../difference.js";
import { loneName, namesCovered } from "../member-names.js";
import { sameKeyword } from "../equal.js";
import { isSchemaObject, type Schema, type SchemaNode } from "../keywords.js";
import { strings, type KeywordFamily } from "./family.js";

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
function applicatorFindings(fc: FamilyContext, a: Schema, b: Schema, depth: number): Outcome[] {
  const out: Outcome[] = [];
  const same = (k: string) => k in a && sameKeyword(k, a[k], fc.ca, b[k], fc.cb);
  const undecided = (k: string, why: string) =>
    out.push(fc.finding([], "keyword", false, `{B} adds or changes \`${k}\`: ${why}`, a, b, [fc.example(a)], k));
  const inside = (x: SchemaNode, y: SchemaNode) => fc.sub(x, y, depth + 1).length === 0;

  if (b.not !== undefined && !same("not")) {
    // a ⊆ not(X) exactly when no instance of a is an instance of X; when a has its own not(Y), X ⊆ Y is enough.
    const forbidden = b.not as SchemaNode;
    const proved = fc.disjoint(a, forbidden) || (a.not !== undefined && fc.back(forbidden, a.not as SchemaNode));
    if (!proved)
      out.push(
        fc.finding(
          [],
          "keyword",
          false,
          "{B} adds or changes `not`: the structural pass cannot show that {A}'s values avoid what it forbids",
          a,
          b,
          forbiddenValues(fc, a, forbidden),
          "not",
        ),
      );
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
    const own = (isSchemaObject(a.dependentSchemas) ? a.dependentSchemas : {}) as Record<string, SchemaNode>;
    for (const [k, dep] of Object.entries(b.dependentSchemas)) {
      // Objects of a with k meet a's own dependent schema for k: that one inside b's is enough.
      if (forbids(a, k, fc) || inside(a, dep as SchemaNode)) continue;
      if (Object.hasOwn(own, k) && inside(own[k]!, dep as SchemaNode)) continue;
      out.push(
        fc.finding(
          [],
          "keyword",
          false,
          `{B} adds or changes \`dependentSchemas\`: objects of {A} with "${k}" are not shown to meet its dependent schema`,
          a,
          b,
          withMember(fc, a, k, Object.hasOwn(own, k) ? own[k]! : undefined),
          "dependentSchemas",
        ),
      );
    }
  }
  if (isSchemaObject(b.dependentRequired) && !same("dependentRequired")) {
    const req = new Set(strings(a.required));
    const own = (isSchemaObject(a.dependentRequired) ? a.dependentRequired : {}) as Record<string, unknown>;
    for (const [k, deps] of Object.entries(b.dependentRequired)) {
      const has = new Set([...req, ...strings(own[k])]);
      if (forbids(a, k, fc) || (Array.isArray(deps) && deps.every((d) => has.has(String(d))))) continue;
      const hints = withMember(fc, a, k, undefined).map((h) =>
        isSchemaObject(h) ? { ...Object.fromEntries(strings(own[k]).map((d) => [d, member(fc, a, d)])), ...h } : h,
      );
      out.push(
        fc.finding(
          [],
          "keyword",
          false,
          `{B} adds or changes \`dependentRequired\`: objects of {A} with "${k}" need not carry ${JSON.stringify(deps)}`,
          a,
          b,
          hints,
          "dependentRequired",
        ),
      );
    }
  }
  if (isSchemaObject(b.patternProperties) && !same("patternProperties")) {
    const unicode = fc.cb.unicodeRegExp;
    const props = (isSchemaObject(a.properties) ? a.properties : {}) as Record<string, SchemaNode>;
    const ownPatterns = (isSchemaObject(a.patternProperties) ? a.patternProperties : {}) as Record<string, SchemaNode>;
    const ap = (a.additionalProperties as SchemaNode | undefined) ?? true;
    const named = Object.keys(props);
    const bNamed = isSchemaObject(b.properties) ? Object.keys(b.properties) : [];
    for (const [p, schema] of Object.entries(b.patternProperties) as Array<[string, SchemaNode]>) {
      const re = compilePattern(p, unicode);
      if (re.kind !== "linear") {
        undecided(
          "patternProperties",
          re.kind === "invalid" ? `pattern ${p} does not compile here` : `pattern ${p} is undecidable: ${re.reason}`,
        );
        continue;
      }
      // The pattern's schema applies to every member whose name it matches: A's named ones...
      for (const [n, s] of Object.entries(props))
        if (re.test(n) && fc.ca.deref(s) !== false) out.push(fc.below(s, schema, depth + 1, { kind: "prop", name: n }));
      // ...those A's own patterns govern (the same key: shown at a name only that key matches)...
      for (const [q, sq] of Object.entries(ownPatterns)) {
        if (fc.ca.deref(sq) === false || inside(sq, schema)) continue;
        const name = q === p ? loneName(p, [...named, ...bNamed], [], unicode) : undefined;
        if (name === null) continue;
        if (name !== undefined) out.push(fc.below(sq, schema, depth + 1, { kind: "prop", name }));
        else
          undecided(
            "patternProperties",
            `members of {A} whose names match ${q} and ${p} are not shown to meet its schema`,
          );
      }
      // ...and those A leaves to additionalProperties.
      if (fc.ca.deref(ap) === false || namesCovered(p, Object.keys(ownPatterns), unicode)) continue;
      if (inside(ap, schema)) continue;
      const name = loneName(p, [...named, ...bNamed], Object.keys(ownPatterns), unicode);
      if (name === null) continue;
      if (name !== undefined) out.push(fc.below(ap, schema, depth + 1, { kind: "prop", name }));
      else undecided("patternProperties", `members of {A} whose names match ${p} are not shown to meet its schema`);
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

/** Values of `a` that `forbidden` (context B) may match: its listed values, and `a`'s example given the members it requires. */
function forbiddenValues(fc: FamilyContext, a: Schema, forbidden: SchemaNode): unknown[] {
  const f = fc.cb.deref(forbidden);
  if (typeof f === "boolean") return [fc.example(a)];
  const listed = "const" in f ? [f.const] : Array.isArray(f.enum) ? f.enum : [];
  const need = strings(f.required);
  const base = fc.example(a);
  const shaped =
    need.length > 0 && (isSchemaObject(base) || base === undefined)
      ? [{ ...Object.fromEntries(need.map((n) => [n, member(fc, a, n)])), ...(isSchemaObject(base) ? base : {}) }]
      : [];
  return [...listed, ...shaped, base];
}

/** `a`'s example carrying member `k` (and the members `dep`, a's own dependent schema for k, requires). */
function withMember(fc: FamilyContext, a: Schema, k: string, dep: SchemaNode | undefined): unknown[] {
  const base = fc.example(a);
  const o = isSchemaObject(base) ? { ...base } : {};
  const d = dep === undefined ? undefined : fc.ca.deref(dep);
  for (const n of typeof d === "object" ? strings(d.required) : []) if (!(n in o)) o[n] = member(fc, a, n);
  if (!(k in o)) o[k] = member(fc, a, k);
  return [o, base];
}

/** An example value for member `n` of `a` ("x" when a does not describe it). */
function member(fc: FamilyContext, a: Schema, n: string): unknown {
  const props = (isSchemaObject(a.properties) ? a.properties : {}) as Record<string, SchemaNode>;
  return Object.hasOwn(props, n) ? (fc.example(props[n]!) ?? "x") : "x";
}
