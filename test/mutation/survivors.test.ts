/**
 * The mutation figures and the argued survivors without a mutation run: the named region of a
 * place (TypeScript compiler API), an undetected mutant matched to an ignores.json entry by file,
 * region, mutator and line, both scores from a Stryker report, and the repository's own
 * ignores.json (well formed, every entry naming an argument).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ARGUMENTS } from "../../scripts/mutation/arguments/index.js";
import { entryFor, loadIgnores, placesIn, type IgnoreEntry } from "../../scripts/mutation/ignores.js";
import { argue } from "../../scripts/mutation/argue.js";
import { carryEntries } from "../../scripts/mutation/carry.js";
import { listMutants } from "../../scripts/mutation/ignored.js";
import { RegionIndex } from "../../scripts/mutation/regions.js";
import { summarise, type MutationReport, type ReportMutant } from "../../scripts/mutation/summary.js";
import { classify, survivorsMarkdown, unknownArguments } from "../../scripts/mutation/survivors.js";

const SOURCE = [
  /* 1 */ "const LIMIT = 3;",
  /* 2 */ "export function outer(a: number): number {",
  /* 3 */ "  const inner = (b: number) => b > LIMIT;",
  /* 4 */ "  return inner(a) ? 1 : 0;",
  /* 5 */ "}",
  /* 6 */ "export class Box {",
  /* 7 */ "  size = 2;",
  /* 8 */ "  grow(): number {",
  /* 9 */ "    return this.size + 1;",
  /* 10 */ "  }",
  /* 11 */ "}",
  /* 12 */ "export const handlers = {",
  /* 13 */ '  "lock.release": (x: number) => x === 1,',
  /* 14 */ "  plain(y: number) {",
  /* 15 */ '    return y > 2 ? "big" : "small";',
  /* 16 */ "  },",
  /* 17 */ "};",
].join("\n");

describe("mutation: the named region of a place", () => {
  it("is the dotted chain of named declarations around it, (module) outside all", () => {
    const index = new RegionIndex("a.ts", SOURCE);
    expect(index.regionAt(1, 1)).toBe("(module)"); // `const` is outside the declaration LIMIT
    expect(index.regionAt(1, 15)).toBe("LIMIT");
    expect(index.regionAt(3, 32)).toBe("outer.inner");
    expect(index.regionAt(4, 10)).toBe("outer");
    expect(index.regionAt(7, 10)).toBe("Box.size");
    expect(index.regionAt(9, 12)).toBe("Box.grow");
    expect(index.regionAt(13, 35)).toBe('handlers."lock.release"');
    expect(index.regionAt(15, 12)).toBe("handlers.plain");
    expect(index.lineText(15)).toBe('return y > 2 ? "big" : "small";');
  });

  it("follows its code when lines move above it", () => {
    const moved = new RegionIndex("a.ts", `// a comment\nimport { x } from "y";\n\n${SOURCE}`);
    expect(moved.regionAt(15 + 3, 12)).toBe("handlers.plain");
    expect(moved.lineText(15 + 3)).toBe('return y > 2 ? "big" : "small";');
  });
});

const at = (line: number, column: number) => ({ start: { line, column }, end: { line, column: column + 1 } });
const mutant = (id: string, status: string, line: number, column: number, mutatorName: string, replacement = "x") =>
  ({ id, status, mutatorName, replacement, location: at(line, column) }) satisfies ReportMutant;

const entry = (e: Partial<IgnoreEntry>): IgnoreEntry => ({
  file: "src/a.ts",
  region: "handlers.plain",
  mutators: ["StringLiteral"],
  code: ['return y > 2 ? "big" : "small";'],
  kind: "own choice",
  title: "our words",
  ...e,
});

