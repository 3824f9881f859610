/**
 * Classifies what `contract-suite diff <upstream 48499628> <ours>` reports against the table of
 * deliberate differences (PROSE_DIFFERENCES, docs/wright-agent.md), for the acceptance sentence
 * "diff of the 48499628 version against ours shows only those".
 *
 * Every reported change lands in exactly one class:
 * - text: a description/title change, or a rewrite the tool itself calls equivalent (our document
 *   has its own text: the issue asks not to copy upstream's);
 * - layout: a definition added, removed or renamed (a definition's name is not on the wire; what it
 *   changes is reported where it is used);
 * - new-definition: a constraint inside a definition upstream does not have (compared against
 *   nothing; the wire effect is reported at the using site);
 * - diff-misreport: the tool reports a change where the upstream and our node are the same schema
 *   apart from annotations (a defect of the diff tool, src/review — not ours to fix here);
 * - row: explained by one row of the table (by its definition, or a path the row covers);
 * - unexplained: everything else — to be fixed in the contract or given a row with its prose sentence.
 */
import { PROSE_DIFFERENCES } from "./upstream.js";

export interface ReportedChange {
  path: string;
  kind: string;
  evidence?: string;
}

export type ChangeClass = "text" | "layout" | "new-definition" | "diff-misreport" | `row:${string}` | "unexplained";

type Schema = Record<string, unknown>;
interface Doc {
  $defs: Record<string, Schema>;
}

/** Paths (relative to #/$defs/) a row covers beyond its own definition: where upstream's shape it replaces shows up in ours. */
export const ROW_COVERAGE: { row: string; path: RegExp; kinds?: readonly string[]; evidence?: RegExp }[] = [
  { row: "CompilePayload", path: /^CompileResult\/properties\/result\/properties\/output(\/|$)/ },
  { row: "BriefResult", path: /^(Analyze|Inspect|Lint)Result(\/properties\/result)?\/required$/, kinds: ["required-removed"], evidence: /"brief"/ },
  { row: "BriefResult", path: /^((Analyze|Inspect)Result\/properties\/result|LintResult)$/, kinds: ["branch-added"] },
  { row: "AnalyzePayload", path: /^AnalyzeResult\/properties\/result(\/|$)/ },
  { row: "InspectPayload", path: /^InspectResult\/properties\/result(\/|$)/ },
  { row: "LintPayload", path: /^LintResult(\/|$)/ },
  { row: "AnalyzeRequest", path: /^(Inspect|Lint)Request\/properties\/brief$/ },
  { row: "snapshot / all", path: /^\w+Request\/properties\/(all|snapshot)$/, kinds: ["property-added"] },
  { row: "snapshot / all", path: /^\w+Result\/required$/, kinds: ["required-added"], evidence: /member "snapshot"/ },
  { row: "Canonical addresses", path: /^(Finding\/properties\/ruleAddress|CallGraphEdge\/properties\/callerAddress|Reference\/properties\/owningRule)(\/|$)/ },
  { row: "Canonical addresses", path: /^(Finding|CallGraphEdge|Reference)\/required$/, kinds: ["required-added"], evidence: /member "(ruleAddress|callerAddress|owningRule)"/ },
  { row: "check program", path: /^CheckResult\/properties\/result\/properties\/program(\/|$)/ },
  { row: "check program", path: /^CheckResult\/properties\/result\/required$/, kinds: ["required-added"], evidence: /member "program"/ },
  { row: "sources: null", path: /^Sources\/type$/, kinds: ["type-widened"], evidence: /^new allows null here/ },
  { row: "refusal candidates", path: /^ToolErrorInfo\/properties\/candidates(\/|$)/ },
  { row: "List wrapper", path: /^(\w+List\/anyOf\/1|CallGraphSelectionResult\/properties\/edges)(\/|$)/ },
];

