/**
 * Measures our wire against upstream's committed schema (test/wright-agent/upstream.ts): every
 * result the mock serves for an operation upstream also has validates against upstream's result
 * definition for it (with the documented prose differences), every full response line validates
 * against upstream's ToolResponse, upstream-valid requests are answered, upstream-invalid ones refused.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  LINT_DROPS_FROM_FINDING,
  PROSE_DIFFERENCES,
  SHARED_RESULT_DEFS,
  UPSTREAM_2901ED5,
  UPSTREAM_48499628,
  upstreamResultValidator,
  upstreamValidator,
} from "./upstream.js";
import { workspace } from "./helpers.js";
import type { MockService } from "../../src/wright-agent/mock/index.js";

/** Requests per shared operation: defaults plus the shapes selection, caps and refusals produce. */
async function sharedRequests(svc: MockService): Promise<Record<string, unknown>[]> {
  const findings = await svc.handle({ op: "findings", rule: "duplicate-condition" });
  const fix = "result" in findings ? (findings.result as any).findings[0].fix.transaction : undefined;
  return [
    { op: "capabilities" },
    { op: "compile" },
    { op: "compile", to: "fr-FR", output: "fr.ow", force: true },
    { op: "compile", output: "main.ws" },
    { op: "check" },
    { op: "check", all: true },
    { op: "analyze" },
    { op: "analyze", severity: "error", all: true },
    { op: "inspect" },
    { op: "project" },
    { op: "rules" },
    { op: "rules", content: true },
    { op: "rules", rule: "Init", content: true },
    { op: "rules", file: "main.ws", max: 2 },
    { op: "symbols" },
    { op: "symbols", kind: "rule" },
    { op: "symbols", kind: null },
    { op: "symbols", file: "main.ws", max: 3 },
    { op: "references", symbol: "subroutine:SpawnWave" },
    { op: "references", symbol: "playerVariable:score", kind: "read", max: 1 },
    { op: "usage", symbol: "AwardPoints" },
    { op: "cfg", rule: "Tick#2#1" },
    { op: "cfg", rule: "Player died", kind: "block", max: 1 },
    { op: "findings" },
    { op: "findings", all: true },
    { op: "findings", severity: "error" },
    { op: "persistentObjects" },
    { op: "lint" },
    { op: "lint", rule: "magic-number", max: 2 },
    { op: "lintRules" },
    { op: "callGraph" },
    { op: "callGraph", callee: "SpawnWave", max: 1 },
    { op: "costEstimate" },
    { op: "costEstimate", severity: "warning", all: true },
    { op: "costEstimate", rule: "Award points" },
    { op: "targetMetadata" },
    { op: "validateEditTransaction", transaction: fix },
    { op: "validateEditTransaction", transaction: fix, sources: null },
    { op: "validateEditTransaction", transaction: { edits: [{ ...fix.edits[0], source_identity: "0".repeat(64) }] } },
    { op: "providerValidateEdit", language_id: "opy", transaction: fix, project_root: null },
    { op: "lookup", language: "workshop", query: "count" },
    { op: "lookup", language: "opy", query: "wait" },
    { op: "lookup", language: "workshop", query: null, kind: null, within: null, locale: null, limit: null },
    { op: "lookup", language: "workshop", kind: "action", limit: 10 },
  ].filter((r) => SHARED_RESULT_DEFS[r.op as string] !== undefined);
}

interface Measure {
  ops: Map<string, { valid: number; total: number; errors: string[] }>;
  lines: { valid: number; total: number; errors: string[] };
}

