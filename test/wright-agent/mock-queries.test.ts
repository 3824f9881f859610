import { describe, expect, it } from "vitest";
import { items, ok, refused, workspace } from "./helpers.js";

describe("rule addresses through the operations", () => {
  const { svc } = workspace();

  it("NAME, NAME#N, the literal-# cases and the unnamed rule", async () => {
    // cfg and rules resolve the same grammar; cfg's result names no rule (upstream's CfgResult), so the
    // resolved rule is read from rules, and cfg must answer the same address with that rule's graph.
    const cfgOf = async (rule: unknown, extra = {}) => {
      const [r] = (await ok(svc, { op: "rules", rule, ...extra })).rules;
      expect(await ok(svc, { op: "cfg", rule, ...extra })).toEqual(
        await ok(svc, { op: "cfg", rule: r.id, snapshot: 1 }),
      );
      return { name: r.name, address: r.address };
    };
    expect(await cfgOf("Init")).toEqual({ name: "Init", address: "Init" });
    expect(await cfgOf("Tick#1")).toEqual({ name: "Tick", address: "Tick#1" });
    expect(await cfgOf("Bonus#2")).toEqual({ name: "Bonus#2", address: "Bonus#2" }); // lone a#2 resolves literally
    expect(await cfgOf("Tick#2#1")).toEqual({ name: "Tick#2", address: "Tick#2#1" }); // a#2#1 selects the literal
    expect(await cfgOf("#1")).toEqual({ name: "", address: "#1" });
    expect(await cfgOf(2, { snapshot: 1 })).toEqual({ name: "Tick", address: "Tick#2" }); // the index still reaches it
  });

  it("ambiguous-rule lists every candidate's canonical address (and id); unknown-rule suggests the nearest", async () => {
    const tick = await refused(svc, { op: "cfg", rule: "Tick" });
    expect(tick.code).toBe("ambiguous-rule");
    expect(tick.message).toMatch(/Tick#1.*Tick#2/);
    expect(tick.candidates).toEqual([
      { address: "Tick#1", id: 1 },
      { address: "Tick#2", id: 2 },
    ]);
    const a2 = await refused(svc, { op: "cfg", rule: "Tick#2" }); // a, a, a#2 makes a#2 ambiguous
    expect(a2.candidates!.map((c) => c.address)).toEqual(["Tick#2", "Tick#2#1"]);
    expect(a2.snapshot).toBe(1);
    const unknown = await refused(svc, { op: "cfg", rule: "Wave timr" });
    expect(unknown.code).toBe("unknown-rule");
    expect(unknown.message).toMatch(/did you mean "Wave timer"/);
    expect((await refused(svc, { op: "cfg", rule: 99, snapshot: 1 })).code).toBe("unknown-rule");
    expect((await refused(svc, { op: "costEstimate", rule: "Spawn wave" })).code).toBe("ambiguous-rule");
  });

  it("canonical addresses appear on every output that names a rule", async () => {
    const rules = items((await ok(svc, { op: "rules" })).rules as { address: string }[]).map((r) => r.address);
    expect(rules.slice(0, 6)).toEqual(["Init", "Tick#1", "Tick#2", "Tick#2#1", "Bonus#2", "#1"]);
    const refs = await ok(svc, { op: "references", symbol: "AwardPoints", kind: "call" });
    expect(refs.references[0].owningRule).toMatchObject({ id: 2, name: "Tick", address: "Tick#2" });
    const edges = items((await ok(svc, { op: "callGraph" })) as { callerAddress: string }[]);
    expect(edges.map((e) => e.callerAddress)).toContain("Spawn wave#2");
    const f = items(
      (await ok(svc, { op: "findings", rule: "duplicate-condition" })).findings as { ruleAddress: string }[],
    );
    expect(f[0]!.ruleAddress).toBe("Tick#2");
  });
});

describe("semantic query selection", () => {
  const { svc } = workspace();

  it("rules: bare list without selection; rule/file/max wrap with {total, withheld}", async () => {
    const plain = await ok(svc, { op: "rules" });
    expect(Array.isArray(plain.rules)).toBe(true);
    expect(plain.selection).toBeUndefined();
    const one = await ok(svc, { op: "rules", rule: "Wave timer" });
    expect(one.rules.map((r: { name: string }) => r.name)).toEqual(["Wave timer"]);
    expect(one.selection).toEqual({ total: 14, withheld: 0 });
    const waves = await ok(svc, { op: "rules", file: "lib/waves.ws", max: 2 });
    expect(waves.rules).toHaveLength(2);
    expect(waves.selection).toEqual({ total: 14, withheld: 2 });
    expect((await refused(svc, { op: "rules", rule: "Nope" })).code).toBe("invalid-selection");
    expect((await refused(svc, { op: "rules", rule: "Tick" })).code).toBe("ambiguous-rule");
    expect((await refused(svc, { op: "rules", file: "missing.ws" })).code).toBe("invalid-selection");
  });

  it("rules content: rule-content-v1 documents in the selection wrapper, at most 20 without max", async () => {
    const r = await ok(svc, { op: "rules", content: true, rule: "Init" });
    expect(r.selection).toEqual({ total: 14, withheld: 0 });
    expect(r.rules[0].content).toMatchObject({ format: "workshop-rs/rule-content-v1", event: "ongoingGlobal" });
    expect(r.rules[0].content.actions[2]).toMatchObject({
      call: "call-subroutine",
      text: "Call Subroutine(ResetRound)",
    });
  });

  it("symbols: kind alone keeps the filtered list; file/max wrap and count kind inside the selection", async () => {
    const subs = await ok(svc, { op: "symbols", kind: "subroutine" });
    expect(subs.selection).toBeUndefined();
    expect(subs.symbols.map((s: { name: string }) => s.name)).toEqual(["ResetRound", "AwardPoints", "SpawnWave"]);
    const wrapped = await ok(svc, { op: "symbols", kind: "subroutine", max: 1 });
    expect(wrapped.symbols).toHaveLength(1);
    expect(wrapped.selection).toEqual({ total: 29, withheld: 2 });
    const zero = await ok(svc, { op: "symbols", max: 0 });
    expect(zero).toMatchObject({ symbols: [], selection: { total: 29, withheld: 29 }, snapshot: 1 });
    const inWaves = await ok(svc, { op: "symbols", file: "lib/waves.ws" });
    expect(inWaves.symbols.every((s: { kind: string }) => s.kind === "rule")).toBe(true);
  });

  it("symbols past the default cap of 20 come as {items, truncation}; all: true lifts it", async () => {
    const capped = await ok(svc, { op: "symbols" });
    expect(capped.symbols.items).toHaveLength(20);
    expect(capped.symbols.truncation).toMatchObject({ total: 29, shown: 20, withheld: 9, limit: 20, reason: "count" });
    expect(capped.symbols.truncation.expand).toMatch(/all: true/);
    expect((await ok(svc, { op: "symbols", all: true })).symbols).toHaveLength(29);
  });

  it("references: usage header over all references, selection by kind/rule/file/max, owningRule on each", async () => {
    const all = await ok(svc, { op: "references", symbol: "globalVariable:score" });
    expect(all.symbol).toEqual({ id: 0, name: "score", kind: "globalVariable" });
    expect(all.usage).toEqual({
      reads: 3,
      writes: 4,
      calls: 0,
      rules: expect.any(Number),
      declarations: 1,
      definitions: 0,
      total: 8,
    });
    expect(all.usage.rules).toBe(
      new Set(items(all.references as { rule: number | null }[]).flatMap((r) => (r.rule === null ? [] : [r.rule])))
        .size,
    );
    expect(all.references[0]).toMatchObject({ kind: "declaration", owningRule: null, rule: null });
    const writes = await ok(svc, { op: "references", symbol: "globalVariable:score", kind: "write", max: 2 });
    expect(writes.references.map((r: { kind: string }) => r.kind)).toEqual(["write", "write"]);
    expect(writes.selection).toEqual({ total: 8, withheld: 2 });
    expect(writes.usage.total).toBe(8);
    const inInit = await ok(svc, { op: "references", symbol: "globalVariable:score", rule: "Init" });
    expect(inInit.references.every((r: { owningRule: { address: string } }) => r.owningRule.address === "Init")).toBe(
      true,
    );
    expect(inInit.references[0].owningRule.span).toMatchObject({ path: "main.ws" });
    expect((await refused(svc, { op: "references", symbol: "globalVariable:score", rule: "Nope" })).code).toBe(
      "invalid-selection",
    );
  });

  it("symbol addressing: ambiguous-symbol across kinds, unknown-symbol with a hint", async () => {
    const amb = await refused(svc, { op: "usage", symbol: "score" });
    expect(amb.code).toBe("ambiguous-symbol");
    expect(amb.candidates!.map((c) => c.address)).toEqual(["globalVariable:score", "playerVariable:score"]);
    const unknown = await refused(svc, { op: "references", symbol: "spawnPoint" });
    expect(unknown.code).toBe("unknown-symbol");
    expect(unknown.message).toMatch(/spawnPoints/);
    expect((await ok(svc, { op: "usage", symbol: "playerVariable:streak" })).writes).toBe(3);
    // usage answers upstream's UsageResult members only (declaration/definition counts are references' header).
    expect(Object.keys(await ok(svc, { op: "usage", symbol: "playerVariable:streak", snapshot: 1 })).sort()).toEqual([
      "calls",
      "id",
      "kind",
      "reads",
      "rules",
      "snapshot",
      "symbol",
      "writes",
    ]);
  });

  it("cfg selection filters blocks, which keep their ids and the full graph's successors", async () => {
    const full = await ok(svc, { op: "cfg", rule: "Player died" });
    const ifs = await ok(svc, { op: "cfg", rule: "Player died", kind: "while" });
    expect(ifs.blocks).toEqual([full.blocks.find((b: { kind: string }) => b.kind === "while")]);
    expect(ifs.selection).toEqual({ total: full.blocks.length, withheld: 0 });
    expect(ifs.entry).toBe(full.entry);
    expect(ifs.exit).toBe(full.exit);
  });

  it("callGraph: caller/callee/max selection; duplicate caller names are ambiguous-rule, never merged", async () => {
    // Without a selection the edge list is the result itself (upstream's bare array).
    const all = await ok(svc, { op: "callGraph" });
    expect(Array.isArray(all)).toBe(true);
    expect(all).toContainEqual({ caller: "Init", callerAddress: "Init", callee: "ResetRound" });
    const toSpawn = await ok(svc, { op: "callGraph", callee: "SpawnWave" });
    expect(toSpawn.edges.map((e: { callerAddress: string }) => e.callerAddress)).toEqual([
      "Award points",
      "Wave timer",
      "Spawn wave#2",
    ]);
    expect(toSpawn.selection).toEqual({ total: all.length, withheld: 0 });
    expect((await ok(svc, { op: "callGraph", caller: "Spawn wave#2" })).edges).toHaveLength(1);
    expect((await refused(svc, { op: "callGraph", caller: "Spawn wave" })).code).toBe("ambiguous-rule");
    expect((await refused(svc, { op: "callGraph", caller: "Nobody" })).code).toBe("invalid-selection");
    expect((await refused(svc, { op: "callGraph", callee: "Spawn" })).code).toBe("invalid-selection");
  });

  it("project and persistentObjects report the program with its snapshot", async () => {
    const p = await ok(svc, { op: "project" });
    expect(p.sourceFiles.map((s: { path: string }) => s.path)).toEqual(["main.ws", "lib/waves.ws"]);
    expect(p.inputIdentity).toBe(p.sourceFiles[0].identity);
    expect(p).toMatchObject({
      origin: { kind: "workshop" },
      files: 2,
      rules: 14,
      globalVariables: 8,
      playerVariables: 4,
      subroutines: 3,
      symbols: 29,
    });
    expect(p.findings).toBe(23);
    expect(p.findingsBySeverity).toEqual({ error: 2, warning: 4, info: 17 });
    expect(p.settings).toMatchObject({ lobby: { maxTeam1Players: 5 } });
    const objects = await ok(svc, { op: "persistentObjects" });
    expect(objects.persistentObjects[0]).toMatchObject({
      kind: "hudText",
      rule: 0,
      action: 3,
      executionScope: "global",
      visibility: "All Players(All Teams)",
      reevaluation: { domain: "hudText", mode: "Visible To and String" },
      identityRetained: true,
      sameKindCleanupInRule: false,
      storedIn: "globalVariable:hudIds",
      createdIn: { address: "Init" },
    });
  });
});
