/**
 * Schema pre-pass for quicktype: turns a flat bundle (codegen/bundle.ts) into a model quicktype-core
 * renders without crashing or silently losing the shape. What it does, and why (decision 101):
 *
 * - JsonValue shapes (a oneOf/anyOf of the six JSON types whose array items and object values refer
 *   back to itself) become `{}`, quicktype's "any": the recursive form overflows quicktype's stack.
 *   Each target renders "any" as its native any-JSON type.
 * - Aliases (a definition that is only a `$ref`) are followed, so one named type is emitted once.
 * - `$ref` siblings that are only annotations are dropped: quicktype would otherwise mint a copy of
 *   the referenced type per site (`BlockStartEventBlock`, `FrameEventBlock`... for one `ForgeBlock`).
 * - Discriminated unions (every branch an object pinning one tag member to a distinct string by
 *   `const` or a one-member `enum`) are recorded in `unions` and replaced by a placeholder object
 *   whose only member is a marker; quicktype would merge the branches into one all-optional class.
 *   The target's renderer emits the real tagged union in the placeholder's place (decision 103);
 *   a target without one asks for "merge" mode and gets quicktype's merged class.
 * - Inline object schemas with properties, and inline unions, are hoisted into named definitions,
 *   so every class is a top level whose definition (and so its `additionalProperties: false`) is known.
 * - `format` is dropped: strings stay strings in every language (exact round trip, no date library).
 * - An object with declared properties whose other members are any JSON (`ForgeBlock`) becomes a map
 *   of any JSON: quicktype would keep the declared members and drop every other one.
 */
import { definitionName, type Schema, type SchemaBundle } from "../bundle.js";
import { pascalCase } from "../names.js";
import { isAnnotation, mapSubschemas, type SubschemaSite } from "../../src/schema/walk.js";

/** Subschemas quicktype reads (each cleaned and named after its place); the others are handed over as written. */
const CLEANED: ReadonlySet<string> = new Set([
  "properties",
  "items",
  "additionalProperties",
  "oneOf",
  "anyOf",
  "allOf",
]);
/** Keywords quicktype ignores (validation is the validators' job), and `format`, which it would turn into types of its own. */
const DROPPED: ReadonlySet<string> = new Set(["format", "not", "if", "then", "else", "contains", "propertyNames"]);

/** The name a hoisted subschema gets after its place: `<Member>` for a property, `Item`/`Item<i>` for items, `Value` for additionalProperties, `<i+1>` for a branch. */
function memberName(site: SubschemaSite): string {
  if (site.keyword === "properties") return pascalCase(String(site.key));
  if (site.keyword === "items") return site.key === undefined ? "Item" : `Item${site.key}`;
  if (site.keyword === "additionalProperties") return "Value";
  return String((site.key as number) + 1);
}

/** Name of the marker member of a union placeholder; the renderers look for it. */
export const UNION_MARKER = "__contract_suite_union__";

export interface UnionMember {
  /** The tag's value on the wire. */
  tag: string;
  /** Definition name of the member (a top level). */
  def: string;
}

export interface UnionInfo {
  /** Definition name of the union (its placeholder is a top level of that name). */
  name: string;
  /** The discriminating member, e.g. `type` or `op`. */
  tagMember: string;
  description?: string;
  members: UnionMember[];
}

export interface LangModel {
  /** Definitions to give quicktype, each a top level, in a stable order. */
  defs: Record<string, Schema>;
  /** Discriminated unions, by definition name. */
  unions: Record<string, UnionInfo>;
  /** Definitions recognised as JsonValue (rendered as each language's any-JSON type). */
  jsonValues: string[];
  /** Definitions that are objects with `additionalProperties: false`. */
  closed: string[];
  /** Alias definitions and what they stand for. */
  aliases: Record<string, string>;
  /** Definitions that are open objects (declared members + any JSON), emitted as JSON maps. */
  openMaps: string[];
  /**
   * Per class definition, its optional members whose value may be JSON null: most JSON libraries
   * fold "absent" and "null" into one value there; the targets keep them apart (decision 102).
   */
  optionalNullable: Record<string, string[]>;
}

const isObject = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);
const JSON_TYPES = ["array", "boolean", "null", "number", "object", "string"];

/** The bundle definition a `$ref` names (src/schema/bundle.ts: `#/$defs/<Name>`, token unescaped). */
const refName = definitionName;

/** True for `{}`, `true` or a schema with only annotations: it admits any JSON value. */
export function isAnySchema(s: unknown): boolean {
  return s === true || (isObject(s) && Object.keys(s).every((k) => isAnnotation(k)));
}

/**
 * The JsonValue shape: oneOf/anyOf whose branches are exactly the six JSON types, each branch only
 * `type` (+ annotations), the array branch's items and the object branch's additionalProperties
 * being a reference to `self`, to another JsonValue (`anyRef`), any JSON, or absent.
 */
