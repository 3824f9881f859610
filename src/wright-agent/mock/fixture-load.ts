/**
 * Reads a project fixture file the way the service reads its input: bytes, fingerprint, parse,
 * schema check, then the cross-reference checks a schema cannot express. Failures carry the
 * loader's diagnostic code (input-io: missing/unreadable; parse-error: not a valid fixture).
 */
import { readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { JsonParseError, parseJson } from "../../json/index.js";
import type { Span, WrightAgentFixture } from "../../generated/wright-agent-fixture/types.js";
import { FIXTURE_SCHEMA_PATH } from "../contract.js";
import { validateWrightAgentFixture } from "../../generated/wright-agent-fixture/validators.js";
import { elementTotal } from "./derive.js";
import { LineIndex, sha256Hex } from "./text.js";

export type LoaderCode = "input-io" | "parse-error";

export interface LoaderFailure {
  ok: false;
  code: LoaderCode;
  message: string;
}

export interface FixtureBytes {
  ok: true;
  bytes: Buffer;
  fingerprint: string;
}

export function readFixtureBytes(path: string): FixtureBytes | LoaderFailure {
  try {
    const bytes = readFileSync(path);
    return { ok: true, bytes, fingerprint: sha256Hex(bytes) };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const message = `cannot read project fixture ${path}: ${err.code ?? ""} ${err.message}`.trim();
    return { ok: false, code: "input-io", message };
  }
}

export interface ParsedFixture {
  ok: true;
  fixture: WrightAgentFixture;
}

/**
 * Parses and fully checks fixture bytes. The generated validator decides (no startup compile); a
 * runtime allErrors validator, compiled on the first failure and kept by this parser (one per
 * service: its catalog and its session share it), explains a failure.
 */
export class FixtureParser {
  private explainer: ValidateFunction | undefined;

  parse(bytes: Uint8Array, label: string): ParsedFixture | LoaderFailure {
    let value: unknown;
    try {
      value = parseJson(bytes, { protoKey: "reject" });
    } catch (e) {
      const msg = e instanceof JsonParseError ? e.message : String(e);
      const message = `${label}: ${msg}`;
      return { ok: false, code: "parse-error", message };
    }
    const schemaProblems = this.schemaProblems(value);
    if (schemaProblems.length) return fail(label, schemaProblems);
    const fixture = value as WrightAgentFixture;
    const problems = crossCheck(fixture);
    if (problems.length) return fail(label, problems);
    return { ok: true, fixture };
  }

  private schemaProblems(value: unknown): string[] {
    if (validateWrightAgentFixture(value)) return [];
    if (!this.explainer) {
      const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
      this.explainer = ajv.compile(JSON.parse(readFileSync(FIXTURE_SCHEMA_PATH, "utf8")) as object);
    }
    if (this.explainer(value)) return [];
    return (this.explainer.errors ?? []).map(
      (e) =>
        `${e.instancePath || "/"} ${e.message ?? e.keyword}${e.keyword === "additionalProperties" ? ` (${String(e.params.additionalProperty)})` : ""}`,
    );
  }
}

function fail(label: string, problems: string[]): LoaderFailure {
  const shown = problems.slice(0, 8).join("; ");
  const more = problems.length > 8 ? ` (and ${problems.length - 8} more)` : "";
  const message = `${label} is not a valid wright-agent-fixture/v1 project: ${shown}${more}`;
  return { ok: false, code: "parse-error", message };
}

/** The checks that need more than one part of the fixture. Returns problems, empty when sound. */
export function crossCheck(f: WrightAgentFixture): string[] {
  const problems: string[] = [];
  const lines = new Map<string, LineIndex>();
  for (const s of f.sources) {
    if (lines.has(s.path)) problems.push(`/sources: ${s.path} is listed twice`);
    const outside = s.path.startsWith("/") || s.path.split("/").includes("..") || s.path.includes("\\");
    if (outside) problems.push(`/sources: ${s.path} must be a relative /-separated path inside the project`);
    lines.set(s.path, new LineIndex(s.text));
  }
  if (!lines.has(f.project.entry)) problems.push(`/project/entry: ${f.project.entry} is not among sources`);
  const span = (where: string, s: Span | null | undefined) => {
    if (!s) return;
    const idx = lines.get(s.file);
    if (!idx) problems.push(`${where}: unknown source ${s.file}`);
    else if (idx.slice(s.start, s.end) === undefined)
      problems.push(`${where}: span ${fmt(s)} is outside ${s.file} or reversed`);
  };
  const rules = f.rules;
  const ruleAt = (where: string, i: number | null, action?: number | null) => {
    if (i === null) {
      if (action !== null && action !== undefined) problems.push(`${where}: action without rule`);
      return;
    }
    const r = rules[i];
    if (!r) problems.push(`${where}: rule ${i} does not exist`);
    else if (action !== null && action !== undefined && !r.actions[action])
      problems.push(`${where}: rule ${i} has no action ${action}`);
  };
  rules.forEach((r, i) => {
    span(`/rules/${i}/span`, r.span);
    span(`/rules/${i}/nameSpan`, r.nameSpan);
    r.conditions.forEach((c, k) => span(`/rules/${i}/conditions/${k}`, c.span));
    r.actions.forEach((a, k) => span(`/rules/${i}/actions/${k}`, a.span));
    if (r.cfg) {
      const ids = new Set(r.cfg.blocks.map((b) => b.id));
      if (ids.size !== r.cfg.blocks.length) problems.push(`/rules/${i}/cfg: duplicate block ids`);
      for (const id of [r.cfg.entry, r.cfg.exit, ...r.cfg.blocks.flatMap((b) => b.successors)])
        if (!ids.has(id)) problems.push(`/rules/${i}/cfg: block ${id} does not exist`);
    }
    if (r.elementCount) {
      const statements = r.elementCount.statements.reduce((s, x) => s + x.count, 0);
      if (statements > elementTotal(r.elementCount))
        problems.push(`/rules/${i}/elementCount: statements sum to more than byNode`);
    }
  });
  const symbolKeys = new Set<string>();
  f.symbols.forEach((s, i) => {
    span(`/symbols/${i}`, s.span);
    const key = `${s.kind}:${s.name}`;
    const twice = s.kind !== "rule" && symbolKeys.has(key);
    if (twice) problems.push(`/symbols/${i}: ${key} is declared twice`);
    symbolKeys.add(key);
  });
  f.references.forEach((r, i) => {
    if (!symbolKeys.has(r.symbol)) problems.push(`/references/${i}: unknown symbol ${r.symbol}`);
    span(`/references/${i}`, r.span);
    ruleAt(`/references/${i}`, r.rule, r.action);
  });
  const lintIds = new Set(f.lintRules.map((l) => l.id));
  f.findings.forEach((x, i) => {
    if (!lintIds.has(x.code)) problems.push(`/findings/${i}: code ${x.code} is not in lintRules`);
    span(`/findings/${i}`, x.span);
    ruleAt(`/findings/${i}`, x.rule, x.action);
    x.fix?.edits.forEach((e, k) => span(`/findings/${i}/fix/edits/${k}`, { file: e.source, ...e.range }));
  });
  (f.persistentObjects ?? []).forEach((p, i) => {
    if (p.storedIn !== null && !symbolKeys.has(p.storedIn))
      problems.push(`/persistentObjects/${i}: unknown variable ${p.storedIn}`);
    ruleAt(`/persistentObjects/${i}`, p.rule);
    span(`/persistentObjects/${i}`, p.span);
  });
  (f.skipped ?? []).forEach((s, i) => {
    ruleAt(`/skipped/${i}`, s.rule);
    if (!lintIds.has(s.lintRule)) problems.push(`/skipped/${i}: lint rule ${s.lintRule} is not in lintRules`);
  });
  (f.diagnostics ?? []).forEach((d, i) => span(`/diagnostics/${i}`, d.span));
  const policy = f.project.lintPolicy;
  for (const id of [...policy.disabled, ...Object.keys(policy.severityOverrides)])
    if (!lintIds.has(id)) problems.push(`/project/lintPolicy: unknown lint rule ${id}`);
  if (!f.project.locales.declared.includes(f.project.locales.input))
    problems.push(`/project/locales: input locale ${f.project.locales.input} is not declared`);
  return problems;
}

function fmt(s: Span): string {
  return `${s.start.line}:${s.start.column}-${s.end.line}:${s.end.column}`;
}
