/**
 * One schema walker (issue 14, item 7): src/schema/walk.ts holds the only table of where JSON Schema
 * keeps subschemas, and RFC 6901 escaping lives in src/json only.
 * - No second keyword table: every place in src/, codegen/, conformance/ and scripts/ that names three
 *   or more of the walker's subschema keywords together (keyword-tables.ts) is walk.ts's own table or
 *   one of the lists below, each of which says something else than "where subschemas are" (which
 *   keywords a rule decides, what quicktype reads, which keywords hint a type). A new traversal with
 *   its own list fails here, naming the file and line: walk it with walk.ts instead.
 * - The raw tables are imported only where a keyword's value shape is checked, never to hand-walk.
 * - No inline `~1`/`~0` escaping outside src/json.
 * The scanner itself fails on the tables the repository had before (the tests at the end).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from "../../src/schema/walk.js";
import { INLINE_POINTER_ESCAPE, keywordTables } from "./keyword-tables.js";

const REPO = join(import.meta.dirname, "../..");
const KEYWORDS: ReadonlySet<string> = new Set([...SCHEMA_MAP_KEYWORDS, ...SCHEMA_KEYWORDS, ...SCHEMA_ARRAY_KEYWORDS]);

/** Lists that name subschema keywords for another purpose than walking: file -> how many, and why. */
const NOT_TRAVERSALS: Record<string, { count: number; why: string }> = {
  "src/schema/walk.ts": { count: 3, why: "the walker's own tables (maps, single schemas, lists)" },
  "src/review/schema/families/applicators.ts": { count: 1, why: "the keywords this containment family decides" },
  "src/review/schema/families/index.ts": {
    count: 1,
    why: "the checker's core keywords (unions and allOf), decided by containment.ts itself",
  },
  "src/review/schema/keywords.ts": {
    count: 2,
    why: "annotations ($defs, contentSchema) and the keywords that determine a type",
  },
  "src/review/schema/merge.ts": {
    count: 2,
    why: "how allOf merging combines each keyword's values (object closers, per-keyword merge)",
  },
  "src/review/arbitrary.ts": { count: 2, why: "keywords that hint a value's type when `type` is absent" },
  "src/review/construct.ts": { count: 1, why: "keywords that hint a value's type when `type` is absent" },
  "src/review/lint/rules/member-without-type.ts": {
    count: 1,
    why: "keywords that say a member is an object (the rule's finding)",
  },
  "src/review/lint/walk.ts": {
    count: 1,
    why: "the lint role each walker site gets by its keyword (walks through walk.ts's subschemas)",
  },
  "src/review/introduced-member.ts": {
    count: 1,
    why: "the combinators through which a member is named (members, not subschemas in general)",
  },
  "codegen/types.ts": {
    count: 1,
    why: "the keywords json-schema-to-typescript reads (a type view, walked with mapSchema)",
  },
  "codegen/lang/prepass.ts": {
    count: 3,
    why: "what quicktype reads and ignores, and the names hoisted types get (walks through walk.ts's mapSubschemas)",
  },
  "conformance/openrpc/schema-arbitrary.ts": { count: 1, why: "the subset of keywords its `matches` evaluates" },
  "src/wit/analysis/signature.ts": { count: 1, why: "tree-sitter node types (if/else/not), no schema at all" },
};

/** Files allowed to import walk.ts's raw tables: they check each keyword's value, they do not walk. */
const TABLE_IMPORTERS = new Set(["src/schema/walk.ts", "src/schema/dialect.ts", "src/review/schema/keywords.ts"]);

function sources(): string[] {
  return execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "src", "codegen", "conformance", "scripts"],
    { cwd: REPO, encoding: "utf8" },
  )
    .split("\n")
    .filter((f) => /\.(ts|mts|cts)$/.test(f) && !f.startsWith("src/generated/") && !f.endsWith(".d.ts"));
}

const read = (f: string) => readFileSync(join(REPO, f), "utf8");

