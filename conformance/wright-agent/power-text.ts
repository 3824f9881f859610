/**
 * Text and fixture-model checks (the mock's: text.ts, edits.ts, fixture-load.ts, program.ts):
 * positions and ranges, edit
 * sets, the fixture format's rules and the fixture facts a program serves. All need our fixture:
 * the column unit (Unicode code points) is stated by our contract document (EditRange, Position:
 * "columns count Unicode code points"; decision 065), not by the seed, and the fixture rules are
 * the fixture format's (docs/wright-agent.md#fixture-format).
 */
import { dirname, join } from "node:path";
import { expect, fail } from "../harness/check.js";
import { type Outcome, type Transport, type WrightAgentTarget } from "./target.js";
import {
  expectRefusal,
  expectRefusedTransaction,
  expectResult,
  list,
  needsOwnFixture,
  obj,
  ownFixtureCheck,
  perTransport,
  requireOperations,
  sameJson,
  sha256Hex,
  type WrightAgentCheck,
} from "./util.js";

type Fx = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- fixture variants edit it freely
const fixture = (target: WrightAgentTarget): Fx => JSON.parse(target.config.fixture!.text) as Fx;

type Range = { start_line: number; start_col: number; end_line: number; end_col: number };
const range = (l1: number, c1: number, l2 = l1, c2 = c1): Range => ({
  start_line: l1,
  start_col: c1,
  end_line: l2,
  end_col: c2,
});
const edit = (source: string, identity: string, r: Range, text: string) => ({
  kind: r.start_line === r.end_line && r.start_col === r.end_col ? "insert" : text === "" ? "delete" : "replace",
  source,
  source_identity: identity,
  range: r,
  new_text: text,
});

/** An accepted transaction whose one preview is `want`. */
function expectPreview(o: Outcome, source: string, want: string, what: string): void {
  const r = obj(expectResult(o, what));
  expect(r.ok === true, `${what}: must be ok: true`, r);
  const p = list(r.preview)
    .map(obj)
    .find((e) => e.source === source);
  if (!p) fail(`${what}: the preview has no entry for ${source}`, r.preview);
  expect(p.new_text === want, `${what}: the preview is not the text with the edit applied`, {
    got: String(p.new_text).slice(0, 300),
    want: want.slice(0, 300),
  });
}

// ---- wright-agent/text-positions ----

/** A first line with 2-byte, 3-byte and astral characters and U+FFFF, the last BMP code point. */
const WIDE = "// é中😀\uffff𝄞z";
const WIDE_TEXT = `${WIDE}\n// two\n`;

async function textPositions(target: WrightAgentTarget, t: Transport): Promise<void> {
  await requireOperations(target, t, ["validateEditTransaction"]);
  const entry = String(fixture(target).project.entry);
  const id = sha256Hex(WIDE_TEXT);
  const cps = [...WIDE];
  const validate = (edits: unknown[], text = WIDE_TEXT) =>
    target.call(t, { op: "validateEditTransaction", transaction: { edits }, sources: { [entry]: text } });
  const withLine1 = (line: string) => `${line}\n// two\n`;
  // Columns count code points: 😀 is column 6 and 𝄞 column 8 (after U+FFFF, one code point).
  for (const [col, what] of [
    [6, "😀 (an astral character, two UTF-16 units)"],
    [7, "U+FFFF (one code point, one UTF-16 unit)"],
    [8, "𝄞 (an astral character after U+FFFF)"],
    [4, "é (two UTF-8 bytes)"],
  ] as const) {
    const want = withLine1([...cps.slice(0, col - 1), "X", ...cps.slice(col)].join(""));
    expectPreview(
      await validate([edit(entry, id, range(1, col, 1, col + 1), "X")]),
      entry,
      want,
      `replacing column ${col} of ${JSON.stringify(WIDE)}, ${what}, by X`,
    );
  }
  expectPreview(
    await validate([edit(entry, id, range(1, cps.length + 1), "!")]),
    entry,
    withLine1(`${WIDE}!`),
    `an insert at line 1's end (column ${cps.length + 1}: its ${cps.length} code points + 1)`,
  );
  expectRefusedTransaction(
    await validate([edit(entry, id, range(1, cps.length + 2), "!")]),
    `an insert at column ${cps.length + 2} of a line of ${cps.length} code points (${WIDE.length} UTF-16 units)`,
  );
  // The text ends with a line break: line 3 is empty, the last line.
  expectPreview(
    await validate([edit(entry, id, range(3, 1), "// end")]),
    entry,
    `${WIDE_TEXT}// end`,
    "a comment inserted at the empty last line (no line break after it)",
  );
  expectRefusedTransaction(
    await validate([edit(entry, id, range(3, 2), "x")]),
    "an insert at column 2 of the empty last line",
  );
  expectRefusedTransaction(
    await validate([edit(entry, id, range(2, 99, 3, 1), "x")]),
    "a range starting past its line's end (its end inside the text)",
  );
}

