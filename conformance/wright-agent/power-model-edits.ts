/**
 * Checks of the mock's model, edit transactions (with our fixture only): applied to the current
 * text of each source, whole or not at all; inputIdentity is the entry's SHA-256.
 */
import { expect, fail } from "../harness/check.js";
import { type Outcome, type Transport, type WrightAgentTarget } from "./target.js";
import {
  expectRefusedTransaction,
  expectResult,
  fixtureFacts,
  list,
  obj,
  ownFixtureCheck,
  requireOperations,
  sha256Hex,
} from "./util.js";

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

async function editTransactions(target: WrightAgentTarget, t: Transport): Promise<void> {
  await requireOperations(target, t, ["validateEditTransaction", "project"]);
  const f = fixtureFacts(target);
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

  expectRefusedTransaction(
    await validate([edit(main.path, "0".repeat(64), at(1), mark)]),
    "an edit whose source_identity is not the current text's",
  );
  expectRefusedTransaction(
    await validate([edit(main.path, mainId, at(1), mark), edit(other.path, "f".repeat(64), at(1), mark)]),
    "a transaction with one stale source (refused whole)",
  );
  expectRefusedTransaction(
    await validate([
      edit(main.path, mainId, { start_line: 1, start_col: 1, end_line: 1, end_col: 5 }, "x"),
      edit(main.path, mainId, { start_line: 1, start_col: 3, end_line: 1, end_col: 7 }, "y"),
    ]),
    "two overlapping edits",
  );
  expectRefusedTransaction(await validate([edit(main.path, mainId, at(100_000), mark)]), "an edit outside the source");
  expectRefusedTransaction(
    await validate([
      edit(main.path, mainId, { start_line: 1, start_col: 1, end_line: 1, end_col: line1.length + 2 }, "x"),
    ]),
    "an edit ending past its line",
  );
  expectRefusedTransaction(
    await validate([edit(main.path, mainId, { start_line: 2, start_col: 1, end_line: 1, end_col: 1 }, "x")]),
    "a reversed range",
  );
  expectRefusedTransaction(
    await validate([edit(main.path, mainId, at(1), ")\n")]),
    "an edit that makes the source malformed (an unmatched parenthesis)",
  );
  expectRefusedTransaction(
    await validate([edit(main.path, mainId, at(1), "(\n")]),
    "an edit that makes the source malformed (an unclosed parenthesis)",
  );
  expectRefusedTransaction(
    await validate([edit(main.path, mainId, at(1), "{\n")]),
    "an edit that makes the source malformed (an unclosed brace)",
  );
  expectRefusedTransaction(
    await validate([edit(main.path, mainId, at(1), "]\n")]),
    "an edit that makes the source malformed (an unmatched bracket)",
  );
  expectRefusedTransaction(
    await validate([edit(main.path, mainId, at(1), '"\n')]),
    "an edit that makes the source malformed (an unterminated string)",
  );
  expectRefusedTransaction(
    await validate([edit(main.path, mainId, at(1), "[\n")]),
    "an edit that makes the source malformed (an unclosed bracket)",
  );
  expectRefusedTransaction(
    await validate([edit(main.path, mainId, at(1), "/ (\n")]),
    "an edit that makes the source malformed (a lone / and an unclosed parenthesis)",
  );
  expectRefusedTransaction(
    await validate([edit(main.path, mainId, at(1), "// a comment\n(\n")]),
    "an edit that makes the source malformed (an unclosed parenthesis on the line after a comment)",
  );
  expectRefusedTransaction(
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
