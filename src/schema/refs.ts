/**
 * The `$ref` graph's one walk: from a value, follow `$ref` to `$ref` (a target that is itself a bare
 * reference, `A: {$ref: B}`) until a schema, a dangling reference, or a loop. How a reference
 * resolves is the caller's (across loaded files by `file#pointer`, inside one document by a local
 * pointer); what a loop and a chain's end are is this walk's. JSON Schema 2020-12 §9.4.1: a loop of
 * references alone never reaches a schema. A cycle through properties or items is a recursive type,
 * not a loop here.
 */
import { parsePointer } from "../json/index.js";

/** Where one reference lands: a key naming the target (equal keys are the same target), its value, and where further references resolve from. */
export interface RefStep<C> {
  key: string;
  value: unknown;
  at: C;
}

export type RefChain<C> =
  /** The first value on the chain that is not a reference (the start itself when it is none). */
  | { kind: "schema"; value: unknown; at: C }
  /** A reference that does not resolve. */
  | { kind: "dangling"; ref: string; at: C }
  /** The targets of the loop the chain entered, in order, as keys. */
  | { kind: "loop"; keys: string[] };

/** The `$ref` of a value that is a reference object; undefined otherwise. */
export function refOf(value: unknown): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const ref = (value as { $ref?: unknown }).$ref;
  return typeof ref === "string" ? ref : undefined;
}

/** Follows `start`'s reference chain with `resolve` (undefined: the reference does not resolve). */
export function followRefs<C>(
  start: unknown,
  at: C,
  resolve: (ref: string, at: C) => RefStep<C> | undefined,
): RefChain<C> {
  const keys: string[] = [];
  let value = start;
  let where = at;
  for (let ref = refOf(value); ref !== undefined; ref = refOf(value)) {
    const step = resolve(ref, where);
    if (step === undefined) return { kind: "dangling", ref, at: where };
    const seen = keys.indexOf(step.key);
    if (seen >= 0) return { kind: "loop", keys: keys.slice(seen) };
    keys.push(step.key);
    value = step.value;
    where = step.at;
  }
  return { kind: "schema", value, at: where };
}

/**
 * The schema `value` stands for inside one document: its chain of local (`#/...`) references
 * followed through `doc`. Throws on a reference that is not local, one that does not resolve, and
 * a loop of references alone.
 */
export function derefLocal(value: unknown, doc: unknown): unknown {
  const chain = followRefs(value, undefined, (ref) => {
    if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported: ${ref}`);
    const target = parsePointer(ref.slice(1)).reduce<unknown>(
      (node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
      doc,
    );
    return target === undefined ? undefined : { key: ref, value: target, at: undefined };
  });
  if (chain.kind === "dangling") throw new Error(`unresolved $ref ${chain.ref}`);
  if (chain.kind === "loop") throw new Error(`$ref loop: ${chain.keys.join(" -> ")}`);
  return chain.value;
}
