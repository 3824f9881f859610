/**
 * Operation checks added to kill mutation survivors of the mock's operation files
 * (docs/conformance-power.md, round 8): relations between operations that hold for ANY project a
 * server loads, read off the target's own answers (no value of our fixture is assumed). Each runs
 * over one transport (the first that is not MCP, else MCP): cross-transport already compares the
 * transports, and these pin what one operation's answer must agree with.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { contractDocument, operationEntry } from "../../src/wright-agent/contract.js";
import { expect, fail, SkipCheck, type Check } from "../harness/check.js";
import type { Transport, WrightAgentTarget } from "./target.js";
import { describe as show } from "./target.js";
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

type Req = { op: string } & Record<string, unknown>;
type Obj = Record<string, unknown>;

/** A result object; a refusal means the project does not load here (the check is skipped). */
async function answer(target: WrightAgentTarget, t: Transport, request: Req): Promise<Obj> {
  const o = await target.call(t, request);
  if (o.kind === "refusal" && ["input-io", "parse-error", "input-kind-ambiguous"].includes(o.error.code))
    throw new SkipCheck(`the project does not load (${o.error.code})`);
  return expectResult(o, JSON.stringify(request)) as Obj;
}

/** The project over the checks' transport, for a check whose reading needs raw Workshop source (skipped otherwise). */
async function workshopProject(target: WrightAgentTarget, ops: readonly string[]): Promise<{ t: Transport; p: Obj }> {
  const t = await serviceTransport(target, ops);
  const p = await answer(target, t, { op: "project" });
  if (obj(p.origin).kind !== "workshop") throw new SkipCheck("the project is not raw Workshop input");
  return { t, p };
}

const items = (v: unknown): Obj[] => list(v).map(obj);
const countBy = <T>(xs: readonly T[], key: (x: T) => string): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const x of xs) out[key(x)] = (out[key(x)] ?? 0) + 1;
  return out;
};
const sorted = (xs: readonly string[]) => [...xs].sort();
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

const SEVERITY_RANK: Record<string, number> = { error: 0, warning: 1, info: 2 };

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

export const opsLint: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-lint",
  title: "lint: verdict and counts on the complete set, the compact bound, the policy lintRules reports",
  doc: "lint's counts count the findings (all), an error finding makes ok false and exit follows ok (0 / 1); without all its compact result stays within 5,500 UTF-8 bytes, and with all every finding is listed; severity and rule select as in findings (threshold, one code) with selection.total the whole set; lint's rules are lintRules' ids with their effective severities, a rule is enabled unless its severity is off, and config reports the same severities.",
  async run(target) {
    const t = await serviceTransport(target, ["lint", "lintRules", "findings"]);
    const l = await answer(target, t, { op: "lint" });
    const all = await answer(target, t, { op: "lint", all: true });
    const shown = items(all.findings);
    const findings = items((await answer(target, t, { op: "findings", all: true })).findings);
    expect(
      shown.length === findings.length,
      `lint {all: true} lists ${shown.length} findings, findings ${findings.length}`,
    );
    const c = countBy(findings, (f) => String(f.severity));
    for (const s of ["error", "warning", "info"])
      expect(
        (obj(l.counts)[s] ?? 0) === (c[s] ?? 0),
        `lint counts.${s} is ${String(obj(l.counts)[s])}, findings has ${c[s] ?? 0}`,
        l.counts,
      );
    if ((c.error ?? 0) > 0) expect(l.ok === false, "an error finding yields ok: false", l.ok);
    expect(l.exit === (l.ok ? 0 : 1), `lint exit ${String(l.exit)} does not follow ok ${String(l.ok)}`);
    expect(
      l.ok === all.ok && sameJson(l.counts, all.counts),
      "lint's verdict and counts are computed on the complete set, whatever is shown",
    );
    const bytes = Buffer.byteLength(JSON.stringify(l));
    expect(bytes <= 5500, `lint's compact result is ${bytes} bytes, over the 5,500-byte bound`);
    for (const severity of ["error", "warning"]) {
      const s = await answer(target, t, { op: "lint", severity, all: true });
      expect(
        items(s.findings).every((f) => (SEVERITY_RANK[String(f.severity)] ?? 9) <= SEVERITY_RANK[severity]!) &&
          items(s.findings).length ===
            findings.filter((f) => (SEVERITY_RANK[String(f.severity)] ?? 9) <= SEVERITY_RANK[severity]!).length,
        `lint {severity: ${severity}} must keep exactly the findings at or above it`,
        s.findings,
      );
      expect(
        obj(s.selection).total === findings.length,
        `lint {severity: ${severity}}: selection.total is ${String(obj(s.selection).total)}`,
      );
    }
    // Lint findings are the compact form of findings: code, severity, message, evidence, the owning rule's index and canonical address, a path:line:column location when mapped, repeated, fix kind and summary.
    const compact = (f: Obj) => ({
      code: f.code,
      severity: f.severity,
      message: f.message,
      evidence: f.evidence,
      rule: f.rule,
      ruleAddress: f.ruleAddress,
      location: spanOf(f.span)
        ? `${String(spanOf(f.span)!.path)}:${spanOf(f.span)!.start.line}:${spanOf(f.span)!.start.col}`
        : undefined,
      repeated: f.repeated ?? undefined,
      fix: f.fix ? { kind: obj(f.fix).kind, summary: obj(f.fix).summary } : undefined,
    });
    const lintCompact = (f: Obj) => ({
      code: f.code,
      severity: f.severity,
      message: f.message,
      evidence: f.evidence,
      rule: f.rule,
      ruleAddress: f.ruleAddress,
      location: f.location,
      repeated: f.repeated ?? undefined,
      fix: f.fix ? { kind: obj(f.fix).kind, summary: obj(f.fix).summary } : undefined,
    });
    expect(
      sameJson(
        sorted(shown.map((f) => JSON.stringify(lintCompact(f)))),
        sorted(findings.map((f) => JSON.stringify(compact(f)))),
      ),
      "lint's findings must be findings' in compact form (code, severity, message, evidence, rule and ruleAddress, location path:line:column, repeated, fix kind and summary)",
      { lint: shown.slice(0, 2), findings: findings.slice(0, 2) },
    );
    const capped = items(l.findings);
    expect(sameJson(capped, shown.slice(0, capped.length)), "lint without all shows a prefix of the complete list");
    const trunc = obj(Array.isArray(l.findings) ? l.truncation : obj(l.findings).truncation);
    if (capped.length < shown.length) {
      expect(
        trunc.total === shown.length && trunc.withheld === shown.length - capped.length,
        `lint withholds ${shown.length - capped.length} findings but its truncation reports ${JSON.stringify(trunc)}`,
      );
      const next = Buffer.byteLength(JSON.stringify(shown[capped.length])) + 1;
      expect(
        capped.length >= 20 || bytes + next > 5500 - 16,
        `lint shows ${capped.length} findings in ${bytes} bytes: the next one (${next} bytes) still fits the 5,500-byte bound`,
      );
    }
    const lr = await answer(target, t, { op: "lintRules" });
    const registered = items(lr.rules);
    expect(
      sameJson(
        items(l.rules).map((r) => [r.id, r.effectiveSeverity]),
        registered.map((r) => [r.id, r.effectiveSeverity]),
      ),
      "lint's rules must be lintRules' ids with their effective severities",
      { lint: l.rules, lintRules: registered.map((r) => [r.id, r.effectiveSeverity]) },
    );
    for (const r of registered) {
      expect(
        r.enabled === (r.effectiveSeverity !== "off"),
        `lintRules ${String(r.id)}: enabled ${String(r.enabled)} with severity ${String(r.effectiveSeverity)}`,
        r,
      );
      for (const cfg of [l.config, lr.config]) {
        const entry = obj(obj(obj(cfg).rules)[String(r.id)]);
        if (cfg !== undefined)
          expect(
            entry.severity === r.effectiveSeverity && entry.enabled === r.enabled,
            `config of ${String(r.id)} is ${JSON.stringify(entry)}, lintRules reports ${String(r.effectiveSeverity)}`,
          );
      }
    }
    expect(sameJson(l.skipped, lr.skipped), "lint and lintRules disclose different skipped evaluations", {
      lint: l.skipped,
      lintRules: lr.skipped,
    });
  },
};

