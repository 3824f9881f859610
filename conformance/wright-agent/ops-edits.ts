/** Operation checks: edits (validateEditTransaction, editStatements, supplied sources, providerValidateEdit). */
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, fail, SkipCheck, type Check } from "../harness/check.js";
import { type Transport, type WrightAgentTarget, describe as show } from "./target.js";
import {
  expectRefusal,
  expectResult,
  list,
  needsOwnFixture,
  obj,
  sameJson,
  serviceTransport,
  sha256Hex,
} from "./util.js";
import { type Obj, answer, workshopProject, items, PROBE, insertAt1, spanOf } from "./ops-shared.js";

export const opsEdits: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-edits",
  title:
    "edit validation: a valid transaction previews the edited text and its identity; stale, overlapping or invalid ones are refused whole",
  doc: "On Workshop input, validateEditTransaction of a comment inserted at the entry source's start is ok (exit 0, no diagnostics) with a preview of that source: the edited text and its SHA-256 identity. Supplied sources are the precondition text (the edit applies to them; the disk identity is then stale). A stale source_identity, two overlapping edits, or an edit leaving an unbalanced brace are ok: false with diagnostics and no preview. providerValidateEdit (when a provider is configured) behaves alike over caller documents, answers the transaction with each source_identity, and refuses an unconfigured language_id with provider-unavailable. editStatements never accepts a stale inputIdentity, and a transaction it assembles validates through validateEditTransaction with the same preview.",
  async run(target) {
    const { t, p } = await workshopProject(target, ["project", "validateEditTransaction"]);
    const entry = String(items(p.sourceFiles)[0]?.path);
    const id = String(p.inputIdentity);
    const validate = (edits: unknown[], sources?: Record<string, string>) =>
      answer(target, t, { op: "validateEditTransaction", transaction: { edits }, ...(sources ? { sources } : {}) });
    const good = await validate([insertAt1(entry, id)]);
    expect(
      good.ok === true && good.exit === 0 && list(good.diagnostics).length === 0,
      "a comment inserted at the entry source's start must validate",
      good.diagnostics,
    );
    const preview = items(good.preview).find((x) => x.source === entry);
    expect(
      preview !== undefined && typeof preview.new_text === "string" && preview.new_text.startsWith(PROBE),
      "the preview must carry the edited entry source",
      good.preview,
    );
    expect(
      preview.source_identity === sha256Hex(String(preview.new_text)),
      "the preview's source_identity must be the SHA-256 of its edited text",
      preview,
    );
    const original = String(preview.new_text).slice(PROBE.length);
    expect(
      sha256Hex(original) === id,
      "the edited text must be the entry source with the insert (its identity is inputIdentity)",
    );
    const refused = (r: Obj, what: string) =>
      expect(
        r.ok === false &&
          r.exit !== 0 &&
          list(r.diagnostics).length > 0 &&
          (r.preview === undefined || r.preview === null || list(r.preview).length === 0),
        `${what} must be refused whole (ok: false, diagnostics, no preview)`,
        r,
      );
    refused(await validate([insertAt1(entry, "0".repeat(64))]), "a stale source_identity");
    refused(
      await validate([
        { ...insertAt1(entry, id, "a"), range: { start_line: 1, start_col: 1, end_line: 1, end_col: 3 } },
        { ...insertAt1(entry, id, "b"), range: { start_line: 1, start_col: 2, end_line: 1, end_col: 4 } },
      ]),
      "two overlapping edits",
    );
    refused(await validate([insertAt1(entry, id, "{\n")]), "an edit leaving an unbalanced brace");
    const supplied = "// supplied text\n";
    const withSources = await validate([insertAt1(entry, sha256Hex(supplied))], { [entry]: supplied });
    expect(
      withSources.ok === true &&
        items(withSources.preview).find((x) => x.source === entry)?.new_text === PROBE + supplied,
      "with sources, the edit applies to the supplied text",
      withSources,
    );
    refused(
      await validate([insertAt1(entry, id)], { [entry]: supplied }),
      "the disk identity against supplied sources",
    );

    const reach = await target.reachable(t);
    if (reach.includes("providerValidateEdit")) {
      expectRefusal(
        await target.call(t, {
          op: "providerValidateEdit",
          language_id: "\u0001none",
          transaction: { edits: [insertAt1("file:///x", "0".repeat(64))] },
          documents: {},
        }),
        "provider-unavailable",
        "providerValidateEdit with an unconfigured language_id",
      );
      const uri = "file:///conformance/probe.opy";
      const text = 'rule "probe":\n    wait(1)\n';
      const doc = (t2: string, u = uri) => ({ uri: u, languageId: "opy", version: 0, text: t2 });
      const o = await target.call(t, {
        op: "providerValidateEdit",
        language_id: "opy",
        transaction: { edits: [insertAt1(uri, sha256Hex(text), "#probe\n")] },
        documents: { [uri]: doc(text) },
      });
      if (o.kind === "result") {
        const r = obj(o.value);
        expect(
          r.ok === true && list(r.diagnostics).length === 0,
          "providerValidateEdit of a comment line over a caller document must validate",
          r,
        );
        expect(
          items(obj(r.transaction).edits).every((e) => e.source === uri) &&
            items(obj(r.transaction).edits)[0]?.source_identity === sha256Hex(text),
          "providerValidateEdit answers the transaction with each document's identity",
          r.transaction,
        );
        const stale = obj(
          expectResult(
            await target.call(t, {
              op: "providerValidateEdit",
              language_id: "opy",
              transaction: { edits: [insertAt1(uri, "0".repeat(64), "#x\n")] },
              documents: { [uri]: doc(text) },
            }),
            "providerValidateEdit with a stale source_identity",
          ),
        );
        expect(
          stale.ok === false && list(stale.diagnostics).length > 0,
          "providerValidateEdit with a stale source_identity is refused",
          stale,
        );
        const other = "file:///conformance/broken.opy";
        const broken = obj(
          expectResult(
            await target.call(t, {
              op: "providerValidateEdit",
              language_id: "opy",
              transaction: { edits: [insertAt1(uri, sha256Hex(text), "#probe\n")] },
              documents: { [uri]: doc(text), [other]: doc('rule "x":\n    f((\n', other) },
            }),
            "providerValidateEdit beside an unbalanced document",
          ),
        );
        expect(
          broken.ok === false,
          "the post-edit check covers every supplied document (an unbalanced one blocks)",
          broken,
        );
      } else if (o.kind !== "refusal" || o.error.code !== "provider-unavailable")
        fail(`providerValidateEdit over caller documents answered ${show(o)}`);
    }
    if (reach.includes("editStatements")) {
      const stale = await target.call(t, { op: "editStatements", inputIdentity: "0".repeat(64), edits: [] });
      expect(
        !(stale.kind === "result" && obj(stale.value).ok === true),
        "editStatements must not accept a stale inputIdentity",
        stale,
      );
      const rules = items((await answer(target, t, { op: "rules", max: 1 })).rules);
      const o = await target.call(t, {
        op: "editStatements",
        inputIdentity: id,
        edits: [{ rule: rules[0]?.address, op: "delete", list: "actions", index: 0 }],
      });
      if (o.kind === "result" && obj(o.value).ok === true) {
        const r = obj(o.value);
        const again = await validate(items(obj(r.transaction).edits));
        expect(
          again.ok === true && sameJson(again.preview, r.preview),
          "the transaction editStatements assembles must validate with the same preview",
          { editStatements: r, validate: again },
        );
      }
    }
  },
};