export const textPositionsCheck: WrightAgentCheck = {
  id: "wright-agent/text-positions",
  title: "(our fixture) edit ranges count columns in code points, lines end where their text ends",
  doc: "Our contract document: an EditRange is \"a half-open, 1-based line/column range [start, end) (columns count Unicode code points)\" (decision 065); the seed: invalid edits are refused without a partial edit set. Over supplied sources (stdio and JSON-RPC: MCP's edit tools drop sources; a first line holding é, 中, 😀, U+FFFF and 𝄞): replacing one column replaces exactly that code point; an insert at a line's code-point length + 1 is its end, one further is refused (however many UTF-16 units the line has); the empty last line after a final line break takes an insert at column 1 (a comment without line break) and refuses column 2; a range starting past its line's end is refused.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    // MCP's Workshop edit tools drop sources (the design): the wide text is supplied over stdio and JSON-RPC.
    await perTransport(target, ["stdio", "jsonrpc"], ctx, (t) => textPositions(target, t));
  },
};

// ---- wright-agent/edit-sets ----

async function editSets(target: WrightAgentTarget, t: Transport): Promise<void> {
  await requireOperations(target, t, ["validateEditTransaction"]);
  const f = fixture(target);
  const entry = String(f.project.entry);
  const text = String((f.sources as Fx[]).find((s) => s.path === entry)!.text);
  const id = sha256Hex(text);
  const lines = text.split("\n");
  const validate = (edits: unknown[]) => target.call(t, { op: "validateEditTransaction", transaction: { edits } });
  const mark = "// conformance\n";
  const marked = (at: readonly number[]) => lines.map((l, i) => (at.includes(i + 1) ? mark + l : l)).join("\n");
  expectPreview(
    await validate([5, 3, 1].map((l) => edit(entry, id, range(l, 1), mark))),
    entry,
    marked([1, 3, 5]),
    "three inserts listed against the text's order (lines 5, 3, 1)",
  );
  const l1 = lines[0]!;
  expect(l1.length >= 4, "the entry's first line has 4 characters or more");
  // Touching half-open ranges do not overlap: [1,3) and [3,5), listed in either order.
  const halves = [
    edit(entry, id, range(1, 3, 1, 5), l1.slice(2, 4).toUpperCase()),
    edit(entry, id, range(1, 1, 1, 3), l1.slice(0, 2)),
  ];
  const touched = [l1.slice(0, 2) + l1.slice(2, 4).toUpperCase() + l1.slice(4), ...lines.slice(1)].join("\n");
  expectPreview(await validate(halves), entry, touched, "two replaces touching at column 3 (listed right to left)");
  expectPreview(
    await validate([...halves].reverse()),
    entry,
    touched,
    "two replaces touching at column 3 (listed left to right)",
  );
  // An insert where a replace ends: after the replaced text, not inside it.
  const end = l1.length + 1;
  const insertAfter = [
    edit(entry, id, range(1, end), " // c"),
    edit(entry, id, range(1, end - 1, 1, end), l1.slice(-1)),
  ];
  expectPreview(
    await validate(insertAfter),
    entry,
    [`${l1} // c`, ...lines.slice(1)].join("\n"),
    "an insert at line 1's end listed before a replace of its last character (touching)",
  );
  // Malformed results (the seed: a transaction producing malformed Workshop is refused).
  expectRefusedTransaction(
    await validate([edit(entry, id, range(1, 1), "( ]\n")]),
    "an edit that makes the source malformed (a parenthesis closed by a bracket)",
  );
  expectRefusedTransaction(
    await validate([edit(entry, id, range(1, 1), "(/ \n")]),
    "an edit that makes the source malformed (an unclosed parenthesis before a lone /)",
  );
  // A string literal holding an escaped quote is one string.
  const row = lines.findIndex((l) => l.includes('Description: "'));
  if (row < 0) fail(`${entry} has no Description: "..." line`);
  const col = [...lines[row]!.slice(0, lines[row]!.indexOf('"') + 1)].length + 1;
  const quoted = lines
    .map((l, i) => (i === row ? [...l].slice(0, col - 1).join("") + 'a \\" b ' + [...l].slice(col - 1).join("") : l))
    .join("\n");
  expectPreview(
    await validate([edit(entry, id, range(row + 1, col), 'a \\" b ')]),
    entry,
    quoted,
    "an escaped quote inserted into a string literal",
  );

  const reach = await target.reachable(t);
  // MCP's provider tool drops documents (the design): caller documents go over stdio and JSON-RPC.
  if (!reach.includes("providerValidateEdit") || t === "mcp") return;
  // The seed: "An edits[].source outside the set refuses edit-unknown-source."
  const uri = "file:///conformance/a.opy";
  const doc = 'rule "a":\n    wait(1)\n';
  const o = await target.call(t, {
    op: "providerValidateEdit",
    language_id: "opy",
    transaction: { edits: [edit("file:///conformance/elsewhere.opy", sha256Hex(doc), range(1, 1), "#x\n")] },
    documents: { [uri]: { uri, languageId: "opy", version: 0, text: doc } },
  });
  if (o.kind === "refusal" && o.error.code === "provider-unavailable") return;
  if (o.kind === "refusal") {
    expectRefusal(o, "edit-unknown-source", "providerValidateEdit of a source outside the document set");
    return;
  }
  const r = obj(expectResult(o, "providerValidateEdit of a source outside the document set"));
  expect(
    r.ok === false && list(r.diagnostics).some((d) => obj(d).code === "edit-unknown-source"),
    "providerValidateEdit of a source outside the document set must refuse edit-unknown-source",
    r,
  );
}

