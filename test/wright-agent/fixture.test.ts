import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { FIXTURE_SCHEMA_PATH } from "../../src/wright-agent/contract.js";
import { renderDefaultProject } from "../../scripts/wright-agent/build-default-project.js";
import { RuleAddressBook } from "../../src/wright-agent/mock/addresses.js";
import { renderProgram } from "../../src/wright-agent/mock/compile.js";
import { deriveCfg, deriveElementCount, elementTotal } from "../../src/wright-agent/mock/derive.js";
import { crossCheck, FixtureParser } from "../../src/wright-agent/mock/fixture-load.js";
import { Program } from "../../src/wright-agent/mock/program.js";
import { LineIndex } from "../../src/wright-agent/mock/text.js";
import type { Span, WrightAgentFixture } from "../../src/generated/wright-agent-fixture/types.js";
import { DEFAULT_FIXTURE_TEXT, defaultFixture } from "./helpers.js";

const f = defaultFixture();
const text = (s: Span) => new LineIndex(f.sources.find((x) => x.path === s.file)!.text).slice(s.start, s.end);

describe("fixture format", () => {
  it("its schema is strict-valid 2020-12 and the default fixture validates", () => {
    const schema = JSON.parse(readFileSync(FIXTURE_SCHEMA_PATH, "utf8")) as object;
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    expect(ajv.validateSchema(schema)).toBe(true);
    const validate = ajv.compile(schema);
    expect(validate(f), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...f, rules: [{ ...f.rules[0], extra: 1 }] })).toBe(false);
    expect(crossCheck(f)).toEqual([]);
  });

  it("the committed default fixture is what the builder produces", () => {
    expect(renderDefaultProject()).toBe(DEFAULT_FIXTURE_TEXT);
  });

  it("cross-checks catch what the schema cannot (bad spans, unknown symbols, rule indexes, codes)", () => {
    const broken = defaultFixture();
    broken.references[0]!.span = { file: "main.ws", start: { line: 999, column: 1 }, end: { line: 999, column: 2 } };
    broken.references[1]!.symbol = "globalVariable:nope";
    broken.findings[0]!.rule = 99;
    broken.findings[1]!.code = "no-such-rule";
    broken.symbols.push({ name: "score", kind: "globalVariable", span: null });
    broken.project.entry = "missing.ws";
    const problems = crossCheck(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/references\/0: span 999:1-999:2 is outside main\.ws/),
        "/references/1: unknown symbol globalVariable:nope",
        "/findings/0: rule 99 does not exist",
        "/findings/1: code no-such-rule is not in lintRules",
        expect.stringMatching(/globalVariable:score is declared twice/),
        "/project/entry: missing.ws is not among sources",
      ]),
    );
    const parsed = new FixtureParser().parse(Buffer.from(JSON.stringify(broken)), "broken.json");
    expect(parsed).toMatchObject({ ok: false, code: "parse-error" });
  });

  it("spans are real: references cover the identifier, statements their text, rules their declaration", () => {
    for (const r of f.references) expect(text(r.span!), JSON.stringify(r)).toBe(r.symbol.split(":")[1]);
    for (const rule of f.rules) {
      if (rule.nameSpan) expect(text(rule.nameSpan)).toBe(rule.name);
      expect(text(rule.span)).toMatch(/^(disabled )?rule\("/);
      for (const s of [...rule.conditions, ...rule.actions]) expect(text(s.span)).toBe(s.text);
    }
    for (const x of f.findings.filter((x) => x.repeated)) expect(text(x.span!)).toBe(x.repeated!.expression);
  });

  it("covers what the mock's semantics need", () => {
    expect(f.sources.length).toBeGreaterThanOrEqual(2);
    const names = f.rules.map((r) => r.name);
    expect(names.filter((n) => n === "Tick")).toHaveLength(2); // NAME#N matters
    expect(names).toContain("Tick#2"); // a, a, a#2
    expect(names).toContain("Bonus#2"); // lone a#2
    expect(names).not.toContain("Bonus");
    expect(names).toContain(""); // unnamed rule
    expect(f.rules.filter((r) => r.event.startsWith("subroutine:")).length).toBeGreaterThanOrEqual(2);
    expect(f.rules.some((r) => r.enabled === false)).toBe(true);
    expect(new Set(f.symbols.map((s) => s.kind))).toEqual(
      new Set(["globalVariable", "playerVariable", "subroutine", "rule"]),
    );
    expect(new Set(f.references.map((r) => r.kind))).toEqual(
      new Set(["declaration", "definition", "read", "write", "call"]),
    );
    const program = new Program(f, "x", "/tmp/project.json");
    expect(program.findings.length).toBeGreaterThan(20);
    expect(new Set(program.findings.map((x) => x.code)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(program.findings.map((x) => x.severity))).toEqual(new Set(["error", "warning", "info"]));
    expect(new Set(program.findings.map((x) => x.span?.path))).toEqual(new Set(["main.ws", "lib/waves.ws"]));
    expect(f.findings.length).toBeGreaterThan(program.findings.length); // the policy disables one code
    expect(program.findings.some((x) => x.fix)).toBe(true);
    expect(f.persistentObjects!.length).toBeGreaterThan(0);
    expect(f.lintRules.length).toBeGreaterThan(3);
    // One declared locale lacks mappings the program uses; another has them all.
    expect(renderProgram(program, f.catalog, "fr-FR")).toEqual({ ok: false, missing: ["Count Of", "Wait"] });
    expect(renderProgram(program, f.catalog, "de-DE").ok).toBe(true);
    expect(f.project.locales.declared).toEqual(expect.arrayContaining(["en-US", "de-DE", "fr-FR"]));
    expect(f.catalog.languages.workshop!.entries.length).toBeGreaterThan(20);
  });
});

describe("derived facts", () => {
  it("cfg: one block per action, If/Else If chains and loops branch, successors stay inside the graph", () => {
    const actions = ["A", "If(x)", "B", "Else If(y)", "C", "Else", "D", "End", "While(z)", "E", "End", "F"].map(
      (t, i) => ({ text: t, span: { file: "m", start: { line: i + 1, column: 1 }, end: { line: i + 1, column: 2 } } }),
    );
    const cfg = deriveCfg(actions);
    const succ = Object.fromEntries(cfg.blocks.map((b) => [b.id, b.successors]));
    expect(cfg.entry).toBe(0);
    expect(cfg.exit).toBe(13);
    expect(succ[1]).toEqual([2]); // A -> If
    expect(succ[2]).toEqual([3, 4]); // If -> B | Else If
    expect(succ[3]).toEqual([8]); // B -> End (skips the other branches)
    expect(succ[4]).toEqual([5, 6]); // Else If -> C | Else
    expect(succ[6]).toEqual([7]); // Else -> D
    expect(succ[8]).toEqual([9]); // End -> While
    expect(succ[9]).toEqual([10, 12]); // While -> E | after its End
    expect(succ[11]).toEqual([9]); // loop End -> While
    expect(succ[12]).toEqual([13]); // F -> exit
    expect(cfg.blocks.map((b) => b.kind)).toEqual([
      "entry",
      "block",
      "if",
      "block",
      "if",
      "block",
      "block",
      "block",
      "block",
      "while",
      "block",
      "block",
      "block",
      "exit",
    ]);
  });

  it("element counts: byNode sums to the rule count and statements rank by count", () => {
    for (const r of f.rules) {
      const counted = deriveElementCount(r);
      expect(elementTotal(counted)).toBe(2 + counted.statements.reduce((n, s) => n + s.count, 0));
      const counts = counted.statements.map((s) => s.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    }
  });
});

describe("fixture rule addresses", () => {
  it("the default fixture's canonical addresses follow the grammar", () => {
    const book = new RuleAddressBook(f.rules.map((r) => r.name));
    expect(f.rules.map((_, i) => book.canonical(i))).toEqual([
      "Init",
      "Tick#1",
      "Tick#2",
      "Tick#2#1",
      "Bonus#2",
      "#1",
      "Reset round",
      "Award points",
      "Player died",
      "Disabled cleanup",
      "Spawn wave#1",
      "Wave timer",
      "Spawn wave#2",
      "Score feed",
    ]);
    const symbolsOfRules = (f as WrightAgentFixture).symbols.filter((s) => s.kind === "rule").map((s) => s.name);
    expect(symbolsOfRules).toContain("Tick#2#1");
  });
});
