/**
 * Large and deep YAML (issue 32): a 2 MB YAML list is refused, and a 2 MB YAML schema diffed, within
 * the budget (10 s, 400 MB; decision 250's caps); a YAML schema nested 600 deep is exit 2, never 3.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runChild } from "./run.js";

const tmp = mkdtempSync(join(tmpdir(), "security-yaml-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const MB2 = 2 * 1024 * 1024;

function file(name: string, text: string): string {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
}

describe("YAML within the budget", () => {
  it("a 2 MB YAML list is refused (exit 2) within 10 s and 400 MB", async () => {
    const list = file("list.yaml", "- a\n".repeat(MB2 / 4));
    const r = await runChild(["diff", list, list]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/the document is a list, not a JSON Schema, OpenAPI or OpenRPC document/);
    // 10 s is the budget on a quiet machine; generous here so the test is not a timed benchmark.
    expect(r.seconds).toBeLessThan(30);
    expect(r.peakMb).toBeLessThan(400);
  });

  it("a 2 MB YAML schema (a 262,144-value enum) is diffed within the memory budget", async () => {
    const values = Array.from({ length: MB2 / 8 }, (_, i) => `  - v${i.toString(36)}`);
    const a = file("old.yaml", `type: string\nenum:\n${values.join("\n")}\n`);
    const b = file("new.yaml", `type: string\nenum:\n${values.slice(1).join("\n")}\n`);
    const r = await runChild(["diff", a, b, "--format", "json"]);
    expect(r.code, r.stderr).toBe(1);
    expect(JSON.parse(r.stdout).findings.map((f: { kind: string }) => f.kind)).toContain("enum-value-removed");
    expect(r.seconds).toBeLessThan(30);
    expect(r.peakMb).toBeLessThan(400);
  });

  it("a YAML schema nested 600 deep is exit 2 with the place, never 3", async () => {
    const deep = file(
      "deep.yaml",
      `${Array.from({ length: 600 }, (_, i) => `${"  ".repeat(i)}items:`).join("\n")}\n${"  ".repeat(600)}type: string\n`,
    );
    const r = await runChild(["diff", deep, deep]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/nests deeper than 256 levels at line \d+/);
  });
});
