/**
 * Checks of the mock's model: behaviour the seed states that the other checks do not pin. With our fixture only (the suite knows its
 * sources and lint policy): edit transactions applied to the current text (whole or not at all),
 * the file selection's spellings, the lint policy's effective severities, and inputIdentity.
 */
import type { CheckContext } from "../harness/check.js";
import { expect, fail } from "../harness/check.js";
import { type Outcome, type Transport, type WrightAgentTarget } from "./target.js";
import {
  expectRefusal,
  expectResult,
  list,
  obj,
  ownFixtureCheck,
  requireOperations,
  sameJson,
  sha256Hex,
  type WrightAgentCheck,
} from "./util.js";

interface FixtureFacts {
  sources: { path: string; text: string }[];
  entry: string;
  origin: string;
  settings: unknown;
  rules: { conditions: unknown[]; actions: unknown[] }[];
  symbols: { kind: string; name: string }[];
  references: unknown[];
  lintRules: { id: string; defaultSeverity: string }[];
  lintPolicy: { disabled: string[]; severityOverrides: Record<string, string> };
}

function facts(target: WrightAgentTarget): FixtureFacts {
  const f = JSON.parse(target.config.fixture!.text) as Omit<
    FixtureFacts,
    "entry" | "origin" | "settings" | "lintPolicy"
  > & { project: { entry: string; origin: string; settings?: unknown; lintPolicy: FixtureFacts["lintPolicy"] } };
  return {
    ...f,
    entry: f.project.entry,
    origin: f.project.origin,
    settings: f.project.settings ?? null,
    lintPolicy: f.project.lintPolicy,
  };
}

/** The text with `insert` placed at the start of each (1-based) line, applied to the original text. */
function insertAtLines(text: string, lines: readonly number[], insert: string): string {
  const split = text.split("\n");
  return split.map((l, i) => (lines.includes(i + 1) ? insert + l : l)).join("\n");
}

type Range = { start_line: number; start_col: number; end_line: number; end_col: number };
const edit = (source: string, identity: string, range: Range, text: string) => ({
  kind:
    range.start_line === range.end_line && range.start_col === range.end_col
      ? "insert"
      : text === ""
        ? "delete"
        : "replace",
  source,
  source_identity: identity,
  range,
  new_text: text,
});
const at = (line: number, col = 1): Range => ({ start_line: line, start_col: col, end_line: line, end_col: col });

/** A refused transaction: a refusal, or ok: false with no preview (never a partial edit set). */
function expectRefused(o: Outcome, what: string): void {
  if (o.kind === "refusal") {
    expect(
      o.error.code !== "internal-error",
      `${what}: must be refused explicitly, not by an internal error (${o.error.message})`,
    );
    return;
  }
  const r = obj(expectResult(o, what));
  expect(r.ok === false, `${what}: must be refused (ok: false or a refusal), got ok ${String(r.ok)}`, r);
  expect(list(r.diagnostics).length > 0, `${what}: a refused transaction says why (diagnostics)`, r);
  expect(
    r.preview === undefined || r.preview === null || (Array.isArray(r.preview) && r.preview.length === 0),
    `${what}: a refused transaction carries no preview (no partial edit set)`,
    r.preview,
  );
}

