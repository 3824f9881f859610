/**
 * Address resolution and list shaping checks (the mock's: src/wright-agent/mock/resolve.ts,
 * addresses.ts, selection.ts):
 * the seed's name and address grammar (symbols by NAME and KIND:NAME, rules by NAME / NAME#N),
 * the refusals an address gets (unknown-*, ambiguous-* with their candidates, out-of-range
 * numeric ids), and when a finding list carries selection and truncation members. With our
 * fixture only (its rule and symbol names are the suite's facts, as in checks-state.ts); the
 * variants are written to the fixture and restored.
 */
import { expect, fail } from "../harness/check.js";
import { describe, type Outcome, type Transport, type WrightAgentTarget } from "./target.js";
import {
  expectRefusal,
  expectResult,
  list,
  needsOwnFixture,
  obj,
  sameJson,
  serviceTransport,
  type WrightAgentCheck,
} from "./util.js";

type Obj = Record<string, unknown>;

async function answer(target: WrightAgentTarget, t: Transport, request: Obj): Promise<Obj> {
  return obj(expectResult(await target.call(t, request as { op: string }), JSON.stringify(request)));
}

/**
 * An ambiguous-* refusal's candidates: the seed counts "the ambiguous-* refusal candidates" among
 * the responses that issue numeric ids, and the committed schema gives each candidate its address
 * (canonical rule address, or KIND:NAME) and its id under the refusal's snapshot. Compared as sets:
 * the contract fixes no order.
 */
function expectCandidates(o: Outcome, code: string, want: Map<string, number>, snapshot: unknown, what: string): void {
  expectRefusal(o, code, what);
  if (o.kind !== "refusal") return;
  const got = list(o.error.candidates).map(obj);
  const seen = new Map(got.map((c) => [String(c.address), c.id]));
  expect(
    got.length === want.size && [...want].every(([a, id]) => seen.get(a) === id),
    `${what}: ${code} must list every competing candidate with its address and id (${[...want].map(([a, id]) => `${a} = ${id}`).join(", ")})`,
    o.error,
  );
  expect(
    o.error.snapshot === snapshot,
    `${what}: the candidates' ids are scoped by the refusal's snapshot, the current generation ${String(snapshot)}`,
    o.error,
  );
}

async function symbolAddresses(target: WrightAgentTarget, t: Transport): Promise<void> {
  const listed = await answer(target, t, { op: "symbols", all: true });
  const snapshot = listed.snapshot;
  const symbols = list(listed.symbols).map(obj);
  const idOf = (kind: string, name: string) => {
    const s = symbols.find((x) => x.kind === kind && x.name === name);
    if (!s) fail(`the default fixture's ${kind} ${name} is missing from symbols`, symbols.length);
    return s.id as number;
  };
  const usage = (symbol: string | number, snap?: unknown) =>
    target.call(t, { op: "usage", symbol, ...(snap === undefined ? {} : { snapshot: snap }) });

  // "references/usage symbol takes NAME (non-rule symbols) or KIND:NAME (globalVariable/playerVariable/subroutine)"; "usage echoes id/kind".
  for (const [kind, name] of [
    ["globalVariable", "roundActive"],
    ["playerVariable", "respawns"],
    ["subroutine", "SpawnWave"],
  ] as const) {
    for (const address of [name, `${kind}:${name}`]) {
      const u = await answer(target, t, { op: "usage", symbol: address });
      expect(
        u.id === idOf(kind, name) && u.kind === kind,
        `usage ${address} must resolve ${kind} ${name} (id ${idOf(kind, name)}), got id ${String(u.id)} kind ${String(u.kind)}`,
        u,
      );
    }
  }
  for (const kind of ["globalVariable", "playerVariable"]) {
    const u = await answer(target, t, { op: "usage", symbol: `${kind}:score` });
    expect(
      u.id === idOf(kind, "score") && u.kind === kind,
      `usage ${kind}:score must select the ${kind} of the two named score`,
      u,
    );
  }
  // "a cross-kind collision is ambiguous-symbol naming each candidate".
  const want = new Map([
    ["globalVariable:score", idOf("globalVariable", "score")],
    ["playerVariable:score", idOf("playerVariable", "score")],
  ]);
  expectCandidates(
    await usage("score"),
    "ambiguous-symbol",
    want,
    snapshot,
    "usage score (a global and a player variable)",
  );
  expectCandidates(
    await target.call(t, { op: "references", symbol: "score" }),
    "ambiguous-symbol",
    want,
    snapshot,
    "references score",
  );
  // NAME matches non-rule symbols only, and rule is no KIND of the grammar: a rule's name addresses no symbol.
  expect(
    symbols.some((s) => s.kind === "rule" && s.name === "Init"),
    "the default fixture's rule symbol Init is missing from symbols",
  );
  expectRefusal(
    await usage("Init"),
    "unknown-symbol",
    "usage Init (a rule's name: NAME matches non-rule symbols only)",
  );
  expectRefusal(await usage("rule:Init"), "unknown-symbol", "usage rule:Init (rule is not a KIND of KIND:NAME)");
  expectRefusal(
    await usage("globalVariable:respawns"),
    "unknown-symbol",
    "usage globalVariable:respawns (a player variable: KIND:NAME selects that kind only)",
  );
  expectRefusal(await usage("conformanceNoSuchSymbol"), "unknown-symbol", "usage of a name nothing declares");
  // A numeric id no symbol has, with the current snapshot: unmatched, never another symbol or an internal error.
  const past = Math.max(...symbols.map((s) => Number(s.id))) + 1;
  expectRefusal(
    await usage(past, snapshot),
    "unknown-symbol",
    `usage of id ${past}, one past the largest id symbols issued`,
  );
  expectRefusal(await usage(past + 1000, snapshot), "unknown-symbol", `usage of id ${past + 1000}`);
}

