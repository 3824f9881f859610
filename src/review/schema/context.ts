/**
 * A schema context: one flat bundle of named definitions (`#/$defs/<Name>` references, as
 * codegen's `buildBundle` produces), with reference resolution, stable node ids, the location of
 * every node (for reports) and real ajv 2020 validators for any node of it.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { linearRegExp } from "../../schema/pattern.js";
import { escapeToken, pointerWithin } from "../../json/index.js";
import { hasSubschemas, mapSubschemas, walkSchema } from "../../schema/walk.js";
import { definitionName } from "../../schema/bundle.js";
import {
  canonical,
  isAnnotationKeyword,
  isSchemaObject,
  setOwn,
  JSON_TYPES,
  type JsonType,
  type Schema,
  type SchemaNode,
} from "./keywords.js";

/** Where a node sits: a definition of the bundle and a pointer inside it. */
export interface NodeSite {
  def: string;
  pointer: string;
}

let contextCounter = 0;

export class SchemaContext {
  readonly uri: string;
  private readonly ids = new WeakMap<object, number>();
  private nextId = 1;
  private readonly sites = new WeakMap<object, NodeSite>();
  private readonly derefCache = new WeakMap<object, SchemaNode>();
  private ajvInstance: Ajv2020 | undefined;
  private ajvPlain: Ajv2020 | undefined;
  private readonly validators = new WeakMap<object, ValidateFunction>();
  /** Long enums as sets of canonical values, with the rest of their schema. */
  private readonly enumSets = new WeakMap<object, { members: Set<string>; rest: Schema }>();
  private readonly boolValidators = new Map<boolean, ValidateFunction>();
  /**
   * Nodes that need a validator, registered inside the bundle at `#/x-nodes/<slot>` so ajv
   * compiles each once and their `$ref`s resolve against the bundle's own (shared) reference
   * cache; derived nodes with the same content share one slot.
   */
  private readonly holder: Record<string, unknown> = {};
  private readonly slots = new WeakMap<object, string>();
  private readonly slotByContent = new Map<string, string>();
  private readonly slotChildren = new Map<string, string[]>();
  private nextSlot = 0;

  /** Compile patterns with the `u` flag (ECMA-262 unicode mode); off when a document's patterns need it (dialect.ts). */
  unicodeRegExp = true;

  constructor(readonly defs: Record<string, Schema>) {
    this.uri = `urn:contract-suite:review:${++contextCounter}`;
    for (const [name, def] of Object.entries(defs)) this.indexSites(def, name, "");
  }

  /** Adds a definition after construction (synthesised envelopes); names must be fresh. */
  addDef(name: string, schema: Schema): string {
    if (Object.hasOwn(this.defs, name)) throw new Error(`definition ${name} already exists`);
    if (this.ajvInstance || this.ajvPlain) throw new Error("addDef after validators were compiled");
    setOwn(this.defs, name, schema);
    this.indexSites(schema, name, "");
    return `#/$defs/${escapeToken(name)}`;
  }

  /** `addDef`, returning a `$ref` node that names the new definition. */
  addDefNode(name: string, schema: Schema): Schema {
    return { $ref: this.addDef(name, schema) };
  }

  /** Records where every schema object of a definition sits (first site wins), through the one walker's subschema table; annotations (`$defs`, `contentSchema`) are not walked into. */
  private indexSites(root: unknown, def: string, pointer: string): void {
    walkSchema(
      root,
      (node, at) => {
        if (this.sites.has(node)) return false;
        this.sites.set(node, { def, pointer: at });
      },
      pointer,
      reviewed,
    );
  }

  id(node: SchemaNode): string {
    if (typeof node === "boolean") return String(node);
    let id = this.ids.get(node);
    if (id === undefined) this.ids.set(node, (id = this.nextId++));
    return `${this.uri}:${id}`;
  }

  /** A node derived from `from` (restricted to one type, merged with its base) is reported where `from` sits. */
  derivedFrom(derived: SchemaNode, from: SchemaNode): void {
    if (
      typeof derived === "boolean" ||
      typeof from === "boolean" ||
      Object.isFrozen(derived) ||
      this.sites.has(derived)
    )
      return;
    const site = this.sites.get(from);
    if (site) this.sites.set(derived, site);
  }