async function editTransactions(target: WrightAgentTarget, t: Transport): Promise<void> {
  await requireOperations(target, t, ["validateEditTransaction", "project"]);
  const f = facts(target);
  const main = f.sources.find((s) => s.path === f.entry)!;
  const other = f.sources.find((s) => s.path !== f.entry)!;
  const project = obj(expectResult(await target.call(t, { op: "project" }), "project"));
  expect(
    project.inputIdentity === sha256Hex(main.text),
    `project.inputIdentity must be the SHA-256 of the entry source ${f.entry} (${sha256Hex(main.text).slice(0, 12)}…), got ${String(project.inputIdentity)}`,
  );
  const validate = (edits: unknown[]) => target.call(t, { op: "validateEditTransaction", transaction: { edits } });
  const mainId = sha256Hex(main.text);
  const otherId = sha256Hex(other.text);

  // Two inserts in one source and one in another: applied to the current text, previews carry the edited text and its identity.
  const mark = "// conformance edit\n";
  const good = obj(
    expectResult(
      await validate([
        edit(main.path, mainId, at(1), mark),
        edit(main.path, mainId, at(3), mark),
        edit(other.path, otherId, at(2), mark),
      ]),
      "a valid transaction over two sources",
    ),
  );
  expect(good.ok === true, "a valid transaction (comment lines inserted) must be ok: true", good);
  const preview = list(good.preview).map(obj);
  const want = new Map([
    [main.path, insertAtLines(main.text, [1, 3], mark)],
    [other.path, insertAtLines(other.text, [2], mark)],
  ]);
  expect(preview.length === 2, `the preview has one entry per edited source (2), got ${preview.length}`, preview);
  for (const [source, text] of want) {
    const p = preview.find((e) => e.source === source);
    if (!p) fail(`the preview has no entry for ${source}`, preview);
    expect(p.new_text === text, `the preview of ${source} is not the current text with the edits applied`, {
      got: String(p.new_text).slice(0, 200),
      want: text.slice(0, 200),
    });
    expect(
      p.source_identity === sha256Hex(text),
      `the preview of ${source} must carry the post-edit identity (SHA-256 of its new text)`,
      p.source_identity,
    );
  }
  // A replace and a delete on one line, applied right to left against the original coordinates.
  const line1 = main.text.split("\n")[0]!;
  const replaced = obj(
    expectResult(
      await validate([
        edit(main.path, mainId, { start_line: 1, start_col: 1, end_line: 1, end_col: 2 }, line1.slice(0, 1)),
        edit(main.path, mainId, { start_line: 1, start_col: line1.length + 1, end_line: 2, end_col: 1 }, "\n"),
      ]),
      "a replace and a line-end replace on line 1",
    ),
  );
  expect(
    replaced.ok === true && list(replaced.preview).map(obj)[0]?.new_text === main.text,
    "replacing line 1's first character by itself and its line break by a line break leaves the text unchanged",
    replaced,
  );

  expectRefused(
    await validate([edit(main.path, "0".repeat(64), at(1), mark)]),
    "an edit whose source_identity is not the current text's",
  );
  expectRefused(
    await validate([edit(main.path, mainId, at(1), mark), edit(other.path, "f".repeat(64), at(1), mark)]),
    "a transaction with one stale source (refused whole)",
  );
  expectRefused(
    await validate([
      edit(main.path, mainId, { start_line: 1, start_col: 1, end_line: 1, end_col: 5 }, "x"),
      edit(main.path, mainId, { start_line: 1, start_col: 3, end_line: 1, end_col: 7 }, "y"),
    ]),
    "two overlapping edits",
  );
  expectRefused(await validate([edit(main.path, mainId, at(100_000), mark)]), "an edit outside the source");
  expectRefused(
    await validate([
      edit(main.path, mainId, { start_line: 1, start_col: 1, end_line: 1, end_col: line1.length + 2 }, "x"),
    ]),
    "an edit ending past its line",
  );
  expectRefused(
    await validate([edit(main.path, mainId, { start_line: 2, start_col: 1, end_line: 1, end_col: 1 }, "x")]),
    "a reversed range",
  );
  expectRefused(
    await validate([edit(main.path, mainId, at(1), ")\n")]),
    "an edit that makes the source malformed (an unmatched parenthesis)",
  );
  expectRefused(
    await validate([edit(main.path, mainId, at(1), "(\n")]),
    "an edit that makes the source malformed (an unclosed parenthesis)",
  );
  expectRefused(
    await validate([edit(main.path, mainId, at(1), "{\n")]),
    "an edit that makes the source malformed (an unclosed brace)",
  );
  expectRefused(
    await validate([edit(main.path, mainId, at(1), "]\n")]),
    "an edit that makes the source malformed (an unmatched bracket)",
  );
  expectRefused(
    await validate([edit(main.path, mainId, at(1), '"\n')]),
    "an edit that makes the source malformed (an unterminated string)",
  );
  expectRefused(
    await validate([edit(main.path, mainId, at(1), "[\n")]),
    "an edit that makes the source malformed (an unclosed bracket)",
  );
  expectRefused(
    await validate([edit(main.path, mainId, at(1), "/ (\n")]),
    "an edit that makes the source malformed (a lone / and an unclosed parenthesis)",
  );
  expectRefused(
    await validate([edit(main.path, mainId, at(1), "// a comment\n(\n")]),
    "an edit that makes the source malformed (an unclosed parenthesis on the line after a comment)",
  );
  expectRefused(
    await validate([edit("no/such/source.ws", mainId, at(1), mark)]),
    "an edit of a source the project does not have",
  );
  const commented = obj(
    expectResult(
      await validate([edit(main.path, mainId, at(1), '// ( [ { "\n')]),
      "an inserted comment holding delimiters",
    ),
  );
  expect(
    commented.ok === true,
    "a comment line holding unbalanced delimiters and a quote is valid Workshop (comments are not parsed)",
    commented,
  );
}

