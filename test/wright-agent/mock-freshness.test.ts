import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMockService } from "../../src/wright-agent/mock/index.js";
import { sha256Hex } from "../../src/wright-agent/mock/text.js";
import { DEFAULT_FIXTURE_TEXT, defaultFixture, ok, refused, tempDir, workspace } from "./helpers.js";

const STATIC_REQUESTS = [
  { op: "capabilities" },
  { op: "targetMetadata" },
  { op: "lookup", language: "workshop", query: "wait" },
  { op: "listEntries", language: "workshop", kind: "event" },
];

describe("snapshot generations", () => {
  it("the first program-reading request adopts generation 1; an unchanged input is never reloaded", async () => {
    const { svc } = workspace();
    expect(svc.session.generation).toBe(0);
    expect((await ok(svc, { op: "symbols", max: 0 })).snapshot).toBe(1);
    expect((await ok(svc, { op: "findings" })).snapshot).toBe(1);
    expect((await ok(svc, { op: "rules" })).snapshot).toBe(1);
  });

  it("capabilities, targetMetadata, lookup and listEntries neither need nor trigger a load", async () => {
    const { svc } = workspace();
    for (const r of STATIC_REQUESTS) await ok(svc, r);
    expect(svc.session.generation).toBe(0);
  });

  it("an on-disk edit is seen by the next request: new generation, old numeric ids stale-id, names still resolve", async () => {
    const w = workspace();
    const first = await ok(w.svc, { op: "symbols", kind: "subroutine" });
    const spawnWave = (first.symbols as { id: number; name: string }[]).find((s) => s.name === "SpawnWave")!;
    expect((await ok(w.svc, { op: "usage", symbol: spawnWave.id, snapshot: first.snapshot })).symbol).toBe("SpawnWave");

    const edited = defaultFixture();
    edited.findings.pop();
    w.write(edited);
    const stale = await refused(w.svc, { op: "usage", symbol: spawnWave.id, snapshot: first.snapshot });
    expect(stale.code).toBe("stale-id");
    expect(stale.message).toMatch(/current generation 2/);
    // Name addressing resolves against the current program with a stale or absent snapshot.
    expect((await ok(w.svc, { op: "usage", symbol: "subroutine:SpawnWave", snapshot: first.snapshot })).snapshot).toBe(
      2,
    );
    expect((await ok(w.svc, { op: "usage", symbol: "SpawnWave" })).id).toBe(spawnWave.id);
    expect((await ok(w.svc, { op: "usage", symbol: spawnWave.id, snapshot: 2 })).symbol).toBe("SpawnWave");
    expect((await ok(w.svc, { op: "project" })).findings).toBe(22);
  });

  it("a numeric id without a snapshot is stale-id even on a fresh program; every numeric address is checked", async () => {
    const { svc } = workspace();
    expect((await refused(svc, { op: "usage", symbol: 0 })).code).toBe("stale-id");
    expect((await refused(svc, { op: "cfg", rule: 0 })).code).toBe("stale-id");
    expect((await refused(svc, { op: "rules", rule: 0, snapshot: 7 })).code).toBe("stale-id");
    // references: the symbol is a name, but the rule filter is numeric.
    expect((await refused(svc, { op: "references", symbol: "globalVariable:score", rule: 0 })).code).toBe("stale-id");
    expect(
      (await ok(svc, { op: "references", symbol: "globalVariable:score", rule: 0, snapshot: 1 })).selection,
    ).toBeDefined();
  });

  it("listing has no side effect on id validity", async () => {
    const { svc } = workspace();
    await ok(svc, { op: "symbols", max: 0 });
    await ok(svc, { op: "symbols", max: 0 });
    expect((await ok(svc, { op: "usage", symbol: 0, snapshot: 1 })).snapshot).toBe(1);
  });
});

