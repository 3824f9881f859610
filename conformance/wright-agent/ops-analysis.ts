/** Operation checks: the analyses (cfg, callGraph, costEstimate) and the static surface. */
import { contractDocument, operationEntry } from "../../src/wright-agent/contract.js";
import { expect, SkipCheck, type Check } from "../harness/check.js";
import type { WrightAgentTarget } from "./target.js";
import { expectRefusal, list, obj, sameJson, serviceTransport } from "./util.js";
import {
  type Obj,
  answer,
  workshopProject,
  items,
  sorted,
  SEVERITY_RANK,
  PROBE,
  insertAt1,
  spanOf,
  slice,
} from "./ops-shared.js";

export const opsCfg: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-cfg",
  title: "cfg: a closed graph whose kind filter keeps the full graph's blocks and numbering",
  doc: "For every rule: entry and exit are block ids of the graph, every successor targets a block of it, the exit has no successors, a block with two successors branches (one true, one false edge), calls are subroutine symbol ids and actions are indexes into the rule's actions; a block whose label is a Wait, Wait Until or Loop If waits. cfg {kind} keeps exactly the blocks of that kind, unchanged (ids, successors), with the full graph's entry and exit and selection.total the block count; cfg {max: 1} shows one block.",
  async run(target) {
    const t = await serviceTransport(target, ["rules", "cfg", "symbols"]);
    const subroutines = new Set(
      items((await answer(target, t, { op: "symbols", kind: "subroutine" })).symbols).map((s) => s.id),
    );
    const rules = items((await answer(target, t, { op: "rules", max: 10_000, content: true })).rules);
    let waiting = 0;
    for (const rule of rules) {
      const o = await target.call(t, { op: "cfg", rule: rule.address });
      if (o.kind === "refusal" && o.error.code === "ambiguous-rule") continue;
      const g = await answer(target, t, { op: "cfg", rule: rule.address, all: true });
      const blocks = items(g.blocks);
      const ids = new Set(blocks.map((b) => b.id));
      const what = `cfg ${String(rule.address)}`;
      expect(
        ids.has(g.entry) && ids.has(g.exit),
        `${what}: entry ${String(g.entry)} / exit ${String(g.exit)} are not blocks of the graph`,
        g,
      );
      const actionCount = list(obj(rule.content).actions).length;
      for (const b of blocks) {
        const succ = items(b.successors);
        expect(
          succ.every((s) => ids.has(s.to)),
          `${what}: block ${String(b.id)} has a successor outside the graph`,
          b,
        );
        if (b.id === g.exit) expect(succ.length === 0, `${what}: the exit block has successors`, b);
        if (succ.length === 2)
          expect(
            sameJson(sorted(succ.map((s) => String(s.kind))), ["false", "true"]),
            `${what}: block ${String(b.id)} branches but its edges are ${JSON.stringify(succ)}`,
            b,
          );
        if (succ.length === 1)
          expect(
            ["next", "loop"].includes(String(succ[0]!.kind)),
            `${what}: block ${String(b.id)}'s only edge is ${String(succ[0]!.kind)}`,
            b,
          );
        for (const s of succ.filter((x) => x.kind === "loop"))
          expect(
            ["while", "for"].includes(String(blocks.find((x) => x.id === s.to)?.kind)),
            `${what}: block ${String(b.id)}'s loop edge does not go back to a loop head`,
            b,
          );
        expect(
          list(b.calls).every((c) => subroutines.has(c)),
          `${what}: block ${String(b.id)} calls ${JSON.stringify(b.calls)}, not subroutine ids`,
          b,
        );
        if (rule.content !== undefined)
          expect(
            list(b.actions).every((a) => typeof a === "number" && a < actionCount),
            `${what}: block ${String(b.id)}'s actions ${JSON.stringify(b.actions)} are not indexes into the rule's ${actionCount} actions`,
            b,
          );
        if (typeof b.label === "string" && /^(?:Wait|Wait Until|Loop If)\b/.test(b.label))
          expect(b.waits === true, `${what}: block ${String(b.id)} (${b.label}) must wait`, b);
        if (b.waits === true) waiting++;
      }
      for (const kind of new Set(blocks.map((b) => String(b.kind)))) {
        const f = await answer(target, t, { op: "cfg", rule: rule.address, kind, all: true });
        expect(
          sameJson(
            items(f.blocks),
            blocks.filter((b) => b.kind === kind),
          ),
          `${what} {kind: ${kind}} must keep exactly the blocks of that kind, unchanged`,
          f,
        );
        expect(
          f.entry === g.entry && f.exit === g.exit && obj(f.selection).total === blocks.length,
          `${what} {kind: ${kind}}: entry/exit or selection.total differ from the full graph`,
          f,
        );
      }
      if (blocks.length > 1) {
        const one = await answer(target, t, { op: "cfg", rule: rule.address, max: 1 });
        expect(
          items(one.blocks).length === 1 && obj(one.selection).withheld === blocks.length - 1,
          `${what} {max: 1}: one block, the rest withheld`,
          one,
        );
      }
    }
    const exact = obj((await answer(target, t, { op: "costEstimate" })).exact);
    if (typeof exact.waitActions === "number")
      expect(
        waiting >= exact.waitActions,
        `the graphs have ${waiting} waiting blocks, fewer than costEstimate's ${exact.waitActions} wait actions`,
      );
  },
};

