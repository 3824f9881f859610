/**
 * One pattern rule for validate and gen (issue 32 item 4, decision 254): a `pattern` or
 * `patternProperties` key is an ECMA-262 regular expression with the "u" flag (JSON Schema 2020-12
 * core §6.4). What validate accepts, gen compiles with that flag; what it refuses, gen refuses with
 * the same line and generates nothing (gen used to compile `\p{Foo}` without the flag, as a literal).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { patternProblem } from "../../src/schema/pattern.js";
import { runCli } from "../helpers/cli.js";

const tmp = mkdtempSync(join(tmpdir(), "contract-suite-pattern-rule-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
function doc(defs: Record<string, unknown>): string {
  const path = join(tmp, `d${n++}.json`);
  writeFileSync(path, JSON.stringify({ $schema: "https://json-schema.org/draft/2020-12/schema", $defs: defs }));
  return path;
}

describe("the pattern rule", () => {
  it("reads patterns with the u flag and says why one is not a pattern", () => {
    expect(patternProblem("^\\p{L}+$")).toBeUndefined();
    expect(patternProblem("^[a-z\\-]+$")).toBeUndefined();
    expect(patternProblem("^\\p{Foo}$")).toBe(
      '"^\\\\p{Foo}$" is not an ECMA-262 regular expression with the "u" flag JSON Schema 2020-12 reads patterns with: Invalid property name',
    );
    // Valid only without the flag, where \- outside a class and [\w-.] are Annex B leniencies.
    expect(patternProblem("^[\\w-./:]+$")).toContain("Invalid character class");
    expect(patternProblem("^(a$")).toContain("Unterminated group");
  });

  it.each([
    ["an unknown Unicode property", { A: { type: "string", pattern: "^\\p{Foo}$" } }, "/$defs/A/pattern"],
    ["a pattern that needs Annex B", { A: { type: "string", pattern: "^[\\w-./:]+$" } }, "/$defs/A/pattern"],
    ["an unterminated group", { A: { type: "string", pattern: "^(a$" } }, "/$defs/A/pattern"],
    [
      "a patternProperties key",
      { A: { type: "object", patternProperties: { "^\\p{Foo}": { type: "string" } } } },
      "/$defs/A/patternProperties/^\\p{Foo}",
    ],
  ])("%s: validate and gen refuse it with the same line, exit 1; gen generates nothing", async (_, defs, pointer) => {
    const path = doc(defs);
    const out = join(tmp, `out${n}`);
    const validate = await runCli(["validate", path]);
    const gen = await runCli(["gen", path, "--out", out]);
    expect(validate.code, validate.stdout).toBe(1);
    expect(gen.code, gen.stdout + gen.stderr).toBe(1);
    const line = validate.stdout.split("\n").find((l) => l.includes("[pattern]"));
    expect(line).toContain(pointer);
    expect(gen.stdout + gen.stderr).toContain(line!.trim());
    // Nothing at all, not even the output folder (decision 342).
    expect(existsSync(out)).toBe(false);
  });

  it("a valid pattern is compiled with the u flag; a pattern-shaped member in data is not a pattern", async () => {
    const path = doc({
      A: { type: "string", pattern: "^\\p{L}+$", default: "é" },
      B: { type: "object", default: { pattern: "(" }, examples: [{ pattern: "\\p{Foo}" }] },
    });
    const out = join(tmp, "out-valid");
    expect((await runCli(["validate", path])).code).toBe(0);
    const gen = await runCli(["gen", path, "--out", out]);
    expect(gen.code, gen.stderr).toBe(0);
    const name = readdirSync(out).find((f) => !f.startsWith("."))!;
    const validators = readFileSync(join(out, name, "validators.ts"), "utf8");
    expect(validators).toContain('new RegExp("^\\\\p{L}+$", "u")');
    expect(validators).not.toMatch(/new RegExp\([^)]*, ""\)/);
  });
});