describe("loader failures and recovery", () => {
  it("a broken fixture refuses program-reading requests with parse-error until repaired; repair adopts a new generation", async () => {
    const w = workspace();
    await ok(w.svc, { op: "project" });
    w.write('{"format": "wright-agent-fixture/v1", ');
    const broken = await refused(w.svc, { op: "symbols" });
    expect(broken.code).toBe("parse-error");
    expect((await refused(w.svc, { op: "findings" })).code).toBe("parse-error"); // retried, still refused
    w.write({ ...defaultFixture(), rules: "nope" } as never);
    expect((await refused(w.svc, { op: "rules" })).message).toMatch(/rules must be array/);
    w.write(DEFAULT_FIXTURE_TEXT);
    // Byte-identical to the first load, yet a fresh adoption: 2, and generation-1 ids are refused.
    expect((await ok(w.svc, { op: "project" })).snapshot).toBe(2);
    expect((await refused(w.svc, { op: "usage", symbol: 0, snapshot: 1 })).code).toBe("stale-id");
  });

  it("a missing fixture is input-io; the service starts anyway and recovers when it appears", async () => {
    const dir = tempDir();
    const fixturePath = join(dir, "later.json");
    const svc = createMockService({ fixturePath, cwd: dir });
    expect((await refused(svc, { op: "project" })).code).toBe("input-io");
    for (const r of STATIC_REQUESTS) await ok(svc, r);
    const { writeFileSync } = await import("node:fs");
    writeFileSync(fixturePath, DEFAULT_FIXTURE_TEXT);
    expect((await ok(svc, { op: "project" })).snapshot).toBe(1);
    rmSync(fixturePath);
    expect((await refused(svc, { op: "lint" })).code).toBe("input-io");
  });

  it("while the project cannot load, static operations and provider edits carrying documents keep answering", async () => {
    const w = workspace();
    w.write("not json");
    for (const r of STATIC_REQUESTS) await ok(w.svc, r);
    const uri = "file:///work/game.opy";
    const text = 'rule "x":\n    wait(1)\n';
    const result = await ok(w.svc, {
      op: "providerValidateEdit",
      language_id: "opy",
      documents: { [uri]: { uri, languageId: "opy", version: 3, text } },
      transaction: {
        edits: [
          {
            kind: "replace",
            source: uri,
            source_identity: sha256Hex(text),
            range: { start_line: 2, start_col: 10, end_line: 2, end_col: 11 },
            new_text: "2",
          },
        ],
      },
    });
    expect(result.ok).toBe(true);
    expect(result.preview[0].new_text).toBe('rule "x":\n    wait(2)\n');
    // Without documents the provider operation derives them from the project, so it loads and refuses.
    const refusal = await refused(w.svc, {
      op: "providerValidateEdit",
      language_id: "opy",
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
    });
    expect(refusal.code).toBe("parse-error");
    expect(w.svc.session.generation).toBe(0);
  });

  it("workflows report a failed load inside the envelope instead of refusing", async () => {
    const w = workspace();
    w.write("{");
    const check = await ok(w.svc, { op: "check" });
    expect(check).toMatchObject({
      wright: { contract: "wright-result/v1" },
      command: "check",
      ok: false,
      exit: 1,
      result: { program: null },
    });
    expect(check.diagnostics[0]).toMatchObject({ code: "parse-error", source: { kind: "loader" } });
    const compile = await ok(w.svc, { op: "compile" });
    expect(compile).toMatchObject({ ok: false, result: {} });
    expect(compile.result.output).toBeUndefined();
    expect(compile.diagnostics[0].code).toBe("parse-error");
    rmSync(w.fixturePath);
    expect((await ok(w.svc, { op: "check" })).exit).toBe(2);
    // analyze and inspect are snapshot queries: they refuse.
    expect((await refused(w.svc, { op: "analyze" })).code).toBe("input-io");
    expect((await refused(w.svc, { op: "inspect" })).code).toBe("input-io");
  });

  it("a successful check supplies the snapshot later queries read", async () => {
    const { svc } = workspace();
    expect((await ok(svc, { op: "check" })).ok).toBe(true);
    expect(svc.session.generation).toBe(1);
    expect((await ok(svc, { op: "rules", max: 0 })).snapshot).toBe(1);
  });
});