export const opsVocabulary: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-vocabulary",
  title: "listEntries pages through a kind in order; lookup's filters and limit; vocabulary refusals",
  doc: "listEntries: walking nextCursor page by page (pageSize 2) yields, in order and once each, exactly the entries of one big page, each page reporting the same total and the last a null nextCursor; within restricts; a cursor of another listing, or garbage, is invalid-cursor; a kind the language does not have is invalid-selection. lookup: at most limit entries, every one of the requested kind; an entry's own spelling finds it first; an unknown language is unknown-language and an unknown locale invalid-locale, on both operations.",
  async run(target) {
    const t = await serviceTransport(target, ["listEntries", "lookup", "capabilities"]);
    const language = String(list(obj(await answer(target, t, { op: "capabilities" })).languages)[0] ?? "workshop");
    const kinds = ["action", "value", "event", "enum", "operator"];
    let checked = 0;
    for (const kind of kinds) {
      const big = await target.call(t, { op: "listEntries", language, kind, pageSize: 500 });
      if (big.kind !== "result" || obj(big.value).unavailable !== undefined) continue;
      checked++;
      const everything = items(obj(big.value).entries);
      expect(
        obj(big.value).total === everything.length && obj(big.value).nextCursor === null,
        `listEntries ${kind} {pageSize: 500}: total ${String(obj(big.value).total)} for ${everything.length} entries, nextCursor ${String(obj(big.value).nextCursor)}`,
      );
      const walked: Obj[] = [];
      let cursor: unknown;
      for (let page = 0; page < 300; page++) {
        const p = await answer(target, t, {
          op: "listEntries",
          language,
          kind,
          pageSize: 2,
          ...(cursor === undefined ? {} : { cursor }),
        });
        const got = items(p.entries);
        expect(
          got.length <= 2 && p.total === everything.length,
          `listEntries ${kind} page ${page}: ${got.length} entries (pageSize 2), total ${String(p.total)}`,
          p,
        );
        walked.push(...got);
        cursor = p.nextCursor;
        if (cursor === null) break;
        expect(
          typeof cursor === "string" && got.length === 2,
          `listEntries ${kind} page ${page}: a page before the end is full and carries a string nextCursor`,
          p,
        );
      }
      expect(
        sameJson(walked, everything),
        `listEntries ${kind}: the pages walked (${walked.length} entries) are not the one big page (${everything.length})`,
      );
      const within = everything.map((e) => e.within).find((w) => typeof w === "string");
      if (typeof within === "string") {
        const w = await answer(target, t, { op: "listEntries", language, kind, within, pageSize: 500 });
        expect(
          sameJson(
            items(w.entries),
            everything.filter((e) => e.within === within),
          ),
          `listEntries ${kind} {within: ${within}} must keep exactly the entries within it`,
          w,
        );
      }
      if (everything.length > 2) {
        const first = await answer(target, t, { op: "listEntries", language, kind, pageSize: 1 });
        const other = kinds.find((k) => k !== kind) ?? "value";
        expectRefusal(
          await target.call(t, { op: "listEntries", language, kind: other, cursor: first.nextCursor }),
          ["invalid-cursor", "invalid-selection"],
          `listEntries ${other} with a cursor of the ${kind} listing`,
        );
      }
      expectRefusal(
        await target.call(t, { op: "listEntries", language, kind, cursor: "not a cursor" }),
        "invalid-cursor",
        `listEntries ${kind} with a garbage cursor`,
      );
      const limited = await answer(target, t, { op: "lookup", language, kind, limit: 2 });
      expect(
        items(limited.entries).length <= 2 && items(limited.entries).every((e) => e.kind === kind),
        `lookup {kind: ${kind}, limit: 2} must list at most 2 entries of that kind`,
        limited,
      );
      const probe = everything[everything.length - 1]!;
      const found = items((await answer(target, t, { op: "lookup", language, kind, query: probe.spelling })).entries);
      expect(
        found[0]?.identity === probe.identity,
        `lookup {query: ${String(probe.spelling)}} must find that entry first`,
        found.slice(0, 3),
      );
    }
    if (checked === 0) throw new SkipCheck(`listEntries serves none of ${kinds.join(", ")} for ${language}`);
    expectRefusal(
      await target.call(t, { op: "listEntries", language, kind: "\u0001noSuchKind" }),
      "invalid-selection",
      "listEntries of a kind the language does not have",
    );
    for (const op of ["lookup", "listEntries"]) {
      expectRefusal(
        await target.call(t, { op, language: "\u0001noSuchLanguage", kind: "action" }),
        ["unknown-language", "malformed-request"],
        `${op} of an unknown language`,
      );
      expectRefusal(
        await target.call(t, { op, language, kind: "action", locale: "zz-ZZ" }),
        "invalid-locale",
        `${op} in an unknown locale`,
      );
    }
  },
};

const PROBE = "// conformance probe\n";
const insertAt1 = (source: string, identity: string, text = PROBE) => ({
  kind: "replace",
  source,
  source_identity: identity,
  range: { start_line: 1, start_col: 1, end_line: 1, end_col: 1 },
  new_text: text,
});

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