describe("one schema walker", () => {
  const files = sources();

  it("scans the repository's sources", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("src/schema/walk.ts");
  });

  it("every subschema keyword table is walk.ts's, or a list that says something else (NOT_TRAVERSALS)", () => {
    const found: Record<string, string[]> = {};
    for (const f of files) {
      const tables = keywordTables(read(f), KEYWORDS, f);
      if (tables.length) found[f] = tables.map((t) => `${f}:${t.line} ${t.shape} [${t.keywords.join(", ")}]`);
    }
    const unexpected = Object.entries(found)
      .filter(([f, t]) => NOT_TRAVERSALS[f]?.count !== t.length)
      .flatMap(([, t]) => t);
    expect(
      unexpected,
      "a keyword table outside src/schema/walk.ts: walk schemas with walkSchema / subschemas / mapSubschemas / mapSchema / walkDocument there",
    ).toEqual([]);
    const gone = Object.keys(NOT_TRAVERSALS).filter((f) => !found[f]);
    expect(gone, "NOT_TRAVERSALS lists files that no longer have such a list: drop them").toEqual([]);
  });

  it("the raw subschema tables are imported only where keyword values are checked", () => {
    const importers = files.filter((f) =>
      /import\s*\{[^}]*\bSCHEMA_(?:MAP_|ARRAY_)?KEYWORDS\b[^}]*\}\s*from\s*["'][^"']*schema\/walk\.js["']/.test(
        read(f),
      ),
    );
    expect(importers.filter((f) => !TABLE_IMPORTERS.has(f))).toEqual([]);
  });

  it("inline ~1/~0 escaping appears only in src/json", () => {
    const inline = files
      .filter((f) => !f.startsWith("src/json/"))
      .flatMap((f) =>
        read(f)
          .split("\n")
          .map((line, i) => ({ f, line, i }))
          .filter((l) => INLINE_POINTER_ESCAPE.test(l.line))
          .map((l) => `${l.f}:${l.i + 1} ${l.line.trim()}`),
      );
    expect(inline, "use escapeToken / unescapeToken / parsePointer / formatPointer from src/json").toEqual([]);
    expect(read("src/json/pointer.ts")).toMatch(INLINE_POINTER_ESCAPE);
  });
});

describe("the scanner (keyword-tables.ts) on sources that break the rule", () => {
  const tables = (text: string) => keywordTables(text, KEYWORDS).map((t) => `${t.shape} ${t.keywords.join(",")}`);

  it("finds a second table as a Set, an || chain, an if/else ladder, a switch, a lookup object and `in` tests", () => {
    // The shapes the repository's hand-written traversals had (dialect.ts, codegen/optimize.ts, wright-agent, lint).
    expect(tables(`const SCHEMA_VALUED = ["additionalProperties", "items", "not", "if"];`)).toEqual([
      "array additionalProperties,if,items,not",
    ]);
    expect(
      tables(`const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);`),
    ).toEqual(["array $defs,dependentSchemas,patternProperties,properties"]);
    expect(
      tables(
        `function walk(k: string, v: unknown) { return walk(v, k === "properties" || k === "$defs" || k === "patternProperties"); }`,
      ),
    ).toEqual(["comparisons $defs,patternProperties,properties"]);
    expect(
      tables(
        `function f(k: string) { if (k === "items") return 1; else if (k === "not") return 2; else if ("allOf" === k) return 3; }`,
      ),
    ).toEqual(["comparisons allOf,items,not"]);
    expect(
      tables(
        `function f(k: string) { switch (k) { case "anyOf": case "oneOf": return 1; case "contains": return 2; } }`,
      ),
    ).toEqual(["comparisons anyOf,contains,oneOf"]);
    expect(tables(`const ROLE = { properties: "member", items: "items", not: "negated" };`)).toEqual([
      "lookup items,not,properties",
    ]);
    expect(tables(`function f(n: object) { return "properties" in n || "items" in n || "prefixItems" in n; }`)).toEqual(
      ["in-tests items,prefixItems,properties"],
    );
  });

  it("stays quiet on walker use, on two keywords, on comparisons split across functions and on a schema literal", () => {
    expect(tables(`walkSchema(root, (node) => { if (typeof node.$ref === "string") out.push(node.$ref); });`)).toEqual(
      [],
    );
    expect(tables(`const x = ["properties", "required", "additionalProperties", "minProperties"];`)).toEqual([]);
    expect(
      tables(
        `const a = (k: string) => k === "items"; const b = (k: string) => k === "not"; const c = (k: string) => k === "if";`,
      ),
    ).toEqual([]);
    expect(tables(`const s = { type: "object", properties: { a: { type: "string" } }, items: {}, not: {} };`)).toEqual(
      [],
    );
  });

  it("the escape pattern finds inline escaping in each spelling and not src/json's calls", () => {
    for (const bad of [
      `t.replace(/~1/g, "/").replace(/~0/g, "~")`,
      `s.replace(/~/g, "~0")`,
      `s.replace(/\\//g, "~1")`,
      `t.replaceAll("~1", "/")`,
      `p.split("~1")`,
    ])
      expect(bad).toMatch(INLINE_POINTER_ESCAPE);
    for (const good of [`unescapeToken(t)`, `escapeToken(k)`, `formatPointer(["a/b"])`, `"/a~1b"`])
      expect(good).not.toMatch(INLINE_POINTER_ESCAPE);
  });
});