export const opsCallGraph: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-call-graph",
  title: "callGraph: the call references, once per rule and callee; caller and callee select their edges",
  doc: "callGraph's edges are the subroutine calls the program makes: for every subroutine, the rules whose call references reach it are exactly the callerAddress of its edges (one edge per rule and callee); each rule's cfg calls exactly the subroutines of its edges. callGraph {caller} and {callee} keep exactly those edges, with selection.total the edge count; an undeclared callee is invalid-selection.",
  async run(target) {
    const t = await serviceTransport(target, ["callGraph", "references", "symbols", "cfg"]);
    const edges = items(await answer(target, t, { op: "callGraph", all: true }));
    const keys = edges.map((e) => `${String(e.callerAddress)} -> ${String(e.callee)}`);
    expect(new Set(keys).size === keys.length, "callGraph lists an edge twice", keys);
    const subs = items((await answer(target, t, { op: "symbols", kind: "subroutine" })).symbols);
    for (const s of subs) {
      const calls = items(
        (await answer(target, t, { op: "references", symbol: `subroutine:${String(s.name)}`, kind: "call", all: true }))
          .references,
      );
      const callers = sorted([
        ...new Set(calls.filter((c) => c.owningRule).map((c) => String(obj(c.owningRule).address))),
      ]);
      const listed = sorted(edges.filter((e) => e.callee === s.name).map((e) => String(e.callerAddress)));
      expect(
        sameJson(callers, listed),
        `callGraph's callers of ${String(s.name)} are ${JSON.stringify(listed)}, its call references sit in ${JSON.stringify(callers)}`,
      );
      const sel = await answer(target, t, { op: "callGraph", callee: s.name, all: true });
      expect(
        sameJson(
          items(sel.edges),
          edges.filter((e) => e.callee === s.name),
        ) && obj(sel.selection).total === edges.length,
        `callGraph {callee: ${String(s.name)}} must keep exactly its edges (selection.total ${edges.length})`,
        sel,
      );
    }
    const byId = new Map(subs.map((s) => [s.id, String(s.name)]));
    for (const caller of new Set(edges.map((e) => String(e.callerAddress)))) {
      const probe = await target.call(t, { op: "callGraph", caller, max: 0 });
      if (probe.kind === "refusal" && probe.error.code === "ambiguous-rule") continue; // a literal # name: the grammar's own check
      const sel = await answer(target, t, { op: "callGraph", caller, all: true });
      const want = edges.filter((e) => e.callerAddress === caller);
      expect(
        sameJson(items(sel.edges), want) && obj(sel.selection).total === edges.length,
        `callGraph {caller: ${caller}} must keep exactly its edges`,
        sel,
      );
      const g = await target.call(t, { op: "cfg", rule: caller, all: true });
      if (g.kind !== "result") continue;
      const called = sorted([
        ...new Set(items(obj(g.value).blocks).flatMap((b) => list(b.calls).map((c) => byId.get(c) ?? `#${String(c)}`))),
      ]);
      expect(
        sameJson(called, sorted(want.map((e) => String(e.callee)))),
        `cfg ${caller} calls ${JSON.stringify(called)}, callGraph gives it ${JSON.stringify(want.map((e) => e.callee))}`,
      );
    }
    if (edges.length > 1) {
      const one = await answer(target, t, { op: "callGraph", max: 1 });
      expect(
        items(one.edges).length === 1 && obj(one.selection).withheld === edges.length - 1,
        "callGraph {max: 1}: one edge, the rest withheld",
        one,
      );
    }
    expectRefusal(
      await target.call(t, { op: "callGraph", callee: "\u0001noSuchSubroutine" }),
      "invalid-selection",
      "callGraph of an undeclared callee",
    );
  },
};

