/**
 * Attribution of a change to the member that introduces it. When one version names a member
 * (`properties`) that the other left to an open object's `additionalProperties`, every finding
 * under that member (a `format` and `pattern` of a newly reached definition, a union branch) is
 * one change: the member became constrained (or unconstrained). It is reported at the member's
 * declaration, not at keywords deep inside what the member reaches, which were never changed.
 */
import { escapeToken } from "../json/index.js";
import type { ContractModel } from "./model.js";
import { isSchemaObject, type SchemaNode } from "./schema/keywords.js";

export interface IntroducedMember {
  /** `added`: the new version names the member, the old one left it open; `removed`: the other way round. */
  change: "added" | "removed";
  /** Display location of the naming side's declaration. */
  path: string;
  name: string;
  /** Instance path of the member. */
  at: string;
}

/** The schemas that hold for an instance at this place: through `$ref` and the applicators. */
function closure(nodes: SchemaNode[], m: ContractModel): SchemaNode[] {
  const out: SchemaNode[] = [];
  const seen = new Set<unknown>();
  const queue = [...nodes];
  while (queue.length && out.length < 256) {
    const n = m.ctx.deref(queue.pop()!);
    if (seen.has(n)) continue;
    seen.add(n);
    out.push(n);
    if (!isSchemaObject(n)) continue;
    for (const kw of ["allOf", "anyOf", "oneOf"]) if (Array.isArray(n[kw])) queue.push(...(n[kw] as SchemaNode[]));
    for (const kw of ["then", "else"]) if (n[kw] !== undefined) queue.push(n[kw] as SchemaNode);
  }
  return out;
}

type Member = { kind: "declared"; nodes: SchemaNode[] } | { kind: "open"; nodes: SchemaNode[] } | { kind: "other" };

/** How the schemas at a place treat the member `name`. */
function member(nodes: SchemaNode[], name: string): Member {
  const declared: SchemaNode[] = [];
  const open: SchemaNode[] = [];
  let objects = 0;
  for (const n of nodes) {
    if (!isSchemaObject(n)) continue;
    const props = isSchemaObject(n.properties) ? n.properties : undefined;
    if (props && Object.hasOwn(props, name)) {
      declared.push(props[name] as SchemaNode);
      continue;
    }
    const objectish = props !== undefined || n.additionalProperties !== undefined || n.type === "object";
    if (!objectish) continue;
    objects++;
    // Members matched by patterns, or judged by unevaluatedProperties, are not simply open.
    if (n.patternProperties !== undefined || n.unevaluatedProperties !== undefined) return { kind: "other" };
    const ap = n.additionalProperties as SchemaNode | undefined;
    if (ap === false) return { kind: "other" };
    if (ap !== undefined && ap !== true) open.push(ap);
  }
  if (declared.length) return { kind: "declared", nodes: declared };
  return objects > 0 ? { kind: "open", nodes: open } : { kind: "other" };
}

function items(nodes: SchemaNode[], index: number): SchemaNode[] | undefined {
  const out: SchemaNode[] = [];
  for (const n of nodes) {
    if (!isSchemaObject(n)) continue;
    const prefix = Array.isArray(n.prefixItems) ? (n.prefixItems as SchemaNode[]) : undefined;
    if (prefix && index < prefix.length) out.push(prefix[index]!);
    else if (n.items !== undefined && !Array.isArray(n.items)) out.push(n.items as SchemaNode);
  }
  return out.length ? out : undefined;
}

/**
 * Where a walk down an instance path stands: the schemas of both versions at the place reached, or
 * the answer once one is known (`found`: the member that introduces the change; `none`: no member does).
 */
export type MemberWalk =
  | { kind: "walking"; os: SchemaNode[]; ns: SchemaNode[]; at: string }
  | { kind: "found"; member: IntroducedMember }
  | { kind: "none" };

export function startWalk(
  oldM: ContractModel,
  oldNode: SchemaNode,
  newM: ContractModel,
  newNode: SchemaNode,
): MemberWalk {
  return { kind: "walking", os: closure([oldNode], oldM), ns: closure([newNode], newM), at: "" };
}

/** One token further down the instance path. */
export function stepWalk(w: MemberWalk, t: string, oldM: ContractModel, newM: ContractModel): MemberWalk {
  if (w.kind !== "walking") return w;
  const { os, ns, at } = w;
  const here = `${at}/${escapeToken(t)}`;
  const mo = member(os, t);
  const mn = member(ns, t);
  if (mo.kind === "declared" && mn.kind === "declared")
    return { kind: "walking", os: closure(mo.nodes, oldM), ns: closure(mn.nodes, newM), at: here };
  if (mn.kind === "declared" && mo.kind === "open") {
    const path = newM.locate(mn.nodes[0]!);
    return path ? { kind: "found", member: { change: "added", path, name: t, at: here } } : { kind: "none" };
  }
  if (mo.kind === "declared" && mn.kind === "open") {
    const path = oldM.locate(mo.nodes[0]!);
    return path ? { kind: "found", member: { change: "removed", path, name: t, at: here } } : { kind: "none" };
  }
  // Not an object member on either side: an array item.
  const io = /^(0|[1-9]\d*)$/.test(t) ? items(os, Number(t)) : undefined;
  const inn = /^(0|[1-9]\d*)$/.test(t) ? items(ns, Number(t)) : undefined;
  if (!io || !inn) return { kind: "none" };
  return { kind: "walking", os: closure(io, oldM), ns: closure(inn, newM), at: here };
}
