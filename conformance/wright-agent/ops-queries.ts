/** Operation checks: the project and its lists (project, references, symbols, rules, persistentObjects). */
import { expect, fail, SkipCheck, type Check } from "../harness/check.js";
import type { WrightAgentTarget } from "./target.js";
import { expectRefusal, list, obj, sameJson, serviceTransport } from "./util.js";
import {
  answer,
  workshopProject,
  items,
  countBy,
  PROBE,
  insertAt1,
  topLevelArguments,
  type Span,
  spanOf,
  slice,
  DESTROYS,
} from "./ops-shared.js";

const NAMED_KINDS = ["globalVariable", "playerVariable", "subroutine"];

export const opsProjectCounts: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-project-counts",
  title: "project's counts agree with the lists the other operations serve",
  doc: "project reports counts of the loaded program; the semantic operations list the same program. files is sourceFiles' length and sourceFiles starts with the entry file (its identity is inputIdentity, the SHA-256 of the entry source); symbols, findings and rules are the totals symbols, findings and rules report; the declaration counts are the symbols of each kind; findingsBySeverity counts the findings by severity; costEstimate's exact counts and analyze's overview count the same rules and actions.",
  async run(target) {
    const t = await serviceTransport(target, ["project", "symbols", "findings", "rules", "costEstimate"]);
    const p = await answer(target, t, { op: "project" });
    const files = items(p.sourceFiles);
    expect(p.files === files.length, `project.files is ${String(p.files)}, sourceFiles lists ${files.length}`, p);
    expect(
      files[0]?.identity === p.inputIdentity,
      "sourceFiles must start with the entry file, whose identity is inputIdentity",
      p,
    );
    const symbols = items((await answer(target, t, { op: "symbols", all: true })).symbols);
    expect(
      p.symbols === symbols.length,
      `project.symbols is ${String(p.symbols)}, symbols {all} lists ${symbols.length}`,
    );
    const byKind = countBy(symbols, (s) => String(s.kind));
    for (const [member, kind] of [
      ["globalVariables", "globalVariable"],
      ["playerVariables", "playerVariable"],
      ["subroutines", "subroutine"],
    ] as const) {
      expect(
        p[member] === (byKind[kind] ?? 0),
        `project.${member} is ${String(p[member])}, symbols lists ${byKind[kind] ?? 0} of kind ${kind}`,
      );
    }
    const findings = items((await answer(target, t, { op: "findings", all: true })).findings);
    expect(
      p.findings === findings.length,
      `project.findings is ${String(p.findings)}, findings {all} lists ${findings.length}`,
    );
    const sev = countBy(findings, (f) => String(f.severity));
    for (const s of ["error", "warning", "info"])
      expect(
        (obj(p.findingsBySeverity)[s] ?? 0) === (sev[s] ?? 0),
        `project.findingsBySeverity.${s} is ${String(obj(p.findingsBySeverity)[s])}, findings lists ${sev[s] ?? 0}`,
        p.findingsBySeverity,
      );
    const rules = obj((await answer(target, t, { op: "rules", max: 0 })).selection).total;
    expect(p.rules === rules, `project.rules is ${String(p.rules)}, rules reports a total of ${String(rules)}`);
    const exact = obj((await answer(target, t, { op: "costEstimate" })).exact);
    expect(
      exact.programRules === p.rules,
      `costEstimate exact.programRules ${String(exact.programRules)} is not project.rules ${String(p.rules)}`,
    );
    expect(
      exact.programActions === p.actions,
      `costEstimate exact.programActions ${String(exact.programActions)} is not project.actions ${String(p.actions)}`,
    );
  },
};

