import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMockService } from "../../src/wright-agent/mock/index.js";
import { sha256Hex } from "../../src/wright-agent/mock/text.js";
import { defaultFixture, ok, tempDir, workspace } from "./helpers.js";

const codes = (envelope: { diagnostics: { code: string }[] }) => envelope.diagnostics.map((d) => d.code);

describe("compile", () => {
  it("writes <entry stem>.ow in the working directory and reports written_to and sha256, never the text", async () => {
    const out = tempDir();
    const w = workspace(undefined, { cwd: out });
    const r = await ok(w.svc, { op: "compile" });
    expect(r).toMatchObject({
      wright: { contract: "wright-result/v1", version: "0.1.0" },
      command: "compile",
      ok: true,
      exit: 0,
      result: {
        output: {
          written_to: join(out, "main.ow"),
          locale: "en-US",
          input_identity: sha256Hex(defaultFixture().sources[0]!.text),
        },
      },
    });
    const text = readFileSync(join(out, "main.ow"), "utf8");
    expect(r.result.output.sha256).toBe(sha256Hex(text));
    expect(text).toContain('rule("Wave timer")');
    expect(JSON.stringify(r)).not.toContain("Wave timer");
    // emittedBytes is the size of the same program text.
    expect((await ok(w.svc, { op: "costEstimate", max: 0 })).exact.emittedBytes).toBe(Buffer.byteLength(text));
  });

  it("never overwrites without force; force replaces", async () => {
    const w = workspace();
    writeFileSync(join(w.dir, "out.ow"), "keep me");
    const refused = await ok(w.svc, { op: "compile", output: "out.ow" });
    expect(refused).toMatchObject({ ok: false, exit: 2, result: {} });
    expect(codes(refused)).toEqual(["output-exists"]);
    expect(readFileSync(join(w.dir, "out.ow"), "utf8")).toBe("keep me");
    const forced = await ok(w.svc, { op: "compile", output: "out.ow", force: true });
    expect(forced.exit).toBe(0);
    expect(readFileSync(join(w.dir, "out.ow"), "utf8")).not.toBe("keep me");
    // Every repeat compile to the same file needs force again.
    expect(codes(await ok(w.svc, { op: "compile", output: "out.ow" }))).toEqual(["output-exists"]);
  });

  it("never overwrites its input, even with force (source files, the fixture itself, through a symlink)", async () => {
    const w = workspace();
    const before = readFileSync(w.fixturePath, "utf8");
    for (const output of ["main.ws", "./lib/waves.ws", "project.json", w.fixturePath]) {
      const r = await ok(w.svc, { op: "compile", output, force: true });
      expect(codes(r), output).toEqual(["output-is-input"]);
      expect(r.exit).toBe(2);
    }
    symlinkSync(w.fixturePath, join(w.dir, "alias.ow"));
    expect(codes(await ok(w.svc, { op: "compile", output: "alias.ow", force: true }))).toEqual(["output-is-input"]);
    expect(readFileSync(w.fixturePath, "utf8")).toBe(before);
    // The default output name in the project directory is not an input (main.ws -> main.ow).
    expect((await ok(w.svc, { op: "compile" })).exit).toBe(0);
  });

  it("to: translates to a complete declared locale; an undeclared one is invalid-locale; missing mappings write nothing", async () => {
    const w = workspace();
    const de = await ok(w.svc, { op: "compile", output: "de.ow", to: "de-DE" });
    expect(de).toMatchObject({ exit: 0, result: { output: { locale: "de-DE" } } });
    const text = readFileSync(join(w.dir, "de.ow"), "utf8");
    expect(text).toContain("Warten(1, Ignore Condition)");
    expect(text).toContain("Subroutine aufrufen(ResetRound)");
    expect(text).not.toMatch(/\bWait\(/);
    const undeclared = await ok(w.svc, { op: "compile", output: "xx.ow", to: "xx-XX" });
    expect(undeclared).toMatchObject({ ok: false, exit: 2 });
    expect(codes(undeclared)).toEqual(["invalid-locale"]);
    const fr = await ok(w.svc, { op: "compile", output: "fr.ow", to: "fr-FR" });
    expect(fr.ok).toBe(false);
    expect(codes(fr)).toContain("missing-mapping");
    expect(fr.diagnostics.find((d: { code: string }) => d.code === "missing-mapping").message).toMatch(
      /Count Of, Wait/,
    );
    expect(existsSync(join(w.dir, "fr.ow"))).toBe(false);
    expect(existsSync(join(w.dir, "xx.ow"))).toBe(false);
  });

  it("a failed compile writes no file and leaves no temporary behind", async () => {
    const f = defaultFixture();
    f.diagnostics!.push({ code: "type-mismatch", severity: "error", message: "Wait expects a number", span: null });
    const w = workspace(f);
    const r = await ok(w.svc, { op: "compile", output: "bad.ow" });
    expect(r).toMatchObject({ ok: false, exit: 1, result: {} });
    expect(codes(r)).toContain("type-mismatch");
    expect(readdirSync(w.dir).sort()).toEqual(["project.json"]);
  });

  it("an unwritable output is a structured failure, not a crash", async () => {
    const w = workspace();
    mkdirSync(join(w.dir, "taken.ow"));
    const r = await ok(w.svc, { op: "compile", output: "taken.ow", force: true });
    expect(codes(r)).toContain("output-io");
    expect(
      (await ok(w.svc, { op: "compile", output: "no/such/dir/x.ow" })).diagnostics.map((d: { code: string }) => d.code),
    ).toContain("output-io");
  });
});

describe("check, analyze, inspect, simulate envelopes", () => {
  it("check: verdict, diagnostics and the program summary; errors fail it", async () => {
    const { svc } = workspace();
    const pass = await ok(svc, { op: "check" });
    expect(pass).toMatchObject({
      ok: true,
      exit: 0,
      result: {
        program: {
          origin: { kind: "workshop" },
          files: 2,
          rules: 14,
          globalVariables: 8,
          playerVariables: 4,
          subroutines: 3,
        },
      },
    });
    expect(codes(pass)).toEqual(["deprecated-spelling"]);
    const f = defaultFixture();
    f.diagnostics!.push({ code: "type-mismatch", severity: "error", message: "m", span: null });
    expect(await ok(workspace(f).svc, { op: "check" })).toMatchObject({ ok: false, exit: 1 });
  });

  it("check caps diagnostics at 20 unless all", async () => {
    const f = defaultFixture();
    f.diagnostics = Array.from({ length: 25 }, (_, i) => ({
      code: `w${i}`,
      severity: "warning" as const,
      message: "m",
      span: null,
    }));
    const { svc } = workspace(f);
    const capped = await ok(svc, { op: "check" });
    expect(capped.diagnostics).toHaveLength(20);
    expect(capped.result.truncation).toMatchObject({ total: 25, shown: 20, withheld: 5 });
    expect((await ok(svc, { op: "check", all: true })).diagnostics).toHaveLength(25);
  });

  it("analyze: ranked report (top five, three condition trees), finding selection on risks, snapshot on the envelope", async () => {
    const { svc } = workspace();
    const a = await ok(svc, { op: "analyze" });
    expect(a.snapshot).toBe(1);
    expect(a.result.hotspots).toHaveLength(5);
    expect(a.result.risks).toHaveLength(5);
    expect(a.result.risks[0].severity).toBe("error");
    expect(a.result.topVariables).toHaveLength(5);
    expect(a.result.conditionTrees).toHaveLength(3);
    expect(a.result.selection).toBeUndefined();
    const all = await ok(svc, { op: "analyze", all: true });
    expect(all.result.risks).toHaveLength(23);
    const sel = await ok(svc, { op: "analyze", severity: "warning", max: 3 });
    expect(sel.result.risks).toHaveLength(3);
    expect(sel.result.selection).toEqual({
      total: 23,
      withheld: 3,
      byCode: { "loop-without-wait": 2, "repeated-value": 3, "duplicate-condition": 1 },
    });
  });

  it("inspect: overview, rule names (capped at 20 unless all) and the detail commands", async () => {
    const { svc } = workspace();
    const i = await ok(svc, { op: "inspect" });
    expect(i).toMatchObject({
      command: "inspect",
      snapshot: 1,
      result: { program: { files: 2, rules: 14, findings: 23 } },
    });
    expect(i.result.rules).toHaveLength(14);
    expect(i.result.rules[3]).toMatchObject({
      id: 3,
      name: "Tick#2",
      address: "Tick#2#1",
      span: { file: 0, start: { line: 96, col: 1 } },
    });
    expect(i.result.commands.join(" ")).toMatch(/callgraph/);
  });

  it("simulate: the athena trace for the current input identity; a stale identity fails the envelope", async () => {
    const { svc } = workspace();
    const identity = (await ok(svc, { op: "project" })).inputIdentity;
    const s = await ok(svc, { op: "simulate", inputIdentity: identity, seconds: 30 });
    expect(s).toMatchObject({
      command: "simulate",
      ok: true,
      result: { athena_version: "0.7.3", seconds: 30, trace: { format: "athena-trace/v0" } },
    });
    const stale = await ok(svc, { op: "simulate", inputIdentity: sha256Hex("old"), scenario: { steps: [] } });
    expect(stale).toMatchObject({ ok: false, exit: 2 });
    expect(codes(stale)).toEqual(["stale-input"]);
    const edited = defaultFixture().sources[0]!.text + "\n// edited buffer\n";
    const fromBuffer = await ok(svc, {
      op: "simulate",
      inputIdentity: sha256Hex(edited),
      seconds: 1,
      sources: { "main.ws": edited },
    });
    expect(fromBuffer.ok).toBe(true);
  });

  it("the service never needs the current directory to be the project", async () => {
    const dir = tempDir();
    const fixturePath = join(dir, "p.json");
    writeFileSync(fixturePath, JSON.stringify(defaultFixture()));
    const out = tempDir();
    const svc = createMockService({ fixturePath, cwd: out });
    expect((await ok(svc, { op: "compile", output: "x.ow" })).result.output.written_to).toBe(join(out, "x.ow"));
  });
});
