/** The lint engine around the rules: bundled contracts lint clean, overrides, waivers, formats, the registry itself. */
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadRegistry } from "../../src/contracts/index.js";
import { runLint } from "../../src/review/lint/engine.js";
import { RULES } from "../../src/review/lint/registry.js";
import { renderLint } from "../../src/review/lint/report.js";
import { runCli } from "../helpers/cli.js";
import { lint, S, tempRegistry } from "./lint-helpers.js";

const undocumented = { $schema: S, $defs: { A: { type: "object", properties: { x: { type: "string" } } } } };

describe("the bundled contracts", () => {
  it("lint clean: no finding of any severity, and every waiver still matches", async () => {
    const report = await runLint(loadRegistry());
    expect(report.findings, JSON.stringify(report.findings, null, 1)).toEqual([]);
    expect(report.ok).toBe(true);
    for (const w of report.waived) expect(w.waived!.length).toBeGreaterThan(10);
  });
  it("linting one contract judges only its own files' waivers", async () => {
    for (const name of ["frame-wire", "wit", "wright-agent-fixture"]) {
      const report = await runLint(loadRegistry(), { contracts: [name] });
      expect(report.findings, name).toEqual([]);
    }
  });
});

describe("severity overrides", () => {
  it("config rules: escalate a warning to an error (lint fails) or turn a rule off", async () => {
    const plain = await lint([{ kind: "json-schema", files: { "s.json": undocumented } }]);
    expect(plain.ok).toBe(true);
    expect(plain.findings.filter((f) => f.rule === "missing-description").every((f) => f.severity === "warning")).toBe(
      true,
    );
    const strict = await lint([{ kind: "json-schema", files: { "s.json": undocumented } }], {
      config: { rules: { "missing-description": "error" } },
    });
    expect(strict.ok).toBe(false);
    const off = await lint([{ kind: "json-schema", files: { "s.json": undocumented } }], {
      config: { rules: { "missing-description": "off" } },
    });
    expect(off.findings.filter((f) => f.rule === "missing-description")).toEqual([]);
  });
  it("command-line overrides win over the config; unknown rules and bad syntax are usage errors", async () => {
    const dir = tempRegistry([{ kind: "json-schema", files: { "s.json": undocumented } }], {
      rules: { "missing-description": "off" },
    });
    const r = await runCli(["lint", "--registry", dir, "--rule", "missing-description=error"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/error +missing-description/);
    expect((await runCli(["lint", "--registry", dir, "--rule", "no-such-rule=error"])).code).toBe(2);
    expect((await runCli(["lint", "--registry", dir, "--rule", "missing-description"])).code).toBe(2);
    expect((await runCli(["lint", "--registry", dir, "not-registered"])).code).toBe(2);
  });
  it("a malformed config is a usage error naming the problem", async () => {
    const dir = tempRegistry([{ kind: "json-schema", files: { "s.json": undocumented } }], {
      waivers: [{ rule: "x", location: "no-hash", reason: "short" }],
    });
    const r = await runCli(["lint", "--registry", dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a valid lint config.*waivers\/0\/location/);
  });
});

describe("waivers", () => {
  it("a matching waiver moves the finding to `waived` with its reason", async () => {
    const report = await lint([{ kind: "json-schema", name: "c0", files: { "s.json": undocumented } }], {
      config: {
        rules: { "missing-description": "error" },
        waivers: [
          {
            rule: "missing-description",
            location: "c0/s.json#/$defs/A/**",
            reason: "legacy definitions, documented elsewhere",
          },
        ],
      },
    });
    expect(report.ok).toBe(true);
    expect(report.waived.map((w) => w.pointer).sort()).toEqual(["/$defs/A", "/$defs/A/properties/x"]);
    expect(report.waived[0]!.waived).toMatch(/legacy/);
  });
  it("a waiver that matches nothing is itself an error, pointing into lint.json", async () => {
    const report = await lint(
      [
        {
          kind: "json-schema",
          name: "c0",
          files: { "s.json": { $schema: S, $defs: { A: { type: "string", description: "d" } } } },
        },
      ],
      {
        config: {
          waivers: [{ rule: "missing-description", location: "c0/s.json#/$defs/A", reason: "was undocumented once" }],
        },
      },
    );
    expect(report.ok).toBe(false);
    const stale = report.findings.filter((f) => f.rule === "unused-waiver");
    expect(stale).toHaveLength(1);
    expect(stale[0]!.pointer).toBe("/waivers/0");
    expect(stale[0]!.file).toMatch(/lint\.json$/);
    expect(stale[0]!.line).toBeGreaterThan(1);
  });
});

describe("output formats", () => {
  it("text, json, markdown, junit and github all render the same findings", async () => {
    const report = await lint([{ kind: "json-schema", files: { "s.json": undocumented } }], {
      config: { rules: { "missing-description": "error" } },
    });
    expect(renderLint(report, "text")).toMatch(/s\.json:\d+:\d+ +error +missing-description/);
    const json = JSON.parse(renderLint(report, "json"));
    expect(json.ok).toBe(false);
    expect(json.findings[0]).toMatchObject({
      rule: "missing-description",
      severity: "error",
      pointer: expect.any(String),
      location: expect.stringContaining("#"),
    });
    expect(renderLint(report, "markdown")).toMatch(/^\*\*lint FAILED\*\*[\s\S]*\| severity \| rule \|/);
    const junit = renderLint(report, "junit");
    expect(junit).toMatch(/^<\?xml/);
    expect(junit).toMatch(/<testcase classname="lint.documentation" name="c0: missing-description"[^>]*>\s*<failure/);
    const gh = renderLint(report, "github").split("\n");
    expect(gh[0]).toMatch(/^::error file=[^,]*s\.json,line=\d+,col=\d+,title=missing-description::/);
  });
});

describe("the rule registry", () => {
  const rulesDir = resolve(import.meta.dirname, "../../src/review/lint/rules");
  const testText = readFileSync(resolve(import.meta.dirname, "lint-rules.test.ts"), "utf8");
  it("one file per rule, unique ids, a category, a default severity and a doc paragraph each", () => {
    expect(
      readdirSync(rulesDir)
        .filter((f) => f.endsWith(".ts"))
        .map((f) => f.replace(/\.ts$/, ""))
        .sort(),
    ).toEqual(RULES.map((r) => r.id).sort());
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
    for (const r of RULES) {
      expect(r.doc.length, r.id).toBeGreaterThan(150);
      expect(["error", "warning", "info"]).toContain(r.defaultSeverity);
    }
  });
  it("every rule has tests that show it firing and staying quiet", () => {
    for (const r of RULES) {
      expect(testText, r.id).toContain(`describe("${r.id}"`);
      const block = testText.slice(testText.indexOf(`describe("${r.id}"`)).split(/\ndescribe\(/)[0]!;
      expect(block, r.id).toMatch(/it\("fires/);
      expect(block, r.id).toMatch(/it\("stays quiet/);
    }
  });
  it("--list-rules prints every rule with its doc", async () => {
    const r = await runCli(["lint", "--list-rules", "--format", "json"]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as { id: string; doc: string }[];
    for (const rule of RULES) expect(rows.find((x) => x.id === rule.id)?.doc).toBe(rule.doc);
    expect(rows.map((x) => x.id)).toContain("unused-waiver");
  });
});