export const editSetsCheck = ownFixtureCheck(
  "wright-agent/edit-sets",
  "(our fixture) edit sets: any listing order, touching ranges, malformed results, edit-unknown-source",
  "The seed: edit transactions use half-open 1-based ranges; overlapping or invalid edits and edits producing malformed Workshop are refused without a partial edit set; providerValidateEdit refuses an edits[].source outside the document set with edit-unknown-source. With our fixture: inserts listed against the text's order, two replaces touching at one column (in either order) and an insert where a replace ends are ok with the expected preview; a parenthesis closed by a bracket and an unclosed parenthesis before a lone / are refused; an escaped quote inside a string literal is accepted; providerValidateEdit (opy, when configured; not over MCP, whose tool drops documents) of a source outside its documents answers edit-unknown-source (as a refusal or a diagnostic).",
  editSets,
);

// ---- wright-agent/fixture-rules ----

/** Replaces every string value equal to `from` (a source path) by `to`. */
function renamed(v: unknown, from: string, to: string): unknown {
  if (v === from) return to;
  if (Array.isArray(v)) return v.map((x) => renamed(x, from, to));
  if (v !== null && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, renamed(x, from, to)]));
  return v;
}

const OTHER = "lib/waves.ws";
const elementTotal = (c: Fx) => (c.byNode as Fx[]).reduce((n, x) => n + Number(x.count), 0);

/** Our fixture changed by one documented rule each: [what, change, served?]. */
const VARIANTS: readonly [string, (f: Fx) => unknown, boolean][] = [
  [`${OTHER} renamed lib/waves2.ws everywhere`, (f) => renamed(f, OTHER, "lib/waves2.ws") as Fx, true],
  [
    `${OTHER} renamed /abs/waves.ws everywhere (an absolute path)`,
    (f) => renamed(f, OTHER, "/abs/waves.ws") as Fx,
    false,
  ],
  [`${OTHER} renamed ../waves.ws everywhere (a .. segment)`, (f) => renamed(f, OTHER, "../waves.ws") as Fx, false],
  [`${OTHER} renamed lib\\waves.ws everywhere (a backslash)`, (f) => renamed(f, OTHER, "lib\\waves.ws") as Fx, false],
  [
    "a rule without cfg and elementCount (both derived)",
    (f) => (delete f.rules[0].cfg, delete f.rules[0].elementCount),
    true,
  ],
  [
    "no persistentObjects, skipped or diagnostics member (optional)",
    (f) => (delete f.persistentObjects, delete f.skipped, delete f.diagnostics),
    true,
  ],
  [
    "a persistent object of no rule, stored in no variable",
    (f) => ((f.persistentObjects[0].rule = null), (f.persistentObjects[0].storedIn = null)),
    true,
  ],
  [
    "a second rule symbol named like the first (rule names may repeat)",
    (f) => f.symbols.push({ ...f.symbols.find((s: Fx) => s.kind === "rule") }),
    true,
  ],
  [
    "a rule whose statements' counts sum to exactly its byNode total",
    (f) => {
      const c = f.rules[0].elementCount;
      const sum = (c.statements as Fx[]).reduce((n, x) => n + Number(x.count), 0);
      c.byNode = [{ name: "Rule", count: sum, occurrences: 1 }];
    },
    true,
  ],
  [
    "a rule whose statements' counts sum to more than its byNode total",
    (f) => (f.rules[0].elementCount.statements[0].count += elementTotal(f.rules[0].elementCount) + 1),
    false,
  ],
  [
    "a cfg listing one block twice (duplicate block ids)",
    (f) => f.rules[0].cfg.blocks.push({ ...f.rules[0].cfg.blocks[0] }),
    false,
  ],
  ["an input locale that is not declared", (f) => (f.project.locales.input = "xx-XX"), false],
];

