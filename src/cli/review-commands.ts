/**
 * Contract review commands: `diff` (compatibility with counterexamples) and `lint` (rule
 * registry), plus the review stages of `check`: this module gives the core `check` command its
 * `--registry`, `--samples` and `github` format, and routes it through `runCheckStages`.
 */
import { resolve } from "node:path";
import type { Command } from "commander";
import { Option } from "commander";
import {
  entryPath,
  loadRegistry,
  RegistryError,
  type ContractEntry,
  type Registry,
  type RegistryWaiver,
} from "../contracts/index.js";
import { DEFAULT_SAMPLES, DEFAULT_SEED } from "../review/diff.js";
import type { Verdict } from "../review/finding.js";
import { renderDiff, type DiffView } from "../review/diff-report.js";
import { CHANGE_KINDS, findKind, kindsMarkdown } from "../review/kinds/index.js";
import { REVIEW_FORMATS, type ReviewFormat } from "../review/format.js";
import { ModelError } from "../review/model.js";
import { diffDocuments } from "../review/run-diff.js";
import { applyWaivers, unusedWaiverLine, waiversFor } from "../review/waivers.js";
import { parseGitSpec, SourceError } from "../review/source.js";
import { LintConfigError } from "../review/lint/config.js";
import { LintUsageError, runLint } from "../review/lint/engine.js";
import { ENGINE_RULES, RULES } from "../review/lint/registry.js";
import { renderLint } from "../review/lint/report.js";
import type { SeveritySetting } from "../review/lint/rule.js";
import { EXIT, EXIT_CODES_HELP, refRootOption, UsageError, write, type CliContext } from "./context.js";
import { resolveTargets } from "./targets.js";

const formatOption = () =>
  new Option("--format <format>", "output format").choices([...REVIEW_FORMATS]).default("text");
const registryOption = () =>
  new Option("--registry <dir>", "folder holding index.json (default: the bundled contracts/)");

function positiveInt(flag: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`${flag} takes a positive integer, got "${v}"`);
    return n;
  };
}

function integer(flag: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isSafeInteger(n)) throw new UsageError(`${flag} takes an integer, got "${v}"`);
    return n;
  };
}

function openRegistry(dir: string | undefined, refRoots: string[]): Registry {
  try {
    return loadRegistry(dir, { refRoots });
  } catch (e) {
    if (e instanceof RegistryError) throw new UsageError(e.message);
    throw e;
  }
}

/** The registered contract a document is the entry (or a history version) of. */
function contractFor(registry: Registry, spec: string): ContractEntry | undefined {
  const path = spec.startsWith("git:") ? resolve(parseGitSpec(spec).path) : resolve(spec);
  return registry.contracts.find((c) =>
    [c.entry, ...(c.history ?? []).map((h) => h.entry)].some((e) => entryPath(registry, e) === path),
  );
}

const VERDICT_RANK: Record<Verdict, number> = { compatible: 0, "needs-review": 1, undecided: 2, breaking: 3 };