const TEXT_KINDS = new Set(["description-changed", "title-changed", "equivalent"]);
const LAYOUT_KINDS = new Set(["definition-added", "definition-removed", "definition-renamed"]);
/** Keywords a change path may end in (the node is its parent). */
const KEYWORDS = new Set(["type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "pattern", "enum", "const", "required", "additionalProperties", "minItems", "maxItems", "anyOf", "oneOf", "allOf", "format"]);

function at(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const raw of pointer.replace(/^#\/?/, "").split("/").filter(Boolean)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * The schema without annotations (descriptions, titles, examples, x- extensions), in a canonical
 * form: `additionalProperties: true` is what its absence means, and anyOf/oneOf branches are a set.
 */
function constraints(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(constraints);
  if (v === null || typeof v !== "object") return v;
  return Object.fromEntries(
    Object.entries(withoutFreeMembers(v as Schema))
      .filter(([k, x]) => !["description", "title", "examples", "$comment", "default"].includes(k) && !k.startsWith("x-") && !(k === "additionalProperties" && x === true))
      .map(([k, x]) => [k, (k === "anyOf" || k === "oneOf") && Array.isArray(x) ? x.map((b) => JSON.stringify(constraints(b))).sort() : constraints(x)]),
  );
}

/** A constraint-free schema: `true` or an object with nothing left once annotations are dropped. */
function isFree(v: unknown): boolean {
  const c = constraints(v);
  return c === true || (c !== null && typeof c === "object" && !Array.isArray(c) && Object.keys(c).length === 0);
}

/**
 * Drops declared members whose schema constrains nothing ({} with only a description): they change
 * no instance's validity unless the object also restricts its other members (additionalProperties
 * other than true, patternProperties, unevaluatedProperties), where a declaration does matter.
 * (Strict JSON Schema tools want every `required` member declared; upstream's `not: {required}` is
 * spelled that way in ours.)
 */
function withoutFreeMembers(o: Schema): Schema {
  const props = o.properties;
  if (props === null || typeof props !== "object" || Array.isArray(props)) return o;
  if ((o.additionalProperties !== undefined && o.additionalProperties !== true) || o.patternProperties !== undefined || o.unevaluatedProperties !== undefined) return o;
  const kept = Object.entries(props as Schema).filter(([, p]) => !isFree(p));
  const { properties: _dropped, ...rest } = o;
  return kept.length ? { ...rest, properties: Object.fromEntries(kept) } : rest;
}

function requiredClaimIsFalse(change: ReportedChange, before: unknown, after: unknown): boolean {
  const member = /member "([^"]+)"/.exec(change.evidence ?? "")?.[1];
  if (member === undefined || before === undefined || after === undefined) return false;
  const has = (v: unknown) => Array.isArray(v) && v.includes(member);
  return change.kind === "required-added" ? !(has(after) && !has(before)) : !(has(before) && !has(after));
}

/** The JSON type a diff evidence names ("old allows booleans here"), as a `type` keyword spells it. */
const EVIDENCE_TYPES: Record<string, string> = { null: "null", booleans: "boolean", objects: "object", arrays: "array", strings: "string", numbers: "number", integers: "integer" };

/**
 * A type-widened ("new allows T here; old does not") or type-narrowed ("old allows T here; new does
 * not") claim that is false on its own node: the side said to allow T is a plain typed schema (a
 * `type` keyword and no applicator or $ref that could admit more) whose type excludes T. Narrow on
 * purpose: a node whose type does include T, or that has anyOf/oneOf/allOf/$ref/not, stays a real change.
 */
function typeClaimIsFalse(change: ReportedChange, upstreamNode: unknown, oursNode: unknown): boolean {
  const m = /^(new|old) allows (\w+) here; (old|new) does not/.exec(change.evidence ?? "");
  if (!m || (change.kind === "type-widened") !== (m[1] === "new")) return false;
  if (change.kind !== "type-widened" && change.kind !== "type-narrowed") return false;
  const claimed = EVIDENCE_TYPES[m[2]!];
  const node = m[1] === "new" ? oursNode : upstreamNode;
  if (claimed === undefined || node === null || typeof node !== "object" || Array.isArray(node)) return false;
  const n = node as Schema;
  if (["anyOf", "oneOf", "allOf", "$ref", "not", "if", "enum", "const"].some((k) => k in n) || n.type === undefined) return false;
  const types = Array.isArray(n.type) ? (n.type as string[]) : [n.type as string];
  return !types.includes(claimed) && !(claimed === "integer" && types.includes("number"));
}

function sameKeyword(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return false;
  const canon = (v: unknown) => JSON.stringify(Array.isArray(v) && v.every((x) => typeof x === "string") ? [...v].sort() : constraints(v));
  return canon(a) === canon(b);
}

/**
 * An unexplained change whose node is a member upstream's (open) object does not name: our
 * contract adds a member upstream's additionalProperties would take as anything. Reported apart
 * because it is valid upstream wire, yet narrower than upstream where ours requires it.
 */
export function isAddedMember(change: ReportedChange, upstream: Doc): boolean {
  const props = /^(.*)\/properties\/([^/]+)(\/.*)?$/.exec(change.path);
  if (props) return at(upstream, `${props[1]}/properties/${props[2]}`) === undefined && at(upstream, props[1]!) !== undefined;
  const required = /"(\w+)"/.exec(change.evidence ?? "");
  return change.kind === "required-added" && required !== null && change.path.endsWith("/required") && at(upstream, `${change.path.slice(0, -"/required".length)}/properties/${required[1]}`) === undefined;
}

export function classifyChange(change: ReportedChange, upstream: Doc, ours: Doc): ChangeClass {
  if (TEXT_KINDS.has(change.kind)) return "text";
  if (LAYOUT_KINDS.has(change.kind)) return "layout";
  const m = /^#\/\$defs\/([^/]+)(?:\/(.*))?$/.exec(change.path);
  if (!m) return "unexplained";
  const def = m[1]!;
  const rel = m[2] === undefined ? def : `${def}/${m[2]}`;
  if (!Object.prototype.hasOwnProperty.call(upstream.$defs, def)) return "new-definition";
  const last = change.path.split("/").pop()!;
  const node = KEYWORDS.has(last) ? change.path.slice(0, change.path.lastIndexOf("/")) : change.path;
  const before = at(upstream, node);
  if (before !== undefined && JSON.stringify(constraints(before)) === JSON.stringify(constraints(at(ours, node)))) return "diff-misreport";
  // A required-added/-removed whose claim about the member is false on our two documents.
  if ((change.kind === "required-added" || change.kind === "required-removed") && last === "required" && requiredClaimIsFalse(change, at(upstream, change.path), at(ours, change.path))) return "diff-misreport";
  // A type claim its own node contradicts (e.g. "new allows null" on our plain `type: object`).
  if (last === "type" && typeClaimIsFalse(change, before, at(ours, node))) return "diff-misreport";
  // The keyword itself is the same on both sides (e.g. required-added where both require the member).
  if (KEYWORDS.has(last) && last !== "type" && sameKeyword(at(upstream, change.path), at(ours, change.path))) return "diff-misreport";
  if (PROSE_DIFFERENCES.some((r) => r.def === def)) return `row:${def}`;
  const covered = ROW_COVERAGE.find((c) => c.path.test(rel) && (!c.kinds || c.kinds.includes(change.kind)) && (!c.evidence || c.evidence.test(change.evidence ?? "")));
  return covered ? `row:${covered.row}` : "unexplained";
}

/** `kind path` of a change: how the ratchet names it. */
export const changeKey = (c: ReportedChange) => `${c.kind} ${c.path}`;