export const opsReferencesUsage: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-references-usage",
  title: "references' usage header, its filters and usage agree with the listed references",
  doc: "For every named symbol symbols lists: references {all} reports the symbol it resolved ({id, name, kind} as symbols lists it), a usage header whose per-kind counts and total count the listed references and whose rules counts the distinct rules they sit in; each reference's owningRule is the rule its rule index names (null when none); usage answers the same reads, writes, calls and rules with the resolved id, kind and name; the kind, rule and file filters keep exactly the references of that kind, rule and file, with selection.total the unfiltered count.",
  async run(target) {
    const t = await serviceTransport(target, ["symbols", "references", "usage"]);
    const symbols = items((await answer(target, t, { op: "symbols", all: true })).symbols).filter((s) =>
      NAMED_KINDS.includes(String(s.kind)),
    );
    if (symbols.length === 0) throw new SkipCheck("the project declares no named symbol");
    for (const s of symbols) {
      const address = `${String(s.kind)}:${String(s.name)}`;
      const r = await answer(target, t, { op: "references", symbol: address, all: true });
      expect(
        sameJson(r.symbol, { id: s.id, name: s.name, kind: s.kind }),
        `references ${address}: symbol is ${JSON.stringify(r.symbol)}, symbols lists ${JSON.stringify({ id: s.id, name: s.name, kind: s.kind })}`,
      );
      const refs = items(r.references);
      const u = obj(r.usage);
      const n = countBy(refs, (x) => String(x.kind));
      const ruleSet = new Set(refs.filter((x) => x.rule !== null).map((x) => x.rule));
      const expected = {
        reads: n.read ?? 0,
        writes: n.write ?? 0,
        calls: n.call ?? 0,
        rules: ruleSet.size,
        declarations: n.declaration ?? 0,
        definitions: n.definition ?? 0,
        total: refs.length,
      };
      for (const [k, v] of Object.entries(expected))
        if (k in u || ["reads", "writes", "calls", "rules"].includes(k))
          expect(u[k] === v, `references ${address}: usage.${k} is ${String(u[k])}, the listed references give ${v}`, {
            usage: u,
            expected,
          });
      for (const x of refs) {
        const owner = x.owningRule === null || x.owningRule === undefined ? null : obj(x.owningRule);
        expect(
          x.rule === null ? owner === null : owner !== null && owner.id === x.rule,
          `references ${address}: owningRule ${JSON.stringify(x.owningRule)} does not name the reference's rule ${String(x.rule)}`,
          x,
        );
      }
      const us = await answer(target, t, { op: "usage", symbol: address });
      expect(
        us.id === s.id && us.kind === s.kind && us.symbol === s.name,
        `usage ${address} resolved ${JSON.stringify([us.id, us.kind, us.symbol])}`,
        us,
      );
      for (const k of ["reads", "writes", "calls", "rules"] as const)
        expect(
          us[k] === expected[k],
          `usage ${address}: ${k} is ${String(us[k])}, references lists ${expected[k]}`,
          us,
        );
      for (const kind of Object.keys(n)) {
        const f = await answer(target, t, { op: "references", symbol: address, kind, all: true });
        const got = items(f.references);
        expect(
          got.length === n[kind] && got.every((x) => x.kind === kind),
          `references ${address} {kind: ${kind}}: ${got.length} listed, ${n[kind]} of that kind exist`,
          got,
        );
        expect(
          obj(f.selection).total === refs.length,
          `references ${address} {kind: ${kind}}: selection.total is ${String(obj(f.selection).total)}, not ${refs.length}`,
          f.selection,
        );
      }
      const owners = [
        ...new Map(
          refs.filter((x) => x.owningRule).map((x) => [String(obj(x.owningRule).address), obj(x.owningRule)]),
        ).values(),
      ];
      for (const owner of owners.slice(0, 2)) {
        const got = items(
          (
            await answer(target, t, {
              op: "references",
              symbol: address,
              rule: owner.id,
              snapshot: r.snapshot,
              all: true,
            })
          ).references,
        );
        const want = refs.filter((x) => x.rule === owner.id);
        expect(
          sameJson(got, want),
          `references ${address} {rule: ${String(owner.address)}} must list exactly the references inside that rule`,
          { got, want },
        );
      }
      const paths = [...new Set(refs.map((x) => obj(x.span).path).filter((p): p is string => typeof p === "string"))];
      for (const path of paths) {
        const got = items(
          (await answer(target, t, { op: "references", symbol: address, file: path, all: true })).references,
        );
        expect(
          sameJson(
            got,
            refs.filter((x) => obj(x.span).path === path),
          ),
          `references ${address} {file: ${path}} must list exactly that file's references`,
          got,
        );
      }
    }
  },
};