async function measure(prose: boolean): Promise<Measure> {
  const { svc } = workspace();
  const ops: Measure["ops"] = new Map();
  const lines = { valid: 0, total: 0, errors: [] as string[] };
  // lookup exists only in 2901ed5: its lines are judged by that version's ToolResponse.
  const responseOf = (op: string) =>
    upstreamValidator("ToolResponse", { prose, version: SHARED_RESULT_DEFS[op]!.version });
  for (const request of await sharedRequests(svc)) {
    const response = await svc.handle(request);
    const line = JSON.parse(JSON.stringify(response));
    lines.total++;
    const toolResponse = responseOf(String(request.op));
    if (toolResponse(line)) lines.valid++;
    else lines.errors.push(`${JSON.stringify(request)}: ${JSON.stringify(toolResponse.errors?.slice(0, 3))}`);
    const op = String(request.op);
    const entry = ops.get(op) ?? { valid: 0, total: 0, errors: [] };
    ops.set(op, entry);
    if (!("result" in response)) continue; // refusals are ToolResponse lines, measured above
    const validate = upstreamResultValidator(op, { prose })!;
    entry.total++;
    if (validate(line.result)) entry.valid++;
    else entry.errors.push(`${JSON.stringify(request)}: ${JSON.stringify(validate.errors?.slice(0, 4))}`);
  }
  return { ops, lines };
}

const summary = (m: Measure) => {
  const ops = [...m.ops.entries()];
  const fullyValid = ops.filter(([, e]) => e.total > 0 && e.valid === e.total).length;
  return {
    fullyValid,
    ops: ops.length,
    results: ops.reduce((n, [, e]) => n + e.valid, 0),
    resultTotal: ops.reduce((n, [, e]) => n + e.total, 0),
    lines: m.lines,
  };
};

describe("mock results against upstream's per-operation result definitions", () => {
  it("every shared operation answers, and every result validates (prose differences applied)", async () => {
    const m = await measure(true);
    const s = summary(m);
    console.log(
      `upstream shapes: ${s.fullyValid} of ${s.ops} operations fully valid; ${s.results} of ${s.resultTotal} results; ${s.lines.valid} of ${s.lines.total} response lines`,
    );
    expect(s.ops).toBe(Object.keys(SHARED_RESULT_DEFS).length);
    const failing = [...m.ops.entries()].filter(([, e]) => e.errors.length > 0 || e.total === 0).map(([op]) => op);
    expect(failing).toEqual([]);
    expect([...m.ops.values()].flatMap((e) => e.errors)).toEqual([]);
    expect(m.lines.errors).toEqual([]);
  });
});

describe("every operation is measured", () => {
  it("every operation capabilities advertises is validated above, or is one upstream does not have (a documented difference)", async () => {
    const { svc } = workspace();
    const caps = (await svc.handle({ op: "capabilities" })) as any;
    const advertised: string[] = caps.result.operations.map((o: any) => (typeof o === "string" ? o : o.op));
    const notUpstream = advertised.filter((op) => SHARED_RESULT_DEFS[op] === undefined);
    const row = PROSE_DIFFERENCES.find((d) => d.def === "editStatements / listEntries / simulate")!;
    expect(notUpstream.sort()).toEqual(row.def.split(" / ").sort());
    const requested = new Set((await sharedRequests(svc)).map((r) => String(r.op)));
    expect(advertised.filter((op) => SHARED_RESULT_DEFS[op] !== undefined && !requested.has(op))).toEqual([]);
  });

  it("a replaced definition requires every member upstream's requires, unless its row names the member", () => {
    const requiredOf = (schema: any): Set<string> =>
      new Set([...(schema?.required ?? []), ...(schema?.anyOf ?? []).flatMap((b: any) => [...requiredOf(b)])]);
    for (const d of PROSE_DIFFERENCES) {
      if (!d.schema) continue;
      const upstream = UPSTREAM_48499628.$defs[d.def] ?? UPSTREAM_2901ED5.$defs[d.def];
      const ours = requiredOf(d.schema);
      const row = `${d.upstream} ${d.ours}`;
      const unnamed = [...requiredOf(upstream)].filter((m) => !ours.has(m) && !new RegExp(`\\b${m}\\b`).test(row));
      expect(unnamed, `${d.def} drops upstream-required members its row does not name`).toEqual([]);
    }
  });
});

