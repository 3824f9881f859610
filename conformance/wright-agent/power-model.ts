/**
 * Checks of the mock's model: behaviour the seed states that the other checks do not pin. With our
 * fixture only (the suite knows its sources and lint policy): the file selection's spellings, the
 * lint policy's effective severities, the project facts and inputIdentity here; edit transactions
 * in power-model-edits.ts, the fixture format and what it spells out in power-model-fixture.ts.
 */
import type { CheckContext } from "../harness/check.js";
import { expect, fail } from "../harness/check.js";
import { type Transport, type WrightAgentTarget } from "./target.js";
import {
  expectRefusal,
  expectResult,
  fixtureFacts,
  list,
  obj,
  ownFixtureCheck,
  requireOperations,
  sameJson,
  sha256Hex,
  type WrightAgentCheck,
} from "./util.js";
import { editTransactionsCheck } from "./power-model-edits.js";
import { factsServedCheck, findingFactsCheck, fixtureValidityCheck } from "./power-model-fixture.js";

async function fileSelection(target: WrightAgentTarget, t: Transport, ctx: CheckContext): Promise<void> {
  await requireOperations(target, t, ["findings"]);
  const f = fixtureFacts(target);
  const all = list(obj(expectResult(await target.call(t, { op: "findings", all: true }), "findings all")).findings).map(
    obj,
  );
  const spanOf = (x: Record<string, unknown>) => obj(x.span);
  // One file index per path, one path per file index.
  const indexOf = new Map<string, unknown>();
  for (const x of all) {
    const s = spanOf(x);
    if (s.path === undefined) continue;
    const known = indexOf.get(String(s.path));
    expect(
      known === undefined || known === s.file,
      `findings' spans give ${String(s.path)} two file indexes (${String(known)}, ${String(s.file)})`,
    );
    indexOf.set(String(s.path), s.file);
  }
  expect(
    new Set(indexOf.values()).size === indexOf.size,
    "findings' spans give two paths one file index",
    Object.fromEntries(indexOf),
  );
  let selected = 0;
  for (const src of f.sources) {
    const want = all.filter((x) => spanOf(x).path === src.path).map((x) => JSON.stringify(x));
    const dir = src.path.includes("/") ? src.path.slice(0, src.path.lastIndexOf("/")) : "";
    const spellings = [
      src.path,
      `./${src.path}`,
      dir ? `${dir}/./${src.path.slice(dir.length + 1)}` : `nowhere/../${src.path}`,
    ];
    for (const file of spellings) {
      const got = list(
        obj(expectResult(await target.call(t, { op: "findings", file, all: true }), `findings file ${file}`)).findings,
      ).map((x) => JSON.stringify(x));
      expect(
        sameJson(got, want),
        `findings file ${JSON.stringify(file)} must select exactly the ${want.length} findings whose span is in ${src.path} (got ${got.length})`,
      );
    }
    selected += want.length;
  }
  expect(selected > 0, "the default fixture has findings in its sources");
  expectRefusal(
    await target.call(t, { op: "findings", file: "no/such/file.ws" }),
    "invalid-selection",
    "findings of a file that names no loaded source",
  );
  ctx.log(`[${t}] ${selected} of ${all.length} findings selected by file`);
}

export const fileSelectionCheck = ownFixtureCheck(
  "wright-agent/file-selection",
  "(our fixture) file selection: the path as reported and other root-relative spellings select the same file",
  "The seed: file selects one source file; the path as passed, root-relative or absolute spellings all select it; a spelling naming no loaded source file is invalid-selection. With our fixture: for each source, findings with file as reported, ./-prefixed and with a `.`/`..` segment list exactly the findings whose span has that path, in the unselected order; every span's path and file index agree one to one; an unknown file is invalid-selection.",
  fileSelection,
);

async function lintPolicy(target: WrightAgentTarget, t: Transport): Promise<void> {
  await requireOperations(target, t, ["lintRules", "findings"]);
  const f = fixtureFacts(target);
  const effective = new Map(
    f.lintRules.map((l) => [
      l.id,
      f.lintPolicy.disabled.includes(l.id) ? "off" : (f.lintPolicy.severityOverrides[l.id] ?? l.defaultSeverity),
    ]),
  );
  const served = list(obj(expectResult(await target.call(t, { op: "lintRules" }), "lintRules")).rules).map(obj);
  for (const [id, severity] of effective) {
    const r = served.find((x) => x.id === id);
    if (!r)
      fail(
        `lintRules does not list ${id}`,
        served.map((x) => x.id),
      );
    expect(
      r.effectiveSeverity === severity,
      `lintRules: ${id}'s effectiveSeverity must be ${severity} under the fixture's policy (disabled ${JSON.stringify(f.lintPolicy.disabled)}, overrides ${JSON.stringify(f.lintPolicy.severityOverrides)}), got ${String(r.effectiveSeverity)}`,
    );
  }
  const findings = list(
    obj(expectResult(await target.call(t, { op: "findings", all: true }), "findings all")).findings,
  ).map(obj);
  for (const x of findings) {
    const severity = effective.get(String(x.code));
    expect(severity !== "off", `findings serves ${String(x.code)}, which the policy disables`, x);
    expect(
      x.severity === severity,
      `a ${String(x.code)} finding has severity ${String(x.severity)}, not its effective ${String(severity)}`,
      x,
    );
  }
  for (const sev of ["error", "warning", "info"] as const) {
    const rank = { error: 0, warning: 1, info: 2 };
    const want = findings.filter((x) => rank[x.severity as keyof typeof rank] <= rank[sev]).length;
    const got = list(
      obj(expectResult(await target.call(t, { op: "findings", severity: sev, all: true }), `findings severity ${sev}`))
        .findings,
    ).length;
    expect(got === want, `findings severity ${sev} (a threshold) must select ${want} findings, got ${got}`);
  }
}