export const opsListFilters: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-list-filters",
  title: "symbols and rules: kind, file and rule select exactly their entries; content adds each rule's document",
  doc: "symbols {kind} alone keeps the previous filtered bare array: every symbol of that kind, nothing else; symbols {file} and rules {file} keep exactly the entries whose span is in that file, with selection.total the unselected count; rules {rule: address} selects the one rule with that canonical address; rules {content: true} wraps the (at most 20) rules in a selection and adds a content document to each, and rule + content adds it to the one rule.",
  async run(target) {
    const t = await serviceTransport(target, ["symbols", "rules", "project"]);
    const symbols = items((await answer(target, t, { op: "symbols", all: true })).symbols);
    for (const kind of ["globalVariable", "playerVariable", "subroutine", "rule"]) {
      const got = (await answer(target, t, { op: "symbols", kind })).symbols;
      expect(
        Array.isArray(got) || Array.isArray(obj(got).items),
        `symbols {kind: ${kind}} must stay a list (bare array, or {items, truncation} when capped)`,
        got,
      );
      const want = symbols.filter((s) => s.kind === kind);
      expect(
        sameJson(items(got), want.slice(0, items(got).length)) &&
          (items(got).length === want.length || !Array.isArray(got)),
        `symbols {kind: ${kind}} must list exactly the symbols of that kind`,
        { got, want },
      );
    }
    const rules = items((await answer(target, t, { op: "rules", max: 10_000 })).rules);
    const paths = items((await answer(target, t, { op: "project" })).sourceFiles).map((f) => String(f.path));
    for (const path of paths) {
      const s = await answer(target, t, { op: "symbols", file: path, all: true });
      expect(
        sameJson(
          items(s.symbols),
          symbols.filter((x) => obj(x.span).path === path),
        ),
        `symbols {file: ${path}} must list exactly the symbols declared in it`,
        s,
      );
      expect(
        obj(s.selection).total === symbols.length,
        `symbols {file: ${path}}: selection.total is ${String(obj(s.selection).total)}, not ${symbols.length}`,
      );
      const r = await answer(target, t, { op: "rules", file: path, max: 10_000 });
      expect(
        sameJson(
          items(r.rules),
          rules.filter((x) => obj(x.span).path === path),
        ),
        `rules {file: ${path}} must list exactly the rules in it`,
        r,
      );
      expect(
        obj(r.selection).total === rules.length,
        `rules {file: ${path}}: selection.total is ${String(obj(r.selection).total)}, not ${rules.length}`,
      );
    }
    const snapshot = (await answer(target, t, { op: "rules", max: 0 })).snapshot;
    for (const rule of rules.slice(0, 4)) {
      const one = items((await answer(target, t, { op: "rules", rule: rule.id, snapshot })).rules);
      expect(
        one.length === 1 && one[0]!.address === rule.address && one[0]!.id === rule.id,
        `rules {rule: ${String(rule.address)}} must select that one rule`,
        one,
      );
      const content = items((await answer(target, t, { op: "rules", rule: rule.id, snapshot, content: true })).rules);
      expect(
        content.length === 1 && content[0]!.content !== undefined && content[0]!.content !== null,
        `rules {rule: ${String(rule.address)}, content: true} must carry the rule's content`,
        content,
      );
    }
    const withContent = await answer(target, t, { op: "rules", content: true });
    const shown = items(withContent.rules);
    expect(
      Array.isArray(withContent.rules) && withContent.selection !== undefined,
      "rules {content: true} answers rules in the selection wrapper",
      withContent,
    );
    expect(
      shown.length === Math.min(20, rules.length) && shown.every((r) => r.content !== undefined && r.content !== null),
      `rules {content: true} must list at most 20 rules, each with its content (got ${shown.length} of ${rules.length})`,
      shown.slice(0, 2),
    );
  },
};

const contains = (outer: Span, inner: Span) =>
  outer.path === inner.path &&
  (outer.start.line < inner.start.line ||
    (outer.start.line === inner.start.line && outer.start.col <= inner.start.col)) &&
  (outer.end.line > inner.end.line || (outer.end.line === inner.end.line && outer.end.col >= inner.end.col));