export const editTransactionsCheck = ownFixtureCheck(
  "wright-agent/edit-transactions",
  "(our fixture) edit transactions apply to the current text, whole or not at all; inputIdentity is the entry's SHA-256",
  "The seed: edit transactions use source identities (SHA-256 hex of the current text) and half-open 1-based ranges; validateEditTransaction applies them to the current sources and a valid one returns ok: true with a preview of each edited source (edited text plus the post-edit identity); stale, overlapping or invalid edits, and edits that produce malformed Workshop, are refused without a partial edit set; inputIdentity is the SHA-256 of the entry source. With our fixture: inserts in two sources give exactly the expected texts and identities; a stale identity (also on one source of two), overlapping edits, a range past the text, past its line or reversed, an unmatched or unclosed delimiter (also after a lone / or on the line after a comment), an unterminated string and an unknown source are refused (a refusal other than internal-error, or ok: false with diagnostics and without preview); a comment line holding delimiters is accepted (lib/waves.ws has // comments: they are part of the fixture's language).",
  editTransactions,
);

async function fileSelection(target: WrightAgentTarget, t: Transport, ctx: CheckContext): Promise<void> {
  await requireOperations(target, t, ["findings"]);
  const f = facts(target);
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
  const f = facts(target);
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
  const f = facts(target);
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

type Fx = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- fixture variants edit it freely

/** Our fixture broken by one rule of the fixture format (docs/wright-agent.md#fixture-format), each. */
const BROKEN_FIXTURES: readonly [string, (f: Fx) => void][] = [
  ["an unknown top-level member (the schema is strict)", (f) => (f.unexpected = true)],
  ["a rule without its event (schema)", (f) => delete f.rules[0].event],
  ["the entry is not among the sources", (f) => (f.project.entry = "absent.ws")],
  ["a source listed twice", (f) => f.sources.push({ ...f.sources[0] })],
  ["an absolute source path", (f) => (f.sources[1].path = "/abs/waves.ws")],
  ["a source path with ..", (f) => (f.sources[1].path = "../waves.ws")],
  ["a source path with a backslash", (f) => (f.sources[1].path = "lib\\waves.ws")],
  ["a rule name span outside its source", (f) => (f.rules.find((r: Fx) => r.nameSpan).nameSpan.end.line = 100_000)],
  ["a fix edit outside its source", (f) => (f.findings.find((x: Fx) => x.fix).fix.edits[0].range.end.line = 100_000)],
  ["a cfg exit that does not exist", (f) => (f.rules[0].cfg.exit = 9_999)],
  ["a span outside its source", (f) => (f.symbols[0].span.start.line = 100_000)],
  [
    "a reversed span",
    (f) => ((f.symbols[0].span.start = { line: 12, column: 11 }), (f.symbols[0].span.end = { line: 12, column: 6 })),
  ],
  ["a span in an unknown source", (f) => (f.symbols[0].span.file = "absent.ws")],
  ["a rule span outside its source", (f) => (f.rules[0].span.end.line = 100_000)],
  ["an action span outside its source", (f) => (f.rules[0].actions[0].span.end.line = 100_000)],
  [
    "a condition span outside its source",
    (f) => (f.rules.find((r: Fx) => r.conditions.length > 0).conditions[0].span.end.line = 100_000),
  ],
  ["a symbol declared twice", (f) => f.symbols.push({ ...f.symbols[0] })],
  ["a reference to an unknown symbol", (f) => (f.references[0].symbol = "globalVariable:noSuchVariable")],
  ["a reference span outside its source", (f) => (f.references[0].span.end.line = 100_000)],
  [
    "a reference to a rule that does not exist",
    (f) => ((f.references[0].rule = 9_999), (f.references[0].action = null)),
  ],
  [
    "a reference to an action its rule does not have",
    (f) => ((f.references[0].rule = 0), (f.references[0].action = 9_999)),
  ],
  ["a reference with an action but no rule", (f) => ((f.references[0].rule = null), (f.references[0].action = 0))],
  ["a finding code that is not a lint rule", (f) => (f.findings[0].code = "no-such-lint-rule")],
  ["a finding span outside its source", (f) => (f.findings[0].span.end.line = 100_000)],
  ["a finding of a rule that does not exist", (f) => (f.findings[0].rule = 9_999)],
  ["a cfg successor that does not exist", (f) => f.rules[0].cfg.blocks[0].successors.push(9_999)],
  ["a cfg entry that does not exist", (f) => (f.rules[0].cfg.entry = 9_999)],
  ["duplicate cfg block ids", (f) => (f.rules[0].cfg.blocks[1].id = f.rules[0].cfg.blocks[0].id)],
  [
    "a persistent object stored in an unknown variable",
    (f) => (f.persistentObjects[0].storedIn = "globalVariable:noSuchVariable"),
  ],
  ["a persistent object of a rule that does not exist", (f) => (f.persistentObjects[0].rule = 9_999)],
  ["a skipped evaluation of an unknown lint rule", (f) => (f.skipped[0].lintRule = "no-such-lint-rule")],
  ["a skipped evaluation of a rule that does not exist", (f) => (f.skipped[0].rule = 9_999)],
  ["a diagnostic span outside its source", (f) => (f.diagnostics[0].span.end.line = 100_000)],
  ["a policy that disables an unknown lint rule", (f) => f.project.lintPolicy.disabled.push("no-such-lint-rule")],
  [
    "a policy that overrides an unknown lint rule",
    (f) => (f.project.lintPolicy.severityOverrides["no-such-lint-rule"] = "error"),
  ],
];

async function fixtureValidity(target: WrightAgentTarget, t: Transport): Promise<void> {
  await requireOperations(target, t, ["symbols"]);
  const text = target.config.fixture!.text;
  try {
    for (const [what, breakIt] of BROKEN_FIXTURES) {
      const f = JSON.parse(text) as Fx;
      breakIt(f);
      target.writeFixture(JSON.stringify(f));
      expectRefusal(
        await target.call(t, { op: "symbols", max: 1 }),
        "parse-error",
        `symbols over our fixture with ${what}`,
      );
    }
  } finally {
    target.restoreFixture();
  }
  expectResult(await target.call(t, { op: "symbols", max: 1 }), "symbols over the repaired fixture");
}

export const fixtureValidityCheck = ownFixtureCheck(
  "wright-agent/fixture-validity",
  "(our fixture) a fixture the format refuses (schema or cross-references) is parse-error, not served",
  "The design: a broken fixture refuses with a loader code until repaired. The fixture format (docs/wright-agent.md#fixture-format): the schema is strict, then cross-checks (spans inside their source, symbol/rule/action references resolve, finding codes are registered lint rules, cfg successors exist, policy names known rules, sources are project-relative / paths listed once, symbol names unique per kind); any failure is parse-error. Our fixture broken by each rule in turn must refuse symbols with parse-error; the repaired fixture loads again.",
  fixtureValidity,
);

type FxFinding = {
  code: string;
  message: string;
  evidence: string;
  span: { file: string; start: { line: number; column: number }; end: { line: number; column: number } } | null;
  rule: number | null;
  action: number | null;
  repeated?: unknown;
  fix?: { kind: string; summary: string };
};

async function findingFacts(target: WrightAgentTarget, t: Transport): Promise<void> {
  await requireOperations(target, t, ["findings", "rules", "lint", "validateEditTransaction"]);
  const f = facts(target);
  const fixture = JSON.parse(target.config.fixture!.text) as { findings: FxFinding[] };
  const text = new Map(f.sources.map((x) => [x.path, x.text]));
  const addresses = list(obj(expectResult(await target.call(t, { op: "rules", all: true }), "rules all")).rules).map(
    obj,
  );
  const addressOf = (i: number) => addresses.find((r) => r.id === i)?.address;
  const served = list(
    obj(expectResult(await target.call(t, { op: "findings", all: true }), "findings all")).findings,
  ).map(obj);
  const want = fixture.findings.filter((x) => !f.lintPolicy.disabled.includes(x.code));
  expect(
    served.length === want.length,
    `findings serves the fixture's ${want.length} findings under the policy, got ${served.length}`,
  );
  const key = (code: unknown, message: unknown, span: unknown) => JSON.stringify([code, message, span]);
  const byKey = new Map(
    served.map((x) => [
      key(x.code, x.message, x.span === null ? null : [obj(x.span).path, obj(obj(x.span).start), obj(obj(x.span).end)]),
      x,
    ]),
  );
  for (const w of want) {
    const span =
      w.span === null
        ? null
        : [
            w.span.file,
            { line: w.span.start.line, col: w.span.start.column },
            { line: w.span.end.line, col: w.span.end.column },
          ];
    const x = byKey.get(key(w.code, w.message, span));
    if (!x) fail(`findings does not serve the fixture's ${w.code} finding at ${JSON.stringify(span)} (${w.message})`);
    expect(
      x.evidence === w.evidence && x.rule === w.rule && x.action === w.action,
      `the ${w.code} finding at ${JSON.stringify(span)}: evidence, rule and action must be the fixture's`,
      x,
    );
    expect(
      x.ruleAddress === (w.rule === null ? null : addressOf(w.rule)),
      `the ${w.code} finding of rule ${String(w.rule)}: ruleAddress must be that rule's canonical address ${String(w.rule === null ? null : addressOf(w.rule))}, got ${String(x.ruleAddress)}`,
    );
    expect(
      (x.repeated !== undefined) === (w.repeated !== undefined) &&
        (w.repeated === undefined || sameJson(x.repeated, w.repeated)),
      `the ${w.code} finding at ${JSON.stringify(span)}: repeated must be the fixture's`,
      x.repeated,
    );
    expect(
      (x.fix !== undefined) === (w.fix !== undefined),
      `the ${w.code} finding at ${JSON.stringify(span)}: a fix exactly when the fixture has one`,
      x.fix,
    );
    if (!w.fix) continue;
    const fix = obj(x.fix);
    expect(
      fix.kind === w.fix.kind && fix.summary === w.fix.summary,
      "a fix carries the fixture's kind and summary",
      fix,
    );
    const edits = list(obj(fix.transaction).edits).map(obj);
    expect(edits.length > 0, "a fix carries a transaction with edits", fix);
    for (const e of edits) {
      const current = text.get(String(e.source));
      if (current === undefined) fail(`a fix edits ${String(e.source)}, not a source of the project`, e);
      expect(
        e.source_identity === sha256Hex(current),
        `a fix edit of ${String(e.source)} must carry its current identity`,
        e,
      );
      const r = obj(e.range);
      const empty = r.start_line === r.end_line && r.start_col === r.end_col;
      expect(
        e.kind === (empty ? "insert" : e.new_text === "" ? "delete" : "replace"),
        `a fix edit's kind must say what it does (an ${empty ? "empty" : "non-empty"} range, ${e.new_text === "" ? "no" : "some"} text), got ${String(e.kind)}`,
        e,
      );
    }
    const applied = obj(
      expectResult(
        await target.call(t, { op: "validateEditTransaction", transaction: fix.transaction }),
        `validateEditTransaction of the ${w.code} fix`,
      ),
    );
    expect(
      applied.ok === true,
      `the ${w.code} finding's fix transaction must validate against the current sources`,
      applied,
    );
  }
  // lint's compact findings locate themselves as path:line:column.
  const compact = list(obj(expectResult(await target.call(t, { op: "lint", all: true }), "lint all")).findings).map(
    obj,
  );
  const whereOf = (x: Record<string, unknown>) =>
    x.span === null
      ? undefined
      : `${String(obj(x.span).path)}:${String(obj(obj(x.span).start).line)}:${String(obj(obj(x.span).start).col)}`;
  for (const c of compact) {
    const same = served.filter((x) => x.code === c.code && x.message === c.message);
    if (same.length === 0) fail(`lint serves a ${String(c.code)} finding findings does not`, c);
    expect(
      same.some((x) => whereOf(x) === c.location && x.ruleAddress === c.ruleAddress),
      `lint's ${String(c.code)} finding at ${String(c.location)} must be located path:line:column of a full finding's span start, with its ruleAddress (candidates ${same.map((x) => `${String(whereOf(x))} ${String(x.ruleAddress)}`).join(", ")})`,
      c,
    );
  }
}

export const findingFactsCheck = ownFixtureCheck(
  "wright-agent/finding-facts",
  "(our fixture) findings serve the fixture's findings: rule addresses, repeated, fix transactions that validate, lint locations",
  "The contract's Finding (rule index and canonical ruleAddress, repeated on repeated-value findings, fix with a transaction) and the seed (full spans and fix transactions come from findings; lint's compact findings carry a compact location path:line:column when mapped). With our fixture: every finding the policy serves is there with the fixture's evidence, rule, action, repeated and fix; ruleAddress is the rule's canonical address; a fix transaction edits project sources with their current identities, its edits' kinds say what they do, and it validates; lint's compact findings are located path:line:column of the full finding's span start.",
  findingFacts,
);

async function factsServed(target: WrightAgentTarget, t: Transport): Promise<void> {
  await requireOperations(target, t, ["cfg", "costEstimate"]);
  const f = JSON.parse(target.config.fixture!.text) as {
    rules: {
      name: string;
      cfg: { blocks: { label: string }[] };
      elementCount: { byNode: { name: string; count: number }[] };
    }[];
  };
  const rule = f.rules[0]!;
  const total = (r: typeof rule) => r.elementCount.byNode.reduce((n, x) => n + x.count, 0);
  const countNow = async (what: string) =>
    obj(
      obj(
        expectResult(
          await target.call(t, { op: "costEstimate", rule: `${rule.name}` }),
          `costEstimate rule ${rule.name} (${what})`,
        ),
      ).rule,
    ).count;
  const before = await countNow("our fixture");
  expect(
    before === total(rule),
    `costEstimate of rule ${rule.name}: count must be the fixture's element count ${total(rule)} (the sum of its byNode), got ${String(before)}`,
  );
  const labels = list(
    obj(expectResult(await target.call(t, { op: "cfg", rule: rule.name, all: true }), `cfg ${rule.name}`)).blocks,
  ).map((b) => obj(b).label);
  expect(labels[1] === rule.cfg.blocks[1]!.label, `cfg ${rule.name}: block 1 must carry the fixture's label`, labels);
  rule.cfg.blocks[1]!.label = "Conformance Label";
  rule.elementCount.byNode[0]!.count += 7;
  delete (rule as { enabled?: boolean }).enabled; // optional in the format: a rule is enabled unless it says otherwise
  target.writeFixture(JSON.stringify(f));
  try {
    const blocks = list(
      obj(
        expectResult(
          await target.call(t, { op: "cfg", rule: rule.name, all: true }),
          `cfg ${rule.name} of the edited fixture`,
        ),
      ).blocks,
    ).map(obj);
    expect(
      blocks.some((b) => b.label === "Conformance Label"),
      `cfg ${rule.name} must serve the fixture's cfg (a block relabelled in the fixture keeps its label)`,
      blocks.map((b) => b.label),
    );
    const [listed] = list(
      obj(
        expectResult(
          await target.call(t, { op: "rules", rule: rule.name }),
          `rules ${rule.name} of the edited fixture`,
        ),
      ).rules,
    ).map(obj);
    expect(listed?.enabled === true, `rules ${rule.name}: a fixture rule without enabled is enabled`, listed);
    const after = await countNow("the edited fixture");
    expect(
      after === total(rule),
      `costEstimate of rule ${rule.name}: count must follow the fixture's element count (${total(rule)} after adding 7 to a node), got ${String(after)}`,
    );
  } finally {
    target.restoreFixture();
  }
}

export const factsServedCheck = ownFixtureCheck(
  "wright-agent/fixture-facts-served",
  "(our fixture) a rule's cfg and element count are the fixture's when it spells them out",
  "The fixture format (docs/wright-agent.md#fixture-format): a rule's cfg and elementCount are derived only when absent. With our fixture: costEstimate's drill-down of its first rule counts the fixture's byNode sum; with a cfg block relabelled, a node's count raised by 7 and its enabled member dropped in the fixture, cfg serves the new label, costEstimate the new count, and rules reports it enabled (the format's default).",
  factsServed,
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
