/**
 * OpenAPI facts no payload schema carries: whether a request body is required, which response
 * statuses are documented, how parameters are serialized, and what security an operation needs.
 * Each is compared per operation present in both versions; removals and additions of whole
 * operations are the diff's own business.
 */
import type { Change } from "./change.js";
import type { ContractModel, OperationFacts } from "./model.js";
import { canonical, type Schema, type SchemaNode } from "./schema/keywords.js";

export function operationFactChanges(oldM: ContractModel, newM: ContractModel): Change[] {
  const out: Change[] = [];
  if (!oldM.openapi || !newM.openapi) return out;
  for (const [key, fo] of oldM.openapi.operations) {
    const fn = newM.openapi.operations.get(key);
    if (!fn) continue;
    const sent = fo.flipped ? "response" : "request";
    const received = fo.flipped ? "request" : "response";
    // A body that becomes required: every old request without one is refused (no body payload can show it).
    if (fn.bodyRequired && !fo.bodyRequired) {
      out.push({
        path: `${fn.path}/requestBody/required`,
        kind: fo.hasBody ? "request-body-required" : "request-body-added-required",
        direction: sent,
        verdict: "breaking",
        evidence: `${key}: requests without a body ${fo.hasBody ? "were accepted (requestBody.required was false)" : "were the only kind"}; now a body is required`,
      });
    } else if (fo.bodyRequired && !fn.bodyRequired) {
      out.push({
        path: `${fn.path}/requestBody/required`,
        kind: "request-body-optional",
        direction: sent,
        verdict: "compatible",
        evidence: `${key}: the request body is now optional`,
      });
    }
    for (const status of fo.statuses) {
      if (fn.statuses.has(status)) continue;
      out.push({
        path: `${fo.path}/responses/${status}`,
        kind: "response-removed",
        direction: received,
        verdict: "breaking",
        evidence: `${key}: response ${status} is no longer documented; clients handling it lose its contract (no payload can show it)`,
      });
    }
    for (const status of fn.statuses) {
      if (fo.statuses.has(status)) continue;
      out.push({
        path: `${fn.path}/responses/${status}`,
        kind: "response-added",
        direction: received,
        verdict: "needs-review",
        evidence: `${key}: a new response ${status} a client may now receive; no payload of the old contract shows it`,
      });
    }
    out.push(...serializationChanges(key, fo, fn, oldM, newM, sent));
    out.push(...securityChanges(key, fo, fn, oldM.openapi.schemes, newM.openapi.schemes, sent));
  }
  return out;
}

function serializationChanges(
  key: string,
  fo: OperationFacts,
  fn: OperationFacts,
  oldM: ContractModel,
  newM: ContractModel,
  direction: "request" | "response",
): Change[] {
  const out: Change[] = [];
  for (const [id, po] of fo.params) {
    const pn = fn.params.get(id);
    if (!pn) continue;
    const path = `${fn.path}/parameters/${pn.in}/${pn.name}`;
    if (po.style !== pn.style || po.explode !== pn.explode) {
      out.push({
        path,
        kind: "parameter-style-changed",
        direction,
        verdict: "breaking",
        evidence: `${key}: ${pn.in} parameter "${pn.name}" is serialized as style ${pn.style}, explode ${pn.explode} (was ${po.style}, explode ${po.explode}): values written the old way are read differently`,
      });
    }
    if ((po.media ?? "") !== (pn.media ?? "")) {
      out.push({
        path,
        kind: "parameter-media-type-changed",
        direction,
        verdict: "breaking",
        evidence: `${key}: ${pn.in} parameter "${pn.name}" is encoded as ${pn.media ?? "a plain value"} (was ${po.media ?? "a plain value"})`,
      });
    }
    // A scalar that becomes an array (or back) changes what `?x=a,b` means: not a widening.
    const arrO = arrayShape(po.schema, oldM);
    const arrN = arrayShape(pn.schema, newM);
    if (arrO !== arrN && arrO !== "mixed" && arrN !== "mixed" && !po.media) {
      out.push({
        path,
        kind: "parameter-serialization-changed",
        direction,
        verdict: "breaking",
        evidence: `${key}: ${pn.in} parameter "${pn.name}" was ${arrO === "array" ? "an array" : "a scalar"} and is now ${arrN === "array" ? "an array" : "a scalar"}: serialized values are split (or joined) differently`,
      });
    } else if (arrO !== arrN && !po.media) {
      out.push({
        path,
        kind: "parameter-serialization-changed",
        direction,
        verdict: "needs-review",
        evidence: `${key}: ${pn.in} parameter "${pn.name}" now ${arrN === "mixed" ? "mixes array and scalar values" : "no longer mixes array and scalar values"}: check how values are serialized`,
      });
    }
  }
  return out;
}

function arrayShape(schema: SchemaNode, m: ContractModel): "array" | "scalar" | "mixed" {
  const types = m.ctx.types(schema);
  if (!types.has("array")) return "scalar";
  return types.size === 1 ? "array" : "mixed";
}

/**
 * Security: a client that satisfies one of the old alternatives must satisfy one of the new ones
 * (same schemes, scopes a subset); a scheme both versions use must keep its definition.
 */
function securityChanges(
  key: string,
  fo: OperationFacts,
  fn: OperationFacts,
  so: Record<string, Schema>,
  sn: Record<string, Schema>,
  direction: "request" | "response",
): Change[] {
  const out: Change[] = [];
  const path = `${fn.path}/security`;
  const covers = (have: Record<string, string[]>, need: Record<string, string[]>) =>
    Object.entries(need).every(
      ([scheme, scopes]) => have[scheme] !== undefined && scopes.every((s) => have[scheme]!.includes(s)),
    );
  for (const alt of fo.security) {
    if (fn.security.some((b) => covers(alt, b))) continue;
    const shown = (a: Record<string, string[]>) =>
      Object.keys(a).length
        ? Object.entries(a)
            .map(([k, v]) => (v.length ? `${k}[${v.join(", ")}]` : k))
            .join(" + ")
        : "anonymous access";
    out.push({
      path,
      kind: "security-requirement-added",
      direction,
      verdict: "breaking",
      evidence: `${key}: a client using ${shown(alt)} no longer meets any requirement (${fn.security.map(shown).join(" | ")})`,
    });
  }
  for (const alt of fn.security) {
    if (fo.security.some((a) => covers(a, alt) && covers(alt, a))) continue;
    out.push({
      path,
      kind: "security-alternative-added",
      direction,
      verdict: "compatible",
      evidence: `${key}: a new way to authenticate is accepted`,
    });
  }
  const used = new Set([...fo.security, ...fn.security].flatMap((a) => Object.keys(a)));
  for (const scheme of used) {
    const a = so[scheme];
    const b = sn[scheme];
    if (!a || !b) continue;
    const essential = (s: Schema) =>
      canonical({
        type: s.type,
        in: s.in,
        name: typeof s.name === "string" && s.in === "header" ? s.name.toLowerCase() : s.name,
        scheme: typeof s.scheme === "string" ? s.scheme.toLowerCase() : s.scheme,
        flows: s.flows,
        openIdConnectUrl: s.openIdConnectUrl,
      });
    if (
      essential(a) !== essential(b) &&
      !out.some((c) => c.kind === "security-scheme-changed" && c.evidence.includes(`"${scheme}"`))
    ) {
      out.push({
        path: `#/components/securitySchemes/${scheme}`,
        kind: "security-scheme-changed",
        direction,
        verdict: "breaking",
        evidence: `security scheme "${scheme}" changed how credentials are sent or obtained`,
      });
    }
  }
  return out;
}