export function isJsonValueShape(schema: Schema, self: string, anyRef: (ref: unknown) => boolean): boolean {
  const branches = (schema.oneOf ?? schema.anyOf) as unknown;
  if (!Array.isArray(branches) || branches.length !== 6) return false;
  const seen: string[] = [];
  for (const b of branches) {
    if (!isObject(b) || typeof b.type !== "string") return false;
    for (const k of Object.keys(b)) {
      if (k === "type" || isAnnotation(k)) continue;
      if (b.type === "array" && k === "items" && refersToSelf(b.items, self, anyRef)) continue;
      if (b.type === "object" && k === "additionalProperties" && refersToSelf(b.additionalProperties, self, anyRef))
        continue;
      return false;
    }
    seen.push(b.type);
  }
  // Each of the six types exactly once (an array or object branch without items/values admits any).
  return [...seen].sort().join() === JSON_TYPES.join();
}

function refersToSelf(s: unknown, self: string, anyRef: (ref: unknown) => boolean): boolean {
  if (isAnySchema(s)) return true;
  return (
    isObject(s) &&
    Object.keys(s).every((k) => k === "$ref" || isAnnotation(k)) &&
    (refName(s.$ref) === self || anyRef(s.$ref))
  );
}

export interface PrepareOptions {
  /**
   * "tagged" (default): discriminated unions become placeholders the target renders as tagged
   * unions. "merge": they are left to quicktype, which merges the members into one class whose
   * members are all optional (for targets without a union rendering; a documented limit).
   */
  unions?: "tagged" | "merge";
}