  site(node: SchemaNode): NodeSite | undefined {
    return typeof node === "boolean" ? undefined : this.sites.get(node);
  }

  /** The definition a local `#/$defs/Name` reference names, or undefined. */
  refTarget(ref: string): { name: string; schema: Schema } | undefined {
    const name = definitionName(ref); // undefined for another reference or a malformed escape
    if (name === undefined) return undefined;
    const schema = Object.hasOwn(this.defs, name) ? this.defs[name] : undefined;
    return schema ? { name, schema } : undefined;
  }

  /**
   * Follows `$ref`: a reference with only annotations beside it is its target; one with
   * constraints beside it (allowed in 2020-12) is the conjunction `allOf: [target, siblings]`.
   * The result is cached so the same node always derefs to the same object (ids stay stable).
   */
  deref(node: SchemaNode): SchemaNode {
    let current: SchemaNode = node;
    for (let hops = 0; hops < 64; hops++) {
      if (typeof current === "boolean" || typeof current.$ref !== "string") return current;
      const cached = this.derefCache.get(current);
      if (cached !== undefined) return cached;
      const target = this.refTarget(current.$ref);
      if (!target) return current; // unresolvable: left as is, reasoning treats it as unknown
      const siblings = Object.keys(current).filter((k) => k !== "$ref" && !isAnnotationKeyword(k));
      if (siblings.length === 0) {
        current = target.schema;
        continue;
      }
      const rest: Schema = {};
      for (const k of siblings) setOwn(rest, k, current[k]);
      const conj: Schema = { allOf: [target.schema, rest] };
      const site = this.sites.get(current);
      if (site) this.sites.set(conj, site);
      this.derefCache.set(current, conj);
      return conj;
    }
    return current;
  }

  /** The JSON types a node may admit (an over-approximation). "number" = non-integer numbers; `type: "number"` gives both. */
  types(node: SchemaNode, seen: Set<object> = new Set()): Set<JsonType> {
    const all = new Set<JsonType>(JSON_TYPES);
    const n = this.deref(node);
    if (n === false) return new Set();
    if (n === true) return all;
    if (seen.has(n)) return all;
    seen.add(n);
    let out = all;
    const t = n.type;
    if (typeof t === "string" || Array.isArray(t)) {
      const list = (Array.isArray(t) ? t : [t]) as JsonType[];
      out = new Set(list.filter((x) => (JSON_TYPES as readonly string[]).includes(x)));
      if (out.has("number")) out.add("integer");
    }
    const values = finiteValues(n);
    if (values) out = intersect(out, new Set(values.map(valueType)));
    if (Array.isArray(n.allOf)) for (const s of n.allOf as SchemaNode[]) out = intersect(out, this.types(s, seen));
    for (const k of ["oneOf", "anyOf"] as const) {
      if (!Array.isArray(n[k])) continue;
      const u = new Set<JsonType>();
      for (const s of n[k] as SchemaNode[]) for (const x of this.types(s, seen)) u.add(x);
      out = intersect(out, u);
    }
    seen.delete(n);
    return out;
  }

  /**
   * A real ajv 2020 validator (formats on, discriminator honoured when well-formed) for any node.
   * Compiled once per node (per content for derived nodes): the node is registered in the bundle
   * and fetched by its fragment, so the definitions it references are compiled once per context
   * instead of once per node that reaches them.
   */
  validator(node: SchemaNode): ValidateFunction {
    if (typeof node === "boolean") {
      let v = this.boolValidators.get(node);
      if (!v) this.boolValidators.set(node, (v = this.ajv(true).compile(node)));
      return v;
    }
    let v = this.validators.get(node);
    if (v) return v;
    const slot = this.slotOf(node);
    try {
      v = this.compileSlot(this.ajv(true), slot);
    } catch {
      // A malformed discriminator is a lint finding, not a reason to stop: validate as plain oneOf.
      v = undefined;
    }
    v ??= this.compileSlot(this.ajv(false), slot);
    if (!v) throw new Error(`no validator for slot ${slot}`);
    this.validators.set(node, v);
    return v;
  }