export const opsWorkflows: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-workflows",
  title: "analyze, inspect, check and simulate: envelopes whose reports agree with the semantic operations",
  doc: "Each is a wright-result/v1 envelope ({version, contract: wright-result/v1}, command, ok true exactly when exit is 0). analyze's ranked report keeps the top five hotspots (ranked by count like costEstimate's elementCount), risks (errors first) and variables (most referenced first) and the top three condition trees unless all, its overview and cost count what project and costEstimate count, and all lifts the caps; inspect lists the rules rules lists (20 by default, all with all) and the findings count; check's program is analyze's; simulate with a stale inputIdentity fails (ok false) and with the current one succeeds, carrying capabilities' athena_version.",
  async run(target) {
    const t = await serviceTransport(target, ["analyze", "inspect", "check", "project", "costEstimate", "rules"]);
    const envelope = (e: Obj, command: string) => {
      expect(
        obj(e.wright).contract === "wright-result/v1" && e.command === command && e.ok === (e.exit === 0),
        `${command}: not a ${command} wright-result/v1 envelope with ok following exit`,
        { wright: e.wright, command: e.command, ok: e.ok, exit: e.exit },
      );
      return obj(e.result);
    };
    const p = await answer(target, t, { op: "project" });
    const cost = await answer(target, t, { op: "costEstimate", all: true });
    const ranked = items(obj(cost.elementCount).rules).map((r) => r.count);
    const a = envelope(await answer(target, t, { op: "analyze" }), "analyze");
    const aAll = envelope(await answer(target, t, { op: "analyze", all: true }), "analyze");
    expect(
      sameJson(
        items(a.hotspots).map((h) => h.count),
        ranked.slice(0, 5),
      ) || ranked.length === 0,
      "analyze's hotspots must be the 5 largest rules by count",
      { hotspots: a.hotspots, ranked },
    );
    if (ranked.length > 0)
      expect(
        sameJson(
          items(aAll.hotspots).map((h) => h.count),
          ranked,
        ),
        "analyze {all: true} ranks every rule",
        aAll.hotspots,
      );
    expect(sameJson(obj(a.cost), obj(cost.exact)), "analyze's cost must be costEstimate's exact counts", {
      analyze: a.cost,
      costEstimate: cost.exact,
    });
    const ov = obj(a.overview);
    expect(
      ov.rules === p.rules && ov.conditions === p.conditions && ov.actions === p.actions,
      "analyze's overview must count what project counts",
      { overview: ov },
    );
    if (ov.elementCount !== undefined && obj(cost.elementCount).total !== undefined)
      expect(
        ov.elementCount === obj(cost.elementCount).total,
        "analyze's overview.elementCount is costEstimate's elementCount.total",
      );
    const findings = items((await answer(target, t, { op: "findings", all: true })).findings);
    const risks = items(a.risks);
    expect(
      risks.length === Math.min(5, findings.length) && items(aAll.risks).length === findings.length,
      `analyze keeps the top five risks (${risks.length} of ${findings.length}), all of them with all`,
    );
    for (const rs of [risks, items(aAll.risks)])
      for (let i = 1; i < rs.length; i++)
        expect(
          (SEVERITY_RANK[String(rs[i - 1]!.severity)] ?? 9) <= (SEVERITY_RANK[String(rs[i]!.severity)] ?? 9),
          "analyze's risks are ranked by severity (errors first)",
          rs,
        );
    const vars = items(aAll.topVariables);
    expect(items(a.topVariables).length === Math.min(5, vars.length), "analyze keeps the top five variables");
    for (let i = 1; i < vars.length; i++)
      expect(
        Number(vars[i - 1]!.references) >= Number(vars[i]!.references),
        "analyze's topVariables are ranked by references",
        vars,
      );
    const trees = items(aAll.conditionTrees);
    expect(items(a.conditionTrees).length === Math.min(3, trees.length), "analyze keeps the top three condition trees");
    for (let i = 1; i < trees.length; i++)
      expect(
        Number(trees[i - 1]!.conditions) >= Number(trees[i]!.conditions),
        "analyze's conditionTrees are ranked by condition count",
        trees,
      );
    // The report's entries agree with the semantic operations: complexity with cfg, condition trees with rule content, variables with symbols.
    const withContent = items((await answer(target, t, { op: "rules", max: 10_000, content: true })).rules);
    const complexity = items(aAll.complexity);
    expect(
      items(a.complexity).length === Math.min(5, complexity.length),
      "analyze keeps the top five complexity entries",
    );
    for (const cx of complexity) {
      const g = await target.call(t, { op: "cfg", rule: cx.address, all: true });
      if (g.kind !== "result") continue;
      const blocks = items(obj(g.value).blocks);
      expect(
        cx.blocks === blocks.length &&
          cx.branches === blocks.filter((b) => ["if", "while", "for"].includes(String(b.kind))).length,
        `analyze complexity of ${String(cx.address)} (${String(cx.blocks)} blocks, ${String(cx.branches)} branches) disagrees with its cfg`,
        { cx, kinds: blocks.map((b) => b.kind) },
      );
    }
    for (let k = 1; k < complexity.length; k++)
      expect(
        Number(complexity[k - 1]!.branches) >= Number(complexity[k]!.branches),
        "analyze's complexity is ranked by branches",
        complexity,
      );
    const withConditions = withContent.filter((r) => list(obj(r.content).conditions).length > 0);
    expect(
      trees.length === withConditions.length,
      `analyze {all: true} lists ${trees.length} condition trees, ${withConditions.length} rules have conditions`,
    );
    for (const tr of trees) {
      const rule = withContent.find((r) => r.address === tr.ruleAddress);
      expect(
        rule !== undefined &&
          tr.conditions === list(obj(rule.content).conditions).length &&
          list(tr.text).length === tr.conditions,
        `analyze's condition tree of ${String(tr.ruleAddress)} does not count that rule's conditions`,
        tr,
      );
    }
    const variables = new Map(
      items((await answer(target, t, { op: "symbols", all: true })).symbols)
        .filter((x) => x.kind === "globalVariable" || x.kind === "playerVariable")
        .map((x) => [`${String(x.kind)}:${String(x.name)}`, x]),
    );
    expect(
      vars.length === variables.size && vars.every((v) => variables.has(`${String(v.kind)}:${String(v.name)}`)),
      `analyze {all: true} topVariables must list the program's ${variables.size} variables`,
      vars,
    );
    const rules = items((await answer(target, t, { op: "rules", max: 10_000 })).rules).map((r) => [
      r.id,
      r.name,
      r.address,
    ]);
    const i = envelope(await answer(target, t, { op: "inspect" }), "inspect");
    const iAll = envelope(await answer(target, t, { op: "inspect", all: true }), "inspect");
    expect(
      sameJson(
        items(i.rules).map((r) => [r.id, r.name, r.address]),
        rules.slice(0, 20),
      ),
      "inspect lists the rules rules lists, 20 by default",
      i.rules,
    );
    expect(
      sameJson(
        items(iAll.rules).map((r) => [r.id, r.name, r.address]),
        rules,
      ),
      "inspect {all: true} lists every rule",
      iAll.rules,
    );
    expect(obj(i.program).findings === p.findings, "inspect's program.findings is project's findings count", i.program);
    if ((await target.reachable(t)).includes("compile")) {
      const out = `conformance-power-${process.pid}-${Date.now()}.ow`;
      const first = await answer(target, t, { op: "compile", output: out });
      const written = obj(envelope(first, "compile").output);
      if (first.ok === true) {
        expect(
          typeof written.written_to === "string" &&
            written.written_to.endsWith(out) &&
            typeof written.sha256 === "string",
          "compile must report output.written_to and output.sha256",
          first.result,
        );
        const file = isAbsolute(String(written.written_to))
          ? String(written.written_to)
          : join(target.config.cwd, String(written.written_to));
        expect(
          sha256Hex(readFileSync(file)) === written.sha256,
          "compile's output.sha256 must be the SHA-256 of the file it wrote",
          written,
        );
        if ("input_identity" in written)
          expect(
            written.input_identity === p.inputIdentity,
            "compile's output.input_identity is the entry source's identity",
            written,
          );
        const again = await answer(target, t, { op: "compile", output: out });
        expect(
          again.ok === false &&
            again.exit === 2 &&
            list(again.diagnostics).some((d) => obj(d).code === "output-exists") &&
            obj(again.result).output === undefined,
          "a second compile to the same file without force is output-exists (exit 2), writing nothing",
          again,
        );
        const forced = await answer(target, t, { op: "compile", output: out, force: true });
        expect(
          forced.ok === true && obj(obj(forced.result).output).sha256 === written.sha256,
          "compile with force replaces the file with the same program",
          forced.result,
        );
        rmSync(file, { force: true });
      }
    }
    const c = envelope(await answer(target, t, { op: "check" }), "check");
    expect(sameJson(c.program, a.program), "check's program is analyze's program summary", {
      check: c.program,
      analyze: a.program,
    });
    if ((await target.reachable(t)).includes("simulate")) {
      const athena = obj(await answer(target, t, { op: "capabilities" })).athena_version;
      const stale = await answer(target, t, { op: "simulate", inputIdentity: "0".repeat(64), seconds: 1 });
      expect(stale.ok === false && stale.exit !== 0, "simulate with a stale inputIdentity must fail", stale);
      const run = await answer(target, t, { op: "simulate", inputIdentity: p.inputIdentity, seconds: 1 });
      if (athena !== null && athena !== undefined) {
        const r = envelope(run, "simulate");
        expect(
          run.ok === true && r.athena_version === athena,
          `simulate with the current inputIdentity must run on athena ${String(athena)}`,
          run,
        );
        const supplied = "// supplied\n";
        const viaSources = await answer(target, t, {
          op: "simulate",
          inputIdentity: sha256Hex(supplied),
          seconds: 1,
          sources: { [String(items(p.sourceFiles)[0]?.path)]: supplied },
        });
        expect(viaSources.ok === true, "simulate with sources takes the supplied entry text's identity", viaSources);
      }
    }
  },
};