export const resolveSymbolAddresses: WrightAgentCheck = {
  id: "wright-agent/resolve-symbol-addresses",
  title: "(our fixture) symbols by NAME and KIND:NAME: unique, ambiguous with candidates, unknown",
  doc: "The seed: references/usage symbol takes NAME (non-rule symbols) or KIND:NAME (globalVariable/playerVariable/subroutine); a cross-kind collision is ambiguous-symbol naming each candidate; unmatched is unknown-symbol; usage echoes id/kind; the ambiguous-* refusal candidates issue ids (the schema: each candidate's address and id, under the refusal's snapshot). With our fixture: roundActive, respawns and SpawnWave resolve by NAME and KIND:NAME to the ids symbols lists; globalVariable:score and playerVariable:score select their kind; score is ambiguous-symbol (usage and references) listing exactly both with their ids and the current snapshot; Init (a rule), rule:Init, globalVariable:respawns (another kind) and an undeclared name are unknown-symbol, and so is a numeric id past the largest one symbols issued.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    await symbolAddresses(target, await serviceTransport(target, ["symbols", "usage", "references"]));
  },
};

async function ruleAddresses(target: WrightAgentTarget, t: Transport): Promise<void> {
  const listed = await answer(target, t, { op: "rules", max: 1000 });
  const snapshot = listed.snapshot;
  const rules = list(listed.rules).map(obj);
  const idOf = (address: string) => {
    const r = rules.find((x) => x.address === address);
    if (!r)
      fail(
        `the default fixture's rule ${address} is missing from rules`,
        rules.map((x) => x.address),
      );
    return r.id as number;
  };
  const cfg = (rule: string | number, snap?: unknown) =>
    target.call(t, { op: "cfg", rule, ...(snap === undefined ? {} : { snapshot: snap }) });

  // "more is ambiguous-rule listing canonical addresses": Tick names two rules; Tick#2 reads as the
  // second Tick and as the literal Tick#2 (canonical Tick#2#1).
  expectCandidates(
    await cfg("Tick"),
    "ambiguous-rule",
    new Map([
      ["Tick#1", idOf("Tick#1")],
      ["Tick#2", idOf("Tick#2")],
    ]),
    snapshot,
    "cfg Tick",
  );
  expectCandidates(
    await cfg("Tick#2"),
    "ambiguous-rule",
    new Map([
      ["Tick#2", idOf("Tick#2")],
      ["Tick#2#1", idOf("Tick#2#1")],
    ]),
    snapshot,
    "cfg Tick#2",
  );
  // NAME#N is the whole address: "#N" ends it, N has no leading zero, NAME is everything before it.
  for (const address of ["Tick#1x", "Tick#01", "Tick#0", "x\nTick#1", "Init\n#1"]) {
    expectRefusal(
      await cfg(address),
      "unknown-rule",
      `cfg ${JSON.stringify(address)} (no rule has that name or is that declaration)`,
    );
  }
  // A rule index no rule has, with the current snapshot: unknown-rule for cfg's target, invalid-selection for a filter.
  const past = Math.max(...rules.map((r) => Number(r.id))) + 1;
  expectRefusal(
    await cfg(past, snapshot),
    "unknown-rule",
    `cfg of rule index ${past}, one past the largest index rules issued`,
  );
  expectRefusal(await cfg(past + 1000, snapshot), "unknown-rule", `cfg of rule index ${past + 1000}`);
  expectRefusal(
    await target.call(t, { op: "rules", rule: past, snapshot }),
    "invalid-selection",
    `rules {rule: ${past}} (a selection filter matching nothing)`,
  );
  expectRefusal(
    await target.call(t, { op: "references", symbol: "globalVariable:score", rule: past, snapshot }),
    "invalid-selection",
    `references filtered by rule index ${past}`,
  );

  // A name declared eleven times: NAME#10 and NAME#11 are its tenth and eleventh declarations.
  const base = JSON.parse(target.config.fixture!.text) as { rules: { name: string }[] };
  const last = base.rules[base.rules.length - 1]!;
  const variant = structuredClone(base);
  const copies = 11 - base.rules.filter((r) => r.name === last.name).length;
  for (let k = 0; k < copies; k++) variant.rules.push(structuredClone(last));
  try {
    target.writeFixture(JSON.stringify(variant));
    const now = await answer(target, t, { op: "rules", max: 1000 });
    const named = list(now.rules)
      .map(obj)
      .filter((r) => r.name === last.name);
    expect(
      named.length === 11,
      `the variant declares ${last.name} 11 times, rules lists ${named.length}`,
      named.length,
    );
    for (const n of [10, 11]) {
      const address = `${last.name}#${n}`;
      const [sel, ...more] = list((await answer(target, t, { op: "rules", rule: address })).rules).map(obj);
      expect(
        more.length === 0 && sel?.id === named[n - 1]?.id && sel?.address === address,
        `rules {rule: ${JSON.stringify(address)}} must select the ${n}th declaration of ${last.name} (index ${String(named[n - 1]?.id)})`,
        sel,
      );
      expectResult(await cfg(address), `cfg ${address}`);
    }
    expectRefusal(await cfg(`${last.name}#12`), "unknown-rule", `cfg ${last.name}#12 (declared 11 times)`);
  } finally {
    target.restoreFixture();
  }
}

