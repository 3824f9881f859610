/**
 * Verdict-preserving rewrites applied to the schema bundle before ajv compiles validators (never to
 * the contract documents, never to the types). Measured on this machine: ajv checks a top-level
 * `oneOf` branch by branch and a six-branch JsonValue `oneOf` at every value; these rewrites let it
 * jump to the one branch that can match. Equivalence is pinned by test/codegen/optimize.test.ts,
 * which runs the rewritten and the original schemas over the conformance samples.
 *
 * 1. A `oneOf` whose branches are all objects that *require* the same property and pin it to
 *    distinct single values (`const` or a one-member `enum`) gains `discriminator: {propertyName}`.
 *    Exactly one branch can match a given tag, so ajv's discriminator (test the tag, then that one
 *    branch) accepts the same values.
 *    ajv's `discriminator` only applies to objects: with it, ajv skips the `oneOf` and lets every
 *    non-object through (measured: Wit's ConflictItem accepted `5` and `null`). So a `oneOf` that
 *    carries a discriminator (ours or the document's) also gets `type: "object"` — equivalent,
 *    since every branch is an object — and a document discriminator whose branches do not qualify
 *    is dropped for validation, leaving plain `oneOf` semantics. So is one beside `anyOf` or
 *    `allOf` (OpenAPI allows both; ajv only reads it beside `oneOf`), and a kept one loses its
 *    `mapping` (ajv refuses it): with every branch pinning its own tag, the mapping cannot change
 *    which branch a value matches, and OpenAPI's discriminator is a hint over `oneOf`, never a
 *    constraint of its own.
 * 2. A `oneOf` of exactly the six disjoint JSON types whose array/object branches refer back to the
 *    definition itself becomes a type list with `items`/`additionalProperties` referring back —
 *    the same set of values, checked in one pass.
 */
import { definitionName, type Schema, type SchemaBundle } from "./bundle.js";
import { followRefs } from "../src/schema/refs.js";
import { isAnnotation, mapSchema } from "../src/schema/walk.js";

const isObject = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);
/**
 * The schema a reference chain ends at, walked by the one `$ref` walk (src/schema/refs.ts) over the
 * bundle's definitions; undefined for a dangling reference, a loop of references, or an end that is
 * not a schema object. (Every `$ref` of a bundle names one of its definitions.)
 */
function deref(bundle: SchemaBundle, s: unknown): Schema | undefined {
  const chain = followRefs(s, undefined, (ref) => {
    const name = definitionName(ref);
    return name !== undefined && Object.hasOwn(bundle.defs, name)
      ? { key: name, value: bundle.defs[name], at: undefined }
      : undefined;
  });
  return chain.kind === "schema" && isObject(chain.value) ? chain.value : undefined;
}

function pinned(prop: unknown): unknown[] | undefined {
  if (!isObject(prop)) return undefined;
  if ("const" in prop) return [prop.const];
  if (Array.isArray(prop.enum) && prop.enum.length === 1) return prop.enum;
  return undefined;
}

/** The discriminating property of a oneOf, if rule 1 applies. */
export function discriminatorOf(bundle: SchemaBundle, branches: unknown[]): string | undefined {
  const resolved = branches.map((b) => deref(bundle, b));
  if (
    resolved.length < 2 ||
    resolved.some((b) => !b || b.type !== "object" || !isObject(b.properties) || !Array.isArray(b.required))
  )
    return undefined;
  const first = resolved[0]!;
  for (const candidate of Object.keys(first.properties as Schema)) {
    const values = new Set<string>();
    let ok = true;
    for (const b of resolved) {
      const v = pinned((b!.properties as Schema)[candidate]);
      if (!v || !(b!.required as unknown[]).includes(candidate) || typeof v[0] !== "string" || values.has(v[0])) {
        ok = false;
        break;
      }
      values.add(v[0]);
    }
    if (ok) return candidate;
  }
  return undefined;
}

const JSON_TYPES = ["null", "boolean", "number", "string", "array", "object"];

/** Rule 2: is `schema` the six-branch JsonValue shape referring back to `self`? */
export function isJsonValueOneOf(schema: Schema, self: string): boolean {
  if (!Array.isArray(schema.oneOf) || schema.oneOf.length !== 6) return false;
  const ref = `#/$defs/${self}`;
  const seen = new Set<string>();
  for (const b of schema.oneOf) {
    if (!isObject(b) || typeof b.type !== "string") return false;
    const keys = Object.keys(b).filter((k) => !isAnnotation(k));
    if (b.type === "array") {
      if (keys.length !== 2 || !isObject(b.items) || b.items.$ref !== ref || Object.keys(b.items).length !== 1)
        return false;
    } else if (b.type === "object") {
      if (
        keys.length !== 2 ||
        !isObject(b.additionalProperties) ||
        b.additionalProperties.$ref !== ref ||
        Object.keys(b.additionalProperties).length !== 1
      )
        return false;
    } else if (keys.length !== 1) return false;
    seen.add(b.type);
  }
  return JSON_TYPES.every((t) => seen.has(t));
}

export function optimizeBundle(bundle: SchemaBundle): SchemaBundle {
  const defs: Record<string, Schema> = {};
  // Children first (src/schema/walk.ts's mapSchema): a branch has its own discriminator before its parent's oneOf is looked at.
  const optimize = (schema: Schema): Schema =>
    mapSchema(schema, (out) => {
      if (Array.isArray(out.oneOf)) {
        const tag = discriminatorOf(bundle, out.oneOf);
        const declared = isObject(out.discriminator) ? out.discriminator.propertyName : undefined;
        if (tag && (declared === undefined || declared === tag)) {
          out.discriminator = { propertyName: tag };
          if (out.type === undefined) out.type = "object";
        } else delete out.discriminator;
      } else delete out.discriminator;
      return out;
    }) as Schema;
  for (const [name, schema] of Object.entries(bundle.defs)) {
    if (isJsonValueOneOf(schema, name)) {
      const rest = Object.fromEntries(Object.entries(schema).filter(([k]) => k !== "oneOf"));
      defs[name] = {
        ...rest,
        type: [...JSON_TYPES],
        items: { $ref: `#/$defs/${name}` },
        additionalProperties: { $ref: `#/$defs/${name}` },
      };
    } else defs[name] = optimize(schema);
  }
  return { ...bundle, defs };
}
