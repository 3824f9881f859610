/**
 * Stateful semantics, checked only when the target serves OUR fixture (the suite owns the file and
 * knows its content, the bundled default project): snapshot generations and stale ids across an
 * edit on disk, freshness and recovery, the NAME / NAME#N grammar, and exact selection numbers.
 * Every check restores the fixture before it returns.
 */
import type { CheckContext } from "../harness/check.js";
import { expect, fail } from "../harness/check.js";
import { describe, TRANSPORTS, type Transport, type WrightAgentTarget } from "./target.js";
import {
  expectRefusal,
  expectResult,
  list,
  needsOwnFixture,
  obj,
  perTransport,
  requireOperations,
  type WrightAgentCheck,
} from "./util.js";

/** The fixture with a comment appended to its last source: a content change that keeps every span valid. */
export function touchedFixture(text: string, marker: string): string {
  const fixture = JSON.parse(text) as { sources: { text: string }[] };
  const last = fixture.sources[fixture.sources.length - 1]!;
  last.text += `\n// ${marker}\n`;
  return JSON.stringify(fixture);
}

async function withFixture(target: WrightAgentTarget, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } finally {
    target.restoreFixture();
  }
}

function snapshotOf(value: unknown, what: string): number {
  const s = obj(value).snapshot;
  if (typeof s !== "number") fail(`${what}: result carries no numeric snapshot`, value);
  return s;
}

async function symbolsNow(
  target: WrightAgentTarget,
  t: Transport,
): Promise<{ snapshot: number; id: number; name: string; kind: string }> {
  const r = expectResult(await target.call(t, { op: "symbols", max: 50 }), "symbols");
  const sym = list(obj(r).symbols)
    .map(obj)
    .find((s) => s.kind === "globalVariable" && s.name === "roundActive");
  if (!sym) fail("the default fixture's globalVariable roundActive is missing", r);
  return { snapshot: snapshotOf(r, "symbols"), id: Number(sym.id), name: String(sym.name), kind: String(sym.kind) };
}

async function staleIds(target: WrightAgentTarget, t: Transport, ctx: CheckContext): Promise<void> {
  await requireOperations(target, t, ["symbols", "usage", "cfg", "references"]);
  const before = await symbolsNow(target, t);
  const byId = (snapshot?: number) => ({
    op: "usage",
    symbol: before.id,
    ...(snapshot === undefined ? {} : { snapshot }),
  });
  const used = obj(expectResult(await target.call(t, byId(before.snapshot)), "usage by id with the current snapshot"));
  expect(used.id === before.id, `usage by id answered id ${String(used.id)}, not ${before.id}`);
  expectRefusal(await target.call(t, byId()), "stale-id", "a numeric symbol without snapshot");
  expectRefusal(
    await target.call(t, byId(before.snapshot + 1000)),
    "stale-id",
    "a numeric symbol with a generation never issued",
  );

  target.writeFixture(touchedFixture(target.config.fixture!.text, `edited by ${t}`));
  const after = await symbolsNow(target, t);
  expect(
    after.snapshot !== before.snapshot,
    `an edit on disk must adopt a new generation (snapshot stayed ${before.snapshot})`,
  );
  expectRefusal(
    await target.call(t, byId(before.snapshot)),
    "stale-id",
    `usage of id ${before.id} with the pre-edit snapshot ${before.snapshot}`,
  );
  expectRefusal(
    await target.call(t, { op: "cfg", rule: 1, snapshot: before.snapshot }),
    "stale-id",
    "cfg of rule index 1 with the pre-edit snapshot",
  );
  expectResult(
    await target.call(t, { op: "cfg", rule: 1, snapshot: after.snapshot }),
    "cfg of rule index 1 with the current snapshot",
  );
  expectResult(await target.call(t, byId(after.snapshot)), "usage by id with the new snapshot");
  const named = obj(
    expectResult(
      await target.call(t, { op: "usage", symbol: `${before.kind}:${before.name}`, snapshot: before.snapshot }),
      "a name address with a stale snapshot (names are never stale)",
    ),
  );
  expect(named.id === before.id, "a name address resolved to another symbol");
  expectResult(
    await target.call(t, {
      op: "references",
      symbol: `${before.kind}:${before.name}`,
      rule: "Init",
      snapshot: before.snapshot,
    }),
    "references by names only, stale snapshot ignored",
  );

  target.restoreFixture();
  const restored = await symbolsNow(target, t);
  expect(
    restored.snapshot !== after.snapshot && restored.snapshot !== before.snapshot,
    `restoring the input adopts a fresh generation (got ${restored.snapshot}; before ${before.snapshot}, edited ${after.snapshot})`,
  );
  expectRefusal(
    await target.call(t, byId(after.snapshot)),
    "stale-id",
    "an id of the edited generation after the restore",
  );
  expectRefusal(
    await target.call(t, byId(before.snapshot)),
    "stale-id",
    "an id of the original generation after the restore (never resurrected)",
  );
  ctx.log(`[${t}] generations ${before.snapshot} -> ${after.snapshot} -> ${restored.snapshot}`);
}

