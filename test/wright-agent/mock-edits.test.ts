import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/wright-agent/mock/text.js";
import type { EditTransaction } from "../../src/generated/wright-agent/types.js";
import { defaultFixture, ok, refused, workspace } from "./helpers.js";

const MAIN = defaultFixture().sources[0]!.text;
const MAIN_ID = sha256Hex(MAIN);
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;
const replaceLine = (line: number, text: string, identity = MAIN_ID): EditTransaction => ({
  edits: [
    {
      kind: "replace",
      source: "main.ws",
      source_identity: identity,
      range: { start_line: line, start_col: 1, end_line: line + 1, end_col: 1 },
      new_text: text,
    },
  ],
});

describe("validateEditTransaction (raw Workshop)", () => {
  it("a finding's fix transaction validates, with a preview and the post-edit identity", async () => {
    const { svc } = workspace();
    const [finding] = (await ok(svc, { op: "findings", rule: "duplicate-condition" })).findings;
    const r = await ok(svc, { op: "validateEditTransaction", transaction: finding.fix.transaction });
    expect(r.ok).toBe(true);
    expect(r.preview).toHaveLength(1);
    expect(r.preview[0].source).toBe("main.ws");
    expect(r.preview[0].new_text).not.toContain("Else If(Event Player.streak > 5)");
    expect(r.preview[0].source_identity).toBe(sha256Hex(r.preview[0].new_text));
    const [repeated] = (await ok(svc, { op: "findings", rule: "repeated-value", max: 1 })).findings;
    const r2 = await ok(svc, { op: "validateEditTransaction", transaction: repeated.fix.transaction });
    expect(r2.preview[0].new_text).toContain(
      "Evaluate Once(Count Of(All Players(All Teams))) * Evaluate Once(Count Of(All Players(All Teams)))",
    );
  });

  it("omitted sources read the current text from disk: an on-disk edit makes the old transaction stale", async () => {
    const w = workspace();
    const line = lineOf(MAIN, "Global.roundActive = True;");
    const tx = replaceLine(line, "\t\tGlobal.roundActive = False;\n");
    expect((await ok(w.svc, { op: "validateEditTransaction", transaction: tx })).ok).toBe(true);
    const f = defaultFixture();
    f.sources[0]!.text += "\n// touched\n";
    w.write(f);
    const stale = await ok(w.svc, { op: "validateEditTransaction", transaction: tx });
    expect(stale).toMatchObject({ ok: false, exit: 1, diagnostics: [{ code: "edit-stale-source" }] });
  });

  it("supplied sources are the precondition text (unsaved buffers)", async () => {
    const { svc } = workspace();
    const buffer = MAIN.replace("Global.score = 0;", "Global.score = 1;");
    const line = lineOf(buffer, "Global.score = 1;");
    const tx = replaceLine(line, "\t\tGlobal.score = 2;\n", sha256Hex(buffer));
    const r = await ok(svc, { op: "validateEditTransaction", transaction: tx, sources: { "main.ws": buffer } });
    expect(r.ok).toBe(true);
    expect(r.preview[0].new_text).toContain("Global.score = 2;");
    expect((await ok(svc, { op: "validateEditTransaction", transaction: tx })).diagnostics[0].code).toBe(
      "edit-stale-source",
    );
    // A supplied map must cover the edited sources.
    expect(
      (await ok(svc, { op: "validateEditTransaction", transaction: tx, sources: { "lib/waves.ws": "" } }))
        .diagnostics[0].code,
    ).toBe("edit-unknown-source");
  });

  it("overlapping, out-of-range and unknown-source edits refuse the whole transaction", async () => {
    const { svc } = workspace();
    const line = lineOf(MAIN, "Create HUD Text(");
    const e = (a: number, b: number, text = "x", source = "main.ws") => ({
      kind: "replace",
      source,
      source_identity: MAIN_ID,
      range: { start_line: line, start_col: a, end_line: line, end_col: b },
      new_text: text,
    });
    const overlap = await ok(svc, { op: "validateEditTransaction", transaction: { edits: [e(1, 5), e(3, 8)] } });
    expect(overlap).toMatchObject({ ok: false, exit: 1, diagnostics: [{ code: "edit-overlap" }] });
    const range = await ok(svc, {
      op: "validateEditTransaction",
      transaction: {
        edits: [e(1, 2), { ...e(1, 2), range: { start_line: 9999, start_col: 1, end_line: 9999, end_col: 1 } }],
      },
    });
    expect(range.diagnostics.map((d: { code: string }) => d.code)).toEqual(["edit-invalid-range"]);
    const unknown = await ok(svc, {
      op: "validateEditTransaction",
      transaction: { edits: [e(1, 2, "x", "other.ws")] },
    });
    expect(unknown.diagnostics[0].code).toBe("edit-unknown-source");
  });

  it("a transaction producing malformed Workshop refuses with the parse diagnostic and no preview", async () => {
    const { svc } = workspace();
    const line = lineOf(MAIN, "Call Subroutine(ResetRound);");
    const r = await ok(svc, {
      op: "validateEditTransaction",
      transaction: replaceLine(line, "\t\tCall Subroutine(ResetRound;\n"),
    });
    expect(r.ok).toBe(false);
    expect(r.preview).toBeUndefined();
    expect(r.diagnostics[0]).toMatchObject({
      code: "parse-error",
      stage: "frontend",
      source: { kind: "workshop-rs" },
      span: { path: "main.ws" },
    });
  });

  it("non-Workshop input: OverPy refuses edit-requires-provider, other kinds source-provider-unavailable", async () => {
    const f = defaultFixture();
    f.project.origin = "opy";
    expect(
      (
        await refused(workspace(f).svc, {
          op: "validateEditTransaction",
          transaction: {
            edits: [
              {
                kind: "replace",
                source: "main.ws",
                source_identity: "0".repeat(64),
                range: { start_line: 1, start_col: 1, end_line: 1, end_col: 1 },
                new_text: "",
              },
            ],
          },
        })
      ).code,
    ).toBe("edit-requires-provider");
    f.project.origin = "ostw";
    expect(
      (
        await refused(workspace(f).svc, {
          op: "validateEditTransaction",
          transaction: {
            edits: [
              {
                kind: "replace",
                source: "main.ws",
                source_identity: "0".repeat(64),
                range: { start_line: 1, start_col: 1, end_line: 1, end_col: 1 },
                new_text: "",
              },
            ],
          },
        })
      ).code,
    ).toBe("source-provider-unavailable");
  });
});