export function prepareModel(bundle: SchemaBundle, options: PrepareOptions = {}): LangModel {
  const tagged = (options.unions ?? "tagged") === "tagged";
  const src = bundle.defs;
  // 1. JsonValue definitions (a fixpoint, so two mutually-referring copies are both found).
  const jsonValues = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, s] of Object.entries(src)) {
      if (jsonValues.has(name)) continue;
      if (isJsonValueShape(s, name, (r) => jsonValues.has(refName(r) ?? ""))) {
        jsonValues.add(name);
        changed = true;
      }
    }
  }
  // 2. Aliases: a definition that is only a `$ref` (+ annotations), followed to the end.
  const directAlias = new Map<string, string>();
  for (const [name, s] of Object.entries(src)) {
    const target = refName(s.$ref);
    if (target && Object.keys(s).every((k) => k === "$ref" || isAnnotation(k))) directAlias.set(name, target);
  }
  const resolveAlias = (name: string): string => {
    const seen = new Set<string>();
    let n = name;
    while (directAlias.has(n) && !seen.has(n)) {
      seen.add(n);
      n = directAlias.get(n)!;
    }
    return n;
  };
  const aliases: Record<string, string> = {};
  for (const name of directAlias.keys()) aliases[name] = resolveAlias(name);

  // 3. Discriminated unions.
  const unionOf = (s: Schema): Omit<UnionInfo, "name"> | undefined => {
    if (!tagged) return undefined;
    const branches = (s.oneOf ?? s.anyOf) as unknown;
    if (!Array.isArray(branches) || branches.length < 2) return undefined;
    if (Object.keys(s).some((k) => !["oneOf", "anyOf", "discriminator", "type"].includes(k) && !isAnnotation(k)))
      return undefined;
    const memberDefs = branches.map((b) => (isObject(b) ? refName(b.$ref) : undefined));
    if (memberDefs.some((d) => d === undefined)) return undefined;
    const targets = memberDefs.map((d) => resolveAlias(d!));
    const candidates = new Set<string>();
    const disc = (s.discriminator as Schema | undefined)?.propertyName;
    const first = src[targets[0]!];
    if (typeof disc === "string") candidates.add(disc);
    else if (first && isObject(first.properties)) for (const k of Object.keys(first.properties)) candidates.add(k);
    for (const tagMember of candidates) {
      const tags: string[] = [];
      for (const t of targets) {
        const member = src[t];
        const tag = member && tagValue(member, tagMember);
        if (tag === undefined) break;
        tags.push(tag);
      }
      if (tags.length === targets.length && new Set(tags).size === tags.length) {
        return {
          tagMember,
          description: typeof s.description === "string" ? s.description : undefined,
          members: tags.map((tag, i) => ({ tag, def: targets[i]! })),
        };
      }
    }
    return undefined;
  };

  const defs: Record<string, Schema> = {};
  const unions: Record<string, UnionInfo> = {};
  const closed: string[] = [];
  const openMaps: string[] = [];
  const hoisted: { name: string; schema: Schema }[] = [];
  const taken = new Set(Object.keys(src));
  const freshName = (base: string): string => {
    let n = base;
    for (let i = 2; taken.has(n); i++) n = `${base}${i}`;
    taken.add(n);
    return n;
  };

  const placeholder = (name: string, info: Omit<UnionInfo, "name">): Schema => {
    unions[name] = { name, ...info };
    return {
      type: "object",
      ...(info.description ? { description: info.description } : {}),
      properties: { [UNION_MARKER + name]: { type: "string" } },
      required: [UNION_MARKER + name],
      additionalProperties: false,
    };
  };

  /** Rewrites one schema node. `ctx` names the definition/member it sits at, for hoisted names. */
  const clean = (node: unknown, ctx: string, atRoot: boolean): unknown => {
    if (node === true) return {};
    if (!isObject(node)) return node;
    // References: JsonValue -> any, aliases followed, annotation siblings dropped.
    const r = refName(node.$ref);
    if (r !== undefined) {
      const target = resolveAlias(r);
      if (jsonValues.has(target)) return keepDescription(node, {});
      return { $ref: `#/$defs/${target}` };
    }
    if (!atRoot) {
      const u = unionOf(node);
      if (u) {
        const name = freshName(ctx);
        hoisted.push({ name, schema: placeholder(name, u) });
        return { $ref: `#/$defs/${name}` };
      }
      if (isClassLike(node)) {
        const name = freshName(ctx);
        hoisted.push({ name, schema: node });
        return { $ref: `#/$defs/${name}` };
      }
    }
    if (isOpenMap(node)) return keepDescription(node, { type: "object", additionalProperties: {} });
    // Where subschemas sit is src/schema/walk.ts's table; what quicktype is given of each is decided here.
    const out = mapSubschemas(
      node,
      (sub, site) => {
        if (site.keyword === "additionalProperties" && typeof sub === "boolean") return sub;
        return clean(sub, `${ctx}${memberName(site)}`, false);
      },
      (keyword) => CLEANED.has(keyword),
    );
    for (const k of Object.keys(out)) if (DROPPED.has(k)) delete out[k];
    return out;
  };

  const queue: { name: string; schema: Schema }[] = Object.entries(src).map(([name, schema]) => ({ name, schema }));
  const visit = (name: string, schema: Schema): void => {
    if (directAlias.has(name)) return;
    // A JsonValue definition stays a top level of its own name: each language's any-JSON type.
    if (jsonValues.has(name)) {
      defs[name] = keepDescription(schema, {});
      return;
    }
    const u = unionOf(schema);
    if (u) {
      defs[name] = placeholder(name, u);
      return;
    }
    if (isOpenMap(schema)) openMaps.push(name);
    if (schema.additionalProperties === false && schema.type === "object") closed.push(name);
    defs[name] = clean(schema, name, true) as Schema;
  };
  for (const { name, schema } of queue) {
    visit(name, schema);
    // Hoisted schemas are processed right after the definition they came from (stable order).
    while (hoisted.length) {
      const h = hoisted.shift()!;
      if (
        h.schema.properties &&
        isObject(h.schema.properties) &&
        Object.keys(h.schema.properties)[0]?.startsWith(UNION_MARKER)
      ) {
        defs[h.name] = h.schema;
        continue;
      }
      visit(h.name, h.schema);
    }
  }
  const optionalNullable: Record<string, string[]> = {};
  const admitsNull = (s: unknown, seen: Set<string>): boolean => {
    if (!isObject(s)) return s === true;
    if (isAnySchema(s)) return true;
    const r = refName(s.$ref);
    if (r !== undefined) return !seen.has(r) && defs[r] !== undefined && admitsNull(defs[r], new Set([...seen, r]));
    if (s.type === "null" || (Array.isArray(s.type) && s.type.includes("null"))) return true;
    if (s.const === null || (Array.isArray(s.enum) && s.enum.includes(null))) return true;
    for (const k of ["oneOf", "anyOf"]) {
      const bs = s[k];
      if (Array.isArray(bs) && bs.some((b) => admitsNull(b, seen))) return true;
    }
    return false;
  };
  for (const [name, s] of Object.entries(defs)) {
    if (!isObject(s.properties) || unions[name]) continue;
    const req = Array.isArray(s.required) ? s.required : [];
    const members = Object.entries(s.properties)
      .filter(([p, ps]) => !req.includes(p) && admitsNull(ps, new Set()))
      .map(([p]) => p);
    if (members.length) optionalNullable[name] = members;
  }
  return { defs, unions, jsonValues: [...jsonValues], closed, aliases, openMaps, optionalNullable };

  function tagValue(member: Schema, tagMember: string): string | undefined {
    const props = member.properties;
    const req = member.required;
    if (!isObject(props) || !Array.isArray(req) || !req.includes(tagMember)) return undefined;
    const p = props[tagMember];
    if (!isObject(p)) return undefined;
    if (typeof p.const === "string") return p.const;
    if (Array.isArray(p.enum) && p.enum.length === 1 && typeof p.enum[0] === "string") return p.enum[0];
    return undefined;
  }

  /** Declared members plus any-JSON for every other member: best kept whole as a JSON object. */
  function isOpenMap(s: Schema): boolean {
    if (!isObject(s.properties) || Object.keys(s.properties).length === 0) return false;
    const ap = s.additionalProperties;
    const extraIsAny =
      ap !== undefined && (isAnySchema(ap) || (isObject(ap) && jsonValues.has(resolveAlias(refName(ap.$ref) ?? ""))));
    return extraIsAny;
  }

  function isClassLike(s: Schema): boolean {
    return (
      (s.type === "object" || s.type === undefined) &&
      isObject(s.properties) &&
      Object.keys(s.properties).length > 0 &&
      !isOpenMap(s)
    );
  }

  function keepDescription(from: Schema, to: Schema): Schema {
    return typeof from.description === "string" ? { ...to, description: from.description } : to;
  }
}