describe("mutation: an undetected mutant matched to its argument", () => {
  const [place] = placesIn("src/a.ts", SOURCE, [mutant("1", "Survived", 15, 20, "StringLiteral", '""')]);

  it("by file, region, mutator and line, and the replacement where the entry lists them", () => {
    expect(place).toEqual({
      file: "src/a.ts",
      region: "handlers.plain",
      mutator: "StringLiteral",
      line: 'return y > 2 ? "big" : "small";',
      replacement: '""',
    });
    expect(entryFor(place!, [entry({})])?.title).toBe("our words");
    for (const wrong of [
      entry({ file: "src/b.ts" }),
      entry({ region: "handlers" }),
      entry({ mutators: ["ConditionalExpression"] }),
      entry({ code: ["return y;"] }),
      entry({ replacements: ['"Stryker was here!"'] }),
    ])
      expect(entryFor(place!, [wrong]), JSON.stringify(wrong)).toBeUndefined();
    expect(entryFor(place!, [entry({ replacements: ['""'] })])).toBeDefined();
  });

  it("loadIgnores refuses a malformed entry or an unknown kind instead of skipping it", () => {
    const dir = mkdtempSync(join(tmpdir(), "mutation-ignores-"));
    try {
      const file = join(dir, "ignores.json");
      writeFileSync(file, JSON.stringify({ entries: [entry({})] }));
      expect(loadIgnores(file)).toHaveLength(1);
      for (const bad of [{ ...entry({}), code: [] }, { ...entry({}), kind: "kept counted" }, { file: "src/a.ts" }]) {
        writeFileSync(file, JSON.stringify({ entries: [bad] }));
        expect(() => loadIgnores(file), JSON.stringify(bad)).toThrow(/entry 0/);
      }
      writeFileSync(file, "{}");
      expect(() => loadIgnores(file)).toThrow(/no "entries"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("mutation: both scores from a Stryker report", () => {
  const entries = [
    entry({}),
    entry({
      region: "outer",
      mutators: ["ConditionalExpression"],
      code: ["return inner(a) ? 1 : 0;"],
      kind: "equivalent",
      title: "same",
    }),
    entry({
      region: "Box.grow",
      mutators: ["ArithmeticOperator"],
      code: ["return this.size + 1;"],
      kind: "gap",
      title: "to do",
    }),
    entry({
      region: "LIMIT",
      mutators: ["NumericLiteral"],
      code: ["const LIMIT = 3;"],
      kind: "equivalent",
      title: "never used",
    }),
  ];
  const report: MutationReport = {
    files: {
      "src/a.ts": {
        source: SOURCE,
        mutants: [
          mutant("1", "Survived", 15, 20, "StringLiteral"), // own choice
          mutant("2", "NoCoverage", 4, 10, "ConditionalExpression"), // equivalent
          mutant("3", "Survived", 9, 12, "ArithmeticOperator"), // a gap: stays counted
          mutant("4", "Survived", 3, 32, "EqualityOperator"), // not argued
          mutant("5", "Killed", 15, 12, "StringLiteral"), // argued, yet detected
          mutant("6", "Killed", 13, 35, "EqualityOperator"),
          mutant("7", "Timeout", 9, 12, "BlockStatement"),
          mutant("8", "Killed", 7, 10, "NumericLiteral"),
          mutant("9", "CompileError", 7, 10, "NumericLiteral"),
          mutant("10", "Ignored", 7, 10, "NumericLiteral"),
        ],
      },
    },
  };

  it("Stryker's score counts every valid mutant; the protocol score leaves the argued ones out, not gaps", () => {
    const c = classify(report, entries);
    expect({ argued: c.argued, gaps: c.gaps, unargued: c.unargued }).toEqual({
      argued: { equivalent: 1, "own choice": 1, "not a protocol behaviour": 0 },
      gaps: 1,
      unargued: 1,
    });
    expect(c.unused.map((e) => e.title)).toEqual(["never used"]);
    expect(summarise(report, c)).toEqual({
      score: 50, // 4 detected of 8 valid
      killed: 3,
      timeout: 1,
      survived: 3,
      noCoverage: 1,
      ignored: 1,
      errors: 1,
      all: 8,
      detected: 4,
      argued: { equivalent: 1, "own choice": 1, "not a protocol behaviour": 0 },
      gaps: 1,
      unargued: 1,
      arguedShare: 25,
      protocolScore: 66.67, // 4 of 6
    });
  });

  it("without a classification every undetected mutant is unargued; nothing to mutate scores 100", () => {
    const s = summarise(report);
    expect([s.score, s.protocolScore, s.arguedShare, s.unargued, s.gaps]).toEqual([50, 50, 0, 4, 0]);
    expect(summarise({ files: {} }).score).toBe(100);
  });

  it("the listing groups survivors by argument, says what is not argued and which argued mutants were detected", () => {
    const table = [
      { kind: "own choice" as const, title: "our words", why: "Ours." },
      { kind: "equivalent" as const, title: "same", why: "No input tells." },
      { kind: "gap" as const, title: "to do", why: "No check yet." },
    ];
    const { markdown } = survivorsMarkdown("demo", report, entries, table);
    expect(markdown).toContain("#### NOT ARGUED (1)");
    expect(markdown).toContain("`src/a.ts:3:32` (outer.inner) Survived EqualityOperator");
    expect(markdown).toContain("#### gap: to do (1)\n\nNo check yet.");
    expect(markdown).toContain("#### equivalent: same (1)\n\nNo input tells.");
    expect(markdown).toContain("#### own choice: our words (1)");
    expect(markdown).toMatch(/#### argued, yet detected .*\(1\)\n\n- `src\/a.ts:15:12`/);
    expect(markdown).toContain("#### entries that match no mutant of this report (1)");
    expect(markdown).toContain(
      "protocol score 66.67 without 25 % argued (1 equivalent, 1 own choice, 0 not a protocol behaviour); 1 in known gaps, 1 not argued",
    );
    expect(() => classify({ files: { "src/a.ts": { mutants: [] } } }, entries)).toThrow(/no source/);
  });
});

describe("mutation: the repository's ignores.json", () => {
  const entries = loadIgnores();

  it("every entry names an argument of scripts/mutation/arguments/", () => {
    expect(entries.length).toBeGreaterThan(0);
    expect(unknownArguments(entries).map((e) => `${e.file} ${e.kind}: ${e.title}`)).toEqual([]);
    expect(unknownArguments([entry({ title: "nobody's" })], ARGUMENTS)).toHaveLength(1);
  });

  it("an entry lands on the instrumenter's mutants of today's code (one file)", async () => {
    const mutants = await listMutants(["src/rpc/errors.ts"], entries);
    const argued = mutants.filter((m) => m.entry !== undefined);
    expect(argued.length).toBeGreaterThan(0);
    for (const m of argued) expect(m.entry!.file).toBe("src/rpc/errors.ts");
  });
});

describe("mutation: entries carried along with moved code", () => {
  const before = {
    "src/a.ts": [
      "export function make(n: number) {",
      "  function release() {",
      '    return n > 1 ? "many" : "one";',
      "  }",
      "  function other() {",
      '    return n > 1 ? "many" : "one";',
      "  }",
      "  return [release, other];",
      "}",
    ].join("\n"),
  };
  const after = {
    "src/a.ts": [
      "export function make(n: number) {",
      "  function other() {",
      '    return n > 1 ? "many" : "one";',
      "  }",
      "  return other;",
      "}",
    ].join("\n"),
    "src/b.ts": ["export function release(n: number) {", '  return n > 1 ? "many" : "one";', "}"].join("\n"),
  };
  const argued = entry({
    region: "make.release",
    mutators: ["StringLiteral"],
    code: ['return n > 1 ? "many" : "one";'],
  });
  const read = (files: Record<string, string>) => (f: string) => files[f as keyof typeof files];

  it("a stale entry is rewritten to the file and region its mutants moved to, the closest region among alike ones", async () => {
    const out = await carryEntries([argued], read(after), read(before), ["src/a.ts", "src/b.ts"]);
    expect([out.carried, out.left]).toEqual([1, []]);
    expect(out.entries).toEqual([{ ...argued, file: "src/b.ts", region: "release" }]);
  });

  it("an entry that still matches stays; one whose mutants cannot be found again is left and named", async () => {
    const same = await carryEntries([argued], read(before), read(before), ["src/a.ts"]);
    expect([same.carried, same.entries]).toEqual([0, [argued]]);
    const gone = await carryEntries([argued], read(after), read(before), ["src/a.ts"]); // b.ts not a candidate
    expect([gone.carried, gone.left, gone.entries]).toEqual([0, [argued], [argued]]);
  });
});

describe("mutation: argue.ts keys survivors of a region to an argument", () => {
  const report: MutationReport = {
    files: {
      "src/a.ts": {
        source: SOURCE,
        mutants: [
          mutant("1", "Survived", 15, 20, "StringLiteral", '""'),
          mutant("2", "NoCoverage", 15, 12, "ConditionalExpression", "true"),
          mutant("3", "Killed", 15, 12, "ConditionalExpression", "false"),
          mutant("4", "Survived", 9, 12, "ArithmeticOperator", "this.size - 1"),
        ],
      },
    },
  };
  const req = { file: "src/a.ts", region: /^handlers\./, kind: "own choice" as const, title: "our words" };

  it("one entry per region with the undetected mutants' mutators, lines and replacements; killed ones left out", () => {
    const { entries, keyed } = argue(report, [], req);
    expect(keyed).toBe(2);
    expect(entries).toEqual([
      entry({
        mutators: ["ConditionalExpression", "StringLiteral"],
        replacements: ["true", '""'],
      }),
    ]);
    // Every survivor of the region now argued; the one outside it (Box.grow) is not.
    expect(classify(report, entries).unargued).toBe(1);
  });

  it("skips survivors another entry argues already, and honours a line filter", () => {
    const first = argue(report, [], { ...req, lines: new Set([9]) });
    expect(first.keyed).toBe(0);
    const keyed = argue(report, [], { ...req, region: /Box/ }).entries;
    expect(argue(report, keyed, { ...req, region: /Box/ }).keyed).toBe(0);
  });
});