export const opsEditStatements: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-edit-statements",
  title: "editStatements: a statement edit the server takes does what it says; stale or out-of-range edits are refused",
  doc: "The statement-edit companion document is not available, so the request is the mock's assumption ({rule, op: insert|replace|delete, list, index, text}); a server that takes such an edit (ok: true) must edit that statement: delete removes the statement's line, replace puts the text where the statement was, insert adds a line before the statement at index (after the last at index = length). Whatever shape a server takes, a stale inputIdentity and a position past the list's end are never ok: true.",
  async run(target) {
    const { t, p } = await workshopProject(target, ["project", "editStatements", "rules", "validateEditTransaction"]);
    const id = String(p.inputIdentity);
    const entry = String(items(p.sourceFiles)[0]?.path);
    const before = await answer(target, t, {
      op: "validateEditTransaction",
      transaction: { edits: [insertAt1(entry, id)] },
    });
    const text = String(items(before.preview).find((x) => x.source === entry)?.new_text ?? "").slice(PROBE.length);
    const lines = text.split("\n");
    const rules = items((await answer(target, t, { op: "rules", max: 10_000, content: true })).rules);
    const edit = async (e: Obj, identity = id) =>
      obj(
        expectResult(
          await target.call(t, { op: "editStatements", inputIdentity: identity, edits: [e] }),
          `editStatements ${JSON.stringify(e)}`,
        ),
      );
    const previewOf = (r: Obj) => String(items(r.preview).find((x) => x.source === entry)?.new_text ?? "");
    let tried = 0;
    for (const list_ of ["actions", "conditions"] as const) {
      const rule = rules.find((r) => {
        const st = items(obj(r.content)[list_]);
        return st.length >= 2 && st.every((x) => spanOf(x.span)?.path === entry);
      });
      if (!rule) continue;
      const st = items(obj(rule.content)[list_]);
      const n = st.length;
      const at = (k: number) => spanOf(st[k]!.span)!;
      const base = { rule: rule.address, list: list_ };
      const stale = await edit({ ...base, op: "delete", index: 0 }, "0".repeat(64));
      expect(stale.ok !== true, `editStatements with a stale inputIdentity must not be ok`, stale);
      for (const e of [
        { op: "delete", index: n },
        { op: "replace", index: n, text: "Wait(0.25, Ignore Condition)" },
        { op: "insert", index: n + 1, text: "Wait(0.25, Ignore Condition)" },
      ]) {
        const r = await edit({ ...base, ...e });
        expect(
          r.ok !== true,
          `editStatements ${e.op} at ${list_} position ${e.index} of ${String(rule.address)} (${n} statements) must not be ok`,
          r,
        );
      }
      const stmt = list_ === "actions" ? "Wait(0.25, Ignore Condition)" : "Global.score == 1";
      const del = await edit({ ...base, op: "delete", index: 1 });
      if (del.ok === true) {
        tried++;
        const want = [...lines.slice(0, at(1).start.line - 1), ...lines.slice(at(1).start.line)].join("\n");
        expect(
          previewOf(del) === want,
          `editStatements delete ${list_}[1] of ${String(rule.address)} must remove exactly that statement's line`,
          { line: lines[at(1).start.line - 1] },
        );
      }
      const rep = await edit({ ...base, op: "replace", index: 1, text: stmt });
      if (rep.ok === true) {
        tried++;
        const s1 = at(1);
        const l = lines[s1.start.line - 1]!;
        const want = [
          ...lines.slice(0, s1.start.line - 1),
          l.slice(0, s1.start.col - 1) + stmt + l.slice(s1.end.col - 1),
          ...lines.slice(s1.start.line),
        ].join("\n");
        expect(
          previewOf(rep) === want,
          `editStatements replace ${list_}[1] of ${String(rule.address)} must put the text where the statement was`,
          { got: previewOf(rep).split("\n")[s1.start.line - 1], want: want.split("\n")[s1.start.line - 1] },
        );
      }
      for (const index of [0, n]) {
        const ins = await edit({ ...base, op: "insert", index, text: stmt });
        if (ins.ok !== true) continue;
        tried++;
        const lineNo = index < n ? at(index).start.line : at(n - 1).start.line + 1;
        const got = previewOf(ins).split("\n");
        expect(
          got.length === lines.length + 1 &&
            got[lineNo - 1]!.includes(stmt) &&
            sameJson([...got.slice(0, lineNo - 1), ...got.slice(lineNo)], lines),
          `editStatements insert at ${list_} position ${index} of ${String(rule.address)} must add one line with the statement ${index < n ? "before that statement" : "after the last"}`,
          { got: got.slice(lineNo - 2, lineNo + 1) },
        );
      }
    }
    if (tried === 0) throw new SkipCheck("the server takes none of the assumed statement edits");
  },
};