describe("requests: upstream-valid ones are answered, upstream-invalid ones refused", () => {
  const request = upstreamValidator("ToolRequest");
  const request2901 = upstreamValidator("ToolRequest", { version: "2901ed5" });
  const upstreamValid = (r: unknown) => request(r) || request2901(r);

  async function transaction(svc: MockService) {
    const findings = await svc.handle({ op: "findings", rule: "duplicate-condition" });
    return (findings as any).result.findings[0].fix.transaction;
  }

  it("upstream-valid requests, nulls included, are answered (a result, or a refusal the prose requires — never malformed-request)", async () => {
    const { svc } = workspace();
    const tx = await transaction(svc);
    const text = readFileSync(
      fileURLToPath(new URL("../../src/wright-agent/fixtures/default-project.json", import.meta.url)),
      "utf8",
    );
    const entry = (JSON.parse(text) as any).sources[0];
    const documents = {
      "file:///p/main.opy": { uri: "file:///p/main.opy", languageId: "opy", version: 0, text: entry.text },
    };
    const cases: Record<string, unknown>[] = [
      { op: "capabilities" },
      { op: "symbols", kind: null },
      { op: "symbols", kind: "subroutine", file: "main.ws", max: 0 },
      { op: "references", symbol: "SpawnWave", kind: "call", rule: "Wave timer", max: 3 },
      { op: "cfg", rule: "Init", kind: "if", max: 2 },
      { op: "findings", severity: "info", rule: "magic-number", file: "main.ws", max: 5 },
      { op: "costEstimate", severity: "error", rule: "loop-without-wait", max: 1 },
      { op: "callGraph", caller: "Wave timer", callee: "SpawnWave", max: 0 },
      { op: "validateEditTransaction", transaction: tx, sources: null },
      {
        op: "providerValidateEdit",
        language_id: "opy",
        documents,
        transaction: {
          edits: [
            {
              kind: "replace",
              source: "file:///p/main.opy",
              source_identity: "0".repeat(64),
              range: { start_line: 1, start_col: 1, end_line: 1, end_col: 1 },
              new_text: "",
            },
          ],
        },
        sources: { "file:///p/main.opy": entry.text },
        project_root: null,
      },
      { op: "lookup", language: "workshop", query: null, kind: null, within: null, locale: null, limit: null },
      { op: "lookup", language: "opy", query: "wait", kind: "action", limit: 10 },
    ];
    for (const r of cases) {
      expect(upstreamValid(r), `upstream accepts ${JSON.stringify(r)}`).toBe(true);
      const response = await svc.handle(r);
      if ("error" in response) expect(response.error.code, JSON.stringify(r)).not.toBe("malformed-request");
    }
  });

  it("prose-removed vocabulary upstream still accepts is refused with a structured malformed-request", async () => {
    const { svc } = workspace();
    for (const r of [
      { op: "rules", name: "Init" },
      { op: "analyze", brief: true },
      { op: "inspect", brief: false },
      { op: "lint", brief: true },
    ]) {
      expect(upstreamValid(r)).toBe(true);
      const response = await svc.handle(r);
      expect("error" in response && response.error.code, JSON.stringify(r)).toBe("malformed-request");
    }
    for (const op of ["semanticRename", "providerSemanticRename"]) {
      const response = await svc.handle({ op, target: { to: "x" } });
      expect("error" in response && response.error.code).toBe("malformed-request");
    }
  });

  it("requests upstream rejects are refused (unknown members excepted: the prose ignores them)", async () => {
    const { svc } = workspace();
    const tx = await transaction(svc);
    const edit = tx.edits[0];
    const cases: Record<string, unknown>[] = [
      { op: "lookup", language: "workshop", limit: 11 },
      { op: "lookup", language: "workshop", limit: 0 },
      { op: "lookup", language: "python" },
      { op: "lookup", language: "workshop", kind: "macro" },
      { op: "validateEditTransaction", transaction: { edits: [] } },
      { op: "validateEditTransaction", transaction: { edits: [{ ...edit, range: { ...edit.range, start_line: 0 } }] } },
      {
        op: "validateEditTransaction",
        transaction: { edits: [{ ...edit, range: { ...edit.range, end_col: 4294967296 } }] },
      },
      { op: "validateEditTransaction", transaction: { edits: [{ ...edit, range: { ...edit.range, extra: 1 } }] } },
      { op: "validateEditTransaction", transaction: { edits: [{ ...edit, extra: 1 }] } },
      { op: "validateEditTransaction", transaction: { edits: [{ ...edit, new_text: undefined }] } },
      { op: "validateEditTransaction", transaction: { ...tx, extra: 1 } },
      { op: "references", symbol: -1 },
      { op: "references", symbol: 4294967296, snapshot: 1 },
      { op: "usage" },
      { op: "symbols", kind: 3 },
      { op: "cfg", rule: 1.5 },
    ];
    for (const r of cases) {
      const clean = JSON.parse(JSON.stringify(r));
      expect(upstreamValid(clean), `upstream rejects ${JSON.stringify(clean)}`).toBe(false);
      const response = await svc.handle(clean);
      expect(
        "error" in response,
        `ours refuses ${JSON.stringify(clean)}: ${JSON.stringify(response).slice(0, 200)}`,
      ).toBe(true);
    }
    const widened = { op: "capabilities", future_member: { any: true } };
    expect(upstreamValid(widened)).toBe(false);
    expect("result" in (await svc.handle(widened))).toBe(true);
  });
});

