/**
 * The change-kind units (src/review/kinds/): every unit fires on its own example pair and stays
 * quiet on its quiet pair (or says why no document pair can show it), every kind the engine can
 * name is a unit, one unit a file, docs/review.md's table is generated from them, and --level
 * refuses unknown kinds.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CHANGE_KINDS, findKind, kindsMarkdown } from "../../src/review/kinds/index.js";
import type { DocPair } from "../../src/review/kinds/kind.js";
import type { LoadedContract } from "../../src/contracts/index.js";
import { diffContracts } from "../../src/review/run-diff.js";
import { runCli } from "../helpers/cli.js";

const ROOT = resolve(import.meta.dirname, "../..");

function contract(doc: Record<string, unknown>, path: string): LoadedContract {
  const kind = "openapi" in doc ? "openapi" : "openrpc" in doc ? "openrpc" : "json-schema";
  return {
    entry: { name: "example", kind, version: "", entry: path },
    doc: { path, root: doc, files: new Map([[path, doc]]), bytes: new Map() },
    problems: [],
  };
}

function kindsOf(p: DocPair): string[] {
  const r = diffContracts(contract(p.old, "/virtual/old.json"), contract(p.new, "/virtual/new.json"), { samples: 50 });
  return r.findings.map((f) => f.kind);
}

describe("change-kind units", () => {
  it("ids are unique, every kind has a doc, and an opposite names a unit that names it back", () => {
    expect(new Set(CHANGE_KINDS.map((k) => k.id)).size).toBe(CHANGE_KINDS.length);
    for (const k of CHANGE_KINDS) {
      expect(k.doc.length, k.id).toBeGreaterThan(10);
      if (k.opposite) expect(findKind(k.opposite)?.opposite, k.id).toBe(k.id);
    }
  });

  it("one unit a file: every file under kinds/<family>/ is a unit the registry lists", () => {
    const dir = join(ROOT, "src/review/kinds");
    const helpers = new Set(["views.ts", "errors.ts", "edit.ts"]);
    const files = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => readdirSync(join(dir, d.name)).filter((f) => f.endsWith(".ts") && !helpers.has(f)));
    expect(files.map((f) => f.slice(0, -3)).sort()).toEqual(CHANGE_KINDS.map((k) => k.id).sort());
  });

  it("every kind the engine names outside the units is registered", () => {
    const dir = join(ROOT, "src/review/engine");
    const src = readdirSync(dir)
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .concat(readFileSync(join(ROOT, "src/review/diff.ts"), "utf8"))
      .join("\n");
    const literal = [
      ...src.matchAll(/kind: "([a-z-]+)"/g),
      ...src.matchAll(/\? "([a-z]+-[a-z-]+)" : "([a-z]+-[a-z-]+)"/g),
    ]
      .flatMap((m) => m.slice(1))
      // "needs-review" is a verdict; "none" tags compare.ts's member-lens walk state and "prop" a step
      // of that walk (a member's name), not a change.
      .filter((id) => !["needs-review", "none", "prop"].includes(id));
    expect([...new Set(literal)].filter((id) => !findKind(id))).toEqual([]);
  });

  for (const unit of CHANGE_KINDS) {
    const ex = unit.examples;
    if ("none" in ex) {
      it(`${unit.id} says why no document pair shows it`, () => expect(ex.none.length).toBeGreaterThan(20));
      continue;
    }
    it(`${unit.id} fires on its example and stays quiet on its quiet pair`, () => {
      expect(kindsOf(ex.fires)).toContain(unit.id);
      expect(kindsOf(ex.quiet)).not.toContain(unit.id);
    });
  }

  it("every unit describes a finding in one plain sentence", () => {
    for (const unit of CHANGE_KINDS) {
      const s = unit.describe({
        kind: unit.id,
        direction: "request",
        path: "#",
        subject: "x",
        at: "/a",
        evidence: "",
        reaches: [],
      });
      expect(s, unit.id).toMatch(/^\S.{5,}$/);
      expect(s, unit.id).not.toMatch(/undefined|\{A\}|\{B\}/);
    }
  });

  it("docs/review.md carries the generated table", () => {
    const doc = readFileSync(join(ROOT, "docs/review.md"), "utf8");
    const m = /<!-- kinds:start[^>]*-->\n([\s\S]*?)\n<!-- kinds:end -->/.exec(doc);
    expect(m?.[1]).toBe(kindsMarkdown());
  });

  it("--level refuses an unknown kind with a usage error; --list-kinds prints the registry", async () => {
    const r = await runCli(["diff", "a.json", "b.json", "--level", "no-such-kind=breaking"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown change kind "no-such-kind"');
    const side = await runCli(["diff", "a.json", "b.json", "--level", "type-narrowed:sideways=breaking"]);
    expect(side.code).toBe(2);
    const list = await runCli(["diff", "--list-kinds", "--format", "json"]);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).map((k: { id: string }) => k.id)).toEqual(CHANGE_KINDS.map((k) => k.id));
  });
});