export function registerReviewCommands(program: Command, ctx: CliContext): void {
  program
    .command("diff")
    .addHelpText("after", EXIT_CODES_HELP)
    .description(
      "Compare two versions of a JSON Schema, OpenRPC or OpenAPI document. Every change is breaking, compatible or needs-review, judged in the direction its data travels " +
        "(requests: the new version accepts all the old one did; responses: it produces nothing the old one did not allow; standalone JSON Schema: the request rule, plus the response rule for the registry's `received` definitions). " +
        "Breaking verdicts carry a counterexample payload checked with ajv against both versions. " +
        "A change the engine could not judge is undecided and exits 1 whatever --fail-on says, unless the registry's `waivers` (index.json) waive it for the document's contract.",
    )
    .argument("[old]", "old document: a file, or git:<ref>:<path>")
    .argument("[new]", "new document: a file, or git:<ref>:<path>")
    .option("--list-kinds", "print the change-kind registry (id, family, direction, default level, meaning) and exit")
    .option(
      "--samples <n>",
      `payloads sampled per surface and direction (default ${DEFAULT_SAMPLES})`,
      positiveInt("--samples"),
    )
    .option("--seed <n>", `fast-check seed of the counterexample search (default ${DEFAULT_SEED})`, integer("--seed"))
    .option(
      "--received <definitions...>",
      "JSON Schema definitions a client receives (default: the registry's `received` when a document is a registered contract)",
    )
    .addOption(
      new Option("--fail-on <verdict>", "lowest verdict that exits 1")
        .choices(["breaking", "needs-review"])
        .default("breaking"),
    )
    .option(
      "--level <kind[:side]=verdict...>",
      "override the verdict of a change kind, optionally on one side of the wire (request or response): breaking, undecided, needs-review, compatible or ignore (e.g. default-changed=compatible, enum-value-added:response=needs-review)",
    )
    .option(
      "--strict",
      "refuse a document with defects (exit 2) instead of warning about them and comparing around them",
    )
    .addOption(
      new Option(
        "--view <view>",
        "what text and markdown show: findings (verdict, counterexample and id per change) or changelog (the changes alone, for release notes)",
      )
        .choices(["findings", "changelog"])
        .default("findings"),
    )
    .addOption(registryOption())
    .addOption(refRootOption())
    .addOption(formatOption())
    .action(
      async (
        oldSpec: string | undefined,
        newSpec: string | undefined,
        opts: {
          samples?: number;
          seed?: number;
          received?: string[];
          failOn: Verdict;
          level?: string[];
          strict?: boolean;
          listKinds?: boolean;
          registry?: string;
          refRoot: string[];
          format: ReviewFormat;
          view: DiffView;
        },
      ) => {
        if (opts.view === "changelog" && opts.format !== "text" && opts.format !== "markdown")
          throw new UsageError(`--view changelog is a text or markdown view, not ${opts.format}`);
        if (opts.listKinds) {
          write(
            ctx.io.stdout,
            opts.format === "json"
              ? JSON.stringify(
                  CHANGE_KINDS.map(({ id, family, direction, level, doc, opposite }) => ({
                    id,
                    family,
                    direction,
                    level,
                    doc,
                    ...(opposite ? { opposite } : {}),
                  })),
                  null,
                  2,
                )
              : opts.format === "markdown"
                ? kindsMarkdown()
                : CHANGE_KINDS.map((k) => `${k.id} (${k.family}, ${k.direction}, ${k.level})\n  ${k.doc}`).join("\n\n"),
          );
          return;
        }
        if (oldSpec === undefined || newSpec === undefined)
          throw new UsageError("diff takes two documents: <old> <new>");
        const levels: Record<string, Verdict | "ignore"> = {};
        for (const l of opts.level ?? []) {
          const m = /^([a-z0-9-]+)(?::(request|response))?=(breaking|undecided|needs-review|compatible|ignore)$/.exec(
            l,
          );
          if (!m)
            throw new UsageError(
              `--level takes <kind>[:request|response]=<breaking|undecided|needs-review|compatible|ignore>, got "${l}"`,
            );
          if (!findKind(m[1]!))
            throw new UsageError(`--level: unknown change kind "${m[1]}" (diff --list-kinds lists them)`);
          levels[m[2] ? `${m[1]}:${m[2]}` : m[1]!] = m[3] as Verdict | "ignore";
        }
        // The registry (--registry, else the bundled one) gives a registered document's `received` list and waivers.
        let received = opts.received;
        let waivers: RegistryWaiver[] = [];
        if (!received || opts.registry !== undefined) {
          const registry = openRegistry(opts.registry, opts.refRoot);
          const contract = contractFor(registry, newSpec) ?? contractFor(registry, oldSpec);
          received ??= contract?.received;
          if (contract) waivers = waiversFor(registry, contract.name);
        }
        let report;
        try {
          report = await diffDocuments(oldSpec, newSpec, {
            samples: opts.samples,
            seed: opts.seed,
            received,
            levels,
            refRoots: opts.refRoot,
          });
        } catch (e) {
          if (e instanceof SourceError || e instanceof ModelError) throw new UsageError(e.message.split("\n")[0]!);
          throw e;
        }
        const defects = report.warnings.filter((w) => !w.notice);
        if (opts.strict && defects.length) {
          const w = defects[0]!;
          throw new UsageError(
            `--strict: ${defects.length} document defect(s), first ${w.file}#${w.pointer} ${w.rule}: ${w.message}`,
          );
        }
        const used = new Set<RegistryWaiver>();
        report = applyWaivers(report, waivers, used);
        write(ctx.io.stdout, renderDiff(report, opts.format, opts.view));
        // One comparison cannot judge a waiver stale (it may be for another history version): a note, not a failure.
        for (const w of waivers.filter((x) => !used.has(x)))
          write(ctx.io.stderr, `note: ${unusedWaiverLine(w).replace(/: delete it$/, " in this diff")}`);
        // An undecided finding fails whatever --fail-on says (issue 32: what the engine could not judge never passes silently).
        if (VERDICT_RANK[report.verdict] >= VERDICT_RANK[opts.failOn] || report.verdict === "undecided")
          ctx.exit(EXIT.failed);
      },
    );

  program
    .command("lint")
    .addHelpText("after", EXIT_CODES_HELP)
    .description(
      `Lint registered contracts with the rule registry (${RULES.map((r) => r.id).join(", ")}). Severity overrides and waivers come from <registry>/lint.json (or --config); ` +
        "a waiver that no longer matches anything is reported. Exits 1 when an error-level finding remains. " +
        "Documents may be given as paths instead of names (lint api.yaml; no lint.json is read unless --config names one).",
    )
    .argument("[contracts...]", "contract names, or document paths (default: every registered contract)")
    .addOption(registryOption())
    .addOption(refRootOption())
    .option("--config <file>", "lint config (default: <registry>/lint.json when it exists)")
    .option("--rule <id=severity...>", "override a rule's severity: error, warning, info or off")
    .option("--samples <n>", "samples per oneOf branch pair for oneof-overlap", positiveInt("--samples"))
    .option("--list-rules", "print the rule registry (id, category, default severity, doc) and exit")
    .addOption(formatOption())
    .action(
      async (
        names: string[],
        opts: {
          registry?: string;
          refRoot: string[];
          config?: string;
          rule?: string[];
          samples?: number;
          listRules?: boolean;
          format: ReviewFormat;
        },
      ) => {
        if (opts.listRules) {
          const rows = RULES.map((r) => ({ id: r.id, category: r.category, severity: r.defaultSeverity, doc: r.doc }));
          const engine = Object.entries(ENGINE_RULES).map(([id, doc]) => ({
            id,
            category: "engine",
            severity: "error",
            doc,
          }));
          write(
            ctx.io.stdout,
            opts.format === "json"
              ? JSON.stringify([...rows, ...engine], null, 2)
              : [...rows, ...engine].map((r) => `${r.id} (${r.category}, ${r.severity})\n  ${r.doc}`).join("\n\n"),
          );
          return;
        }
        const overrides: Record<string, SeveritySetting> = {};
        for (const o of opts.rule ?? []) {
          const m = /^([a-z0-9-]+)=(error|warning|info|off)$/.exec(o);
          if (!m) throw new UsageError(`--rule takes <id>=<error|warning|info|off>, got "${o}"`);
          overrides[m[1]!] = m[2] as SeveritySetting;
        }
        let targets;
        try {
          targets = resolveTargets(names, opts);
        } catch (e) {
          if (e instanceof RegistryError) throw new UsageError(e.message);
          throw e;
        }
        let report;
        try {
          report = await runLint(targets.registry, {
            contracts: targets.names,
            configPath: opts.config,
            overrides,
            samples: opts.samples,
          });
        } catch (e) {
          if (e instanceof LintUsageError || e instanceof LintConfigError) throw new UsageError(e.message);
          throw e;
        }
        write(ctx.io.stdout, renderLint(report, opts.format));
        if (!report.ok) ctx.exit(EXIT.failed);
      },
    );
}