describe("the documented differences", () => {
  const docs = readFileSync(fileURLToPath(new URL("../../docs/wright-agent.md", import.meta.url)), "utf8");
  const esc = (t: string) => t.replace(/\|/g, "\\|");

  it("docs/wright-agent.md carries exactly the oracle's table, row for row", () => {
    const rows = docs.split("\n").filter((l) => /^\| `/.test(l) && l.split(" | ").length === 4);
    expect(rows).toEqual(
      PROSE_DIFFERENCES.map((d) => `| \`${d.def}\` | ${esc(d.upstream)} | ${esc(d.ours)} | ${esc(d.prose)} |`),
    );
  });

  it("every prose sentence is the seed's, and every replaced definition is upstream's", () => {
    const seed = readFileSync("/work/shared/seeds/wright-agent-contract.md", "utf8").replace(/\s+/g, " ");
    for (const d of PROSE_DIFFERENCES) {
      for (const part of d.prose.split(" ... "))
        expect(seed.includes(part.replace(/\s+/g, " ")), `${d.def}: "${part}" is not in the seed`).toBe(true);
      if (d.schema) expect(UPSTREAM_48499628.$defs[d.def] ?? UPSTREAM_2901ED5.$defs[d.def], d.def).toBeDefined();
    }
  });

  it("without the documented differences our results do not validate (the oracle can fail)", async () => {
    const { svc } = workspace();
    const raw = (op: string) => upstreamResultValidator(op, { prose: false })!;
    const rules = await svc.handle({ op: "rules" });
    expect(raw("rules")((rules as any).result)).toBe(false);
    const prose = upstreamResultValidator("rules", { prose: true })!;
    expect(prose((rules as any).result)).toBe(true);
    // A span in our old shape ({line, column}) fails upstream's Position1Based.
    const symbols = (await svc.handle({ op: "symbols", max: 1 })) as any;
    const bad = structuredClone(symbols.result);
    bad.symbols[0].span.start = { line: 1, column: 1 };
    expect(upstreamResultValidator("symbols", { prose: true })!(bad)).toBe(false);
    // Lint's compact findings keep what the prose does not move to findings: upstream's rule index.
    const lint = (await svc.handle({ op: "lint", all: true })) as any;
    const validLint = upstreamResultValidator("lint", { prose: true })!;
    expect(validLint(lint.result)).toBe(true);
    expect(lint.result.findings.some((f: any) => Number.isInteger(f.rule))).toBe(true);
    const { rule: _rule, ...withoutRule } = lint.result.findings[0];
    expect(validLint({ ...lint.result, findings: [withoutRule, ...lint.result.findings.slice(1)] })).toBe(false);
    expect(validLint.errors?.map((e) => e.message)).toContain("must have required property 'rule'");
    const row = PROSE_DIFFERENCES.find((d) => d.def === "LintPayload")!;
    for (const dropped of LINT_DROPS_FROM_FINDING) expect(row.ours).toContain(dropped);
  });
});