export const lintPolicyCheck = ownFixtureCheck(
  "wright-agent/lint-policy",
  "(our fixture) the lint policy: effective severities, disabled rules serve no findings, the severity threshold",
  "The seed: the session applies the explicit lint policy (disabled rules, severity overrides) to every lint-consuming operation; lintRules serves the policy; severity is a threshold (error: errors only, warning: errors and warnings, info: everything). With our fixture (long-wait disabled, magic-number overridden to info): lintRules reports each rule's effective severity, findings serves no finding of a disabled rule and each finding at its effective severity, and each threshold selects the findings at or above it.",
  lintPolicy,
);

async function projectFacts(target: WrightAgentTarget, t: Transport): Promise<void> {
  await requireOperations(target, t, ["project", "findings"]);
  const f = fixtureFacts(target);
  const p = obj(expectResult(await target.call(t, { op: "project" }), "project"));
  const kinds = (kind: string) => f.symbols.filter((s) => s.kind === kind).length;
  const served = list(
    obj(expectResult(await target.call(t, { op: "findings", all: true }), "findings all")).findings,
  ).map(obj);
  const bySeverity = { error: 0, warning: 0, info: 0 } as Record<string, number>;
  for (const x of served) bySeverity[String(x.severity)] = (bySeverity[String(x.severity)] ?? 0) + 1;
  const want: Record<string, unknown> = {
    origin: { kind: f.origin },
    files: f.sources.length,
    rules: f.rules.length,
    globalVariables: kinds("globalVariable"),
    playerVariables: kinds("playerVariable"),
    subroutines: kinds("subroutine"),
    symbols: f.symbols.length,
    findings: served.length,
    conditions: f.rules.reduce((n, r) => n + r.conditions.length, 0),
    actions: f.rules.reduce((n, r) => n + r.actions.length, 0),
    references: f.references.length,
    findingsBySeverity: bySeverity,
    settings: f.settings,
  };
  for (const [k, v] of Object.entries(want))
    expect(
      sameJson(p[k], v),
      `project.${k} must be ${JSON.stringify(v).slice(0, 200)} for our fixture, got ${JSON.stringify(p[k])?.slice(0, 200)}`,
    );
  const files = list(p.sourceFiles).map(obj);
  expect(
    files.length === f.sources.length && files[0]?.path === f.entry,
    `project.sourceFiles lists every source, the entry ${f.entry} first`,
    files.map((x) => x.path),
  );
  for (const src of f.sources) {
    const file = files.find((x) => x.path === src.path);
    if (!file) fail(`project.sourceFiles does not list ${src.path}`, files);
    expect(
      file.identity === sha256Hex(src.text),
      `project.sourceFiles: ${src.path}'s identity must be the SHA-256 of its text`,
      file.identity,
    );
    const newlines = src.text.split("\n").length - 1;
    expect(
      file.lines === undefined || file.lines === newlines || file.lines === newlines + 1,
      `project.sourceFiles: ${src.path} has ${newlines} line breaks, lines says ${String(file.lines)}`,
    );
  }
  // The entry comes first however the fixture orders its sources.
  const reordered = JSON.parse(target.config.fixture!.text) as { sources: unknown[] };
  reordered.sources.reverse();
  target.writeFixture(JSON.stringify(reordered));
  try {
    const q = obj(
      expectResult(
        await target.call(t, { op: "project" }),
        "project over our fixture with its sources listed in reverse",
      ),
    );
    const paths = list(q.sourceFiles).map((x) => obj(x).path);
    expect(
      paths[0] === f.entry && paths.length === f.sources.length,
      `project.sourceFiles must list the entry ${f.entry} first also when the fixture lists it last`,
      paths,
    );
    expect(
      q.inputIdentity === sha256Hex(f.sources.find((x) => x.path === f.entry)!.text),
      "inputIdentity is the entry source's SHA-256 also when the fixture lists it last",
      q.inputIdentity,
    );
  } finally {
    target.restoreFixture();
  }
}

export const projectFactsCheck = ownFixtureCheck(
  "wright-agent/project-facts",
  "(our fixture) project describes the loaded program: counts, source files entry first with identities, settings",
  "The contract's ProjectResult: declaration, symbol, statement, reference and finding counts, findings by severity, source files (entry file first) each with the SHA-256 of its current text and its line count, the settings tree. With our fixture every member is compared with what the fixture declares (the findings with what findings serves); with its sources listed in reverse, the entry still comes first and inputIdentity is still its identity.",
  projectFacts,
);

export const powerModelChecks: WrightAgentCheck[] = [
  editTransactionsCheck,
  fileSelectionCheck,
  lintPolicyCheck,
  projectFactsCheck,
  fixtureValidityCheck,
  findingFactsCheck,
  factsServedCheck,
];
