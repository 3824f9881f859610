/** Operation checks on our fixture: call-graph and clean-up shapes, and the fixture's edges. */
import { expect, SkipCheck, type Check } from "../harness/check.js";
import { type WrightAgentTarget, describe as show } from "./target.js";
import { list, needsOwnFixture, obj, sameJson, serviceTransport } from "./util.js";
import { answer, items, topLevelArguments, DESTROYS } from "./ops-shared.js";

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
