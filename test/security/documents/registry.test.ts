/**
 * A stranger's registry (issue 32 items 1 and 4): a `$ref` loop through `$ref` alone fails every
 * command closed (exit 1: validate, lint and gen refuse it with one line, diff reports it undecided,
 * check cannot compare), and an `entry` or `history.entry` that leaves the registry folder is refused
 * (exit 2) naming the entry, never quoting what it points at. Each run is the built CLI in a child
 * process; the secret beside the registry shows in no output and no file outside the registry's
 * output folder is touched.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runChild } from "./run.js";

const SECRET = "SECRET-hunter2-7f3a";
const tmp = mkdtempSync(join(tmpdir(), "security-registry-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
writeFileSync(join(tmp, "secret.yml"), `token: ${SECRET}\n`);
writeFileSync(join(tmp, "secret.json"), JSON.stringify({ $defs: { A: { type: "string", description: SECRET } } }));

const SCHEMA = "https://json-schema.org/draft/2020-12/schema";

/** Every file under `dir` with its size and modification time, to show nothing was written or removed. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() || e.isSymbolicLink())
    .map((e) => {
      const path = join(e.parentPath, e.name);
      const s = statSync(path, { throwIfNoEntry: false });
      return `${path} ${s?.size} ${s?.mtimeMs}`;
    })
    .sort();
}

function registry(name: string, files: Record<string, unknown>, contract: Record<string, unknown>): string {
  const dir = join(tmp, name);
  mkdirSync(join(dir, "history"), { recursive: true });
  for (const [f, v] of Object.entries(files)) writeFileSync(join(dir, f), JSON.stringify(v));
  writeFileSync(
    join(dir, "index.json"),
    JSON.stringify({ contracts: [{ name: "odd", kind: "json-schema", version: "1.1.0", ...contract }] }),
  );
  return dir;
}

async function expectBounded(args: string[], codes: number[]) {
  const before = snapshot(tmp).filter((l) => !l.includes(`${join(tmp, "out")}`));
  const r = await runChild(args);
  expect(codes, `${args.join(" ")}: ${r.stderr}`).toContain(r.code);
  expect(`${r.stdout}${r.stderr}`, args[0]).not.toContain(SECRET);
  expect(r.peakMb).toBeLessThan(400);
  expect(snapshot(tmp).filter((l) => !l.includes(`${join(tmp, "out")}`))).toEqual(before);
  return r;
}

describe("a $ref cycle", () => {
  it("fails validate, lint, gen, diff and check closed (exit 1, never 0 or 3)", async () => {
    const dir = registry(
      "cycle",
      {
        "history/s.json": { $schema: SCHEMA, $defs: { A: { type: "string" }, B: { type: "string" } } },
        "s.json": { $schema: SCHEMA, $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } } },
      },
      { entry: "s.json", history: [{ version: "1.0.0", entry: "history/s.json" }] },
    );
    const [old, cur] = [join(dir, "history/s.json"), join(dir, "s.json")];
    const validate = await expectBounded(["validate", cur], [1]);
    expect(validate.stdout).toContain("[ref-cycle]");
    const lint = await expectBounded(["lint", cur], [1]);
    expect(lint.stdout).toContain("comes back to itself through $ref alone");
    const gen = await expectBounded(["gen", "--registry", dir, "--out", join(tmp, "out", "cycle")], [1]);
    expect(gen.stdout + gen.stderr).toContain("comes back to itself through $ref alone");
    const diff = await expectBounded(["diff", old, cur, "--format", "json"], [1]);
    const report = JSON.parse(diff.stdout);
    expect(report.verdict).toBe("undecided");
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({ kind: "analysis-failed", verdict: "undecided" });
    expect(report.findings[0].evidence).toContain("comes back to itself through $ref alone");
    const check = await expectBounded(["check", "--registry", dir], [1]);
    expect(check.stdout).toMatch(/FAIL {2}compat .*odd 1\.0\.0 -> 1\.1\.0: error/);
    expect(check.stdout).toContain("cannot compare");
  });
});

describe("a hostile registry entry", () => {
  const CASES: Array<[string, (dir: string) => Record<string, unknown>, string]> = [
    ["an entry past the registry folder", () => ({ entry: "../secret.json" }), '"../secret.json"'],
    ["an absolute entry", () => ({ entry: join(tmp, "secret.json") }), "is not a relative path"],
    [
      "a history entry past the folder",
      () => ({ entry: "s.json", history: [{ version: "1.0.0", entry: "../secret.yml" }] }),
      '"../secret.yml"',
    ],
    [
      "an entry through a symlink leaving the folder",
      (dir) => {
        symlinkSync(join(tmp, "secret.json"), join(dir, "link.json"));
        return { entry: "link.json" };
      },
      "link.json",
    ],
  ];
  it.each(CASES)("%s: refused by every command, naming the entry, quoting nothing", async (name, entry, said) => {
    const dir = registry(
      name.replace(/\W+/g, "-"),
      { "s.json": { $schema: SCHEMA, $defs: { A: { type: "string" } } } },
      {},
    );
    writeFileSync(
      join(dir, "index.json"),
      JSON.stringify({ contracts: [{ name: "odd", kind: "json-schema", version: "1.1.0", ...entry(dir) }] }),
    );
    const s = join(dir, "s.json");
    for (const args of [
      ["validate", "--registry", dir],
      ["lint", "--registry", dir],
      ["check", "--registry", dir],
      ["gen", "--registry", dir, "--out", join(tmp, "out", name.replace(/\W+/g, "-"))],
      ["diff", s, s, "--registry", dir],
    ]) {
      // diff reads only its two documents; a symlinked entry is never opened by it (the secret stays unread).
      if (args[0] === "diff" && name.includes("symlink")) continue;
      // A path that leaves the folder is refused when the registry is read (exit 2); a symlink only when
      // the entry is opened, as a load problem of that contract (exit 1, or 2 where a command needs it).
      const symlink = name.includes("symlink");
      const r = await expectBounded(args, symlink ? [1, 2] : [2]);
      expect(r.stdout + r.stderr, args[0]).toContain(said);
      if (!symlink) expect(r.stdout, args[0]).toBe("");
    }
  });
});