async function fixtureRules(target: WrightAgentTarget, t: Transport): Promise<void> {
  await requireOperations(target, t, ["symbols", "cfg", "costEstimate"]);
  try {
    for (const [what, change, served] of VARIANTS) {
      const f = fixture(target);
      const r = change(f);
      const changed = r !== null && typeof r === "object" ? r : f;
      target.writeFixture(JSON.stringify(changed));
      const o = await target.call(t, { op: "symbols", max: 1 });
      if (!served) {
        expectRefusal(o, "parse-error", `symbols over our fixture with ${what}`);
        continue;
      }
      expectResult(o, `symbols over our fixture with ${what} (the format allows it)`);
      if (what.startsWith("a rule without cfg")) {
        const name = String(f.rules[0].name);
        expectResult(
          await target.call(t, { op: "cfg", rule: name }),
          `cfg of rule ${name}, whose cfg the fixture leaves to derive`,
        );
        expectResult(
          await target.call(t, { op: "costEstimate", rule: name }),
          `costEstimate of rule ${name}, whose element count the fixture leaves to derive`,
        );
      }
    }
  } finally {
    target.restoreFixture();
  }
}

export const fixtureRulesCheck = ownFixtureCheck(
  "wright-agent/fixture-rules",
  "(our fixture) the fixture format's source paths, optional members, element counts, cfg ids and locales",
  "The fixture format (docs/wright-agent.md#fixture-format; a broken fixture refuses with parse-error until repaired): sources are project-relative /-separated paths; cfg, elementCount, persistentObjects, skipped and diagnostics are optional (a rule's cfg and count are then derived); a persistent object's rule and storedIn may be null; symbol names are unique per kind except rule; a rule's statements' counts sum to at most its byNode total; cfg block ids are unique; the input locale is declared. Our fixture with its member file renamed everywhere (a plain path loads; absolute, .. and backslash paths are refused), and with each other rule kept or broken in turn, loads or is refused accordingly (symbols; for the rule left to derive, cfg and costEstimate answer).",
  fixtureRules,
);

// ---- wright-agent/fixture-served ----