  /**
   * Compiles a slot after the slots it references: ajv keeps what `getSchema` compiled under the
   * full URI and reuses it when a later compile meets the same `$ref`, whereas a slot first met as
   * a `$ref` would be compiled again when fetched on its own.
   */
  private compileSlot(ajv: Ajv2020, slot: string): ValidateFunction | undefined {
    for (const child of this.slotChildren.get(slot) ?? []) this.compileSlot(ajv, child);
    return ajv.getSchema(`${this.uri}#/x-nodes/${slot}`);
  }

  /** The holder slot of a node: a copy whose subschemas with subschemas of their own point at their slots; equal copies share one. */
  private slotOf(node: Schema): string {
    const known = this.slots.get(node);
    if (known !== undefined) return known;
    const children: string[] = [];
    const stored = this.rewrite(node, children);
    const content = canonical(stored);
    const shared = this.slotByContent.get(content);
    if (shared !== undefined) {
      this.slots.set(node, shared);
      return shared;
    }
    const slot = String(this.nextSlot++);
    setOwn(this.holder, slot, stored);
    this.slots.set(node, slot);
    this.slotByContent.set(content, slot);
    this.slotChildren.set(slot, children);
    return slot;
  }

  /**
   * A node with its nested subschemas replaced by `$ref`s to their own slots, so every schema
   * object is compiled once, not once per enclosing node that gets validated. Kept inline: bare
   * `$ref`s and leaves (no subschemas), because ajv's discriminator reads a branch's tag
   * property schema inline, through at most one reference.
   */
  private rewrite(node: Schema, children: string[]): Schema {
    return mapSubschemas(node, (sub) => this.inlineOrSlot(sub, children), reviewed);
  }

  /** One subschema of a node being stored: itself when it stays inline (see `rewrite`), else a `$ref` to its slot. */
  private inlineOrSlot(sub: unknown, children: string[]): unknown {
    if (!isSchemaObject(sub)) return sub;
    const bareRef =
      typeof sub.$ref === "string" && Object.keys(sub).every((k) => k === "$ref" || isAnnotationKeyword(k));
    if (bareRef || !hasSubschemas(sub, reviewed)) return sub;
    const slot = this.slotOf(sub);
    children.push(slot);
    return { $ref: `#/x-nodes/${slot}` };
  }

  valid(node: SchemaNode, value: unknown): boolean {
    // A long enum is a set: ajv tests it value by value, so n values checked against it cost n² (issue 32).
    if (typeof node === "object" && Array.isArray(node.enum) && node.enum.length > SET_ENUM) {
      let e = this.enumSets.get(node);
      if (!e) {
        const rest: Schema = { ...node };
        delete rest.enum;
        e = { members: new Set(node.enum.map(canonical)), rest };
        this.enumSets.set(node, e);
      }
      return e.members.has(canonical(value)) && this.validator(e.rest)(value) === true;
    }
    return this.validator(node)(value) === true;
  }

  /** The error that explains why a value is rejected (see `primaryError`), as one line; "" when it is valid. */
  firstError(node: SchemaNode, value: unknown): string {
    return this.explain(node, value)?.text ?? "";
  }

  /** The primary error of a rejected value: its one-line text and the instance location it names. */
  explain(node: SchemaNode, value: unknown, near?: string): { text: string; at: string; keyword: string } | undefined {
    const v = this.validator(node);
    if (v(value)) return undefined;
    const e = primaryError(v.errors ?? [], near);
    if (!e) return { text: "invalid", at: "", keyword: "" };
    return {
      text: `${e.instancePath || "/"} ${e.message ?? e.keyword}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ""}`,
      at: errorLocation(e),
      keyword: e.keyword,
    };
  }

