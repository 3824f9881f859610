/**
 * `contract-suite lint`: runs every registry rule over the current document of each contract,
 * applies severity overrides (config, then command line) and waivers, and reports unused waivers.
 */
import { relative, resolve } from "node:path";
import { loadContract, type LoadedContract, type Registry } from "../../contracts/index.js";
import { buildBundle } from "../../schema/bundle.js";
import { normalizeBundle, normalizeState } from "../../schema/dialect.js";
import { SchemaContext } from "../schema/context.js";
import { isAnnotationKeyword, type SchemaNode } from "../schema/keywords.js";
import { walkSchema } from "../../schema/walk.js";
import { loadLintConfig, waiverMatches, type LintConfig } from "./config.js";
import { positionOf, scanText, type ScannedText } from "./locate.js";
import { ENGINE_RULES, RULES } from "./registry.js";
import type { LintBundle, LintContext, Severity, SeveritySetting } from "./rule.js";
import { schemaSites } from "./walk.js";

export interface LintFinding {
  rule: string;
  severity: Severity;
  contract: string;
  /** Path relative to the current folder (for editors and CI annotations). */
  file: string;
  pointer: string;
  /** `<file relative to the registry>#<pointer>`: what a waiver names. */
  location: string;
  line?: number;
  column?: number;
  message: string;
  /** The waiver's reason, for waived findings. */
  waived?: string;
}

export interface LintReport {
  ok: boolean;
  contracts: string[];
  findings: LintFinding[];
  waived: LintFinding[];
  rules: { id: string; category: string; severity: SeveritySetting }[];
  config?: string;
}

export interface LintOptions {
  /** Contract names (default: all registered). */
  contracts?: string[];
  /** Lint config file (default `<registry>/lint.json` when present). */
  configPath?: string;
  /** Command-line severity overrides, applied after the config's. */
  overrides?: Record<string, SeveritySetting>;
  samples?: number;
  seed?: number;
}

export const DEFAULT_LINT_SAMPLES = 100;

export class LintUsageError extends Error {
  override readonly name = "LintUsageError";
}

export async function runLint(registry: Registry, options: LintOptions = {}): Promise<LintReport> {
  const config = loadLintConfig(registry, options.configPath);
  const names = options.contracts?.length ? options.contracts : registry.contracts.map((c) => c.name);
  for (const n of names)
    if (!registry.contracts.some((c) => c.name === n)) throw new LintUsageError(`no contract named "${n}"`);
  for (const id of Object.keys({ ...config.rules, ...options.overrides })) {
    if (!RULES.some((r) => r.id === id) && !(id in ENGINE_RULES))
      throw new LintUsageError(
        `unknown lint rule "${id}" (known: ${[...RULES.map((r) => r.id), ...Object.keys(ENGINE_RULES)].join(", ")})`,
      );
  }
  const severityOf = (id: string, fallback: Severity): SeveritySetting =>
    options.overrides?.[id] ?? config.rules[id] ?? fallback;
  const all: LintFinding[] = [];
  /** Registry-relative files of the contracts linted now: only their waivers can be judged unused. */
  const lintedFiles = new Set<string>();
  const emitted = new Set<string>();
  const scans = new Map<string, ScannedText>();
  const scan = (file: string, raw: Map<string, Buffer>): ScannedText | undefined => {
    const bytes = raw.get(file);
    if (!bytes) return undefined;
    let s = scans.get(file);
    if (!s) scans.set(file, (s = scanText(file, bytes.toString("utf8"))));
    return s;
  };
  for (const name of names) {
    const entry = registry.contracts.find((c) => c.name === name)!;
    const contract = await loadContract(registry, entry);
    // Every file the loader read, parsed or not; nothing else is read (it may lie outside the root).
    const raw = new Map(contract.doc.bytes);
    for (const f of raw.keys()) lintedFiles.add(relative(registry.dir, f).split("\\").join("/"));
    const emit = (rule: string, severity: SeveritySetting, file: string, pointer: string, message: string) => {
      if (severity === "off") return;
      // A file two contracts share (a referenced schema) is reported once.
      const key = `${rule}|${file}#${pointer}|${message}`;
      if (emitted.has(key)) return;
      emitted.add(key);
      const pos = scan(file, raw) ? positionOf(scan(file, raw)!, pointer) : undefined;
      all.push({
        rule,
        severity,
        contract: name,
        file: relative(process.cwd(), file) || file,
        pointer,
        location: `${relative(registry.dir, file).split("\\").join("/")}#${pointer}`,
        line: pos?.line,
        column: pos?.column,
        message,
      });
    };
    // What the loader could not read, and a `$ref` loop it found (no rule of lint's sees a loop
    // through `$ref` alone; validate, gen and diff all refuse one), are load findings.
    for (const p of contract.problems.filter((x) => x.rule === "parse" || x.rule === "load" || x.rule === "ref-cycle"))
      emit("load", severityOf("load", "error"), resolve(p.file), p.pointer, p.message);
    const ctx = lintContext(contract, raw, {
      toolInputs: config.toolInputs[name] ?? [],
      samples: options.samples ?? config.samples ?? DEFAULT_LINT_SAMPLES,
      seed: options.seed ?? 0x11a7,
    });
    for (const rule of RULES) {
      const severity = severityOf(rule.id, rule.defaultSeverity);
      if (severity === "off") continue;
      // A rule that needs a whole document is skipped when loading failed (the load finding says why).
      if (contract.doc.root === undefined && rule.id !== "duplicate-key") continue;
      for (const f of rule.check(ctx)) emit(rule.id, severity, f.file, f.pointer, f.message);
    }
  }
  return applyWaivers(all, config, registry, names, lintedFiles, severityOf("unused-waiver", "error"));
}