export const opsSourceFacts: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-source-facts",
  title: "persistentObjects and rule content agree with the source text",
  doc: "On Workshop input the sources' text is read back through validateEditTransaction's preview (a comment inserted at each file's start). A persistent object lies in its creating rule (createdIn is that rule) and inside its creating action (content's actions, whose spans are the statements'); its visibility is that action's first argument and a reevaluation mode one of its arguments; an ongoingGlobal rule's objects execute globally; identityRetained says whether the id is stored; sameKindCleanupInRule says whether the rule's text destroys objects of that kind. A content action whose text starts with a call the language's vocabulary spells names that entry's catalog id.",
  async run(target) {
    const { t, p } = await workshopProject(target, [
      "project",
      "validateEditTransaction",
      "persistentObjects",
      "rules",
      "listEntries",
    ]);
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
    const rules = items((await answer(target, t, { op: "rules", max: 10_000, content: true })).rules);
    const objects = items((await answer(target, t, { op: "persistentObjects", all: true })).persistentObjects);
    for (const o of objects) {
      const rule = rules.find((r) => r.id === o.rule);
      const what = `persistentObject ${String(o.kind)} of rule ${String(o.rule)}`;
      if (!rule) fail(`${what}: no such rule`, o);
      if (o.createdIn !== undefined && o.createdIn !== null)
        expect(
          obj(o.createdIn).id === rule.id && obj(o.createdIn).address === rule.address,
          `${what}: createdIn is not its rule`,
          o.createdIn,
        );
      const span = spanOf(o.span);
      const ruleSpan = spanOf(rule.span);
      if (span && ruleSpan) expect(contains(ruleSpan, span), `${what}: its span lies outside the creating rule`, o);
      const action = obj(list(obj(rule.content).actions)[Number(o.action)]);
      const actionSpan = spanOf(action.span);
      expect(
        actionSpan !== undefined && (span === undefined || contains(actionSpan, span)),
        `${what}: action ${String(o.action)} of the rule is not the creating action`,
        { object: o, action },
      );
      const text = slice(texts, actionSpan!);
      if (text !== undefined) {
        const args = topLevelArguments(text);
        expect(
          o.visibility === args[0],
          `${what}: visibility ${JSON.stringify(o.visibility)} is not the creating action's first argument ${JSON.stringify(args[0])}`,
        );
        if (o.reevaluation !== null)
          expect(
            args.includes(String(obj(o.reevaluation).mode)),
            `${what}: reevaluation mode ${JSON.stringify(obj(o.reevaluation).mode)} is none of the action's arguments`,
            args,
          );
      }
      if (rule.event === "ongoingGlobal")
        expect(
          o.executionScope === "global",
          `${what}: an ongoingGlobal rule executes globally, not ${String(o.executionScope)}`,
        );
      if ("storedIn" in o)
        expect(
          o.identityRetained === (o.storedIn !== null),
          `${what}: identityRetained ${String(o.identityRetained)} with storedIn ${String(o.storedIn)}`,
        );
      const destroy = DESTROYS[String(o.kind)];
      if (destroy && ruleSpan) {
        const lines = (texts.get(String(ruleSpan.path)) ?? "")
          .split("\n")
          .slice(ruleSpan.start.line - 1, ruleSpan.end.line)
          .filter((l) => !/^\s*\/\//.test(l))
          .join("\n");
        expect(
          o.sameKindCleanupInRule === destroy.test(lines),
          `${what}: sameKindCleanupInRule is ${String(o.sameKindCleanupInRule)}, the rule's text says ${destroy.test(lines)}`,
        );
      }
    }
    const ids = new Map<string, string>();
    const caps = await answer(target, t, { op: "capabilities" });
    const language = String(list(caps.languages)[0] ?? "workshop");
    const vocabulary = await target.call(t, { op: "listEntries", language, kind: "action", pageSize: 500 });
    if (vocabulary.kind === "result")
      for (const e of items(obj(vocabulary.value).entries))
        for (const sp of list(e.accepted)) ids.set(String(sp), String(e.identity));
    let named = 0;
    for (const rule of rules) {
      for (const a of items(obj(rule.content).actions)) {
        const s = spanOf(a.span);
        const text = s && slice(texts, s);
        const head = text === undefined ? undefined : /^([A-Z][\w -]*?)\s*\(/.exec(text)?.[1];
        if (head === undefined || !ids.has(head)) continue;
        named++;
        if ("call" in a)
          expect(
            a.call === ids.get(head),
            `rule ${String(rule.address)}: the content of ${JSON.stringify(text)} must call ${ids.get(head)}, not ${JSON.stringify(a.call)}`,
            a,
          );
      }
    }
    if (objects.length === 0 && named === 0) throw new SkipCheck("no persistent object and no content call to compare");
  },
};

export const opsUnselectedShapes: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-unselected-shapes",
  title: "requests without selection fields keep the previous shapes; a callee must be a declared subroutine",
  doc: "The seed: requests without selection fields receive the previous shapes unchanged. rules {} and persistentObjects {} carry no selection member; callGraph {} is the bare edge list (or {items, truncation} when capped), never the {edges, selection} wrapper. callGraph's callee is a declared subroutine name: the name of a variable that no subroutine shares is invalid-selection.",
  async run(target) {
    const t = await serviceTransport(target, ["rules", "persistentObjects", "callGraph", "symbols"]);
    const r = await answer(target, t, { op: "rules" });
    expect(r.selection === undefined, "rules {} must not carry a selection", r.selection);
    const po = await answer(target, t, { op: "persistentObjects" });
    expect(po.selection === undefined, "persistentObjects {} must not carry a selection", po.selection);
    const cg: unknown = await answer(target, t, { op: "callGraph" });
    expect(
      Array.isArray(cg) || (obj(cg).items !== undefined && obj(cg).selection === undefined),
      "callGraph {} must answer the bare edge list",
      cg,
    );
    const symbols = items((await answer(target, t, { op: "symbols", all: true })).symbols);
    const subs = new Set(symbols.filter((x) => x.kind === "subroutine").map((x) => x.name));
    const variable = symbols.find(
      (x) => (x.kind === "globalVariable" || x.kind === "playerVariable") && !subs.has(x.name),
    );
    if (variable)
      expectRefusal(
        await target.call(t, { op: "callGraph", callee: variable.name }),
        "invalid-selection",
        `callGraph {callee: ${String(variable.name)}} (a variable, not a subroutine)`,
      );
  },
};