/** The parts of a wright-agent-fixture/v1 document (contracts/wright-agent) this check reads. */
interface FixtureFacts {
  catalog: {
    service: { name: string; version: string };
    athenaVersion: string | null;
    profiles?: string[];
    targetMetadata: unknown;
    defaultLocale?: string;
    languages: Record<
      string,
      {
        owner: string;
        unavailable?: string;
        entries: {
          kind: string;
          id: string;
          within?: string | null;
          signature?: string;
          spellings: Record<string, string[]>;
        }[];
      }
    >;
  };
  project: {
    origin: string;
    entry: string;
    settings?: unknown;
    lintPolicy: {
      configFile?: string | null;
      ruleFiles?: string[];
      disabled: string[];
      severityOverrides: Record<string, string>;
      failOn: string;
    };
  };
  sources: { path: string; text: string }[];
  lintRules: {
    id: string;
    summary: string;
    rationale?: string;
    documentation?: string;
    knownLimits?: string[];
    evidence?: string;
    tags?: string[];
    defaultSeverity: string;
    fixable?: boolean;
  }[];
  persistentObjects?: { kind: string; storedIn: string | null; rule: number | null; destroyed: boolean }[];
  skipped?: { rule: number; lintRule: string; reason: string }[];
  simulation?: { trace?: unknown };
}

export const opsFixtureFacts: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-fixture-facts",
  title: "(our fixture) the facts the wright-agent-fixture/v1 document states are the facts served",
  doc: "With our fixture (a wright-agent-fixture/v1 document, contracts/wright-agent): capabilities names the catalog's service, version, languages, profiles and athena version; targetMetadata is the catalog's; project reports the fixture's origin, settings and source files (entry first, each with its SHA-256 identity and line count); lintRules reports each registered rule's metadata, the lint policy, and effective severities (disabled: off, an override, else the default), with the fixture's skipped evaluations; persistentObjects reports the fixture's placed objects with their storage, rule and destruction; listEntries lists a language's catalog entries of a kind in catalog order with their spellings; simulate carries the fixture's trace.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, [
      "capabilities",
      "targetMetadata",
      "project",
      "lintRules",
      "persistentObjects",
      "listEntries",
    ]);
    const f = JSON.parse(target.config.fixture!.text) as FixtureFacts;
    const caps = await answer(target, t, { op: "capabilities" });
    const cat = f.catalog;
    expect(
      caps.name === cat.service.name &&
        caps.version === cat.service.version &&
        caps.athena_version === cat.athenaVersion,
      "capabilities must name the catalog's service, version and athena version",
      caps,
    );
    expect(
      sameJson(caps.languages, Object.keys(cat.languages)) &&
        (cat.profiles === undefined || sameJson(caps.profiles, cat.profiles)),
      "capabilities must list the catalog's languages and profiles",
      caps,
    );
    expect(
      sameJson(await answer(target, t, { op: "targetMetadata" }), cat.targetMetadata),
      "targetMetadata must be the catalog's",
    );
    const p = await answer(target, t, { op: "project" });
    expect(
      obj(p.origin).kind === f.project.origin && sameJson(p.settings, f.project.settings ?? null),
      "project must report the fixture's origin and settings",
      { origin: p.origin, settings: p.settings },
    );
    const entryFirst = [...f.sources].sort(
      (a, b) => Number(b.path === f.project.entry) - Number(a.path === f.project.entry),
    );
    const files = await Promise.all(
      entryFirst.map(async (s) => ({ path: s.path, identity: sha256Hex(s.text), lines: s.text.split("\n").length })),
    );
    expect(
      sameJson(
        items(p.sourceFiles).map((x) => ({ path: x.path, identity: x.identity, lines: x.lines })),
        files,
      ),
      "project.sourceFiles must be the fixture's sources, entry first, with identity and line count",
      p.sourceFiles,
    );
    const lr = await answer(target, t, { op: "lintRules" });
    const policy = f.project.lintPolicy;
    expect(
      sameJson(lr.policy, {
        configFile: policy.configFile ?? null,
        ruleFiles: policy.ruleFiles ?? [],
        disabled: policy.disabled,
        severityOverrides: policy.severityOverrides,
        failOn: policy.failOn,
      }),
      "lintRules.policy must be the fixture's lint policy",
      lr.policy,
    );
    const served = items(lr.rules);
    expect(
      served.length === f.lintRules.length,
      `lintRules lists ${served.length} rules, the fixture registers ${f.lintRules.length}`,
    );
    f.lintRules.forEach((l, i) => {
      const r = served[i]!;
      const effective = policy.disabled.includes(l.id) ? "off" : (policy.severityOverrides[l.id] ?? l.defaultSeverity);
      const want = {
        id: l.id,
        summary: l.summary,
        rationale: l.rationale ?? "",
        documentation: l.documentation ?? "",
        evidence: l.evidence ?? "",
        tags: l.tags ?? [],
        defaultSeverity: l.defaultSeverity,
        effectiveSeverity: effective,
        fixable: l.fixable ?? false,
      };
      const got = Object.fromEntries(Object.keys(want).map((k) => [k, r[k]]));
      expect(
        sameJson(got, want),
        `lintRules ${l.id} must report the fixture's metadata and effective severity ${effective}`,
        { got, want },
      );
      expect(
        (l.knownLimits ?? []).every((k) => String(r.knownLimits).includes(k)),
        `lintRules ${l.id} must report its known limits`,
        r.knownLimits,
      );
    });
    const rules = items((await answer(target, t, { op: "rules", max: 10_000 })).rules);
    const skipped = (f.skipped ?? []).map((s) => ({
      id: s.lintRule,
      rule: s.rule,
      ruleAddress: rules[s.rule]?.address,
      reason: s.reason,
    }));
    expect(sameJson(lr.skipped, skipped), "lintRules.skipped must be the fixture's skipped evaluations", lr.skipped);
    const objects = items((await answer(target, t, { op: "persistentObjects", all: true })).persistentObjects);
    const placed = (f.persistentObjects ?? []).filter((o) => o.rule !== null);
    expect(
      sameJson(
        objects.map((o) => [o.kind, o.rule, o.storedIn, o.destroyed, o.identityRetained, obj(o.createdIn).address]),
        placed.map((o) => [o.kind, o.rule, o.storedIn, o.destroyed, o.storedIn !== null, rules[o.rule!]?.address]),
      ),
      "persistentObjects must report the fixture's placed objects (kind, rule, storedIn, destroyed, identity kept when stored, the creating rule)",
      objects,
    );
    for (const [name, lang] of Object.entries(cat.languages)) {
      if (lang.unavailable !== undefined) {
        const u = await answer(target, t, { op: "lookup", language: name, query: "x" });
        expect(
          u.owner === lang.owner &&
            sameJson(u.unavailable, { capability: lang.owner, message: lang.unavailable }) &&
            list(u.entries).length === 0,
          `lookup ${name}: the owner's vocabulary is unavailable`,
          u,
        );
        continue;
      }
      const loc = cat.defaultLocale ?? "en-US";
      for (const kind of [...new Set(lang.entries.map((e) => e.kind))]) {
        const page = await answer(target, t, { op: "listEntries", language: name, kind, pageSize: 500 });
        const want = lang.entries
          .filter((e) => e.kind === kind)
          .map((e) => ({
            identity: e.id,
            kind: e.kind,
            displayName: e.spellings[loc]?.[0] ?? e.id,
            accepted: e.spellings[loc] ?? [],
            within: e.within ?? null,
            signature: e.signature ?? undefined,
          }));
        const got = items(page.entries).map((e) => ({
          identity: e.identity,
          kind: e.kind,
          displayName: e.displayName,
          accepted: e.accepted,
          within: e.within,
          signature: e.signature,
        }));
        expect(
          page.owner === lang.owner && sameJson(got, want),
          `listEntries ${name} ${kind} must list the catalog's entries in order (first difference at ${got.findIndex((g, k) => !sameJson(g, want[k]))}: ${JSON.stringify(got.find((g, k) => !sameJson(g, want[k])))} ${JSON.stringify(want.find((w, k) => !sameJson(w, got[k])))})`,
          { got, want },
        );
      }
    }
    if ((await target.reachable(t)).includes("simulate") && cat.athenaVersion !== null) {
      const run = await answer(target, t, { op: "simulate", inputIdentity: p.inputIdentity, seconds: 1 });
      expect(
        sameJson(obj(run.result).trace, f.simulation?.trace ?? null),
        "simulate must carry the fixture's trace",
        run.result,
      );
    }
  },
};