function applyWaivers(
  all: LintFinding[],
  config: LintConfig,
  registry: Registry,
  names: string[],
  lintedFiles: Set<string>,
  unusedSeverity: SeveritySetting,
): LintReport {
  const used = new Set<number>();
  const findings: LintFinding[] = [];
  const waived: LintFinding[] = [];
  for (const f of all) {
    const i = config.waivers.findIndex((w) => waiverMatches(w, f.rule, f.location));
    if (i >= 0) {
      used.add(i);
      waived.push({ ...f, waived: config.waivers[i]!.reason });
    } else findings.push(f);
  }
  if (unusedSeverity !== "off" && config.path && config.text !== undefined) {
    const cfgScan = scanText(config.path, config.text);
    config.waivers.forEach((w, i) => {
      if (used.has(i)) return;
      // Only waivers for the files linted now can be judged unused.
      if (!lintedFiles.has(w.location.split("#")[0]!)) return;
      const pos = positionOf(cfgScan, `/waivers/${i}`);
      findings.push({
        rule: "unused-waiver",
        severity: unusedSeverity,
        contract: "",
        file: relative(process.cwd(), config.path!) || config.path!,
        pointer: `/waivers/${i}`,
        location: `${relative(registry.dir, config.path!)}#/waivers/${i}`,
        line: pos?.line,
        column: pos?.column,
        message: `waiver for ${w.rule} at ${w.location} matches no finding: delete it`,
      });
    });
  }
  const order: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
  const sort = (xs: LintFinding[]) =>
    xs.sort(
      (a, b) =>
        order[a.severity] - order[b.severity] ||
        a.file.localeCompare(b.file) ||
        (a.line ?? 0) - (b.line ?? 0) ||
        a.rule.localeCompare(b.rule),
    );
  const rules = [
    ...RULES.map((r) => ({
      id: r.id,
      category: r.category,
      severity: (config.rules[r.id] ?? r.defaultSeverity) as SeveritySetting,
    })),
    ...Object.keys(ENGINE_RULES).map((id) => ({
      id,
      category: "engine",
      severity: (config.rules[id] ?? "error") as SeveritySetting,
    })),
  ];
  return {
    ok: !findings.some((f) => f.severity === "error"),
    contracts: names,
    findings: sort(findings),
    waived: sort(waived),
    rules,
    config: config.path,
  };
}

function lintContext(contract: LoadedContract, raw: Map<string, Buffer>, options: LintContext["options"]): LintContext {
  let bundle: LintBundle | undefined | null = null;
  return {
    contract,
    sites: contract.doc.root === undefined ? [] : schemaSites(contract),
    raw,
    options,
    bundle() {
      if (bundle === null) bundle = makeBundle(contract);
      return bundle;
    },
  };
}

/** Bundles the contract and indexes every bundle node by its raw (file, pointer) position. */
export function makeBundle(contract: LoadedContract): LintBundle | undefined {
  let built: ReturnType<typeof buildBundle>;
  let defs: ReturnType<typeof buildBundle>["bundle"]["defs"];
  try {
    built = buildBundle(contract);
    // Read in 2020-12 as diff and gen read it (OpenAPI 3.0's nullable, draft-07 tuples): the rules
    // that compile validators would otherwise hand ajv keywords it refuses.
    defs = normalizeBundle(built.bundle, normalizeState(contract.entry.kind, contract.doc.root)).bundle.defs;
  } catch {
    return undefined;
  }
  const ctx = new SchemaContext(defs);
  const byRaw = new Map<string, SchemaNode>();
  const defByRaw = new Map<string, string>();
  for (const [name, origin] of Object.entries(built.bundle.origins)) {
    defByRaw.set(origin, name);
    index(ctx.defs[name], origin);
  }
  function index(node: unknown, key: string): void {
    walkSchema(
      node,
      (n, at) => {
        if (!byRaw.has(at)) byRaw.set(at, n);
      },
      key,
      (k) => !isAnnotationKeyword(k),
    );
  }
  return {
    ctx,
    nodeAt: (file, pointer) => byRaw.get(`${file}#${pointer}`),
    defAt: (file, pointer) => defByRaw.get(`${file}#${pointer}`),
    origin: (name) => {
      const o = built.bundle.origins[name];
      if (!o) return undefined;
      const i = o.indexOf("#");
      return { file: o.slice(0, i), pointer: o.slice(i + 1) };
    },
  };
}