describe("providerValidateEdit", () => {
  const uri = "file:///p/main.opy";
  const doc = (text: string) => ({ [uri]: { uri, languageId: "opy", version: 1, text } });
  const tx = (text: string, replacement: string): EditTransaction => ({
    edits: [
      {
        kind: "replace",
        source: uri,
        source_identity: sha256Hex(text),
        range: { start_line: 1, start_col: 1, end_line: 1, end_col: 4 },
        new_text: replacement,
      },
    ],
  });

  it("validates against caller documents and returns the transaction with document URIs and identities", async () => {
    const { svc } = workspace();
    const text = "foo(1)\n";
    const r = await ok(svc, {
      op: "providerValidateEdit",
      language_id: "opy",
      documents: doc(text),
      transaction: tx(text, "bar"),
    });
    expect(r).not.toHaveProperty("exit"); // upstream's ProviderMutationPayload: no exit or language_id
    expect(r).toMatchObject({ ok: true, preview: [{ source: uri, new_text: "bar(1)\n" }] });
    expect(r.transaction.edits[0]).toMatchObject({ source: uri, source_identity: sha256Hex(text) });
  });

  it("refusals: unconfigured provider (error), unknown source / stale / malformed (payload)", async () => {
    const { svc } = workspace();
    const text = "foo(1)\n";
    expect(
      (
        await refused(svc, {
          op: "providerValidateEdit",
          language_id: "ostw",
          documents: doc(text),
          transaction: tx(text, "x"),
        })
      ).code,
    ).toBe("provider-unavailable");
    const unknown = await ok(svc, {
      op: "providerValidateEdit",
      language_id: "opy",
      documents: {},
      transaction: tx(text, "x"),
    });
    expect(unknown).toMatchObject({ ok: false, provider_code: "edit-unknown-source" });
    expect(unknown.transaction).toBeUndefined();
    const stale = await ok(svc, {
      op: "providerValidateEdit",
      language_id: "opy",
      documents: doc(text),
      sources: { [uri]: "changed(2)\n" },
      transaction: tx(text, "x"),
    });
    expect(stale.provider_code).toBe("edit-stale-source");
    const malformed = await ok(svc, {
      op: "providerValidateEdit",
      language_id: "opy",
      documents: doc(text),
      transaction: tx(text, "foo(("),
    });
    expect(malformed).toMatchObject({
      ok: false,
      provider_code: "parse-error",
      diagnostics: [{ source: { kind: "opy" }, status: "supported" }],
    });
    // The post-edit check blocks on errors in any supplied document, edited or not.
    const other = "file:///p/lib.opy";
    const docs = { ...doc(text), [other]: { uri: other, languageId: "opy", version: 1, text: "broken(" } };
    expect(
      (await ok(svc, { op: "providerValidateEdit", language_id: "opy", documents: docs, transaction: tx(text, "bar") }))
        .ok,
    ).toBe(false);
  });

  it("without documents the session's project supplies them, keyed by file:// URI", async () => {
    const w = workspace();
    const mainUri = pathToFileURL(join(w.dir, "main.ws")).href;
    const line = lineOf(MAIN, "Global.roundActive = True;");
    const r = await ok(w.svc, {
      op: "providerValidateEdit",
      language_id: "opy",
      transaction: {
        edits: [
          {
            kind: "delete",
            source: mainUri,
            source_identity: MAIN_ID,
            range: { start_line: line, start_col: 1, end_line: line + 1, end_col: 1 },
            new_text: "",
          },
        ],
      },
    });
    expect(r.ok).toBe(true);
    expect(r.preview[0].source).toBe(mainUri);
    expect(w.svc.session.generation).toBe(1);
  });
});

