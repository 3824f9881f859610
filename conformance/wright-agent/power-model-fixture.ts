/**
 * Checks of the mock's model, the fixture format (docs/wright-agent.md#fixture-format): a fixture
 * broken by one rule is refused; the findings and the facts the fixture spells out are served as
 * written.
 */
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
} from "./util.js";

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
  const f = fixtureFacts(target);
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