/** Each source file's current text, read back through validateEditTransaction's preview (a comment inserted at its start). */
async function sourceTexts(target: WrightAgentTarget, t: Transport, p: Obj): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const f of items(p.sourceFiles)) {
    const v = await answer(target, t, {
      op: "validateEditTransaction",
      transaction: { edits: [insertAt1(String(f.path), String(f.identity))] },
    });
    const preview = items(v.preview).find((x) => x.source === f.path);
    if (!preview) fail(`no preview of ${String(f.path)}`, v);
    texts.set(String(f.path), String(preview.new_text).slice(PROBE.length));
  }
  return texts;
}

/** An editStatements answer: a result, or a refusal of the edit itself (an edit-* code); a server fault is neither. */
async function statementEdit(target: WrightAgentTarget, t: Transport, request: Obj): Promise<Obj | undefined> {
  const o = await target.call(t, { op: "editStatements", ...request });
  if (o.kind === "refusal" && o.error.code.startsWith("edit-")) return undefined;
  return obj(expectResult(o, `editStatements ${JSON.stringify(request.edits)}`));
}

export const opsEditSources: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-edit-sources",
  title:
    "edits: supplied sources are the precondition text of editStatements too; an invalid edit's parse diagnostic is mapped to the edited file",
  doc: "The seed: sources, when supplied, \"remains the precondition text\" (validateEditTransaction; editStatements takes the same optional sources), and \"Source spans retain their source path when mapped\". On Workshop input: an edit leaving an unbalanced brace in the entry file is refused with a diagnostic whose span names that file's path, with and without sources. A statement edit a server takes over the disk text (ok) is taken over supplied text that only adds a trailing comment line (inputIdentity its SHA-256; the transaction's source_identity the supplied text's; the preview edits the supplied text), and over sources that supply only the edited member file (the entry's identity then the disk's); a disk inputIdentity against supplied entry text is never ok. An edit of a file the supplied sources do not cover is never ok and never a server fault; neither is an insert into a rule's empty list.",
  async run(target) {
    const { t, p } = await workshopProject(target, ["project", "validateEditTransaction", "rules"]);
    const entry = String(items(p.sourceFiles)[0]?.path);
    const id = String(p.inputIdentity);
    const texts = await sourceTexts(target, t, p);
    const brace = insertAt1(entry, id, "{\n");
    for (const sources of [undefined, { [entry]: texts.get(entry)! }]) {
      const r = await answer(target, t, {
        op: "validateEditTransaction",
        transaction: { edits: [brace] },
        ...(sources ? { sources } : {}),
      });
      const mapped = items(r.diagnostics).filter((d) => obj(d.span).path === entry);
      expect(
        r.ok === false && mapped.length > 0,
        `an unbalanced brace in ${entry}${sources ? " (supplied sources)" : ""} must be refused with a diagnostic whose span names ${entry}`,
        r.diagnostics,
      );
    }
    if (!(await target.reachable(t)).includes("editStatements")) return;
    const rules = items((await answer(target, t, { op: "rules", max: 10_000, content: true })).rules);
    const previewOf = (r: Obj, path: string) => items(r.preview).find((x) => x.source === path);
    let tried = 0;
    for (const path of [...texts.keys()]) {
      const rule = rules.find((r) => {
        const st = items(obj(r.content).actions);
        return st.length >= 2 && st.every((x) => spanOf(x.span)?.path === path);
      });
      if (!rule) continue;
      const edits = [{ rule: rule.address, op: "delete", list: "actions", index: 1 }];
      const onDisk = await statementEdit(target, t, { inputIdentity: id, edits });
      if (onDisk?.ok !== true) continue;
      tried++;
      const diskPreview = String(previewOf(onDisk, path)?.new_text);
      const what = `editStatements delete actions[1] of ${String(rule.address)}`;
      // Supplied text: the file plus a trailing comment line.
      const supplied = `${texts.get(path)!}\n// supplied tail\n`;
      const identity = path === entry ? sha256Hex(supplied) : id;
      const viaSources = await statementEdit(target, t, {
        inputIdentity: identity,
        edits,
        sources: { [path]: supplied },
      });
      const edit = items(obj(viaSources?.transaction).edits)[0];
      expect(
        viaSources?.ok === true &&
          edit?.source_identity === sha256Hex(supplied) &&
          previewOf(viaSources, path)?.new_text === `${diskPreview}\n// supplied tail\n`,
        `${what} over supplied sources must apply to the supplied text (its identity the precondition)`,
        viaSources,
      );
      if (path === entry) {
        const stale = await statementEdit(target, t, { inputIdentity: id, edits, sources: { [path]: supplied } });
        expect(stale?.ok !== true, `${what}: the disk inputIdentity against supplied entry text must not be ok`, stale);
      }
      // Sources covering another file only: the edited file is not available.
      const other = [...texts.keys()].find((x) => x !== path);
      if (other !== undefined && path === entry) {
        const uncovered = await statementEdit(target, t, {
          inputIdentity: id,
          edits,
          sources: { [other]: texts.get(other)! },
        });
        expect(uncovered?.ok !== true, `${what} with sources covering only ${other} must not be ok`, uncovered);
      }
    }
    const empty = rules.find(
      (r) => list(obj(r.content).conditions).length === 0 && items(obj(r.content).actions).length > 0,
    );
    if (empty) {
      const ins = await statementEdit(target, t, {
        inputIdentity: id,
        edits: [{ rule: empty.address, op: "insert", list: "conditions", index: 0, text: "Global.score == 1" }],
      });
      if (ins?.ok === true)
        expect(
          items(ins.preview).length > 0,
          "an insert into an empty list that is taken previews the edited source",
          ins,
        );
    }
    if (tried === 0) throw new SkipCheck("the server takes no statement delete over the disk text");
  },
};

