/**
 * Edit operations. Outcomes of a transaction (stale, overlapping, out of range, unknown source,
 * malformed result) are reported in the payload (ok: false plus diagnostics, never a partial edit
 * set); service-level problems (unloadable project, stale rule ids, no provider) are refusals.
 */
import { pathToFileURL } from "node:url";
import type * as C from "../../generated/wright-agent/types.js";
import { refuse } from "../handlers.js";
import type { MockContext } from "./context.js";
import { applyTransaction, checkDelimiters, previews, type SourceText } from "./edits.js";
import { wireEdit, type Program } from "./program.js";
import { resolveRule } from "./resolve.js";
import { sha256Hex } from "./text.js";

const own = (o: object | null | undefined, k: string): boolean => !!o && Object.prototype.hasOwnProperty.call(o, k);

function requireWorkshop(p: Program): void {
  const origin = p.fixture.project.origin;
  if (origin === "workshop") return;
  if (origin === "opy")
    refuse("edit-requires-provider", "the input is OverPy: validate edits with providerValidateEdit (language_id opy)");
  refuse("source-provider-unavailable", `no source provider is shipped for ${origin} input`);
}

/** Current text of a Workshop source: the caller's precondition text when sources is supplied, else the project's. */
function workshopLookup(p: Program, sources: C.Sources | undefined): (source: string) => SourceText | undefined {
  return (source) => {
    const index = p.resolveFile(source);
    const file = p.sources.find((s) => s.index === index);
    if (sources)
      return own(sources, source)
        ? { text: sources[source]!, ...(file ? { file: file.index, path: file.path } : {}) }
        : undefined;
    return file ? { text: file.text, file: file.index, path: file.path } : undefined;
  };
}

function validateWorkshop(
  p: Program,
  tx: C.EditTransaction,
  sources: C.Sources | undefined,
): C.ValidateEditTransactionResult {
  const lookup = workshopLookup(p, sources);
  const applied = applyTransaction(tx, lookup);
  if (!applied.ok) return { ok: false, exit: 1, diagnostics: applied.diagnostics };
  const diagnostics = applied.order.flatMap((source) => {
    const src = lookup(source)!;
    // checkDelimiters maps its diagnostic only when both file and path are known.
    return checkDelimiters(applied.edited.get(source)!, { source, file: src.file, path: src.path });
  });
  if (diagnostics.length) return { ok: false, exit: 1, diagnostics };
  return { ok: true, exit: 0, diagnostics: [], preview: previews(applied) };
}

export function validateEditTransaction(
  ctx: MockContext,
  req: C.ValidateEditTransactionRequest,
): C.ValidateEditTransactionResult {
  const p = ctx.session.program();
  requireWorkshop(p);
  return validateWorkshop(p, req.transaction, req.sources ?? undefined);
}

export function providerValidateEdit(
  ctx: MockContext,
  req: C.ProviderValidateEditRequest,
): C.ProviderValidateEditResult {
  if (!ctx.catalog.providers.includes(req.language_id)) {
    refuse(
      "provider-unavailable",
      `no provider for ${JSON.stringify(req.language_id)} is configured (configured: ${ctx.catalog.providers.join(", ") || "none"})`,
    );
  }
  // Caller-supplied documents answer without the project; omitted, the loaded project supplies them.
  let documents: Record<string, { text: string }>;
  if (req.documents) documents = req.documents;
  else {
    const p = ctx.session.program();
    documents = Object.fromEntries(p.sources.map((s) => [pathToFileURL(s.absolutePath).href, { text: s.text }]));
  }
  const sources = req.sources ?? undefined;
  const text = (uri: string) => (own(sources, uri) ? sources![uri]! : documents[uri]!.text);
  const refused = (diagnostics: C.Diagnostic[]): C.ProviderValidateEditResult => ({
    ok: false,
    diagnostics,
    provider_code: diagnostics[0]!.code,
    provider_message: diagnostics[0]!.message,
  });
  const applied = applyTransaction(req.transaction, (uri) => (own(documents, uri) ? { text: text(uri) } : undefined));
  if (!applied.ok) return refused(applied.diagnostics);
  // The post-edit check covers every document of the set, edited or not.
  const diagnostics = Object.keys(documents).flatMap((uri) =>
    checkDelimiters(applied.edited.get(uri) ?? text(uri), { source: uri }).map((d) => ({
      ...d,
      status: "supported" as const,
      source: { kind: req.language_id },
    })),
  );
  if (diagnostics.length) return refused(diagnostics);
  const transaction = {
    edits: req.transaction.edits.map((e) => ({ ...e, source_identity: sha256Hex(text(e.source)) })),
  } as C.EditTransaction;
  return { ok: true, transaction, diagnostics: [], preview: previews(applied) };
}