export const opsCostEstimate: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-cost-estimate",
  title: "costEstimate: rules ranked largest first (5 by default, all for every rule), the drill-down sums to its rule",
  doc: "elementCount.rules is ranked largest first, index the canonical rule position with its address; the 5 largest by default, all: true for every declared rule, their counts summing to elementCount.total when it is reported. With rule, the drill-down names that rule's address and count (the count the ranking gives it), its statements ranked by count, and byNode entries summing to the rule's count. findings is the configured set lint serves; severity selects by threshold; file selects nothing there (costEstimate findings carry no span).",
  async run(target) {
    const t = await serviceTransport(target, ["costEstimate", "rules", "lint"]);
    const base = await answer(target, t, { op: "costEstimate" });
    const ec = obj(base.elementCount);
    if (ec.rules === undefined)
      throw new SkipCheck(`the element count is unavailable (${String(base.elementCountUnavailable)})`);
    const all = await answer(target, t, { op: "costEstimate", all: true });
    const ranked = items(obj(all.elementCount).rules);
    const rules = items((await answer(target, t, { op: "rules", max: 10_000 })).rules);
    expect(
      ranked.length === rules.length && ranked.length === obj(all.exact).programRules,
      `costEstimate {all: true} ranks ${ranked.length} rules; the program declares ${rules.length}`,
    );
    for (let i = 1; i < ranked.length; i++)
      expect(
        Number(ranked[i - 1]!.count) >= Number(ranked[i]!.count),
        "elementCount.rules is not ranked largest first",
        ranked,
      );
    for (const r of ranked)
      expect(
        rules.find((x) => x.id === r.index)?.address === r.address,
        `elementCount.rules entry ${JSON.stringify(r)}: index and address name different rules`,
      );
    const total = obj(all.elementCount).total;
    if (total !== undefined)
      expect(
        total === ranked.reduce((n, r) => n + Number(r.count), 0),
        `elementCount.total ${String(total)} is not the sum of the rules' counts`,
      );
    const top = items(ec.rules);
    expect(sameJson(top, ranked.slice(0, 5)), "costEstimate without all must rank the 5 largest rules", top);
    for (const r of ranked.slice(0, 6)) {
      const o = await target.call(t, { op: "costEstimate", rule: r.address });
      if (o.kind === "refusal" && o.error.code === "ambiguous-rule") continue;
      const d = await answer(target, t, { op: "costEstimate", rule: r.address });
      const rule = obj(d.rule);
      expect(
        rule.address === r.address && rule.count === r.count,
        `costEstimate {rule: ${String(r.address)}}: rule is ${JSON.stringify(rule)}, the ranking gives ${JSON.stringify({ address: r.address, count: r.count })}`,
      );
      const byNode = items(d.byNode);
      expect(
        byNode.reduce((n, x) => n + Number(x.count), 0) === r.count,
        `costEstimate {rule: ${String(r.address)}}: byNode sums to ${byNode.reduce((n, x) => n + Number(x.count), 0)}, not the rule's count ${String(r.count)}`,
        byNode,
      );
      const st = items(d.statements);
      for (let i = 1; i < st.length; i++)
        expect(
          Number(st[i - 1]!.count) >= Number(st[i]!.count),
          `costEstimate {rule: ${String(r.address)}}: statements are not ranked by count`,
          st,
        );
    }
    const lint = items((await answer(target, t, { op: "lint", all: true })).findings);
    const findings = items(all.findings);
    expect(
      sameJson(
        sorted(findings.map((f) => `${String(f.code)} ${String(f.message)}`)),
        sorted(lint.map((f) => `${String(f.code)} ${String(f.message)}`)),
      ),
      `costEstimate {all: true} findings (${findings.length}) are not the set lint serves (${lint.length})`,
    );
    for (const severity of ["error", "warning"]) {
      const s = await answer(target, t, { op: "costEstimate", severity, all: true });
      const want = findings.filter((f) => (SEVERITY_RANK[String(f.severity)] ?? 9) <= SEVERITY_RANK[severity]!);
      expect(
        sameJson(items(s.findings), want) && obj(s.selection).total === findings.length,
        `costEstimate {severity: ${severity}} must keep the findings at or above it, selection.total ${findings.length}`,
        s.selection,
      );
    }
    const path = String(items((await answer(target, t, { op: "project" })).sourceFiles)[0]?.path);
    const byFile = await answer(target, t, { op: "costEstimate", file: path });
    expect(
      items(byFile.findings).length === 0 && byFile.selection !== undefined,
      `costEstimate {file: ${path}} selects nothing (its findings carry no span) and reports the selection`,
      byFile,
    );
  },
};

