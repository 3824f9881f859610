import type { LintRule, RuleFinding } from "../rule.js";
import { lookupRef } from "../../../contracts/index.js";
import { canonical, isSchemaObject, type Schema } from "../../schema/keywords.js";

/** A `discriminator` whose branches do not each require the property and pin it to their own constant. */
export const discriminatorMismatch: LintRule = {
  id: "discriminator-mismatch",
  category: "structure",
  defaultSeverity: "error",
  doc:
    "An OpenAPI/OpenRPC `discriminator` promises that one property picks the branch. That only holds when every `oneOf`/`anyOf` branch lists the " +
    "property in `required` and pins it with `const` (a one-member `enum` is accepted, the OpenAPI spelling of a constant), the constants differ, " +
    "and any `mapping` names those same branches with those same values. Otherwise ajv (with `discriminator: true`) refuses to compile the schema, " +
    "code generators pick the wrong branch, and two validators disagree. Fix: add the property to each branch's `required` with a distinct `const`.",
  check(ctx) {
    const out: RuleFinding[] = [];
    const files = ctx.contract.doc.files;
    for (const s of ctx.sites) {
      if (!isSchemaObject(s.node) || !isSchemaObject(s.node.discriminator)) continue;
      const prop = s.node.discriminator.propertyName;
      const at = `${s.pointer}/discriminator`;
      if (typeof prop !== "string") {
        out.push({ file: s.file, pointer: at, message: "discriminator has no string propertyName" });
        continue;
      }
      const kw = Array.isArray(s.node.oneOf) ? "oneOf" : Array.isArray(s.node.anyOf) ? "anyOf" : undefined;
      if (!kw) {
        out.push({
          file: s.file,
          pointer: at,
          message: `discriminator on "${prop}" without oneOf/anyOf branches to pick from`,
        });
        continue;
      }
      const seen = new Map<string, number>();
      const branchValues: { ref?: string; value?: unknown }[] = [];
      (s.node[kw] as unknown[]).forEach((br, i) => {
        const resolved = resolveBranch(br, s.file, files);
        const name = isSchemaObject(br) && typeof br.$ref === "string" ? ` (${br.$ref})` : "";
        const where = `${s.pointer}/${kw}/${i}`;
        branchValues.push({ ref: isSchemaObject(br) && typeof br.$ref === "string" ? br.$ref : undefined });
        if (!resolved) {
          out.push({
            file: s.file,
            pointer: where,
            message: `branch ${i}${name} cannot be resolved to check the discriminator`,
          });
          return;
        }
        if (!resolved.required.has(prop))
          out.push({
            file: s.file,
            pointer: where,
            message: `branch ${i}${name} does not list the discriminator "${prop}" in required`,
          });
        const p = resolved.properties[prop];
        const values = isSchemaObject(p)
          ? "const" in p
            ? [p.const]
            : Array.isArray(p.enum)
              ? (p.enum as unknown[])
              : undefined
          : undefined;
        if (!values || values.length !== 1) {
          out.push({
            file: s.file,
            pointer: where,
            message: `branch ${i}${name} does not pin "${prop}" to one constant (const, or a one-member enum)`,
          });
          return;
        }
        const v = values[0];
        branchValues[i]!.value = v;
        const key = canonical(v);
        const prev = seen.get(key);
        if (prev !== undefined)
          out.push({ file: s.file, pointer: where, message: `branches ${prev} and ${i} both pin "${prop}" to ${key}` });
        else seen.set(key, i);
      });
      const mapping = s.node.discriminator.mapping;
      if (isSchemaObject(mapping)) {
        for (const [value, ref] of Object.entries(mapping)) {
          const b = branchValues.findIndex((x) => x.ref === ref);
          if (b < 0)
            out.push({
              file: s.file,
              pointer: `${at}/mapping`,
              message: `mapping "${value}" names ${String(ref)}, which is not one of the ${kw} branches`,
            });
          else if (branchValues[b]!.value !== undefined && branchValues[b]!.value !== value) {
            out.push({
              file: s.file,
              pointer: `${at}/mapping`,
              message: `mapping "${value}" names branch ${b}, whose "${prop}" constant is ${canonical(branchValues[b]!.value)}`,
            });
          }
        }
      }
    }
    return out;
  },
};

/** A branch's required members and properties, following `$ref` and flattening `allOf`. */
function resolveBranch(
  node: unknown,
  file: string,
  files: Map<string, unknown>,
  depth = 0,
): { required: Set<string>; properties: Record<string, unknown> } | undefined {
  if (depth > 16 || !isSchemaObject(node)) return undefined;
  let acc = own(node);
  if (typeof node.$ref === "string") {
    const found = lookupRef(files, file, node.$ref);
    if (!found) return undefined;
    const inner = resolveBranch(found.value, found.target.file, files, depth + 1);
    if (!inner) return undefined;
    acc = merge(inner, acc);
  }
  for (const part of Array.isArray(node.allOf) ? node.allOf : []) {
    const r = resolveBranch(part, file, files, depth + 1);
    if (r) acc = merge(acc, r);
  }
  return acc;
}

function own(s: Schema): { required: Set<string>; properties: Record<string, unknown> } {
  return {
    required: new Set(Array.isArray(s.required) ? s.required.filter((x): x is string => typeof x === "string") : []),
    properties: isSchemaObject(s.properties) ? s.properties : {},
  };
}

function merge(
  a: { required: Set<string>; properties: Record<string, unknown> },
  b: { required: Set<string>; properties: Record<string, unknown> },
) {
  return { required: new Set([...a.required, ...b.required]), properties: { ...a.properties, ...b.properties } };
}
