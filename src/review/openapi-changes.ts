/**
 * OpenAPI facts no payload schema carries, side by side for every operation both versions have:
 * whether a request body is required, which response statuses are documented, how parameters are
 * serialized, and what security an operation needs. The OpenAPI kinds (kinds/openapi/) judge them.
 */
import { escapeToken } from "../json/index.js";
import type { ContractModel, OperationFacts } from "./model.js";
import type { Reach } from "./finding.js";
import { canonical, type Schema, type SchemaNode } from "./schema/keywords.js";
import type { ModelPair } from "./engine/pair.js";

export interface SharedOperation {
  key: string;
  old: OperationFacts;
  new: OperationFacts;
  /** Which way its requests travel (webhooks and callbacks: the API sends them). */
  sent: "request" | "response";
  received: "request" | "response";
  reach(part: string): Reach;
}

/** Every operation present in both versions. */
export function sharedOperations(p: ModelPair): SharedOperation[] {
  const out: SharedOperation[] = [];
  if (!p.old.openapi || !p.new_.openapi) return out;
  for (const [key, fo] of p.old.openapi.operations) {
    const fn = p.new_.openapi.operations.get(key);
    if (!fn) continue;
    out.push({
      key,
      old: fo,
      new: fn,
      sent: fo.flipped ? "response" : "request",
      received: fo.flipped ? "request" : "response",
      reach: (part) => ({ operation: fn.label, part }),
    });
  }
  return out;
}

export type ParameterFacts = OperationFacts["params"] extends Map<string, infer P> ? P : never;

/** The parameters both versions of an operation have (by location and name, path parameters by slot), and where the new one sits. */
export function sharedParameters(op: SharedOperation): { path: string; old: ParameterFacts; new: ParameterFacts }[] {
  const out: { path: string; old: ParameterFacts; new: ParameterFacts }[] = [];
  for (const [id, po] of op.old.params) {
    const pn = op.new.params.get(id);
    if (pn)
      out.push({ path: `${op.new.path}/parameters/${escapeToken(pn.in)}/${escapeToken(pn.name)}`, old: po, new: pn });
  }
  return out;
}

/** Whether a parameter's values are arrays, scalars, or either. */
export function arrayShape(schema: SchemaNode, m: ContractModel): "array" | "scalar" | "mixed" {
  const types = m.ctx.types(schema);
  if (!types.has("array")) return "scalar";
  return types.size === 1 ? "array" : "mixed";
}

export type SecurityAlternative = Record<string, string[]>;

/** A client meeting `have` meets `need`: the same schemes, with at least the scopes asked. */
export function covers(have: SecurityAlternative, need: SecurityAlternative): boolean {
  return Object.entries(need).every(
    ([scheme, scopes]) => have[scheme] !== undefined && scopes.every((s) => have[scheme]!.includes(s)),
  );
}

/** A security alternative in words: `oauth[read, write] + key`, or anonymous access. */
export function shownAlternative(a: SecurityAlternative): string {
  return Object.keys(a).length
    ? Object.entries(a)
        .map(([k, v]) => (v.length ? `${k}[${v.join(", ")}]` : k))
        .join(" + ")
    : "anonymous access";
}

/** How a security scheme sends or obtains its credential: what must stay for clients to keep working. */
export function essentialScheme(s: Schema): string {
  return canonical({
    type: s.type,
    in: s.in,
    name: typeof s.name === "string" && s.in === "header" ? s.name.toLowerCase() : s.name,
    scheme: typeof s.scheme === "string" ? s.scheme.toLowerCase() : s.scheme,
    flows: s.flows,
    openIdConnectUrl: s.openIdConnectUrl,
  });
}