export const resolveRuleAddresses: WrightAgentCheck = {
  id: "wright-agent/resolve-rule-addresses",
  title:
    "(our fixture) rule addresses: ambiguous-rule candidates, the whole-address NAME#N reading, out-of-range indexes",
  doc: "The seed: NAME selects a uniquely-named rule, NAME#N the Nth declaration of NAME (1-based, no leading zeroes; unnamed rules take #N); one reading resolves, none is unknown-rule, more is ambiguous-rule listing canonical addresses (the ambiguous-* candidates issue ids: the schema gives each its address and id under the refusal's snapshot); a rule filter that matches nothing is invalid-selection. With our fixture: cfg Tick lists exactly Tick#1 and Tick#2, cfg Tick#2 exactly Tick#2 and Tick#2#1, each with the index rules reports and the current snapshot; Tick#1x, Tick#01, Tick#0, and a name with a line break before Tick#1 or #1 are unknown-rule; a rule index past the largest one rules issued is unknown-rule for cfg and invalid-selection for the rules and references filters. Variant (restored after): the last rule declared 11 times; NAME#10 and NAME#11 select the 10th and 11th declarations, NAME#12 is unknown-rule.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    await ruleAddresses(target, await serviceTransport(target, ["rules", "cfg", "references"]));
  },
};