export const opsProviderDocuments: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-provider-documents",
  title:
    "(our fixture) providerValidateEdit: the configured provider answers; documents default to the project's files, sources to each document's text",
  doc: 'With our fixture (its catalog configures the providers it lists; its sources are read relative to the fixture file): providerValidateEdit with a configured language_id is not provider-unavailable. The seed: "When omitted, the session\'s loaded project supplies the set: every member file read from disk at version 0, keyed by file:// URI", and "An edits[].source outside the set refuses edit-unknown-source": without documents, a comment inserted into the entry file\'s file:// URI with inputIdentity validates, previewing the entry text, and a URI outside the project is never ok. sources "is the precondition each source_identity verifies against ... and the text the edits apply to": over a caller document, supplied text other than the document\'s validates against its own identity (answered in the transaction) and the document\'s identity is then stale. "Provider-owned diagnostics remain distinguishable through their provider status and origin metadata": the post-edit check\'s diagnostics carry a status and a source.',
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, ["providerValidateEdit", "project"]);
    const f = JSON.parse(target.config.fixture!.text) as {
      catalog: { providers?: string[] };
      project: { entry: string };
      sources: { path: string; text: string }[];
    };
    const language = f.catalog.providers?.[0];
    if (language === undefined) throw new SkipCheck("our fixture configures no provider");
    const validate = async (request: Obj) =>
      obj(
        expectResult(
          await target.call(t, { op: "providerValidateEdit", language_id: language, ...request }),
          `providerValidateEdit ${JSON.stringify(request).slice(0, 200)}`,
        ),
      );
    const uri = "file:///conformance/probe.opy";
    const text = 'rule "probe":\n    wait(1)\n';
    const doc = (body: string, u = uri) => ({ uri: u, languageId: language, version: 0, text: body });
    const supplied = 'rule "supplied":\n    wait(2)\n';
    const viaSources = await validate({
      transaction: { edits: [insertAt1(uri, sha256Hex(supplied), "#probe\n")] },
      documents: { [uri]: doc(text) },
      sources: { [uri]: supplied },
    });
    expect(
      viaSources.ok === true &&
        list(viaSources.diagnostics).length === 0 &&
        items(obj(viaSources.transaction).edits)[0]?.source_identity === sha256Hex(supplied) &&
        items(viaSources.preview).find((x) => x.source === uri)?.new_text === `#probe\n${supplied}`,
      "providerValidateEdit with sources must apply the edit to the supplied text, verified against its identity",
      viaSources,
    );
    const stale = await validate({
      transaction: { edits: [insertAt1(uri, sha256Hex(text), "#probe\n")] },
      documents: { [uri]: doc(text) },
      sources: { [uri]: supplied },
    });
    expect(
      stale.ok === false,
      "providerValidateEdit: the document's identity is stale against supplied sources",
      stale,
    );
    const broken = await validate({
      transaction: { edits: [insertAt1(uri, sha256Hex(text), "#probe\n")] },
      documents: {
        [uri]: doc(text),
        ["file:///conformance/broken.opy"]: doc("f((\n", "file:///conformance/broken.opy"),
      },
    });
    expect(
      broken.ok === false &&
        items(broken.diagnostics).length > 0 &&
        items(broken.diagnostics).every(
          (d) => typeof d.status === "string" && d.source !== undefined && d.source !== null,
        ),
      "the provider's post-edit diagnostics must carry their status and origin (source)",
      broken.diagnostics,
    );
    const p = await answer(target, t, { op: "project" });
    const entry = pathToFileURL(resolve(dirname(target.config.fixture!.path), f.project.entry)).href;
    const entryText = f.sources.find((s) => s.path === f.project.entry)!.text;
    const derived = await validate({
      transaction: { edits: [insertAt1(entry, String(p.inputIdentity), "// probe\n")] },
    });
    expect(
      derived.ok === true &&
        items(derived.preview).find((x) => x.source === entry)?.new_text === `// probe\n${entryText}`,
      `providerValidateEdit without documents must take the project's files as file:// documents (${entry})`,
      derived,
    );
    const outside = await target.call(t, {
      op: "providerValidateEdit",
      language_id: language,
      transaction: { edits: [insertAt1("file:///conformance/not-in-the-project.opy", "0".repeat(64))] },
    });
    expect(
      !(outside.kind === "result" && obj(outside.value).ok === true) &&
        !(outside.kind === "refusal" && outside.error.code !== "edit-unknown-source"),
      "providerValidateEdit without documents: a source outside the project's set is edit-unknown-source (never ok)",
      outside,
    );
  },
};