/** The top-level arguments of a call's text: Create HUD Text(a, b(c, d), e) -> [a, b(c, d), e]. */
function topLevelArguments(text: string): string[] {
  const open = text.indexOf("(");
  if (open < 0) return [];
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(") depth++;
    else if (ch === ")" && depth-- === 0) {
      args.push(text.slice(start, i).trim());
      break;
    } else if (ch === "," && depth === 0) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args.filter((a) => a !== "");
}

type Span = { path?: string; start: { line: number; col: number }; end: { line: number; col: number } };
const spanOf = (v: unknown): Span | undefined =>
  v !== null && typeof v === "object" && "start" in v ? (v as Span) : undefined;
const contains = (outer: Span, inner: Span) =>
  outer.path === inner.path &&
  (outer.start.line < inner.start.line ||
    (outer.start.line === inner.start.line && outer.start.col <= inner.start.col)) &&
  (outer.end.line > inner.end.line || (outer.end.line === inner.end.line && outer.end.col >= inner.end.col));
/** The text a one-line span covers (1-based columns, end exclusive). */
const slice = (texts: Map<string, string>, s: Span) =>
  s.start.line === s.end.line
    ? (texts.get(String(s.path))?.split("\n")[s.start.line - 1] ?? "").slice(s.start.col - 1, s.end.col - 1)
    : undefined;
const DESTROYS: Record<string, RegExp> = {
  hudText: /^\s*Destroy (?:All )?HUD Text/m,
  effect: /^\s*Destroy (?:All )?Effects?\b/m,
  inWorldText: /^\s*Destroy (?:All )?In-World Text/m,
  icon: /^\s*Destroy (?:All )?Icons?\b/m,
};

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

export const opsFixtureVariants: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-fixture-variants",
  title:
    "(our fixture) errors, an unavailable element count, non-Workshop input and a failed load, written to the fixture",
  doc: "With our fixture edited on disk (restored after): a program with an error diagnostic fails check (ok false, exit 1, the diagnostic reported), compiles nothing, and costEstimate reports exact.emittedBytes null with emittedBytesUnavailable, never 0; an element count that cannot run leaves elementCount only its budget and names the reason in elementCountUnavailable, never a zero; OverPy input refuses Workshop edits with edit-requires-provider, input without a shipped provider with source-provider-unavailable; a fixture that does not parse (or is missing) fails check, compile and simulate inside their envelopes with the code symbols refuses with.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, ["check", "costEstimate", "symbols", "project"]);
    const reach = await target.reachable(t);
    const base = JSON.parse(target.config.fixture!.text) as Record<string, any>;
    const write = (change: (f: Record<string, any>) => void) => {
      const f = structuredClone(base);
      change(f);
      target.writeFixture(JSON.stringify(f));
    };
    try {
      write((f) =>
        f.diagnostics.push({
          code: "conformance-probe-error",
          severity: "error",
          message: "an error the suite put here",
          span: f.diagnostics[0]?.span ?? null,
        }),
      );
      const c = await answer(target, t, { op: "check" });
      expect(
        c.ok === false && c.exit === 1 && list(c.diagnostics).some((d) => obj(d).code === "conformance-probe-error"),
        "a program with an error diagnostic fails check (ok false, exit 1) and reports it",
        c,
      );
      const exact = obj((await answer(target, t, { op: "costEstimate" })).exact);
      expect(
        exact.emittedBytes === null &&
          typeof exact.emittedBytesUnavailable === "string" &&
          exact.emittedBytesUnavailable !== "",
        "when emission fails exact.emittedBytes is null with emittedBytesUnavailable, never 0",
        exact,
      );
      if (reach.includes("compile")) {
        const out = `conformance-errors-${process.pid}.ow`;
        const r = await answer(target, t, { op: "compile", output: out });
        expect(
          r.ok === false && r.exit !== 0 && !existsSync(join(target.config.cwd, out)),
          "a failed compile writes no file",
          r,
        );
      }

      write((f) => (f.cost = { elementCountUnavailable: "the suite made the count unavailable" }));
      const cost = await answer(target, t, { op: "costEstimate" });
      expect(
        sameJson(Object.keys(obj(cost.elementCount)), ["budget"]) &&
          typeof cost.elementCountUnavailable === "string" &&
          cost.elementCountUnavailable !== "",
        "an element count that cannot run carries only budget, and elementCountUnavailable names the reason",
        cost,
      );

      for (const [origin, code] of [
        ["opy", "edit-requires-provider"],
        ["ostw", "source-provider-unavailable"],
      ] as const) {
        write((f) => (f.project.origin = origin));
        const id = String((await answer(target, t, { op: "project" })).inputIdentity);
        if (reach.includes("validateEditTransaction"))
          expectRefusal(
            await target.call(t, {
              op: "validateEditTransaction",
              transaction: { edits: [insertAt1(String(base.project.entry), id)] },
            }),
            code,
            `validateEditTransaction on ${origin} input`,
          );
        if (reach.includes("editStatements"))
          expectRefusal(
            await target.call(t, { op: "editStatements", inputIdentity: id, edits: [] }),
            code,
            `editStatements on ${origin} input`,
          );
      }

      for (const broken of ["parse", "missing"] as const) {
        if (broken === "parse") target.writeFixture("{ not a fixture");
        else target.removeFixture();
        const refusal = await target.call(t, { op: "symbols" });
        if (refusal.kind !== "refusal") fail(`symbols over a ${broken} fixture answered ${show(refusal)}`);
        for (const op of ["check", "compile", "simulate"].filter((o) => reach.includes(o))) {
          const env = obj(
            expectResult(
              await target.call(t, {
                op,
                ...(op === "simulate" ? { inputIdentity: "0".repeat(64), seconds: 1 } : {}),
                ...(op === "compile" ? { output: `conformance-${broken}.ow` } : {}),
              }),
              `${op} over a ${broken} fixture`,
            ),
          );
          expect(
            env.ok === false &&
              env.exit !== 0 &&
              obj(list(env.diagnostics)[0]).code === refusal.error.code &&
              env.command === op,
            `${op} over a ${broken} fixture must fail inside its envelope with ${refusal.error.code}`,
            env,
          );
        }
      }
    } finally {
      target.restoreFixture();
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

export const opsLocales: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-locales",
  title: "(our fixture) lookup and listEntries report the requested locale's spellings",
  doc: "With our fixture's catalog: for each locale its entries spell, listEntries {locale} reports each entry's spellings in that locale as accepted and its first one as displayName (the default locale's, else the id, when the locale spells none), and lookup {locale} finds an entry by its spelling in that locale.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, ["lookup", "listEntries"]);
    const f = JSON.parse(target.config.fixture!.text) as FixtureFacts;
    const fallback = f.catalog.defaultLocale ?? "en-US";
    for (const [language, lang] of Object.entries(f.catalog.languages)) {
      if (lang.unavailable !== undefined) continue;
      const locales = [...new Set(lang.entries.flatMap((e) => Object.keys(e.spellings)))].filter((l) => l !== fallback);
      for (const locale of locales) {
        const kinds = [...new Set(lang.entries.map((e) => e.kind))];
        for (const kind of kinds) {
          const got = items(
            (await answer(target, t, { op: "listEntries", language, kind, locale, pageSize: 500 })).entries,
          ).map((e) => [e.identity, e.displayName, e.accepted]);
          const want = lang.entries
            .filter((e) => e.kind === kind)
            .map((e) => [
              e.id,
              e.spellings[locale]?.[0] ?? e.spellings[fallback]?.[0] ?? e.id,
              e.spellings[locale] ?? [],
            ]);
          expect(
            sameJson(got, want),
            `listEntries ${language} ${kind} {locale: ${locale}} must report that locale's spellings`,
            { got: got.slice(0, 3), want: want.slice(0, 3) },
          );
        }
        const spelled = lang.entries.find((e) => (e.spellings[locale] ?? []).length > 0);
        if (spelled) {
          const found = items(
            (
              await answer(target, t, {
                op: "lookup",
                language,
                kind: spelled.kind,
                locale,
                query: spelled.spellings[locale]![0],
              })
            ).entries,
          );
          expect(
            found[0]?.identity === spelled.id && found[0]?.displayName === spelled.spellings[locale]![0],
            `lookup {locale: ${locale}, query: ${spelled.spellings[locale]![0]}} must find ${spelled.id} first, spelled in that locale`,
            found.slice(0, 2),
          );
        }
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

export const opsFixtureShapes: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-fixture-shapes",
  title: "(our fixture) a subroutine called twice from one rule is one edge; a rule destroying its kind cleans up",
  doc: "With our fixture edited on disk (restored after): a second call reference from a rule to a subroutine it already calls adds no callGraph edge (one edge per rule and callee); when the creating rule's first action becomes Destroy All HUD Text (source and fixture alike), its HUD text object reports sameKindCleanupInRule true, and false again once restored.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, ["callGraph", "persistentObjects"]);
    const base = JSON.parse(target.config.fixture!.text) as Record<string, any>;
    const edgesOf = async () =>
      items(await answer(target, t, { op: "callGraph", all: true })).map(
        (e) => `${String(e.callerAddress)} -> ${String(e.callee)}`,
      );
    try {
      const before = await edgesOf();
      const call = (base.references as any[]).find((r) => r.kind === "call" && r.rule !== null);
      if (call) {
        const f = structuredClone(base);
        f.references.push({ ...call });
        target.writeFixture(JSON.stringify(f));
        const after = await edgesOf();
        expect(
          sameJson(after, before),
          "a second call from the same rule to the same subroutine must not add an edge",
          { before, after },
        );
      }
      const hud = (base.persistentObjects as any[] | undefined)?.find((o) => o.kind === "hudText" && o.rule !== null);
      const rule = hud ? base.rules[hud.rule] : undefined;
      const first = rule?.actions?.[0];
      if (hud && first && first.span.start.line === first.span.end.line) {
        const f = structuredClone(base);
        const src = f.sources.find((x: any) => x.path === first.span.file);
        const lines = src.text.split("\n");
        const line = lines[first.span.start.line - 1] as string;
        const destroy = "Destroy All HUD Text";
        lines[first.span.start.line - 1] =
          line.slice(0, first.span.start.column - 1) + destroy + line.slice(first.span.end.column - 1);
        src.text = lines.join("\n");
        f.rules[hud.rule].actions[0] = {
          text: destroy,
          span: { ...first.span, end: { line: first.span.end.line, column: first.span.start.column + destroy.length } },
        };
        target.writeFixture(JSON.stringify(f));
        const objects = items((await answer(target, t, { op: "persistentObjects", all: true })).persistentObjects);
        const o = objects.find((x) => x.kind === "hudText" && x.rule === hud.rule);
        expect(
          o?.sameKindCleanupInRule === true,
          "a rule that destroys all HUD text cleans up the HUD text it creates (sameKindCleanupInRule)",
          o,
        );
      }
    } finally {
      target.restoreFixture();
    }
    const o = items((await answer(target, t, { op: "persistentObjects", all: true })).persistentObjects).find(
      (x) => x.kind === "hudText",
    );
    if (o)
      expect(
        o.sameKindCleanupInRule === false,
        "restored, the HUD text's rule destroys none (sameKindCleanupInRule false)",
        o,
      );
  },
};

// ---- round 9 (issue 17): edit preconditions, provider document sets, fixture edges ----

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

/** A destroy statement of each object kind (singular, no All) and its plural, and a create call (kinds as the fixture names them). */
const KIND_WORDS: Record<string, { destroy: string; plural: string; create: string }> = {
  hudText: { destroy: "Destroy HUD Text(Global.hudIds)", plural: "Destroy All HUD Text", create: "Create HUD Text" },
  effect: { destroy: "Destroy Effect(Global.waveEffect)", plural: "Destroy All Effects", create: "Create Effect" },
  inWorldText: {
    destroy: "Destroy In-World Text(Last Text ID)",
    plural: "Destroy All In-World Text",
    create: "Create In-World Text",
  },
  icon: { destroy: "Destroy Icon(Last Created Entity)", plural: "Destroy All Icons", create: "Create Icon" },
};

export const opsFixtureEdges: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-fixture-edges",
  title:
    "(our fixture) cfg blocks list their fixture action; persistent objects of every kind, cap and placement; a call outside a rule",
  doc: "With our fixture (a wright-agent-fixture/v1 document: a cfg block's action is \"Index in the rule's actions\", a persistent object's rule is \"Creating rule index, or null\" and its span the \"Creating action's span\"): cfg {all} reports each fixture block's action in actions. Edited on disk (restored after), with objects of the four kinds in rules that destroy their kind by a singular Destroy statement, in rules whose text only mentions a plural destroy inside a string, one created by a rule's first action, one in no rule, one whose span lies in no action of its rule, and more than the 20 a general list shows: persistentObjects {all} reports exactly the placed objects in an action, each with its creating action's index, its first argument as visibility, and sameKindCleanupInRule true exactly when one of the rule's actions is a destroy statement of its kind; persistentObjects {} shows 20 in {items, truncation}; a call reference outside any rule adds no callGraph edge.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, ["cfg", "persistentObjects", "callGraph", "rules"]);
    const base = JSON.parse(target.config.fixture!.text) as Record<string, any>;
    const rules = items((await answer(target, t, { op: "rules", max: 10_000 })).rules);
    for (const [k, r] of (base.rules as any[]).entries()) {
      const g = await target.call(t, {
        op: "cfg",
        rule: rules[k]!.id,
        snapshot: (await answer(target, t, { op: "rules", max: 0 })).snapshot,
        all: true,
      });
      if (g.kind !== "result") continue;
      const got = items(obj(g.value).blocks).map((b) => [b.id, b.actions]);
      const want = (r.cfg.blocks as any[]).map((b) => [
        b.id,
        b.action === null || b.action === undefined ? [] : [b.action],
      ]);
      expect(sameJson(got, want), `cfg of rule ${k} must list each block's fixture action`, { got, want });
    }
    const f = structuredClone(base);
    const objects: any[] = [];
    const place = (rule: number, action: number, kind: string, text: string, span?: unknown) => {
      f.rules[rule].actions[action].text = text;
      objects.push({ kind, storedIn: null, rule, destroyed: false, span: span ?? f.rules[rule].actions[action].span });
    };
    const kinds = Object.keys(KIND_WORDS);
    const withTwo = (f.rules as any[])
      .map((r, i) => [r, i] as const)
      .filter(([r]) => r.actions.length >= 2)
      .map(([, i]) => i);
    if (withTwo.length < kinds.length * 2 + 2) throw new SkipCheck("our fixture has too few rules with two actions");
    kinds.forEach((kind, n) => {
      const w = KIND_WORDS[kind]!;
      const cleans = withTwo[2 * n]!;
      f.rules[cleans].actions[0].text = w.destroy;
      place(cleans, 1, kind, `${w.create}( Event Player )`);
      const mentions = withTwo[2 * n + 1]!;
      f.rules[mentions].actions[0].text = `Small Message(All Players(All Teams), Custom String("${w.plural}"))`;
      place(mentions, 1, kind, `${w.create}(, All Players(All Teams), Position)`);
    });
    const first = withTwo[kinds.length * 2]!;
    place(first, 0, "icon", "Create Icon(Event Player, Arrow Down)");
    const outside = withTwo[kinds.length * 2 + 1]!;
    objects.push({
      kind: "icon",
      storedIn: null,
      rule: null,
      destroyed: false,
      span: f.rules[outside].actions[0].span,
    });
    objects.push({
      kind: "icon",
      storedIn: null,
      rule: outside,
      destroyed: false,
      span: f.rules[outside].nameSpan ?? { ...f.rules[outside].span, end: f.rules[outside].span.start },
    });
    const placed = objects.filter(
      (o) => o.rule !== null && o.span === (f.rules[o.rule].actions as any[]).find((a) => a.span === o.span)?.span,
    );
    while (objects.length <= 22) objects.push({ ...placed[objects.length % placed.length] });
    f.persistentObjects = objects;
    const call = (base.references as any[]).find((r) => r.kind === "call" && r.rule !== null);
    if (call) f.references.push({ ...call, rule: null, action: null });
    const edgesOf = async () =>
      items(await answer(target, t, { op: "callGraph", all: true })).map(
        (e) => `${String(e.callerAddress)} -> ${String(e.callee)}`,
      );
    const edgesBefore = await edgesOf();
    try {
      target.writeFixture(JSON.stringify(f));
      const reported = items((await answer(target, t, { op: "persistentObjects", all: true })).persistentObjects);
      const inAction = objects.filter(
        (o) => o.rule !== null && (f.rules[o.rule].actions as any[]).some((a) => sameJson(a.span, o.span)),
      );
      const want = inAction.map((o) => {
        const action = (f.rules[o.rule].actions as any[]).findIndex((a) => sameJson(a.span, o.span));
        const destroy = DESTROYS[o.kind]!;
        return [
          o.kind,
          o.rule,
          action,
          topLevelArguments(f.rules[o.rule].actions[action].text)[0] ?? "",
          (f.rules[o.rule].actions as any[]).some((a) => destroy.test(a.text)),
        ];
      });
      const got = reported.map((o) => [o.kind, o.rule, o.action, o.visibility, o.sameKindCleanupInRule]);
      expect(
        sameJson(got, want),
        "persistentObjects {all: true} must report exactly the objects placed in an action of their rule: kind, rule, creating action, its first argument as visibility, and whether the rule destroys that kind",
        { got, want },
      );
      const capped = obj((await answer(target, t, { op: "persistentObjects" })).persistentObjects);
      expect(
        list(capped.items).length === 20 &&
          obj(capped.truncation).total === inAction.length &&
          obj(capped.truncation).withheld === inAction.length - 20,
        `persistentObjects {} over ${inAction.length} objects must show 20 in {items, truncation}`,
        capped.truncation ?? capped,
      );
      if (call)
        expect(
          sameJson(await edgesOf(), edgesBefore),
          "a call reference outside any rule must add no callGraph edge",
          await edgesOf(),
        );
    } finally {
      target.restoreFixture();
    }
  },
};

