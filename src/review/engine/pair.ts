/**
 * The two versions side by side: which surfaces both have, which are gone or new, and the
 * definitions that moved. Kinds detecting on the documents (kinds/, `on: "models"`) read this.
 */
import type { ContractModel, Surface } from "../model.js";
import type { Reach } from "../finding.js";
import { sameSchema } from "../schema/equal.js";
import { Containment } from "../schema/containment.js";
import type { SchemaContext } from "../schema/context.js";
import type { SchemaNode } from "../schema/keywords.js";
import { renameJustified } from "../renames.js";

export interface DefinitionMoves {
  removed: Surface[];
  added: Surface[];
  /** A removed definition whose instances live on under a new name. */
  renamed: { from: Surface; to: Surface }[];
}

export class ModelPair {
  private moves: DefinitionMoves | undefined;
  /** Surfaces present in both versions (by key). */
  readonly both: [old: Surface, now: Surface][] = [];
  /** Surfaces of the old version with no counterpart, and of the new one. */
  readonly removed: Surface[] = [];
  readonly added: Surface[] = [];

  constructor(
    readonly old: ContractModel,
    readonly new_: ContractModel,
  ) {
    for (const so of old.surfaces.values()) {
      const sn = new_.surfaces.get(so.key);
      if (sn) this.both.push([so, sn]);
      else this.removed.push(so);
    }
    for (const sn of new_.surfaces.values()) if (!old.surfaces.has(sn.key)) this.added.push(sn);
  }

  /** The first surface of every owner (operation or method) that only one version has. */
  ownersOnlyIn(side: "old" | "new"): Surface[] {
    const [mine, other] = side === "old" ? [this.old, this.new_] : [this.new_, this.old];
    const has = (owner: string) => (mine.kind === "openrpc" ? other.methods.has(owner) : other.operations.has(owner));
    const seen = new Set<string>();
    const out: Surface[] = [];
    for (const s of side === "old" ? this.removed : this.added) {
      if (!s.owner || mine.kind === "json-schema" || has(s.owner) || seen.has(s.owner)) continue;
      seen.add(s.owner);
      out.push(s);
    }
    return out;
  }

  /** Surfaces gone (or new) while their owner stays: a media type, a status's body. */
  ownedSurfacesOnlyIn(side: "old" | "new"): Surface[] {
    const [mine, other] = side === "old" ? [this.old, this.new_] : [this.new_, this.old];
    return (side === "old" ? this.removed : this.added).filter(
      (s) =>
        s.role !== "definition" &&
        s.owner !== undefined &&
        (mine.kind === "openrpc" ? other.methods.has(s.owner) : other.operations.has(s.owner)),
    );
  }

  /** OpenAPI: the status of a response surface is documented by the other version too (only the media type moved). */
  statusIn(s: Surface, m: ContractModel): boolean {
    const status = s.key.split(":")[3] ?? "";
    return m.openapi?.operations.get(s.owner ?? "")?.statuses.has(status) === true;
  }

  /** Definitions gone, new, and renamed (a removed name whose content lives on under a new one). */
  definitionMoves(): DefinitionMoves {
    if (this.moves) return this.moves;
    const defs = (list: Surface[], m: ContractModel, other: ContractModel) =>
      list.filter((s) => s.role === "definition" && (!other.definitions.has(defName(s)) || m.kind === "json-schema"));
    const removed = defs(this.removed, this.old, this.new_);
    const added = defs(this.added, this.new_, this.old);
    const renamed: DefinitionMoves["renamed"] = [];
    for (const so of [...removed]) {
      const match = added.find(
        (sn) =>
          renameJustified(defName(so), so.node, this.old.ctx, defName(sn)) &&
          equivalent(so.node, this.old.ctx, sn.node, this.new_.ctx),
      );
      if (!match) continue;
      added.splice(added.indexOf(match), 1);
      removed.splice(removed.indexOf(so), 1);
      renamed.push({ from: so, to: match });
    }
    this.moves = { removed, added, renamed };
    return this.moves;
  }

  /** The reach of an OpenAPI operation or OpenRPC method by its owner key, as a reader names it. */
  ownerReach(m: ContractModel, owner: string, part: string): Reach {
    return { operation: m.openapi?.operations.get(owner)?.label ?? owner, part };
  }
}

export function defName(s: Surface): string {
  return s.key.slice("def:".length);
}

/** Checkers without hints for the rename proofs, one per context pair (their memo spans all candidate pairs). */
const renameCheckers = new WeakMap<SchemaContext, WeakMap<SchemaContext, Containment>>();

function checker(ca: SchemaContext, cb: SchemaContext): Containment {
  let m = renameCheckers.get(ca);
  if (!m) renameCheckers.set(ca, (m = new WeakMap()));
  let c = m.get(cb);
  if (!c) m.set(cb, (c = new Containment(ca, cb)));
  return c;
}

function equivalent(a: SchemaNode, ca: SchemaContext, b: SchemaNode, cb: SchemaContext): boolean {
  if (sameSchema(a, ca, b, cb)) return true;
  return checker(ca, cb).check(a, b).length === 0 && checker(cb, ca).check(b, a).length === 0;
}