function payloadRefusal(code: string, message: string): C.EditStatementsResult {
  return {
    transaction: null,
    ok: false,
    exit: 1,
    diagnostics: [{ code, stage: "validation", severity: "error", message, source: { kind: "wright" } }],
  };
}

/**
 * Statement edits. The companion document defining rule-content-v1 statement edits is not
 * available; the mock assumes {rule, op: insert|replace|delete, list: conditions|actions, index}
 * and, for insert/replace, a raw Workshop statement in a `text` member (a mock extension: it
 * renders no rule-content-v1 documents). Statements are assumed to sit one per line.
 */
export function editStatements(ctx: MockContext, req: C.EditStatementsRequest): C.EditStatementsResult {
  const p = ctx.session.program();
  requireWorkshop(p);
  const generation = ctx.session.generation;
  const sources = req.sources ?? undefined;
  const lookup = workshopLookup(p, sources);
  const entryText = lookup(p.entry.path)?.text ?? p.entry.text;
  // Addresses first: a stale or unknown rule is a refusal whatever the rest of the request says.
  const targets = req.edits.map(
    (e, k) => p.rules[resolveRule(p, generation, e.rule, req.snapshot, "target", `edits[${k}].rule`)]!,
  );
  if (sha256Hex(entryText) !== req.inputIdentity)
    return payloadRefusal(
      "stale-input",
      "inputIdentity is not the entry source's current identity; re-read project.inputIdentity",
    );
  if (req.edits.length === 0)
    return payloadRefusal("edit-unsupported", "edits is empty: a transaction carries at least one edit");
  const edits: C.SourceEdit[] = [];
  for (const [k, e] of req.edits.entries()) {
    const rule = targets[k]!;
    const list = e.list ?? "actions";
    const statements = rule[list];
    const op = e.op;
    const text = typeof e.text === "string" ? e.text.replace(/;\s*$/, "") : undefined;
    if (op === undefined || e.index === undefined)
      return payloadRefusal("edit-unsupported", `edits[${k}]: op and index are required`);
    if ((op === "insert" || op === "replace") && text === undefined) {
      return payloadRefusal(
        "edit-unsupported",
        `edits[${k}]: the mock needs the statement as raw Workshop text in a text member (it renders no rule-content-v1 documents)`,
      );
    }
    const limit = op === "insert" ? statements.length : statements.length - 1;
    if (e.index > limit || (op === "insert" && statements.length === 0))
      return payloadRefusal(
        "edit-invalid-statement",
        `edits[${k}]: ${rule.address} has no ${list} position ${e.index}`,
      );
    const anchor = statements[Math.min(e.index, statements.length - 1)]!;
    const source = anchor.span.file;
    const current = lookup(source);
    if (!current) return payloadRefusal("edit-unknown-source", `edits[${k}]: ${source} is not available`);
    const identity = sha256Hex(current.text);
    const line = anchor.span.start.line;
    const indent = /^[ \t]*/.exec(current.text.split("\n")[line - 1] ?? "")![0];
    if (op === "delete")
      edits.push(wireEdit(source, identity, { start: { line, column: 1 }, end: { line: line + 1, column: 1 } }, ""));
    else if (op === "replace")
      edits.push(wireEdit(source, identity, { start: anchor.span.start, end: anchor.span.end }, text!));
    else {
      const at = e.index < statements.length ? line : line + 1;
      edits.push(
        wireEdit(
          source,
          identity,
          { start: { line: at, column: 1 }, end: { line: at, column: 1 } },
          `${indent}${text!};\n`,
        ),
      );
    }
  }
  const transaction = { edits } as C.EditTransaction;
  return { transaction, ...validateWorkshop(p, transaction, sources) };
}