  private ajv(discriminator: boolean): Ajv2020 {
    const existing = discriminator ? this.ajvInstance : this.ajvPlain;
    if (existing) return existing;
    // No code optimisation pass: each validator runs a few times, so compiling fast matters more than running fast.
    // No meta-schema check of the bundle: the dialect pass reports defects, and a bundle that failed the
    // check was validated without it anyway ("validate what compiles rather than stop").
    // No logger: ajv would print `unknown format "..." ignored` for every schema it compiles; dialect.ts reports
    // each unknown format once as an `unknown-format` notice in the diff's warnings instead.
    const options = {
      logger: false as const,
      strict: false,
      allErrors: false,
      discriminator,
      validateFormats: true,
      inlineRefs: false,
      unicodeRegExp: this.unicodeRegExp,
      // Patterns run in linear time or are undecidable (decision 252), never by a backtracking engine.
      code: { optimize: false, regExp: linearRegExp },
      validateSchema: false,
    };
    const ajv = new Ajv2020(options);
    addFormats.default(ajv);
    ajv.addSchema({ $id: this.uri, $defs: this.defs, "x-nodes": this.holder });
    if (discriminator) this.ajvInstance = ajv;
    else this.ajvPlain = ajv;
    return ajv;
  }
}

/**
 * The error that explains a rejection. ajv (allErrors off) stops at the first failing keyword, but
 * a failed oneOf/anyOf lists every branch's first error before its own, in branch order, so
 * `errors[0]` is whichever branch comes first, not the one the value follows. Like jsonschema's
 * best_match, a union failure is explained by its deepest branch error (the branch that matched
 * furthest, and at equal depth not merely a mismatched tag); anything else by ajv's first error.
 */
export function primaryError(errors: readonly ErrorObject[], near?: string): ErrorObject | undefined {
  const last = errors[errors.length - 1];
  if (!last || (last.keyword !== "oneOf" && last.keyword !== "anyOf") || errors.length === 1) return errors[0];
  // Every branch refused the value, each for its own reason: a reason at `near` (the change a
  // counterexample shows) explains it as well as any, and names the place the reader looks at.
  const branches = errors.slice(0, -1);
  const atNear = near === undefined ? [] : branches.filter((e) => pointerWithin(errorLocation(e), near));
  const pool = atNear.length ? atNear : branches;
  let best = pool[0]!;
  for (const e of pool) if (relevance(e) > relevance(best)) best = e;
  return best;
}

/**
 * Deeper errors first, by how far into the value the branch got (`instancePath`: a branch missing a
 * member failed at the object, before a branch that looked at one of its members); at equal depth,
 * a value refused by a constraint beats a const/enum/type mismatch (which says "another branch").
 */
function relevance(e: ErrorObject): number {
  return 2 * depthOf(e.instancePath) + (DISCRIMINATING.has(e.keyword) ? 0 : 1);
}

const DISCRIMINATING = new Set(["const", "enum", "type"]);

/** The instance location an error names: its instancePath, plus the member for required / additionalProperties errors. */
export function errorLocation(e: ErrorObject): string {
  const p = e.params as { missingProperty?: unknown; additionalProperty?: unknown; unevaluatedProperty?: unknown };
  const member =
    e.keyword === "required"
      ? p.missingProperty
      : e.keyword === "additionalProperties"
        ? p.additionalProperty
        : e.keyword === "unevaluatedProperties"
          ? p.unevaluatedProperty
          : undefined;
  return typeof member === "string" ? `${e.instancePath}/${escapeToken(member)}` : e.instancePath;
}

function depthOf(pointer: string): number {
  return pointer === "" ? 0 : pointer.split("/").length - 1;
}

/** The subschema keywords the review reads as subschemas: annotations (`$defs`, `contentSchema`, `x-*`) are compared as written. */
function reviewed(keyword: string): boolean {
  return !isAnnotationKeyword(keyword);
}

/** The values of `const`/`enum` (intersected when both are present), or undefined when unbounded. */
/** Enums longer than this are tested as a set (`valid`). */
const SET_ENUM = 64;

export function finiteValues(s: Schema): unknown[] | undefined {
  let values: unknown[] | undefined;
  if (Object.hasOwn(s, "const")) values = [s.const];
  if (Array.isArray(s.enum)) {
    const e = s.enum as unknown[];
    values = values ? values.filter((v) => e.some((x) => canonical(x) === canonical(v))) : e;
  }
  return values;
}

export function valueType(v: unknown): JsonType {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  if (typeof v === "boolean") return "boolean";
  if (typeof v === "string") return "string";
  return "object";
}

/** Type sets: "number" stands for the non-integer numbers, "integer" for the integers. */
function intersect(a: Set<JsonType>, b: Set<JsonType>): Set<JsonType> {
  return new Set([...a].filter((x) => b.has(x)));
}
