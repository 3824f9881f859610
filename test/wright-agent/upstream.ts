/**
 * Upstream's committed wright-agent/v1 schema (wrightkit/wright, two stored versions under
 * test/fixtures/upstream/wright-agent/) as a test oracle: a client team builds against upstream's
 * shapes, so our mock's results and our request validation are measured against them.
 *
 * Where the seed's prose is newer than every stored upstream version it wins; each such place is one
 * entry of PROSE_DIFFERENCES below — a replacement for one upstream definition, with the prose
 * sentence that requires it. docs/wright-agent.md carries the same table (a test keeps them equal).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

type Schema = Record<string, unknown>;
interface Doc {
  $defs: Record<string, Schema>;
  [k: string]: unknown;
}

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/upstream/wright-agent/${name}`, import.meta.url));
export const UPSTREAM_48499628: Doc = JSON.parse(
  readFileSync(fixture("wright-agent-v1.48499628.schema.json"), "utf8"),
) as Doc;
export const UPSTREAM_2901ED5: Doc = JSON.parse(
  readFileSync(fixture("wright-agent-v1.2901ed5.schema.json"), "utf8"),
) as Doc;

/** Operations both we and upstream have, with upstream's result definition (lookup only in 2901ed5). */
export const SHARED_RESULT_DEFS: Record<string, { version: "48499628" | "2901ed5"; def: string }> = Object.fromEntries([
  ...[
    "capabilities",
    "compile",
    "check",
    "analyze",
    "inspect",
    "project",
    "rules",
    "symbols",
    "references",
    "usage",
    "cfg",
    "findings",
    "persistentObjects",
    "lint",
    "lintRules",
    "callGraph",
    "costEstimate",
    "targetMetadata",
    "validateEditTransaction",
    "providerValidateEdit",
  ].map((op) => [op, { version: "48499628" as const, def: `${op[0]!.toUpperCase()}${op.slice(1)}Result` }]),
  ["lookup", { version: "2901ed5" as const, def: "LookupResult" }],
]);

export interface ProseDifference {
  /** The upstream definition (48499628 unless it says otherwise) this entry replaces or changes. */
  def: string;
  upstream: string;
  ours: string;
  /** The seed sentence that requires the difference (quoted from /work/shared/seeds). */
  prose: string;
  /** Replaces the definition when validating our results against upstream (undefined: request-side only). */
  schema?: Schema;
}

const ref = (def: string) => ({ $ref: `#/$defs/${def}` });
const nonNegative = { type: "integer", minimum: 0 };
/** The prose's default cap: a capped list becomes {items, truncation}. */
const capped = (item: Schema) => ({
  anyOf: [
    { type: "array", items: item },
    {
      type: "object",
      required: ["items", "truncation"],
      properties: { items: { type: "array", items: item }, truncation: { type: "object" } },
    },
  ],
});
const listResult = (
  member: string,
  item: Schema,
  extra: Record<string, Schema> = {},
  required: string[] = ["snapshot"],
) => ({
  type: "object",
  required: [member, ...required],
  properties: { [member]: capped(item), snapshot: nonNegative, selection: ref("SelectionSummary"), ...extra },
});

/**
 * The members of upstream's Finding that the prose moves out of lint's compact findings ("Full
 * spans and fix transactions are available from findings"); every other member upstream requires,
 * `rule` among them, stays required with upstream's own type.
 */
export const LINT_DROPS_FROM_FINDING = ["span", "action", "value", "boundedness"] as const;

/** Upstream's Finding as lint's compact finding: without the dropped members, with location. */
function compactLintFinding(): Schema {
  const finding = structuredClone(UPSTREAM_48499628.$defs.Finding!) as {
    required: string[];
    properties: Record<string, Schema>;
  };
  const dropped = new Set<string>(LINT_DROPS_FROM_FINDING);
  return {
    ...finding,
    required: finding.required.filter((m) => !dropped.has(m)),
    properties: {
      ...Object.fromEntries(Object.entries(finding.properties).filter(([m]) => !dropped.has(m))),
      location: { type: "string" },
    },
  };
}

const upstreamItem = (def: string) => structuredClone((UPSTREAM_48499628.$defs[def] as { items: Schema }).items);
const ruleSummaries = capped(ref("RuleSummary"));
const removedBrief = { not: {}, description: "brief is removed" };