describe("editStatements", () => {
  it("delete / replace / insert assemble one EditTransaction and validate it", async () => {
    const { svc } = workspace();
    const identity = (await ok(svc, { op: "project" })).inputIdentity;
    const r = await ok(svc, {
      op: "editStatements",
      inputIdentity: identity,
      edits: [
        { rule: "Init", op: "delete", list: "actions", index: 1 },
        { rule: "Init", op: "replace", list: "actions", index: 0, text: "Global.score = 5" },
        { rule: "Tick#1", op: "insert", list: "actions", index: 0, text: "Wait(0.5, Ignore Condition);" },
      ],
    });
    expect(r.ok).toBe(true);
    expect(r.transaction.edits).toHaveLength(3);
    const text = r.preview[0].new_text as string;
    expect(text).toContain("\t\tGlobal.score = 5;\n\t\tCall Subroutine(ResetRound);");
    expect(text).toContain("\t\tWait(0.5, Ignore Condition);\n\t\tWait(1, Ignore Condition);");
    expect(text).not.toContain("Global.roundActive = True;");
    // The assembled transaction is exactly what validateEditTransaction accepts.
    expect((await ok(svc, { op: "validateEditTransaction", transaction: r.transaction })).preview[0].new_text).toBe(
      text,
    );
  });

  it("addresses: numeric rules need the current snapshot; ambiguous names refuse", async () => {
    const { svc } = workspace();
    const identity = (await ok(svc, { op: "project" })).inputIdentity;
    const base = { op: "editStatements", inputIdentity: identity };
    expect((await refused(svc, { ...base, edits: [{ rule: 0, op: "delete", index: 0 }] })).code).toBe("stale-id");
    expect((await ok(svc, { ...base, snapshot: 1, edits: [{ rule: 0, op: "delete", index: 0 }] })).ok).toBe(true);
    expect((await refused(svc, { ...base, edits: [{ rule: "Tick", op: "delete", index: 0 }] })).code).toBe(
      "ambiguous-rule",
    );
  });

  it("stale input identity, unknown positions and unrenderable statements are payload refusals", async () => {
    const { svc } = workspace();
    const identity = (await ok(svc, { op: "project" })).inputIdentity;
    expect(
      await ok(svc, {
        op: "editStatements",
        inputIdentity: sha256Hex("x"),
        edits: [{ rule: "Init", op: "delete", index: 0 }],
      }),
    ).toMatchObject({ ok: false, transaction: null, diagnostics: [{ code: "stale-input" }] });
    expect(
      (
        await ok(svc, {
          op: "editStatements",
          inputIdentity: identity,
          edits: [{ rule: "Init", op: "delete", index: 9 }],
        })
      ).diagnostics[0].code,
    ).toBe("edit-invalid-statement");
    expect(
      (
        await ok(svc, {
          op: "editStatements",
          inputIdentity: identity,
          edits: [{ rule: "Init", op: "replace", index: 0, statement: { call: "wait" } }],
        })
      ).diagnostics[0].code,
    ).toBe("edit-unsupported");
    const malformed = await ok(svc, {
      op: "editStatements",
      inputIdentity: identity,
      edits: [{ rule: "Init", op: "replace", index: 0, text: "Wait(" }],
    });
    expect(malformed).toMatchObject({ ok: false, diagnostics: [{ code: "parse-error" }] });
    expect(malformed.transaction.edits).toHaveLength(1);
  });
});
