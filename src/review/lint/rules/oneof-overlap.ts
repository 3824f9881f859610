import fc from "fast-check";
import type { LintRule, RuleFinding } from "../rule.js";
import { ArbitraryBuilder } from "../../arbitrary.js";
import { disjoint, short } from "../../schema/containment.js";
import { isSchemaObject, isTrivial, type SchemaNode } from "../../schema/keywords.js";
import { mergeConjunction } from "../../schema/merge.js";

/** Two `oneOf` branches that accept a common value (found by sampling, confirmed by ajv). */
export const oneOfOverlap: LintRule = {
  id: "oneof-overlap",
  category: "structure",
  defaultSeverity: "error",
  doc:
    "`oneOf` requires exactly one branch to match, so a value two branches accept is rejected, usually to the author's surprise " +
    '(`{"type":"number"}` next to `{"type":"integer"}` rejects every integer). Pairs of branches proved disjoint by type or by a ' +
    "required member pinned to different constants are skipped; the others are sampled with schema-derived fast-check arbitraries " +
    "(fixed seed) and every overlap reported is a value ajv accepts under both branches. Fix: make the branches disjoint (a `const` " +
    "discriminator, distinct types) or use `anyOf` if overlap is intended.",
  check(ctx) {
    const out: RuleFinding[] = [];
    const bundle = ctx.bundle();
    if (!bundle) return out;
    const builder = new ArbitraryBuilder(bundle.ctx);
    for (const s of ctx.sites) {
      if (!isSchemaObject(s.node) || !Array.isArray(s.node.oneOf)) continue;
      const bn = bundle.ctx.deref(bundle.nodeAt(s.file, s.pointer) ?? false);
      if (!isSchemaObject(bn) || !Array.isArray(bn.oneOf)) continue;
      const { oneOf, ...base } = bn;
      const branches = (oneOf as SchemaNode[]).map(
        (br) =>
          (isTrivial(base) ? br : (mergeConjunction([base, br], bundle.ctx) ?? { allOf: [base, br] })) as SchemaNode,
      );
      for (let i = 0; i < branches.length; i++) {
        for (let j = i + 1; j < branches.length; j++) {
          const bi = branches[i]!;
          const bj = branches[j]!;
          if (disjoint(bi, bundle.ctx, bj, bundle.ctx)) continue;
          const witness = findCommon(bi, bj, builder, ctx.options) ?? findCommon(bj, bi, builder, ctx.options);
          if (witness !== undefined)
            out.push({
              file: s.file,
              pointer: `${s.pointer}/oneOf`,
              message: `branches ${i} and ${j} both accept ${short(witness.value)}, so oneOf rejects it (exactly one branch must match)`,
            });
        }
      }
    }
    return out;
  },
};

function findCommon(
  a: SchemaNode,
  b: SchemaNode,
  builder: ArbitraryBuilder,
  options: { samples: number; seed: number },
): { value: unknown } | undefined {
  const ctx = builder.ctx;
  let samples: unknown[];
  try {
    samples = fc.sample(builder.of(a), { seed: options.seed, numRuns: options.samples });
  } catch {
    return undefined;
  }
  for (const v of samples) if (ctx.valid(a, v) && ctx.valid(b, v)) return { value: v };
  return undefined;
}
