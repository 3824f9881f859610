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
 * - diff-misreport: the change's path names a node that is the same schema in upstream and ours
 *   apart from annotations, or a keyword equal on both sides. Caution: the diff locates a change at
 *   the node that governs the value in ours, and the upstream node it was compared with may be
 *   another one (a member our object adds where upstream's is open), so this class also holds real
 *   differences reached through an added member; it is not evidence of an engine defect by itself;
 * - row: explained by one row of the table (by its definition, or a path the row covers); a change
 *   the diff locates in upstream's document ("the path is old's schema") by the upstream definitions
 *   its instance path passes through (byReach);
 * - unexplained: everything else — to be fixed in the contract or given a row with its prose sentence.
 */
import { PROSE_DIFFERENCES } from "./upstream.js";

export interface ReportedChange {
  path: string;
  kind: string;
  evidence?: string;
  /** Instance path of the difference, and the surfaces (definitions of ours) it is reached from. */
  at?: string;
  surfaces?: string[];
}

export type ChangeClass = "text" | "layout" | "new-definition" | "diff-misreport" | `row:${string}` | "unexplained";

type Schema = Record<string, unknown>;
interface Doc {
  $defs: Record<string, Schema>;
}

/** Paths (relative to #/$defs/) a row covers beyond its own definition: where upstream's shape it replaces shows up in ours. */
export const ROW_COVERAGE: { row: string; path: RegExp; kinds?: readonly string[]; evidence?: RegExp }[] = [
  { row: "CompilePayload", path: /^CompileResult\/properties\/result\/properties\/output(\/|$)/ },
  {
    row: "BriefResult",
    path: /^(Analyze|Inspect|Lint)Result(\/properties\/result)?\/required$/,
    kinds: ["required-removed"],
    evidence: /"brief"/,
  },
  { row: "BriefResult", path: /^((Analyze|Inspect)Result\/properties\/result|LintResult)$/, kinds: ["branch-added"] },
  { row: "AnalyzePayload", path: /^AnalyzeResult\/properties\/result(\/|$)/ },
  { row: "InspectPayload", path: /^InspectResult\/properties\/result(\/|$)/ },
  { row: "LintPayload", path: /^LintResult(\/|$)/ },
  { row: "AnalyzeRequest", path: /^(Inspect|Lint)Request\/properties\/brief$/ },
  { row: "snapshot / all", path: /^\w+Request\/properties\/(all|snapshot)$/, kinds: ["property-added"] },
  { row: "snapshot / all", path: /^\w+Result\/required$/, kinds: ["required-added"], evidence: /member "snapshot"/ },
  // A member upstream's open object did not name (the diff's open-property-added, decision 176).
  { row: "snapshot / all", path: /^\w+Result\/properties\/snapshot$/, kinds: ["open-property-added"] },
  { row: "refusal candidates", path: /^ToolErrorInfo\/properties\/snapshot$/, kinds: ["open-property-added"] },
  {
    row: "List wrapper",
    path: /^(CfgResult|CheckResult\/properties\/result)\/properties\/truncation$/,
    kinds: ["open-property-added"],
  },
  { row: "check program", path: /^CheckResult\/properties\/result\/properties\/next$/, kinds: ["open-property-added"] },
  { row: "fix / repeated", path: /^Finding\/properties\/(fix|repeated)(\/|$)/ },
  {
    row: "Canonical addresses",
    path: /^(Finding\/properties\/ruleAddress|CallGraphEdge\/properties\/callerAddress|Reference\/properties\/owningRule)(\/|$)/,
  },
  {
    row: "Canonical addresses",
    path: /^(Finding|CallGraphEdge|Reference)\/required$/,
    kinds: ["required-added"],
    evidence: /member "(ruleAddress|callerAddress|owningRule)"/,
  },
  { row: "check program", path: /^CheckResult\/properties\/result\/properties\/program(\/|$)/ },
  {
    row: "check program",
    path: /^CheckResult\/properties\/result\/required$/,
    kinds: ["required-added"],
    evidence: /member "program"/,
  },
  { row: "sources: null", path: /^Sources\/type$/, kinds: ["type-widened"], evidence: /^new allows null here/ },
  { row: "refusal candidates", path: /^ToolErrorInfo\/properties\/candidates(\/|$)/ },
  { row: "List wrapper", path: /^(\w+List\/anyOf\/1|CallGraphSelectionResult\/properties\/edges)(\/|$)/ },
];

const TEXT_KINDS = new Set(["description-changed", "title-changed", "equivalent"]);
const LAYOUT_KINDS = new Set(["definition-added", "definition-removed", "definition-renamed"]);
/** Keywords a change path may end in (the node is its parent). */
const KEYWORDS = new Set([
  "type",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "enum",
  "const",
  "required",
  "additionalProperties",
  "minItems",
  "maxItems",
  "anyOf",
  "oneOf",
  "allOf",
  "format",
]);

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
    Object.entries(v as Schema)
      .filter(
        ([k, x]) =>
          !["description", "title", "examples", "$comment", "default"].includes(k) &&
          !k.startsWith("x-") &&
          !(k === "additionalProperties" && x === true),
      )
      .map(([k, x]) => [
        k,
        (k === "anyOf" || k === "oneOf") && Array.isArray(x)
          ? x.map((b) => JSON.stringify(constraints(b))).sort()
          : constraints(x),
      ]),
  );
}

function sameKeyword(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return false;
  const canon = (v: unknown) =>
    JSON.stringify(Array.isArray(v) && v.every((x) => typeof x === "string") ? [...v].sort() : constraints(v));
  return canon(a) === canon(b);
}