export const opsWorkflowEdges: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-workflow-edges",
  title:
    "(our fixture) workflow envelopes on failure validate; check, inspect and analyze caps, condition-tree order and risk selection",
  doc: "With our fixture: compile of the error-free program succeeds (exit 0); simulate with a stale inputIdentity fails with a diagnostic, and its envelope validates against SimulateResult (result.athena_version and trace are required). Over a fixture that does not parse or is missing, check, compile and simulate answer envelopes that validate against their result schemas (check's result carries program and next), with a non-zero integer exit and the loader's code. analyze's risk selection is finding selection (the file filter keeps that file's findings; selection.byCode counts the selected codes). Edited on disk (restored after), with more than 20 diagnostics, more than 20 rules and a later rule with the most conditions: check shows 20 diagnostics with a truncation (all: every one), inspect 20 rules in {items, truncation} (all: every one), and analyze's condition trees are ranked largest first.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, [
      "check",
      "compile",
      "simulate",
      "analyze",
      "inspect",
      "findings",
      "project",
    ]);
    const valid = (op: string, env: Obj, what: string) => {
      const validate = operationEntry(op)!.validateResult;
      expect(validate(env), `${what}: the ${op} envelope does not validate against its result schema`, {
        env,
        errors: validate.errors,
      });
    };
    const p = await answer(target, t, { op: "project" });
    const out = `conformance-edges-${process.pid}.ow`;
    const compiled = await answer(target, t, { op: "compile", output: out, force: true });
    rmSync(join(target.config.cwd, out), { force: true });
    expect(
      compiled.ok === true && compiled.exit === 0,
      "compile of our error-free fixture must succeed (exit 0)",
      compiled,
    );
    const stale = await answer(target, t, { op: "simulate", inputIdentity: "0".repeat(64), seconds: 1 });
    valid("simulate", stale, "simulate with a stale inputIdentity");
    expect(
      stale.ok === false &&
        items(stale.diagnostics).length > 0 &&
        typeof items(stale.diagnostics)[0]!.code === "string",
      "simulate with a stale inputIdentity fails with a diagnostic naming its code",
      stale,
    );
    const findings = items((await answer(target, t, { op: "findings", all: true })).findings);
    for (const path of items(p.sourceFiles).map((f) => String(f.path))) {
      const a = obj((await answer(target, t, { op: "analyze", file: path, all: true })).result);
      const want = findings.filter((f) => obj(f.span).path === path).map((f) => f.code);
      expect(
        sameJson(sorted(items(a.risks).map((r) => String(r.code))), sorted(want.map(String))),
        `analyze {file: ${path}} must keep exactly that file's findings as risks`,
        a.risks,
      );
    }
    const selected = obj((await answer(target, t, { op: "analyze", severity: "info", all: true })).result);
    const byCode = obj(obj(selected.selection).byCode);
    if (selected.selection !== undefined && obj(selected.selection).byCode !== undefined)
      expect(
        sameJson(
          byCode,
          countBy(items(selected.risks), (r) => String(r.code)),
        ),
        "analyze {severity}: selection.byCode must count the selected risks by code",
        selected.selection,
      );
    const base = JSON.parse(target.config.fixture!.text) as Record<string, any>;
    try {
      for (const broken of ["parse", "missing"] as const) {
        if (broken === "parse") target.writeFixture("{ not a fixture");
        else target.removeFixture();
        for (const op of ["check", "compile", "simulate"]) {
          const env = obj(
            expectResult(
              await target.call(t, {
                op,
                ...(op === "simulate" ? { inputIdentity: "0".repeat(64), seconds: 1 } : {}),
                ...(op === "compile" ? { output: `conformance-${broken}.ow` } : {}),
              }),
              `${op} over a ${broken} fixture`,
            ),
          );
          valid(op, env, `${op} over a ${broken} fixture`);
          expect(
            Number.isInteger(env.exit) && Number(env.exit) > 0,
            `${op} over a ${broken} fixture must exit non-zero`,
            env,
          );
        }
      }
      const f = structuredClone(base);
      const d = f.diagnostics[0];
      for (let k = 0; k < 24; k++) f.diagnostics.push({ ...d, code: `conformance-probe-${k}`, severity: "warning" });
      const extra = (f.rules as any[]).findIndex((r) => r.conditions.length > 0 && r.actions.length > 0);
      while (f.rules.length <= 22) f.rules.push(structuredClone(f.rules[5]));
      const last = (f.rules as any[])
        .map((r, i) => [r, i] as const)
        .filter(([r]) => r.conditions.length > 0)
        .pop()![1];
      f.rules[last].conditions.push(
        ...structuredClone(f.rules[extra].conditions),
        ...structuredClone(f.rules[extra].conditions),
      );
      target.writeFixture(JSON.stringify(f));
      const n = f.diagnostics.length;
      const c = await answer(target, t, { op: "check" });
      expect(
        items(c.diagnostics).length === 20 &&
          obj(obj(c.result).truncation).total === n &&
          obj(obj(c.result).truncation).withheld === n - 20,
        `check over ${n} diagnostics shows 20 and reports the truncation`,
        { shown: items(c.diagnostics).length, truncation: obj(c.result).truncation },
      );
      expect(
        items((await answer(target, t, { op: "check", all: true })).diagnostics).length === n,
        `check {all: true} shows all ${n} diagnostics`,
      );
      const i = obj((await answer(target, t, { op: "inspect" })).result);
      expect(
        list(obj(i.rules).items).length === 20 && obj(obj(i.rules).truncation).total === f.rules.length,
        `inspect over ${f.rules.length} rules shows 20 in {items, truncation}`,
        obj(i.rules).truncation ?? i.rules,
      );
      expect(
        items(obj((await answer(target, t, { op: "inspect", all: true })).result).rules).length === f.rules.length,
        `inspect {all: true} lists all ${f.rules.length} rules`,
      );
      const trees = items(obj((await answer(target, t, { op: "analyze", all: true })).result).conditionTrees);
      expect(
        trees.length > 1 &&
          trees.every((x, k) => k === 0 || Number(trees[k - 1]!.conditions) >= Number(x.conditions)) &&
          trees[0]!.conditions === f.rules[last].conditions.length,
        "analyze's condition trees must be ranked by condition count, largest first",
        trees.map((x) => [x.ruleAddress, x.conditions]),
      );
    } finally {
      target.restoreFixture();
    }
  },
};