async function selectionShapes(target: WrightAgentTarget, t: Transport): Promise<void> {
  const all = list((await answer(target, t, { op: "findings", all: true })).findings).map(obj);
  expect(all.length === 23, `the default fixture serves 23 findings, findings all: true listed ${all.length}`);
  const counts = new Map<string, number>();
  for (const f of all) counts.set(String(f.code), (counts.get(String(f.code)) ?? 0) + 1);

  // "When a request applies any selection field, the result reports selection"; rule selects one lint rule id.
  for (const [code, n] of counts) {
    const r = await answer(target, t, { op: "findings", rule: code, all: true });
    const got = list(r.findings).map(obj);
    expect(
      got.length === n && got.every((f) => f.code === code),
      `findings {rule: ${code}} must select exactly its ${n} findings, got ${got.length} (codes ${[...new Set(got.map((f) => String(f.code)))].join(", ")})`,
    );
    expect(
      sameJson(r.selection, { total: all.length, withheld: 0, byCode: { [code]: n } }),
      `findings {rule: ${code}} reports selection {total ${all.length}, withheld 0, byCode {${code}: ${n}}}`,
      r.selection,
    );
  }
  const entry = all.map((f) => obj(f.span).path).find((p) => typeof p === "string");
  const byFile = await answer(target, t, { op: "findings", file: String(entry), all: true });
  expect(
    obj(byFile.selection).total === all.length && Array.isArray(byFile.findings),
    `findings {file: ${String(entry)}} reports selection (total ${all.length}) beside a bare findings array`,
    byFile.selection,
  );

  // "A capped list reports a truncation member with its total, shown and withheld counts, and an expand hint";
  // the schema: in a selection wrapper, truncation is present when the default cap withheld findings.
  const expand = (tr: unknown) => typeof obj(tr).expand === "string" && obj(tr).expand !== "";
  const capped = obj((await answer(target, t, { op: "findings" })).findings);
  expect(
    expand(capped.truncation),
    "findings without selection: the capped list's truncation carries an expand hint (how to see the rest)",
    capped.truncation,
  );
  const info = await answer(target, t, { op: "findings", severity: "info" });
  const shown = list(info.findings);
  expect(
    Array.isArray(info.findings) && shown.length === 20,
    `findings {severity: info} (no max, no all): the default cap shows 20 in a bare array, got ${shown.length}`,
  );
  expect(
    obj(info.selection).total === 23 && obj(info.selection).withheld === 3,
    "findings {severity: info}: selection {total 23, withheld 3} (withheld by the default cap)",
    info.selection,
  );
  const tr = obj(info.truncation);
  expect(
    tr.total === 23 && tr.shown === 20 && tr.withheld === 3 && expand(tr),
    "findings {severity: info}: the default cap withheld 3, so the wrapper carries truncation {total 23, shown 20, withheld 3, expand}",
    info.truncation,
  );

  // Variant (restored after): exactly 20 findings served, the default cap cuts nothing: a bare list.
  const base = JSON.parse(target.config.fixture!.text) as { findings: { code: string }[] };
  const variant = structuredClone(base);
  for (let k = 0; k < 3; k++)
    variant.findings.splice(variant.findings.map((f) => f.code).lastIndexOf("magic-number"), 1);
  try {
    target.writeFixture(JSON.stringify(variant));
    const twenty = (await answer(target, t, { op: "findings" })).findings;
    expect(
      Array.isArray(twenty) && twenty.length === 20,
      `20 findings are not capped: findings must be a bare array of 20, got ${describe({ kind: "result", value: twenty })}`,
    );
  } finally {
    target.restoreFixture();
  }
}

export const resolveSelectionShapes: WrightAgentCheck = {
  id: "wright-agent/resolve-selection-shapes",
  title:
    "(our fixture) finding selection by rule and file reports selection; the default cap's truncation and its edge",
  doc: "The seed: findings accept severity, rule (one lint rule id), file and max; any selection field makes the result {findings, selection: {total, withheld, byCode}}; general lists default to at most 20 items, a capped list reports a truncation member with total, shown, withheld and an expand hint (the schema: in a selection wrapper, truncation is present when the default cap withheld findings); filters still apply under all: true. With our fixture (23 served findings): findings {rule: CODE, all: true} lists exactly CODE's findings with selection {total 23, withheld 0, byCode {CODE: n}} for every code served; findings {file} carries selection; the capped unselected list's truncation carries a non-empty expand; findings {severity: info} shows 20 in a bare array with selection {total 23, withheld 3} and truncation {total 23, shown 20, withheld 3, expand}. Variant (restored after): with three magic-number findings removed (20 served) findings is a bare array of 20, not {items, truncation}.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    await selectionShapes(target, await serviceTransport(target, ["findings"]));
  },
};

export const powerResolveChecks: WrightAgentCheck[] = [
  resolveSymbolAddresses,
  resolveRuleAddresses,
  resolveSelectionShapes,
];