/**
 * A change the diff locates in upstream's document (its evidence says "the path is old's schema":
 * ours has no schema of its own there, e.g. a member our open object leaves unconstrained) is read
 * by where it is reached from in ours: the surface definition and the instance path under it.
 */
const OLD_LOCATED = /\(the path is old's schema: /;

function byReach(change: ReportedChange, upstream: Doc): ChangeClass | undefined {
  const surfaces = (change.surfaces ?? [])
    .map((s) => /^#\/\$defs\/([^/]+)$/.exec(s)?.[1])
    .filter((d): d is string => d !== undefined);
  const first = surfaces[0];
  if (first === undefined) return undefined;
  if (!Object.prototype.hasOwnProperty.call(upstream.$defs, first)) return "new-definition";
  // The upstream definitions the instance path passes through, on the ways that end at the reported node's definition.
  const reported = /^#\/\$defs\/([^/]+)/.exec(change.path)?.[1];
  const tokens = (change.at ?? "")
    .split("/")
    .slice(1)
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
  const chains = defChains(upstream, first, tokens).filter(
    (c) => c[c.length - 1] === reported || c.includes(reported ?? ""),
  );
  // AgentResult's own row is about the union's branches, not what lies inside them.
  const rowed = (d: string) => d !== "AgentResult" && PROSE_DIFFERENCES.some((r) => r.def === d);
  for (const chain of chains) {
    const hit = chain.find(rowed);
    if (hit) return `row:${hit}`;
  }
  return undefined;
}

/** Every chain of definition names an instance path passes through in `doc`, from definition `start` (anyOf/oneOf/allOf branches all tried). */
function defChains(doc: Doc, start: string, tokens: string[]): string[][] {
  const out: string[][] = [];
  const visit = (node: unknown, i: number, chain: string[], depth: number): void => {
    if (depth > 40 || node === null || typeof node !== "object" || Array.isArray(node)) return;
    const n = node as Schema;
    if (typeof n.$ref === "string") {
      const name = /^#\/\$defs\/(.+)$/.exec(n.$ref)?.[1];
      if (name !== undefined && Object.prototype.hasOwnProperty.call(doc.$defs, name))
        visit(doc.$defs[name], i, [...chain, name], depth + 1);
    }
    for (const k of ["anyOf", "oneOf", "allOf"])
      if (Array.isArray(n[k])) for (const b of n[k] as unknown[]) visit(b, i, chain, depth + 1);
    if (i === tokens.length) {
      out.push(chain);
      return;
    }
    const t = tokens[i]!;
    if (/^\d+$/.test(t) && n.items !== undefined) visit(n.items, i + 1, chain, depth + 1);
    const props = n.properties as Record<string, unknown> | undefined;
    if (props && Object.prototype.hasOwnProperty.call(props, t)) visit(props[t], i + 1, chain, depth + 1);
  };
  visit(doc.$defs[start], 0, [start], 0);
  return out;
}

/**
 * An unexplained change whose node is a member upstream's (open) object does not name: our
 * contract adds a member upstream's additionalProperties would take as anything. Reported apart
 * because it is valid upstream wire, yet narrower than upstream where ours requires it.
 */
export function isAddedMember(change: ReportedChange, upstream: Doc): boolean {
  const props = /^(.*)\/properties\/([^/]+)(\/.*)?$/.exec(change.path);
  if (props)
    return at(upstream, `${props[1]}/properties/${props[2]}`) === undefined && at(upstream, props[1]!) !== undefined;
  const required = /"(\w+)"/.exec(change.evidence ?? "");
  return (
    change.kind === "required-added" &&
    required !== null &&
    change.path.endsWith("/required") &&
    at(upstream, `${change.path.slice(0, -"/required".length)}/properties/${required[1]}`) === undefined
  );
}

export function classifyChange(change: ReportedChange, upstream: Doc, ours: Doc): ChangeClass {
  if (TEXT_KINDS.has(change.kind)) return "text";
  if (LAYOUT_KINDS.has(change.kind)) return "layout";
  if (OLD_LOCATED.test(change.evidence ?? "")) return byReach(change, upstream) ?? "unexplained";
  const m = /^#\/\$defs\/([^/]+)(?:\/(.*))?$/.exec(change.path);
  if (!m) return "unexplained";
  const def = m[1]!;
  const rel = m[2] === undefined ? def : `${def}/${m[2]}`;
  if (!Object.prototype.hasOwnProperty.call(upstream.$defs, def)) return "new-definition";
  const last = change.path.split("/").pop()!;
  const node = KEYWORDS.has(last) ? change.path.slice(0, change.path.lastIndexOf("/")) : change.path;
  const before = at(upstream, node);
  if (before !== undefined && JSON.stringify(constraints(before)) === JSON.stringify(constraints(at(ours, node))))
    return "diff-misreport";
  // The keyword itself is the same on both sides (e.g. required-added where both require the member).
  if (KEYWORDS.has(last) && last !== "type" && sameKeyword(at(upstream, change.path), at(ours, change.path)))
    return "diff-misreport";
  if (PROSE_DIFFERENCES.some((r) => r.def === def)) return `row:${def}`;
  const covered = ROW_COVERAGE.find(
    (c) =>
      c.path.test(rel) &&
      (!c.kinds || c.kinds.includes(change.kind)) &&
      (!c.evidence || c.evidence.test(change.evidence ?? "")),
  );
  return covered ? `row:${covered.row}` : "unexplained";
}

/** `kind path` of a change: how the ratchet names it. */
export const changeKey = (c: ReportedChange) => `${c.kind} ${c.path}`;
