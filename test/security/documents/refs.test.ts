/**
 * References that leave the root (issue 32): every command that loads documents refuses them with
 * exit 1 or 2, and the secret planted outside the root appears in no output and no generated file.
 * (Loader-level cases: test/contracts/confined-load.test.ts; gen's output folder: test/codegen/out-folder.test.ts.)
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runChild } from "./run.js";

const SECRET = "SECRET-hunter2-7f3a";
const tmp = mkdtempSync(join(tmpdir(), "security-refs-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
writeFileSync(join(tmp, "secret.yml"), `token: ${SECRET}\n`);

/** A registry `<tmp>/<name>/` whose one schema refers to `ref(dir)`. */
function registry(name: string, ref: (dir: string) => string): string {
  const dir = join(tmp, name);
  mkdirSync(dir);
  writeFileSync(
    join(dir, "s.json"),
    JSON.stringify({ $schema: "https://json-schema.org/draft/2020-12/schema", $defs: { A: { $ref: ref(dir) } } }),
  );
  writeFileSync(
    join(dir, "index.json"),
    JSON.stringify({ contracts: [{ name: "odd", kind: "json-schema", version: "1.0.0", entry: "s.json" }] }),
  );
  return dir;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

const CASES: Array<[string, (dir: string) => string]> = [
  ["a relative path past the root", () => "../secret.yml#/token"],
  ["an absolute path", () => `${join(tmp, "secret.yml")}#/token`],
  ["a file: URL", () => `file://${join(tmp, "secret.yml")}#/token`],
  [
    "a symlink leaving the root",
    (dir) => {
      symlinkSync(join(tmp, "secret.yml"), join(dir, "link.yml"));
      return "link.yml#/token";
    },
  ],
];

describe("a $ref outside the root", () => {
  it.each(CASES)("%s: refused by validate, lint, diff, check and gen; the secret shows nowhere", async (name, ref) => {
    const dir = registry(name.replace(/\W+/g, "-"), ref);
    const s = join(dir, "s.json");
    const out = join(dir, "out");
    for (const args of [
      ["validate", s],
      ["lint", s],
      ["diff", s, s],
      ["check", "--registry", dir],
      ["gen", "--registry", dir, "--out", out],
    ]) {
      const r = await runChild(args);
      expect([1, 2], `${args[0]}: ${r.stderr}`).toContain(r.code);
      expect(`${r.stdout}${r.stderr}`, args[0]).not.toContain(SECRET);
      expect(r.peakMb).toBeLessThan(400);
    }
    for (const f of filesUnder(out)) expect(readFileSync(f, "utf8"), f).not.toContain(SECRET);
  });
});
