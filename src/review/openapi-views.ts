/**
 * OpenAPI's `readOnly` and `writeOnly` by direction (decision 173). A `readOnly` member "MAY be
 * sent as part of a response but SHOULD NOT be sent as part of the request", and a required one
 * is required in responses only; `writeOnly` is the mirror image. So a request is judged against a
 * view of its schema in which every `readOnly` member is neither required nor constrained (a server
 * ignores it), and a response against a view in which every `writeOnly` member is. Keyed on the
 * HTTP message, not on who sends it: webhook and callback requests get the request view too.
 *
 * Views are copies of only the definitions that need one (those with a marked member, and those
 * that reach one through `$ref`), added to the same schema context; `original()` maps a copy back
 * to the definition it was made from, for locations and reachability.
 */
import { isSchemaObject, setOwn, type Schema, type SchemaNode } from "./schema/keywords.js";
import { mapSchema, walkSchema } from "../schema/walk.js";
import type { SchemaContext } from "./schema/context.js";
import { escapeToken, unescapeToken } from "../json/index.js";

export type MessageSide = "request" | "response";

const MARK: Record<MessageSide, "readOnly" | "writeOnly"> = { request: "readOnly", response: "writeOnly" };

export class DirectionViews {
  /** Per side: definitions that need a view copy. */
  private readonly needs: Record<MessageSide, Set<string>>;
  private readonly copies: Record<MessageSide, Map<string, string>> = { request: new Map(), response: new Map() };
  private readonly originals = new Map<string, string>();

  constructor(
    private readonly ctx: SchemaContext,
    /** A definition name not taken yet (and reserved from now on). */
    private readonly fresh: (base: string) => string,
  ) {
    const names = Object.keys(ctx.defs);
    const refs = new Map(names.map((n) => [n, this.refsIn(ctx.defs[n])]));
    const closure = (side: MessageSide): Set<string> => {
      const need = new Set(names.filter((n) => this.marks(ctx.defs[n], MARK[side])));
      // Definitions that reach a marked one need a copy too, so their references can point at the view.
      for (let grew = need.size > 0; grew; ) {
        grew = false;
        for (const n of names)
          if (!need.has(n) && [...refs.get(n)!].some((r) => need.has(r))) need.add(n), (grew = true);
      }
      return need;
    };
    this.needs = { request: closure("request"), response: closure("response") };
  }

  /** The definition a view copy was made from (undefined for any other name). */
  original(name: string): string | undefined {
    return this.originals.get(name);
  }

  /** Copy name -> original name, for every copy made. */
  get copyOrigins(): ReadonlyMap<string, string> {
    return this.originals;
  }

  /** The schema as the given side of an HTTP exchange reads it (the node itself when nothing is marked). */
  view(node: SchemaNode, side: MessageSide): SchemaNode {
    if (this.needs[side].size === 0 && !this.marks(node, MARK[side])) return node;
    return this.copy(node, side) as SchemaNode;
  }

  /** A copy through src/schema/walk.ts's table: references into the view, marked members neither required nor constrained. */
  private copy(node: unknown, side: MessageSide): unknown {
    return mapSchema(node, (n) => {
      if (typeof n.$ref === "string") setOwn(n, "$ref", this.refTo(n.$ref, side));
      const props = isSchemaObject(n.properties) ? (n.properties as Schema) : undefined;
      const hidden = new Set(props ? Object.keys(props).filter((k) => this.marked(props[k], MARK[side])) : []);
      if (!hidden.size) return n;
      for (const k of hidden) setOwn(props!, k, {});
      if (Array.isArray(n.required))
        setOwn(
          n,
          "required",
          n.required.filter((r) => !hidden.has(String(r))),
        );
      return n;
    });
  }

  /** A reference into the view: the definition's copy, made on first use (cycles resolve to the reserved name). */
  private refTo(ref: string, side: MessageSide): string {
    const target = this.ctx.refTarget(ref);
    if (!target || !this.needs[side].has(target.name)) return ref;
    let name = this.copies[side].get(target.name);
    if (!name) {
      name = this.fresh(`${target.name}__${side}`);
      this.copies[side].set(target.name, name);
      this.originals.set(name, target.name);
      this.ctx.addDef(name, this.copy(target.schema, side) as Schema);
    }
    return `#/$defs/${escapeToken(name)}`;
  }

  /** A member schema marked readOnly/writeOnly: itself, a `$ref` target, or an `allOf` branch. */
  private marked(member: unknown, mark: "readOnly" | "writeOnly"): boolean {
    if (!isSchemaObject(member)) return false;
    // A reference may already point at a view copy (children are mapped first): read the original.
    const target = (ref: unknown) => {
      const t = typeof ref === "string" ? /^#\/\$defs\/(.+)$/.exec(ref)?.[1] : undefined;
      if (t === undefined) return undefined;
      let name: string;
      try {
        name = unescapeToken(t);
      } catch {
        return undefined; // not one of the bundle's own references
      }
      return this.ctx.defs[this.originals.get(name) ?? name];
    };
    if (member[mark] === true || target(member.$ref)?.[mark] === true) return true;
    return (
      Array.isArray(member.allOf) &&
      member.allOf.some((b) => isSchemaObject(b) && (b[mark] === true || target(b.$ref)?.[mark] === true))
    );
  }

  /** Whether any object schema inside `node` (not through `$ref`) has a marked member. */
  private marks(node: unknown, mark: "readOnly" | "writeOnly"): boolean {
    let found = false;
    walkSchema(node, (n) => {
      if (!found && isSchemaObject(n.properties) && Object.values(n.properties).some((m) => this.marked(m, mark)))
        found = true;
      return !found;
    });
    return found;
  }

  private refsIn(node: unknown): Set<string> {
    const out = new Set<string>();
    walkSchema(node, (n) => {
      const t = typeof n.$ref === "string" ? this.ctx.refTarget(n.$ref) : undefined;
      if (t) out.add(t.name);
    });
    return out;
  }
}
