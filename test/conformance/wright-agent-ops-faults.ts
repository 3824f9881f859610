/**
 * Faulty variants of our mock for conformance/wright-agent/power-ops.ts: each rewrites the mock's
 * answers the way a broken server would, and names the check it must fail and a phrase of that
 * check's failure message. test/conformance/wright-agent-ops-power.test.ts applies them in process;
 * test/wright-agent/faulty-hosts/faults.ts applies the first of each check through the line proxy
 * (stdio). No imports of host or mock code: the proxy loads this module.
 */
import type { ToolResponse } from "../../src/generated/wright-agent/types.js";

/** Rewrites one response: the request (validated or not), the mock's answer, and a way to ask the server something else. */
export type Fault = (
  request: any,
  response: any,
  ask: (request: any) => Promise<any>,
) => ToolResponse | Promise<ToolResponse>;

const isOp = (r: any, op: string) => r !== null && typeof r === "object" && r.op === op;

export const OPS_FAULTS: [check: string, message: string, what: string, fault: Fault][] = [
  [
    "ops-fixture-facts",
    "effective severity",
    "lintRules ignores the policy's severity overrides",
    (req, res) => {
      if (!isOp(req, "lintRules") || !res.result) return res;
      return {
        result: {
          ...res.result,
          rules: res.result.rules.map((r: any) =>
            r.effectiveSeverity === "off" ? r : { ...r, effectiveSeverity: r.defaultSeverity },
          ),
        },
      };
    },
  ],
  [
    "ops-source-facts",
    "visibility",
    "persistentObjects reports everyone as the viewers",
    (req, res) => {
      if (!isOp(req, "persistentObjects") || !res.result) return res;
      return {
        result: {
          ...res.result,
          persistentObjects: res.result.persistentObjects.map((o: any) => ({
            ...o,
            visibility: "All Players(All Teams)" === o.visibility ? "All Players(Team 1)" : "All Players(All Teams)",
          })),
        },
      };
    },
  ],
  [
    "ops-source-facts",
    "must call",
    "rule content names no catalog call",
    (req, res) => {
      if (!isOp(req, "rules") || !req.content || !res.result) return res;
      return {
        result: {
          ...res.result,
          rules: res.result.rules.map((r: any) => ({
            ...r,
            content: { ...r.content, actions: r.content.actions.map((a: any) => ({ ...a, call: null })) },
          })),
        },
      };
    },
  ],
  [
    "ops-lint",
    "compact form",
    "lint's findings lose their location",
    (req, res) => {
      if (!isOp(req, "lint") || !req.all || !res.result) return res;
      return { result: { ...res.result, findings: res.result.findings.map(({ location: _l, ...f }: any) => f) } };
    },
  ],
  [
    "ops-lint",
    "compact form",
    "lint's findings name the next rule index (still schema-valid)",
    (req, res) => {
      if (!isOp(req, "lint") || !req.all || !res.result) return res;
      const shifted = (f: any) => ({ ...f, rule: f.rule === null ? 0 : f.rule + 1 });
      return { result: { ...res.result, findings: res.result.findings.map(shifted) } };
    },
  ],
  [
    "ops-workflows",
    "SHA-256 of the file",
    "compile reports the input's identity as the output's sha256",
    (req, res) => {
      if (!isOp(req, "compile") || !res.result?.result?.output) return res;
      return {
        result: {
          ...res.result,
          result: { output: { ...res.result.result.output, sha256: res.result.result.output.input_identity } },
        },
      };
    },
  ],
  [
    "ops-fixture-variants",
    "never 0",
    "costEstimate reports 0 emitted bytes when emission fails",
    (req, res) => {
      if (!isOp(req, "costEstimate") || res.result?.exact?.emittedBytes !== null) return res;
      const { emittedBytesUnavailable: _u, ...exact } = res.result.exact;
      return { result: { ...res.result, exact: { ...exact, emittedBytes: 0 } } };
    },
  ],
  [
    "ops-fixture-variants",
    'expected a result, got {"kind":"refusal"',
    "simulate refuses over a broken fixture instead of reporting it",
    (req, res) => {
      if (
        !isOp(req, "simulate") ||
        res.result?.diagnostics?.[0]?.stage === undefined ||
        !["parse-error", "input-io"].includes(res.result.diagnostics[0].code)
      )
        return res;
      return { error: { code: res.result.diagnostics[0].code, message: "refused" } };
    },
  ],
  [
    "ops-workflows",
    "disagrees with its cfg",
    "analyze's complexity counts one block fewer",
    (req, res) => {
      if (!isOp(req, "analyze") || !res.result) return res;
      return {
        result: {
          ...res.result,
          result: {
            ...res.result.result,
            complexity: res.result.result.complexity.map((c: any) => ({ ...c, blocks: c.blocks - 1 })),
          },
        },
      };
    },
  ],
  [
    "ops-edit-statements",
    "must remove exactly that statement",
    "editStatements deletes the line after the statement",
    async (req, res, ask) => {
      if (!isOp(req, "editStatements") || res.result?.ok !== true || req.edits?.[0]?.op !== "delete") return res;
      const edits = res.result.transaction.edits.map((e: any) => ({
        ...e,
        range: { ...e.range, start_line: e.range.start_line + 1, end_line: e.range.end_line + 1 },
      }));
      const v = await ask({ op: "validateEditTransaction", transaction: { edits } });
      return { result: { transaction: { edits }, ...v.result } };
    },
  ],
  [
    "ops-static-surface",
    "an empty page after it",
    "listEntries ends a listing with an empty page",
    async (req, res, ask) => {
      if (
        !isOp(req, "listEntries") ||
        !res.result ||
        res.result.nextCursor !== null ||
        res.result.entries.length === 0 ||
        req.cursor === undefined
      )
        return res;
      // The cursor of the (empty) page past the end, in the mock's own encoding.
      const past = Buffer.from(JSON.stringify({ k: req.kind, w: req.within ?? null, o: res.result.total })).toString(
        "base64url",
      );
      return { result: { ...res.result, nextCursor: past } };
    },
  ],
  [
    "ops-locales",
    "that locale's spellings",
    "listEntries ignores the requested locale",
    async (req, res, ask) => {
      if (!isOp(req, "listEntries") || req.locale === undefined) return res;
      const { locale: _l, ...rest } = req;
      return ask(rest);
    },
  ],
  [
    "ops-wait-actions",
    "exact.waitActions",
    "costEstimate counts one wait action too many",
    (req, res) => {
      if (!isOp(req, "costEstimate") || !res.result?.exact) return res;
      return {
        result: { ...res.result, exact: { ...res.result.exact, waitActions: res.result.exact.waitActions + 1 } },
      };
    },
  ],
  [
    "ops-unselected-shapes",
    "must not carry a selection",
    "rules {} reports a selection",
    (req, res) => {
      if (!isOp(req, "rules") || Object.keys(req).length !== 1 || !res.result) return res;
      return { result: { ...res.result, selection: { total: res.result.rules.length, withheld: 0 } } };
    },
  ],
  [
    "ops-fixture-shapes",
    "cleans up the HUD text",
    "persistentObjects never reports a same-kind cleanup",
    (req, res) => {
      if (!isOp(req, "persistentObjects") || !res.result) return res;
      return {
        result: {
          ...res.result,
          persistentObjects: res.result.persistentObjects.map((o: any) => ({ ...o, sameKindCleanupInRule: false })),
        },
      };
    },
  ],
  [
    "ops-project-counts",
    "project.subroutines",
    "project reports no subroutines",
    (req, res) => (isOp(req, "project") && res.result ? { result: { ...res.result, subroutines: 0 } } : res),
  ],
  [
    "ops-references-usage",
    "usage.rules",
    "the usage header counts call references as rules",
    (req, res) => {
      if (!isOp(req, "references") || !res.result) return res;
      return {
        result: {
          ...res.result,
          usage: { ...res.result.usage, rules: res.result.references.filter((r: any) => r.rule !== null).length },
        },
      };
    },
  ],
  [
    "ops-list-filters",
    "symbols {file:",
    "symbols ignores its file filter",
    async (req, res, ask) => {
      if (!isOp(req, "symbols") || req.file === undefined || !res.result) return res;
      const { file: _file, ...rest } = req;
      const all = await ask({ ...rest, all: true });
      return { result: { ...res.result, symbols: all.result.symbols } };
    },
  ],
  [
    "ops-cfg",
    "must keep exactly the blocks",
    "cfg's kind filter renumbers the blocks it keeps",
    (req, res) => {
      if (!isOp(req, "cfg") || req.kind === undefined || !res.result) return res;
      return { result: { ...res.result, blocks: res.result.blocks.map((b: any, i: number) => ({ ...b, id: i })) } };
    },
  ],
  [
    "ops-call-graph",
    "callGraph {callee:",
    "callGraph ignores its callee filter",
    async (req, res, ask) => {
      if (!isOp(req, "callGraph") || req.callee === undefined || !res.result) return res;
      const { callee: _c, ...rest } = req;
      const all = await ask({ ...rest, all: true });
      return { result: { ...res.result, edges: all.result.edges ?? all.result } };
    },
  ],
  [
    "ops-cost-estimate",
    "byNode sums",
    "costEstimate's drill-down reports byNode without the rule's own node",
    (req, res) => {
      if (!isOp(req, "costEstimate") || req.rule === undefined || !res.result) return res;
      return { result: { ...res.result, byNode: res.result.byNode.slice(1) } };
    },
  ],
  [
    "ops-lint",
    "5,500-byte bound",
    "lint without all ignores the 5,500-byte bound",
    async (req, res, ask) => (isOp(req, "lint") && !req.all && res.result ? ask({ ...req, all: true }) : res),
  ],
  [
    "ops-vocabulary",
    "(pageSize 2)",
    "listEntries ignores pageSize",
    async (req, res, ask) => {
      if (!isOp(req, "listEntries") || req.pageSize === undefined || req.pageSize >= 50) return res;
      const { pageSize: _p, ...rest } = req;
      return ask(rest);
    },
  ],
  [
    "ops-edits",
    "with sources",
    "validateEditTransaction ignores supplied sources (reads the disk)",
    async (req, res, ask) => {
      if (!isOp(req, "validateEditTransaction") || !req.sources) return res;
      const { sources: _s, ...rest } = req;
      return ask(rest);
    },
  ],
  [
    "ops-workflows",
    "hotspots",
    "analyze's hotspots are in rule order, not ranked",
    async (req, res, ask) => {
      if (!isOp(req, "analyze") || !res.result) return res;
      const cost = await ask({ op: "costEstimate", all: true });
      const byIndex = [...cost.result.elementCount.rules]
        .sort((a: any, b: any) => a.index - b.index)
        .map(({ index: _i, ...h }: any) => h);
      const n = req.all ? byIndex.length : 5;
      return { result: { ...res.result, result: { ...res.result.result, hotspots: byIndex.slice(0, n) } } };
    },
  ],
  [
    "ops-edit-sources",
    "over supplied sources must apply",
    "editStatements ignores supplied sources (reads the disk)",
    async (req, res, ask) => {
      if (!isOp(req, "editStatements") || !req.sources) return res;
      const { sources: _s, ...rest } = req;
      return ask(rest);
    },
  ],
  [
    "ops-edit-sources",
    "whose span names",
    "an invalid edit's parse diagnostic is unmapped",
    (req, res) => {
      if (!isOp(req, "validateEditTransaction") || res.result?.ok !== false) return res;
      return { result: { ...res.result, diagnostics: res.result.diagnostics.map(({ span: _s, ...d }: any) => d) } };
    },
  ],
  [
    "ops-provider-documents",
    "status and origin",
    "providerValidateEdit's post-edit diagnostics lose their status and origin",
    (req, res) => {
      if (!isOp(req, "providerValidateEdit") || res.result?.ok !== false) return res;
      return {
        result: {
          ...res.result,
          diagnostics: res.result.diagnostics.map(({ status: _s, source: _o, ...d }: any) => d),
        },
      };
    },
  ],
  [
    "ops-provider-documents",
    "without documents must take",
    "providerValidateEdit without documents knows no project file",
    (req, res) => {
      if (!isOp(req, "providerValidateEdit") || req.documents !== undefined) return res;
      return {
        result: {
          ok: false,
          diagnostics: [{ code: "edit-unknown-source", severity: "error", message: "unknown" }],
          provider_code: "edit-unknown-source",
          provider_message: "unknown",
        },
      };
    },
  ],
  [
    "ops-fixture-edges",
    "fixture action",
    "cfg blocks list no actions",
    (req, res) => {
      if (!isOp(req, "cfg") || !res.result) return res;
      return { result: { ...res.result, blocks: res.result.blocks.map((b: any) => ({ ...b, actions: [] })) } };
    },
  ],
  [
    "ops-fixture-edges",
    "whether the rule destroys that kind",
    "persistentObjects counts a destroy named only inside a string as a cleanup",
    async (req, res) => {
      if (!isOp(req, "persistentObjects") || !res.result) return res;
      return {
        result: {
          ...res.result,
          persistentObjects: (res.result.persistentObjects.items ?? res.result.persistentObjects).map((o: any) => ({
            ...o,
            sameKindCleanupInRule: o.sameKindCleanupInRule || o.visibility === "All Players(All Teams)",
          })),
        },
      };
    },
  ],
  [
    "ops-workflow-edges",
    "does not validate",
    "a failed simulate envelope carries an empty result",
    (req, res) => {
      if (!isOp(req, "simulate") || res.result?.ok !== false) return res;
      return { result: { ...res.result, result: {} } };
    },
  ],
  [
    "ops-workflow-edges",
    "ranked by condition count",
    "analyze's condition trees are in rule order",
    (req, res) => {
      if (!isOp(req, "analyze") || !res.result?.result?.conditionTrees) return res;
      const order = (a: any) => Number(String(a.ruleAddress).length);
      return {
        result: {
          ...res.result,
          result: {
            ...res.result.result,
            conditionTrees: [...res.result.result.conditionTrees].sort((a: any, b: any) => order(a) - order(b)),
          },
        },
      };
    },
  ],
  [
    "ops-lint-policy",
    "at or above it",
    "lint fails only on errors whatever the policy's failOn",
    async (req, res, ask) => {
      if (!isOp(req, "lint") || !res.result) return res;
      const findings = (await ask({ op: "findings", all: true })).result.findings;
      const ok = !findings.some((f: any) => f.severity === "error");
      return { result: { ...res.result, ok, exit: ok ? 0 : 1 } };
    },
  ],
];

/** The first fault of each check: the one the line proxy applies (test/wright-agent/faulty-hosts/faults.ts). */
export const FIRST_OPS_FAULTS = OPS_FAULTS.filter(([check], i) => OPS_FAULTS.findIndex(([c]) => c === check) === i);