export const opsLintPolicy: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-lint-policy",
  title:
    "(our fixture) lint's verdict follows the policy's failOn; lint's file and severity selection; lintRules and costEstimate validate",
  doc: "The seed: \"--fail-on <LEVEL> configures SessionConfig.fail_on\" (the fixture's lintPolicy.failOn): lint is ok exactly when no finding is at or above failOn, exit 1 otherwise, on the complete set. lint {file} keeps that file's findings (their location's path), lint {severity} reports selection.byCode counting the selected findings by code; lintRules and costEstimate {severity, max: 1} answer results that validate against their schemas. Edited on disk (restored after): every error rule overridden to warning, with failOn error, warning and info.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, ["lint", "lintRules", "findings", "costEstimate", "project"]);
    const valid = async (request: Req) => {
      const r = await answer(target, t, request);
      const validate = operationEntry(request.op)!.validateResult;
      expect(validate(r), `${JSON.stringify(request)} does not validate against its result schema`, {
        r,
        errors: validate.errors,
      });
      return r;
    };
    await valid({ op: "lintRules" });
    const cost = await valid({ op: "costEstimate", severity: "info", max: 1 });
    const everything = items((await answer(target, t, { op: "costEstimate", all: true })).findings);
    expect(
      items(cost.findings).length === Math.min(1, everything.length) && obj(cost.selection).total === everything.length,
      "costEstimate {severity, max: 1} shows one finding and reports the selection's total",
      cost,
    );
    const all = items((await answer(target, t, { op: "lint", all: true })).findings);
    for (const path of items((await answer(target, t, { op: "project" })).sourceFiles).map((f) => String(f.path))) {
      const got = items((await answer(target, t, { op: "lint", file: path, all: true })).findings);
      expect(
        sameJson(
          got,
          all.filter((f) => String(f.location ?? "").startsWith(`${path}:`)),
        ),
        `lint {file: ${path}} must keep exactly that file's findings`,
        got,
      );
    }
    const sel = await answer(target, t, { op: "lint", severity: "info", all: true });
    if (obj(sel.selection).byCode !== undefined)
      expect(
        sameJson(
          obj(obj(sel.selection).byCode),
          countBy(items(sel.findings), (f) => String(f.code)),
        ),
        "lint {severity}: selection.byCode must count the selected findings by code",
        sel.selection,
      );
    const base = JSON.parse(target.config.fixture!.text) as Record<string, any>;
    try {
      for (const failOn of ["error", "warning", "info"]) {
        const f = structuredClone(base);
        f.project.lintPolicy.failOn = failOn;
        // No error findings: every rule that would report errors reports warnings.
        for (const r of f.lintRules as { id: string; defaultSeverity: string }[])
          if ((f.project.lintPolicy.severityOverrides[r.id] ?? r.defaultSeverity) === "error")
            f.project.lintPolicy.severityOverrides[r.id] = "warning";
        target.writeFixture(JSON.stringify(f));
        const findings = items((await answer(target, t, { op: "findings", all: true })).findings);
        const l = await answer(target, t, { op: "lint" });
        const fails = findings.some((x) => (SEVERITY_RANK[String(x.severity)] ?? 9) <= SEVERITY_RANK[failOn]!);
        expect(
          l.ok === !fails && l.exit === (fails ? 1 : 0),
          `with failOn ${failOn}, lint must be ok exactly when no finding is at or above it (${findings.length} findings)`,
          { ok: l.ok, exit: l.exit, severities: findings.map((x) => x.severity) },
        );
      }
    } finally {
      target.restoreFixture();
    }
  },
};

export const powerOpsChecks: Check<WrightAgentTarget>[] = [
  opsFixtureFacts,
  opsFixtureVariants,
  opsSourceFacts,
  opsProjectCounts,
  opsReferencesUsage,
  opsListFilters,
  opsCfg,
  opsCallGraph,
  opsCostEstimate,
  opsLint,
  opsVocabulary,
  opsEdits,
  opsWorkflows,
  opsEditStatements,
  opsStaticSurface,
  opsLocales,
  opsWaitActions,
  opsUnselectedShapes,
  opsFixtureShapes,
  opsEditSources,
  opsProviderDocuments,
  opsFixtureEdges,
  opsWorkflowEdges,
  opsLintPolicy,
];