export const PROSE_DIFFERENCES: ProseDifference[] = [
  {
    def: "CompilePayload",
    upstream: "output {text, sha256, locale, written_to, input_identity}, all required",
    ours: "output {sha256, locale, written_to, input_identity}; no text; output omitted when nothing was written",
    prose: "the program text is written to the file and never returned.",
    schema: {
      type: "object",
      properties: {
        output: {
          type: "object",
          required: ["sha256", "locale", "written_to", "input_identity"],
          properties: {
            sha256: { type: "string" },
            locale: { type: "string" },
            written_to: { type: "string" },
            input_identity: { type: "string" },
          },
        },
      },
    },
  },
  {
    def: "BriefResult",
    upstream: "analyze/inspect/lint may answer a BriefResult {brief: true, counts, items, expand}",
    ours: "no brief form; a request carrying brief is malformed-request",
    prose: "brief and --brief are removed.",
    schema: removedBrief,
  },
  {
    def: "AnalyzePayload",
    upstream: "{program, facts {symbols, rules, persistentObjects}}",
    ours: "{program, overview, cost, hotspots, complexity, risks, topVariables, conditionTrees, next}; no facts; snapshot on the envelope",
    prose:
      "Full fact dumps are available only through the in-process CompilerSession API; external callers use the narrower semantic operations.",
    schema: {
      type: "object",
      required: ["program", "overview", "hotspots", "risks"],
      properties: { program: ref("AnalyzedProgramSummary") },
    },
  },
  {
    def: "InspectPayload",
    upstream: "{program, rules, symbols, references}",
    ours: "{program, rules, commands, next}: no symbols or references dump; snapshot on the envelope",
    prose: "bare inspect reports the overview, rule names, and detail commands.",
    schema: {
      type: "object",
      required: ["program", "rules", "commands"],
      properties: { program: ref("ProgramSummary"), rules: ruleSummaries },
    },
  },
  {
    def: "RulesResult",
    upstream: "a bare RuleSummary array, or {rules, selection}",
    ours: "{rules, snapshot}, plus selection when a selection is applied",
    prose:
      '{"rules": [...], "snapshot": n} — canonical Workshop rules. Each entry carries id, name, address, event (subroutine:<name> for subroutine rules), and span; selection joins when a selection is applied.',
    schema: listResult("rules", ref("RuleSummary")),
  },
  {
    def: "SymbolsResult",
    upstream: "a bare Symbol array, or {symbols, selection}",
    ours: "{symbols, snapshot}, plus selection when file/max is applied",
    prose: '{"symbols": [...], "snapshot": n} — symbols; selection joins when file/max is applied',
    schema: listResult("symbols", ref("Symbol")),
  },
  {
    def: "ReferencesResult",
    upstream: "a bare Reference array, or {references, selection}",
    ours: "{symbol, usage, references, snapshot}, plus selection when applied",
    prose: 'Usage header and references, snapshot scoping ids; {"references": [...], "selection": {...}} on selection.',
    schema: listResult("references", ref("Reference"), {
      usage: { type: "object", required: ["reads", "writes", "calls", "rules"] },
    }),
  },
  {
    def: "FindingsResult",
    upstream: "a bare Finding array, or {findings, selection}",
    ours: "{findings, snapshot}, plus selection when applied",
    prose: '{"findings": [...], "snapshot": n} — Wright static-analysis findings; selection joins when applied',
    schema: listResult("findings", ref("Finding")),
  },
  {
    def: "PersistentObjectsResult",
    upstream: "a bare array of persistent-object facts",
    ours: "{persistentObjects, snapshot}",
    prose: '{"persistentObjects": [...], "snapshot": n} — persistent Workshop object facts',
    schema: listResult("persistentObjects", upstreamItem("PersistentObjectsResult")),
  },
  {
    def: "LintPayload",
    upstream: "findings are full Finding objects (span, rule, action, value, boundedness)",
    ours: "findings are compact: upstream's Finding without span, action, value and boundedness, plus location and ruleAddress; also ok/exit/counts/next/snapshot",
    prose:
      "Lint and risk findings carry code, severity, message, evidence, and a compact location (path:line:column) when mapped",
    schema: {
      type: "object",
      required: ["inputIdentity", "rules", "config", "findings", "skipped", "ok", "exit", "snapshot"],
      properties: {
        inputIdentity: { type: "string" },
        rules: { type: "array", items: ref("LintRuleSummary") },
        config: ref("LintConfiguration"),
        findings: capped(compactLintFinding()),
        skipped: { type: "array", items: ref("SkippedRule") },
        selection: ref("SelectionSummary"),
        ok: { type: "boolean" },
        exit: nonNegative,
        snapshot: nonNegative,
      },
    },
  },
  {
    def: "CostEstimateResult",
    upstream: "{exact {emittedBytes integer, ...}, findings, kind}",
    ours: "exact.emittedBytes is null (with emittedBytesUnavailable) when emission fails; with rule: the rule drill-down {rule, statements, byNode}",
    prose:
      "exact.emittedBytes reports null plus emittedBytesUnavailable when emission fails, never 0 ... With rule (NAME/NAME#N) the result is the rule drill-down (#724): rule (identity address, count, span), statements[] ... and byNode[]",
    schema: {
      anyOf: [
        (() => {
          const summary = structuredClone(UPSTREAM_48499628.$defs.CostEstimateResult!) as any;
          summary.properties.exact.properties.emittedBytes = { anyOf: [nonNegative, { type: "null" }] };
          return summary;
        })(),
        {
          type: "object",
          required: ["rule", "statements", "byNode"],
          properties: {
            rule: { type: "object", required: ["address", "count", "span"] },
            statements: { type: "array" },
            byNode: { type: "array" },
          },
        },
      ],
    },
  },
  {
    def: "CallGraphResult",
    upstream: "a bare edge array, or {edges, selection}",
    ours: "the same, and {items, truncation} when the default cap cuts an unselected list",
    prose: "Unselected arrays become {items, truncation} only when capped.",
    // Inline: 2901ed5 has no CallGraphEdge / CallGraphSelectionResult definitions.
    schema: (() => {
      const edge = structuredClone(UPSTREAM_48499628.$defs.CallGraphEdge!);
      return {
        anyOf: [
          capped(edge),
          {
            type: "object",
            required: ["edges", "selection"],
            properties: { edges: { type: "array", items: edge }, selection: ref("SelectionSummary") },
          },
        ],
      };
    })(),
  },
  // Request side (checked by upstream-shapes.test.ts's request cases, no schema replacement).
  {
    def: "ToolRequest",
    upstream: "request objects are closed: an unknown member is invalid",
    ours: "servers ignore unknown members (the request schemas stay closed: they are the tool input schemas)",
    prose:
      "current deserialization ignores unknown fields for forward compatibility — except removed vocabulary, which refuses instead",
  },
  {
    def: "RulesRequest",
    upstream: "selection name, file, max",
    ours: "name is refused malformed-request; rule (NAME/NAME#N or index), content, snapshot added",
    prose: "The removed name field is a malformed-request error, never silently ignored (ADR-0035).",
  },
  {
    def: "AnalyzeRequest",
    upstream: "brief (boolean); no selection",
    ours: "brief is refused malformed-request (also on inspect and lint); severity/rule/file/max/all added",
    prose: "brief and --brief are removed.",
  },
  {
    def: "SemanticRenameRequest",
    upstream: "operations semanticRename and providerSemanticRename",
    ours: "no such operations: refused as unknown (malformed-request naming capabilities)",
    prose:
      "There is no Wright-side rename operation: a rename is a caller-proposed transaction over the identifier spans references/symbols report.",
  },
  {
    def: "ProviderValidateEditRequest",
    upstream: "documents and sources required",
    ours: "documents and sources optional (the session's project and each document's text)",
    prose:
      "documents and sources are optional on providerValidateEdit, defaulting to the session's loaded project and each document's text.",
  },
  {
    def: "CostEstimateRequest",
    upstream: "rule is a lint rule id (finding selection)",
    ours: "rule is a rule address (NAME/NAME#N) selecting the drill-down; all added",
    prose: "With rule (NAME/NAME#N) the result is the rule drill-down (#724)",
  },
  {
    def: "CompileRequest",
    upstream: "no members besides op",
    ours: "output, force, to",
    prose: "optional output (file path), optional force, optional to (output locale)",
  },
  {
    def: "snapshot / all",
    upstream: "no snapshot or all members on any request",
    ours: "snapshot on requests addressing numerically (references, usage, cfg, rules, editStatements); all on list operations",
    prose:
      "A request that addresses a symbol or rule numerically must echo that value ... all: true lifts the default cap (CLI --all)",
  },
  {
    def: "editStatements / listEntries / simulate",
    upstream: "no such operations",
    ours: "EditStatements*, ListEntries*, Simulate* request and result definitions (shapes assumed: companion documents unavailable)",
    prose: "The table lists every operation advertised by capabilities.operations",
  },
  {
    def: "List wrapper",
    upstream: "lists are bare arrays",
    ours: "a list the default cap (20) cut is {items, truncation}; explicit selections keep their own wrapper",
    prose: "Unselected arrays become {items, truncation} only when capped.",
  },
  {
    def: "CapabilitiesResult",
    upstream: "{name, version, agent_contract, contract, operations, result_schemas, languages, profiles}",
    ours: "the same and athena_version (a string, or null when simulate is unavailable), required",
    prose: "languages, profiles, and athena_version (the athena release simulate links, ADR-0033)",
  },
  {
    def: "ProjectResult",
    upstream: "{origin, inputIdentity, flat counts, findings}, open",
    ours: "the same and sourceFiles (entry file first), settings (a tree or null), condition/action/reference counts, snapshot",
    prose:
      "Loaded program origin, sourceFiles (entry file first), counts, findings summary, and settings — the settings block as a read-only tree or null (#836)",
  },
  {
    def: "SelectionSummary",
    upstream: "{total, withheld}, open",
    ours: "{total, withheld, byCode: {code: count}}",
    prose:
      "byCode counts the filtered set per code before max truncates it, so a capped result still reports every code's real count (#791)",
  },
  {
    def: "Canonical addresses",
    upstream: "finding, callGraph edge and reference objects are open and name no rule address",
    ours: "finding ruleAddress, edge callerAddress, reference owningRule {id, name, address, span} (or null), all required",
    prose:
      "Outputs carry the canonical address — rules[].address, owningRule.address, finding ruleAddress, callGraph callerAddress ... A references/inspect reference also carries owningRule — {id, name, address, span} like a rules list entry, or null when nothing owns it",
  },
  {
    def: "check program",
    upstream: "CheckPayload is an open object naming no member",
    ours: "check's result carries program (the analyzed-program summary: origin, files, declaration counts) and next, required",
    prose:
      "check's result now carries program, the same summary members analyze's program reports — origin, files, and declaration counts",
  },
  {
    def: "sources: null",
    upstream: "Sources is an object (URI to text); null is invalid",
    ours: "sources may also be null: the same as omitting it",
    prose:
      "sources is optional (#472): when omitted or null, the service reads the current text of the files the transaction names (each edits[].source) from disk",
  },
  {
    def: "refusal candidates",
    upstream: "ToolErrorInfo {code, message}, open",
    ours: "the same and candidates [{address, id?}] on ambiguous-* refusals (and snapshot scoping the ids)",
    prose: "more is ambiguous-rule listing canonical addresses ... and the ambiguous-* refusal candidates",
  },
  {
    def: "fix / repeated",
    upstream: "Finding is open and names neither fix nor repeated",
    ours: "Finding carries fix {kind, summary, transaction} when a correction exists, and repeated {expression, count, spanKind} on repeated-value findings",
    prose:
      "Findings on lint and findings carry a fix member when a rule offers a mechanically determined correction (#556) ... a repeated-value finding also carries repeated — {expression, count, spanKind} where spanKind is expression or enclosing-loop — stating as data what the message states in prose (#791)",
  },
  {
    def: "LintRulesResult",
    upstream: "{rules, config, skipped}, open",
    ours: "the same and policy (the effective lint policy) and snapshot",
    prose:
      "Registered lint rules with full metadata and effective configuration; snapshot scopes the rule indexes skipped reports",
  },
  {
    def: "AgentResult",
    upstream: "the union of its 22 operation results, the semanticRename and providerSemanticRename results among them",
    ours: "the union of our 24 operations' results (x-operations order): no rename results; editStatements, lookup, listEntries and simulate results",
    prose:
      "There is no Wright-side rename operation: a rename is a caller-proposed transaction over the identifier spans references/symbols report. ... The table lists every operation advertised by capabilities.operations",
  },
];
export const UPSTREAM_DIFFERENCE_DEFS = (): Set<string> => new Set(PROSE_DIFFERENCES.map((d) => d.def));

