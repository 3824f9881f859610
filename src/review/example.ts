/**
 * Small valid instances of a schema node, and embedding of a local value into a whole payload.
 * Counterexamples are built from these: the witness found where two schemas differ is placed at
 * its instance path inside the smallest valid payload around it, then the whole payload is
 * checked with the real validators of both versions.
 */
import fc from "fast-check";
import type { SchemaContext } from "./schema/context.js";
import type { Step } from "./schema/containment.js";
import { isSchemaObject, isTrivial, type SchemaNode, type Schema } from "./schema/keywords.js";
import { mergeConjunction } from "./schema/merge.js";
import { arbitraries } from "./arbitrary.js";
import { constructExample, type ExampleResult } from "./construct.js";

export type { ExampleResult } from "./construct.js";

const sampledCache = new WeakMap<SchemaContext, WeakMap<object, ExampleResult>>();

/**
 * The smallest valid instance this finds: construction first (construct.ts), then, with `sample`
 * (the default), a seeded search with the schema's arbitrary when construction does not validate.
 */
export function minimalExample(
  node: SchemaNode,
  ctx: SchemaContext,
  options: { sample?: boolean } = {},
): ExampleResult {
  const built = constructExample(node, ctx);
  if (built.found || options.sample === false) return built;
  const key = typeof node === "object" ? node : undefined;
  let perCtx = sampledCache.get(ctx);
  if (!perCtx) sampledCache.set(ctx, (perCtx = new WeakMap()));
  const hit = key ? perCtx.get(key) : undefined;
  if (hit) return hit;
  const result = sampleValid(node, ctx, 200);
  if (key) perCtx.set(key, result);
  return result;
}

export function sampleValid(node: SchemaNode, ctx: SchemaContext, runs: number, seed = 42): ExampleResult {
  let best: { value: unknown; size: number } | undefined;
  let samples: unknown[];
  try {
    samples = fc.sample(arbitraries(ctx).of(node), { seed, numRuns: runs });
  } catch {
    return { found: false };
  }
  for (const v of samples) {
    if (!ctx.valid(node, v)) continue;
    const size = JSON.stringify(v)?.length ?? 0;
    if (!best || size < best.size) best = { value: v, size };
  }
  return best ? { found: true, value: best.value } : { found: false };
}

/**
 * Places `witness` at `steps` inside the smallest valid payload of `node` (context A). The A-side
 * branch choices in the steps pick the union branch the payload follows.
 */
export function embed(
  node: SchemaNode,
  steps: readonly Step[],
  witness: unknown,
  ctx: SchemaContext,
  depth = 0,
): unknown {
  if (steps.length === 0 || depth > 64) return witness;
  const [step, ...rest] = steps as [Step, ...Step[]];
  let n = ctx.deref(node);
  if (typeof n === "object" && Array.isArray(n.allOf)) {
    const merged = mergeConjunction([n], ctx);
    if (merged) n = merged;
  }
  if (typeof n === "boolean") return embed(true, rest, witness, ctx, depth + 1);
  if (step.kind === "branch") {
    const kw = Array.isArray(n.oneOf) ? "oneOf" : Array.isArray(n.anyOf) ? "anyOf" : undefined;
    const branch = kw ? (n[kw] as SchemaNode[])[step.index] : undefined;
    if (!kw || branch === undefined) return embed(n, rest, witness, ctx, depth + 1);
    const { [kw]: _, ...base } = n;
    const m = isTrivial(base) ? branch : mergeConjunction([base, branch], ctx);
    return embed(m === undefined ? branch : m, rest, witness, ctx, depth + 1);
  }
  if (step.kind === "prop") {
    const props = (isSchemaObject(n.properties) ? n.properties : {}) as Record<string, SchemaNode>;
    const child = Object.hasOwn(props, step.name)
      ? props[step.name]!
      : ((n.additionalProperties as SchemaNode | undefined) ?? true);
    const base = exampleOfType(n, "object", ctx);
    const obj: Record<string, unknown> = isSchemaObject(base) ? { ...base } : {};
    Object.defineProperty(obj, step.name, {
      value: embed(child, rest, witness, ctx, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return obj;
  }
  const base = exampleOfType(n, "array", ctx);
  const arr = Array.isArray(base) ? [...base] : [];
  const child = (n.items as SchemaNode | undefined) ?? true;
  const value = embed(child, rest, witness, ctx, depth + 1);
  if (arr.length === 0) arr.push(value);
  else arr[0] = value;
  return arr;
}

/** Shared type nodes: a fresh `{type}` per call would defeat mergeConjunction's cache (and compile a validator per call). */
const TYPE_NODES = { object: Object.freeze({ type: "object" }), array: Object.freeze({ type: "array" }) } as const;

function exampleOfType(n: Schema, t: "object" | "array", ctx: SchemaContext): unknown {
  const merged = typeof n.type === "string" ? n : mergeConjunction([n, TYPE_NODES[t]], ctx);
  if (!merged) return t === "object" ? {} : [];
  const ex = minimalExample(merged, ctx);
  return ex.found ? ex.value : t === "object" ? {} : [];
}