export const stateStaleIds: WrightAgentCheck = {
  id: "wright-agent/state-stale-ids",
  title: "(our fixture) numeric ids are scoped to their snapshot: stale after an edit on disk, names never stale",
  doc: "With our fixture: usage by numeric id works with the current snapshot and is stale-id without one; after the fixture changes on disk the next request adopts a new generation, and the old snapshot's ids (usage, cfg rule index) are stale-id while the new ones work; a name address with a stale snapshot still resolves; restoring the original bytes adopts yet another generation and never resurrects old ids.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    await perTransport(target, TRANSPORTS, ctx, (t) => withFixture(target, () => staleIds(target, t, ctx)));
  },
};

export const stateFreshness: WrightAgentCheck = {
  id: "wright-agent/state-freshness",
  title:
    "(our fixture) a broken or missing input refuses with the loader code until repaired; static operations keep answering",
  doc: "With our fixture broken on disk, program-reading requests refuse with parse-error (missing: input-io) and are retried on every request; capabilities, targetMetadata and lookup answer throughout without loading; check reports the failure inside its envelope (a workflow); once repaired the next request answers with a new snapshot — no restart.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    await perTransport(target, TRANSPORTS, ctx, (t) =>
      withFixture(target, async () => {
        await requireOperations(target, t, ["symbols", "rules"]);
        const reach = await target.reachable(t);
        const first = await symbolsNow(target, t);
        target.writeFixture("{ this is not a fixture");
        expectRefusal(await target.call(t, { op: "symbols" }), "parse-error", "symbols over a broken fixture");
        expectRefusal(
          await target.call(t, { op: "rules" }),
          "parse-error",
          "rules over a still broken fixture (retried, never the old program)",
        );
        for (const op of ["capabilities", "targetMetadata"].filter((o) => reach.includes(o)))
          expectResult(await target.call(t, { op }), `${op} while the project cannot load`);
        if (reach.includes("lookup"))
          expectResult(
            await target.call(t, { op: "lookup", language: "workshop", query: "wait" }),
            "lookup while the project cannot load",
          );
        if (reach.includes("check")) {
          const env = obj(
            expectResult(
              await target.call(t, { op: "check" }),
              "check over a broken fixture (a workflow reports, never refuses)",
            ),
          );
          expect(
            env.ok === false && env.exit !== 0,
            "check over a broken fixture must fail (ok: false, non-zero exit)",
            env,
          );
        }
        target.removeFixture();
        expectRefusal(await target.call(t, { op: "symbols" }), "input-io", "symbols over a missing fixture");
        target.restoreFixture();
        const back = await symbolsNow(target, t);
        expect(
          back.snapshot !== first.snapshot,
          `recovery adopts a new generation (snapshot stayed ${first.snapshot})`,
        );
      }),
    );
  },
};

export const stateRuleAddresses: WrightAgentCheck = {
  id: "wright-agent/state-rule-addresses",
  title: "(our fixture) the NAME / NAME#N rule grammar, literal # included",
  doc: "With our fixture (rules Tick, Tick, a literal Tick#2, a lone literal Bonus#2, an unnamed rule, two Spawn wave): Tick is ambiguous-rule listing Tick#1 and Tick#2; Tick#1 selects the first; Tick#2 is ambiguous (the second Tick and the literal); Tick#2#1 selects the literal; Bonus#2 resolves literally; #1 is the unnamed rule; an unknown name is unknown-rule; and every canonical address rules reports selects its own rule or fails ambiguous-rule.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    await perTransport(target, TRANSPORTS, ctx, async (t) => {
      await requireOperations(target, t, ["cfg", "rules"]);
      const cfg = (rule: string) => target.call(t, { op: "cfg", rule });
      // cfg's result names no rule (upstream's CfgResult), so which rule an address selected is read from
      // rules, which resolves the same grammar; cfg must answer the same address too.
      const sel = (rule: string) => target.call(t, { op: "rules", rule });
      const addr = async (o: Awaited<ReturnType<typeof cfg>>, what: string) => {
        expectResult(o, what);
        const rule = String(what.replace(/^cfg /, ""));
        const [entry] = list(obj(expectResult(await sel(rule), `rules ${rule}`)).rules).map(obj);
        return entry?.address;
      };
      const tick = await cfg("Tick");
      expectRefusal(tick, "ambiguous-rule", "cfg Tick");
      if (tick.kind === "refusal")
        expect(
          tick.error.message.includes("Tick#1") && tick.error.message.includes("Tick#2"),
          "ambiguous-rule must list the canonical addresses Tick#1 and Tick#2",
          tick.error,
        );
      expect((await addr(await cfg("Tick#1"), "cfg Tick#1")) === "Tick#1", "Tick#1 must select the first Tick");
      expectRefusal(await cfg("Tick#2"), "ambiguous-rule", "cfg Tick#2 (second Tick vs the literal Tick#2)");
      expect(
        (await addr(await cfg("Tick#2#1"), "cfg Tick#2#1")) === "Tick#2#1",
        "Tick#2#1 must select the literal Tick#2",
      );
      expect(
        (await addr(await cfg("Bonus#2"), "cfg Bonus#2")) === "Bonus#2",
        "a lone literal Bonus#2 resolves literally",
      );
      expect((await addr(await cfg("#1"), "cfg #1")) === "#1", "#1 selects the first unnamed rule");
      expect(
        (await addr(await cfg("Spawn wave#2"), "cfg Spawn wave#2")) === "Spawn wave#2",
        "Spawn wave#2 selects the second Spawn wave",
      );
      expectRefusal(await cfg("No such rule"), "unknown-rule", "cfg of an unknown name");
      const rules = list(obj(expectResult(await target.call(t, { op: "rules", max: 50 }), "rules")).rules).map(obj);
      expect(rules.length === 14, `the default fixture has 14 rules, rules listed ${rules.length}`);
      for (const r of rules) {
        const o = await cfg(String(r.address));
        if (o.kind === "refusal" && o.error.code === "ambiguous-rule") continue;
        expect(
          (await addr(o, `cfg ${String(r.address)}`)) === r.address,
          `the canonical address ${String(r.address)} selected another rule (${describe(o)})`,
        );
      }
    });
  },
};