function withDifferences(doc: Doc): Doc {
  const copy = structuredClone(doc);
  for (const d of PROSE_DIFFERENCES) if (d.schema) copy.$defs[d.def] = d.schema;
  return copy;
}

function ajvFor(doc: Doc): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...doc, $id: "urn:upstream:wright-agent" } as object);
  return ajv;
}

const ajvs = new Map<string, Ajv2020>();
function ajvOf(key: string): Ajv2020 {
  let a = ajvs.get(key);
  if (!a) {
    const [version, adjusted] = key.split(":");
    const doc = version === "2901ed5" ? UPSTREAM_2901ED5 : UPSTREAM_48499628;
    a = ajvFor(adjusted === "prose" ? withDifferences(doc) : doc);
    ajvs.set(key, a);
  }
  return a;
}

/** A validator for one upstream definition, as upstream wrote it or with the prose differences applied. */
export function upstreamValidator(
  def: string,
  options: { version?: "48499628" | "2901ed5"; prose?: boolean } = {},
): ValidateFunction {
  const a = ajvOf(`${options.version ?? "48499628"}:${options.prose ? "prose" : "raw"}`);
  const v = a.getSchema(`urn:upstream:wright-agent#/$defs/${def}`);
  if (!v) throw new Error(`upstream has no definition ${def}`);
  return v;
}

/** Upstream's result definition for an operation, or undefined when upstream has no such operation. */
export function upstreamResultValidator(op: string, options: { prose?: boolean } = {}): ValidateFunction | undefined {
  const shared = SHARED_RESULT_DEFS[op];
  return shared && upstreamValidator(shared.def, { version: shared.version, prose: options.prose ?? false });
}