async function fixtureServed(target: WrightAgentTarget, t: Transport): Promise<void> {
  await requireOperations(target, t, ["references", "findings", "lint", "project"]);
  const base = fixture(target);
  // Every named symbol's references are the fixture's (kind and span).
  const span = (s: Fx | null) =>
    s === null
      ? null
      : {
          path: s.file,
          start: { line: s.start.line, col: s.start.column },
          end: { line: s.end.line, col: s.end.column },
        };
  for (const s of (base.symbols as Fx[]).filter((x) => x.kind !== "rule")) {
    const key = `${String(s.kind)}:${String(s.name)}`;
    const want = (base.references as Fx[])
      .filter((r) => r.symbol === key)
      .map((r) => JSON.stringify([r.kind, span(r.span)]));
    const got = list(
      obj(expectResult(await target.call(t, { op: "references", symbol: key, all: true }), `references ${key}`))
        .references,
    )
      .map(obj)
      .map((r) =>
        JSON.stringify([
          r.kind,
          r.span === null ? null : { path: obj(r.span).path, start: obj(r.span).start, end: obj(r.span).end },
        ]),
      );
    expect(
      sameJson([...got].sort(), [...want].sort()),
      `references ${key} must serve the fixture's ${want.length} references (kind and span), got ${got.length}`,
      { got: got.slice(0, 5), want: want.slice(0, 5) },
    );
  }
  // Absolute spellings select a file (the seed: "the path as passed, root-relative or absolute spellings").
  const root = dirname(target.config.fixture!.path);
  const other = (base.sources as Fx[]).find((s) => s.path !== base.project.entry)!.path as string;
  const byFile = async (file: string) =>
    JSON.stringify(
      list(
        obj(expectResult(await target.call(t, { op: "findings", file, all: true }), `findings file ${file}`)).findings,
      ),
    );
  expect(
    (await byFile(join(root, other))) === (await byFile(other)),
    `findings file ${join(root, other)} (absolute) must select what ${other} selects`,
  );

  const f = fixture(target);
  const unmapped = (f.findings as Fx[]).findIndex(
    (x) => !x.fix && !(f.project.lintPolicy.disabled as string[]).includes(x.code),
  );
  f.findings[unmapped].span = null;
  const fixed = (f.findings as Fx[]).find((x) => x.fix)!;
  const [e0, e1] = fixed.fix.edits as Fx[];
  e0!.range.end.column = e0!.range.start.column + 2;
  e0!.text = "Q";
  e1!.range.end.column = e1!.range.start.column + 1;
  e1!.text = "";
  const extra = { path: "lib/extra.ws", text: "// an extra member file\n" };
  f.sources = [f.sources[1], extra, f.sources[0]];
  target.writeFixture(JSON.stringify(f));
  try {
    const files = list(
      obj(expectResult(await target.call(t, { op: "project" }), "project over three sources, the entry last"))
        .sourceFiles,
    ).map((x) => obj(x).path);
    expect(
      files[0] === f.project.entry && files.length === 3,
      `project.sourceFiles must list the entry ${String(f.project.entry)} first (fixture order: ${(f.sources as Fx[]).map((s) => s.path).join(", ")})`,
      files,
    );
    const x = f.findings[unmapped] as Fx;
    const all = list(
      obj(expectResult(await target.call(t, { op: "findings", all: true }), "findings all")).findings,
    ).map(obj);
    const served = all.filter((y) => y.code === x.code && y.message === x.message);
    expect(
      served.some((y) => y.span === null),
      `a ${String(x.code)} finding the fixture leaves unmapped (span null) is served unmapped`,
      served,
    );
    const compact = list(obj(expectResult(await target.call(t, { op: "lint", all: true }), "lint all")).findings)
      .map(obj)
      .filter((y) => y.code === x.code && y.message === x.message);
    expect(
      compact.some((y) => y.location === undefined || y.location === null),
      `lint's compact ${String(x.code)} finding of an unmapped finding carries no location (the seed: "when mapped")`,
      compact,
    );
    const fix = all.find((y) => y.code === fixed.code && y.message === fixed.message && y.fix);
    if (!fix) fail(`findings no longer serves the ${String(fixed.code)} finding with a fix`);
    const kinds = list(obj(obj(fix.fix).transaction).edits).map((e) => obj(e).kind);
    expect(
      kinds[0] === "replace" && kinds[1] === "delete",
      `a fix edit replacing two columns on one line by Q is a replace, one deleting a column a delete (got ${kinds.slice(0, 2).join(", ")})`,
      kinds,
    );
  } finally {
    target.restoreFixture();
  }
}

export const fixtureServedCheck = ownFixtureCheck(
  "wright-agent/fixture-served",
  "(our fixture) references, absolute file spellings, unmapped findings, fix edit kinds and the entry among three sources",
  "The seed: file selects by the path as passed, root-relative or absolute spellings; source spans retain their path when mapped, missing mapping is reported as unmapped, and lint's compact location is there when mapped; project lists the entry file first; a SourceEdit's kind says what it does. With our fixture: references of every named symbol are the fixture's (kind and span); the absolute spelling of the member file (the fixture's directory + its path) selects what its path selects; with a finding unmapped, one fix's edits turned into a one-line replace and a delete, and a third source listed with the entry last, findings serves the finding with span null, lint's compact finding has no location, the fix's edits are replace and delete, and sourceFiles starts with the entry.",
  fixtureServed,
);

export const powerTextChecks: WrightAgentCheck[] = [
  textPositionsCheck,
  editSetsCheck,
  fixtureRulesCheck,
  fixtureServedCheck,
];