export const stateSelection: WrightAgentCheck = {
  id: "wright-agent/state-selection",
  title: "(our fixture) selection numbers, the default cap of 20, all: true, invalid-selection",
  doc: "With our fixture (23 served findings: repeated-value 3, duplicate-condition 1, loop-without-wait 2, unused-variable 3, magic-number 14): findings without selection are capped at 20 as {items, truncation}; all: true lists 23; max 5 reports selection {total 23, withheld 18, byCode} with byCode counting all 23; severity error selects the 2 errors; an unknown lint rule id, an unknown rule filter and an out-of-domain kind are invalid-selection.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    await perTransport(target, TRANSPORTS, ctx, async (t) => {
      await requireOperations(target, t, ["findings", "references", "cfg", "symbols"]);
      const capped = obj(obj(expectResult(await target.call(t, { op: "findings" }), "findings")).findings);
      expect(
        Array.isArray(capped.items) && (capped.items as unknown[]).length === 20,
        "findings without selection: 20 items in {items, truncation}",
        capped,
      );
      expect(
        obj(capped.truncation).total === 23 && obj(capped.truncation).withheld === 3,
        "truncation must report total 23, withheld 3",
        capped.truncation,
      );
      const all = obj(expectResult(await target.call(t, { op: "findings", all: true }), "findings all"));
      expect(
        Array.isArray(all.findings) && (all.findings as unknown[]).length === 23,
        "all: true lists all 23 findings",
      );
      const five = obj(expectResult(await target.call(t, { op: "findings", max: 5 }), "findings max 5"));
      const sel = obj(five.selection);
      expect(
        (five.findings as unknown[]).length === 5 && sel.total === 23 && sel.withheld === 18,
        "max 5: 5 shown, selection {total 23, withheld 18}",
        sel,
      );
      expect(
        JSON.stringify(sel.byCode) ===
          JSON.stringify({
            "repeated-value": 3,
            "duplicate-condition": 1,
            "loop-without-wait": 2,
            "unused-variable": 3,
            "magic-number": 14,
          }),
        "byCode counts the filtered set before max",
        sel.byCode,
      );
      const errors = obj(
        expectResult(await target.call(t, { op: "findings", severity: "error" }), "findings severity error"),
      );
      expect(
        (errors.findings as unknown[]).length === 2 && obj(errors.selection).withheld === 0,
        "severity error selects the 2 errors",
        errors.selection,
      );
      expectRefusal(
        await target.call(t, { op: "findings", rule: "no-such-lint-rule" }),
        "invalid-selection",
        "findings of an unknown lint rule",
      );
      expectRefusal(
        await target.call(t, { op: "references", symbol: "globalVariable:score", rule: "No such rule" }),
        "invalid-selection",
        "references filtered by a rule that matches nothing",
      );
      expectRefusal(
        await target.call(t, { op: "cfg", rule: "Init", kind: "loop" }),
        "invalid-selection",
        "cfg kind outside the domain",
      );
      const sym = obj(expectResult(await target.call(t, { op: "symbols", max: 0 }), "symbols max 0"));
      expect(
        (sym.symbols as unknown[]).length === 0 && typeof sym.snapshot === "number" && obj(sym.selection).total === 29,
        "symbols {max: 0}: no symbols, a snapshot, selection.total 29",
        sym,
      );
    });
  },
};

export const stateChecks = [stateStaleIds, stateFreshness, stateRuleAddresses, stateSelection];