export const opsStaticSurface: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-static-surface",
  title:
    "capabilities' result_schemas name the committed definitions; lookup's filters; listEntries' last page and unavailable vocabularies",
  doc: "capabilities.result_schemas maps each advertised operation to the committed schema's definition of its result (#/$defs/<Op>Result). lookup {within} keeps only entries within that scope, and a query matching nothing answers no entries; listEntries' last page is never empty while the kind has entries (pageSize dividing the total); a language whose lookup reports its vocabulary unavailable answers listEntries with the unavailable payload (no entries, total 0, nextCursor null).",
  async run(target) {
    const t = await serviceTransport(target, ["capabilities", "lookup", "listEntries"]);
    const caps = await answer(target, t, { op: "capabilities" });
    const defs = obj((contractDocument as unknown as Obj).$defs);
    for (const op of list(caps.operations).map(String)) {
      const ref = obj(caps.result_schemas)[op];
      const entry = operationEntry(op);
      expect(
        typeof ref === "string" &&
          ref.startsWith("#/$defs/") &&
          ref.slice(8) in defs &&
          (entry === undefined || ref === `#/$defs/${entry.result}`),
        `result_schemas.${op} is ${JSON.stringify(ref)}, not the committed definition of its result`,
      );
    }
    for (const language of list(caps.languages).map(String)) {
      const probe = await answer(target, t, { op: "lookup", language, query: "wait" });
      if (probe.unavailable !== undefined) {
        const le = await answer(target, t, { op: "listEntries", language, kind: "action" });
        expect(
          le.unavailable !== undefined && list(le.entries).length === 0 && le.total === 0 && le.nextCursor === null,
          `listEntries ${language}: the vocabulary lookup reports unavailable must answer the unavailable payload`,
          le,
        );
        continue;
      }
      const none = await answer(target, t, { op: "lookup", language, query: "qqqqzzzzxxxxjjjj" });
      expect(
        list(none.entries).length === 0,
        `lookup ${language} of a query matching nothing must answer no entries`,
        none,
      );
      for (const kind of ["action", "value"]) {
        const big = await target.call(t, { op: "listEntries", language, kind, pageSize: 500 });
        if (big.kind !== "result") continue;
        const everything = items(obj(big.value).entries);
        const within = everything.map((e) => e.within).find((w) => typeof w === "string");
        if (typeof within === "string") {
          const got = items((await answer(target, t, { op: "lookup", language, kind, within, limit: 10 })).entries);
          expect(
            got.length > 0 &&
              got.length === Math.min(10, everything.filter((e) => e.within === within).length) &&
              got.every((e) => e.within === within),
            `lookup ${language} {kind: ${kind}, within: ${within}} must keep exactly the entries within it`,
            got,
          );
        }
        const n = everything.length;
        const size = [5, 4, 3, 2, 1].find((k) => n % k === 0 && n > k);
        if (size === undefined) continue;
        let cursor: unknown;
        let last: Obj[] = [];
        for (let page = 0; page < 600; page++) {
          const p = await answer(target, t, {
            op: "listEntries",
            language,
            kind,
            pageSize: size,
            ...(cursor === undefined ? {} : { cursor }),
          });
          last = items(p.entries);
          cursor = p.nextCursor;
          if (cursor === null || last.length === 0) break;
        }
        expect(
          last.length === size && cursor === null,
          `listEntries ${language} ${kind} {pageSize: ${size}} (${n} entries): the last page must be full and end the listing, not an empty page after it`,
        );
      }
    }
  },
};

export const opsWaitActions: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-wait-actions",
  title: "costEstimate's waitActions counts the program's Wait and Wait Until actions",
  doc: "On Workshop input (source text read back through validateEditTransaction's preview): exact.waitActions is the number of rule actions (content's actions, whose spans are the statements') whose text is a Wait(...) or Wait Until(...) call.",
  async run(target) {
    const { t, p } = await workshopProject(target, ["project", "validateEditTransaction", "costEstimate", "rules"]);
    const texts = new Map<string, string>();
    for (const f of items(p.sourceFiles)) {
      const v = await answer(target, t, {
        op: "validateEditTransaction",
        transaction: { edits: [insertAt1(String(f.path), String(f.identity))] },
      });
      texts.set(
        String(f.path),
        String(items(v.preview).find((x) => x.source === f.path)?.new_text ?? "").slice(PROBE.length),
      );
    }
    const rules = items((await answer(target, t, { op: "rules", max: 10_000, content: true })).rules);
    let waits = 0;
    for (const r of rules)
      for (const a of items(obj(r.content).actions)) {
        const s = spanOf(a.span);
        const text = s && slice(texts, s);
        if (text !== undefined && /^Wait(?: Until)?\s*\(/.test(text.trim())) waits++;
      }
    const exact = obj((await answer(target, t, { op: "costEstimate" })).exact);
    expect(
      exact.waitActions === waits,
      `exact.waitActions is ${String(exact.waitActions)}; the rules' actions hold ${waits} Wait / Wait Until calls`,
    );
  },
};
