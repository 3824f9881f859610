/**
 * `init` and document-path arguments (decision 330), and `check --out` (drift of the user's
 * generated folder; a stage that did not run says skip). In process, on real files.
 */
import { describe, expect, it } from "vitest";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { runCli } from "../helpers/cli.js";

const FIXTURES = resolve(import.meta.dirname, "../fixtures");

/** A project folder with contracts/pets.yaml (OpenAPI 3.1, discriminator.mapping) and contracts/math.json (OpenRPC). */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "cs-init-"));
  mkdirSync(join(dir, "contracts"));
  cpSync(join(FIXTURES, "openapi-shapes/pets.yaml"), join(dir, "contracts/pets.yaml"));
  cpSync(join(FIXTURES, "foreign-registry/simple-math-openrpc.json"), join(dir, "contracts/math.json"));
  return dir;
}

describe("init", () => {
  it("registers the documents it is given (kind, info.version, empty history), writes lint.json, prints the next commands", async () => {
    const dir = project();
    const reg = join(dir, "contracts");
    const r = await runCli(["init", join(reg, "pets.yaml"), join(reg, "math.json"), "--registry", reg]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(reg, "index.json"), "utf8"))).toEqual({
      contracts: [
        { name: "pets", kind: "openapi", version: "1.0.0", entry: "pets.yaml", history: [] },
        { name: "math", kind: "openrpc", version: "1.0.0", entry: "math.json", history: [] },
      ],
    });
    expect(JSON.parse(readFileSync(join(reg, "lint.json"), "utf8"))).toMatchObject({ rules: {}, waivers: [] });
    const next = r.stdout.split("next:\n")[1]!.trim().split("\n");
    expect(next.map((l) => l.trim().split(" ").slice(0, 2).join(" "))).toEqual([
      "contract-suite validate",
      "contract-suite lint",
      "contract-suite gen",
    ]);
    // The registry it wrote is one the other commands read.
    expect((await runCli(["validate", "--registry", reg])).code).toBe(0);
    const help = await runCli(["init", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Exit codes:/);
  });

  it("without documents registers what it finds in the folder; refuses to overwrite a registry (exit 2, one line)", async () => {
    const dir = project();
    const reg = join(dir, "contracts");
    writeFileSync(join(reg, "notes.json"), '{"not": "a contract"}');
    expect((await runCli(["init", "--registry", reg])).code).toBe(0);
    const before = readFileSync(join(reg, "index.json"), "utf8");
    expect(JSON.parse(before).contracts.map((c: { name: string }) => c.name)).toEqual(["math", "pets"]);
    const again = await runCli(["init", "--registry", reg]);
    expect(again.code).toBe(2);
    expect(again.stderr.trim().split("\n")).toHaveLength(1);
    expect(again.stderr).toMatch(/index\.json already exists/);
    expect(readFileSync(join(reg, "index.json"), "utf8")).toBe(before);
  });

  it("refuses a document outside the registry folder and an OpenAPI document without info.version (exit 2, nothing written)", async () => {
    const dir = project();
    const reg = join(dir, "contracts");
    writeFileSync(join(dir, "api.yaml"), "openapi: 3.1.0\ninfo: { title: A, version: 2.0.0 }\npaths: {}\n");
    const outside = await runCli(["init", join(dir, "api.yaml"), "--registry", reg]);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/is outside .*move it there/);
    writeFileSync(join(reg, "nov.yaml"), "openapi: 3.1.0\ninfo: { title: A }\npaths: {}\n");
    const noVersion = await runCli(["init", join(reg, "nov.yaml"), "--registry", reg]);
    expect(noVersion.code).toBe(2);
    expect(noVersion.stderr).toMatch(/no info\.version/);
    expect(existsSync(join(reg, "index.json"))).toBe(false);
  });
});

describe("document paths instead of registry names", () => {
  it("validate, lint, gen and check take documents; a bad document fails naming its file", async () => {
    const dir = project();
    const pets = join(dir, "contracts/pets.yaml");
    const math = join(dir, "contracts/math.json");
    const v = await runCli(["validate", pets, math]);
    expect(v.code, v.stdout + v.stderr).toBe(0);
    expect(v.stdout).toMatch(/ok +pets/);
    expect(v.stdout).toMatch(/ok +math/);
    expect((await runCli(["lint", pets])).code).toBe(0);
    writeFileSync(join(dir, "broken.yaml"), "openapi: 3.1.0\ninfo: { title: B }\npaths: {}\n");
    const bad = await runCli(["validate", join(dir, "broken.yaml")]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/broken\.yaml/);
    const out = join(dir, "gen");
    const g = await runCli(["gen", pets, math, "--out", out]);
    expect(g.code, g.stderr).toBe(0);
    expect(existsSync(join(out, "pets/operations.ts"))).toBe(true);
    expect(existsSync(join(out, "math/handlers.ts"))).toBe(true);
    const c = await runCli(["check", pets, math, "--out", out]);
    expect(c.code, c.stdout).toBe(0);
    expect(c.stdout).toMatch(/skip +compat +documents given as paths have no history/);
  });

  it("a document is read inside its own folder: a $ref out of it is refused unless --ref-root widens the root", async () => {
    const dir = project();
    mkdirSync(join(dir, "api"));
    writeFileSync(join(dir, "shared.yaml"), "Name: { type: string }\n");
    writeFileSync(
      join(dir, "api/api.yaml"),
      'openapi: 3.1.0\ninfo: { title: A, version: 1.0.0 }\npaths: {}\ncomponents:\n  schemas:\n    N: { $ref: "../shared.yaml#/Name" }\n',
    );
    const refused = await runCli(["validate", join(dir, "api/api.yaml")]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/ref-refused/);
    expect((await runCli(["validate", join(dir, "api/api.yaml"), "--ref-root", dir])).code).toBe(0);
  });

  it("usage errors: names mixed with documents, --registry with documents, gen without --out, a missing file (exit 2)", async () => {
    const dir = project();
    const pets = join(dir, "contracts/pets.yaml");
    expect((await runCli(["validate", "wit", pets])).code).toBe(2);
    expect((await runCli(["lint", pets, "--registry", join(dir, "contracts")])).code).toBe(2);
    expect((await runCli(["gen", pets])).code).toBe(2);
    expect((await runCli(["gen", "wit", "--out", join(dir, "x")])).code).toBe(2);
    const missing = await runCli(["validate", join(dir, "nope.yaml")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.yaml: no such file/);
  });

  it("mirror takes a JSON Schema document and the OpenAPI document mirroring it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cs-mirror-"));
    writeFileSync(
      join(dir, "s.json"),
      JSON.stringify({
        $schema: "https://json-schema.org/draft/2020-12/schema",
        $defs: { Pet: { type: "object", properties: { name: { type: "string" } } } },
      }),
    );
    const api = (type: string) =>
      `openapi: 3.1.0\ninfo: { title: A, version: 1.0.0 }\npaths: {}\ncomponents:\n  schemas:\n    Pet: { type: object, properties: { name: { type: ${type} } } }\n`;
    writeFileSync(join(dir, "a.yaml"), api("string"));
    const same = await runCli(["mirror", join(dir, "s.json"), join(dir, "a.yaml")]);
    expect(same.code, same.stdout + same.stderr).toBe(0);
    writeFileSync(join(dir, "a.yaml"), api("integer"));
    expect((await runCli(["mirror", join(dir, "s.json"), join(dir, "a.yaml")])).code).toBe(1);
  });
});

describe("check --registry --out", () => {
  it("fails naming the drifted files of the user's generated folder; without --out the stage says skip, never pass", async () => {
    const dir = project();
    const reg = join(dir, "contracts");
    const out = join(dir, "src/generated");
    expect((await runCli(["init", "--registry", reg])).code).toBe(0);
    expect((await runCli(["gen", "--registry", reg, "--out", out])).code).toBe(0);
    const ok = await runCli(["check", "--registry", reg, "--out", out]);
    expect(ok.code, ok.stdout).toBe(0);
    expect(ok.stdout).toMatch(/pass +gen --check +generated code up to date/);
    expect(ok.stdout).toMatch(/skip +compat/);
    expect(ok.stdout).toMatch(/skip +conform/);
    expect(ok.stdout).not.toMatch(/pass +(compat|mirror|conform)/);
    expect(ok.stdout).toMatch(/run `contract-suite lint --registry \S*contracts` for the warnings/);
    // The contract changes and nobody regenerates: drift.
    const pets = join(reg, "pets.yaml");
    writeFileSync(
      pets,
      readFileSync(pets, "utf8").replace(
        "Mood: { type: string, enum: [calm, playful] }",
        "Mood: { type: string, enum: [calm, playful, sleepy] }",
      ),
    );
    const drift = await runCli(["check", "--registry", reg, "--out", out]);
    expect(drift.code).toBe(1);
    expect(drift.stdout).toMatch(/FAIL +gen --check/);
    expect(drift.stdout).toMatch(/pets\/types\.ts \(stale\)/);
    const skipped = await runCli(["check", "--registry", reg, "--format", "json"]);
    const stage = JSON.parse(skipped.stdout).stages.find((s: { stage: string }) => s.stage === "gen --check");
    expect(stage).toMatchObject({ skipped: true });
    expect(stage.summary).toMatch(/no --out/);
    expect((await runCli(["check", "--registry", reg])).stdout).toMatch(/skip +gen --check/);
  });

  it("gen by document paths and gen --registry find each other's output current: the hash is the content's (decision 332)", async () => {
    const dir = project();
    const reg = join(dir, "contracts");
    const docs = [join(reg, "pets.yaml"), join(reg, "math.json")];
    expect((await runCli(["init", "--registry", reg])).code).toBe(0);
    const current = /pass +gen --check +generated code up to date/;
    // Documents first, then the registry checks and regenerates nothing.
    const byPaths = join(dir, "by-paths");
    expect((await runCli(["gen", ...docs, "--out", byPaths])).code).toBe(0);
    const a = await runCli(["check", "--registry", reg, "--out", byPaths]);
    expect(a.code, a.stdout).toBe(0);
    expect(a.stdout).toMatch(current);
    expect((await runCli(["gen", "--registry", reg, "--out", byPaths])).stdout).toMatch(/generated 0 contract\(s\)/);
    // The registry first, then the documents, and copies of them in another folder.
    const byRegistry = join(dir, "by-registry");
    expect((await runCli(["gen", "--registry", reg, "--out", byRegistry])).code).toBe(0);
    const elsewhere = join(dir, "elsewhere");
    mkdirSync(elsewhere);
    for (const d of docs) cpSync(d, join(elsewhere, basename(d)));
    const b = await runCli(["check", ...docs.map((d) => join(elsewhere, basename(d))), "--out", byRegistry]);
    expect(b.code, b.stdout).toBe(0);
    expect(b.stdout).toMatch(current);
    expect((await runCli(["gen", ...docs, "--out", byRegistry, "--check"])).code).toBe(0);
    // What the registry says besides name and kind is not generator input: a new description changes nothing.
    const index = JSON.parse(readFileSync(join(reg, "index.json"), "utf8"));
    index.contracts[0].description = "Pets, described.";
    writeFileSync(join(reg, "index.json"), JSON.stringify(index));
    expect((await runCli(["check", "--registry", reg, "--out", byPaths])).stdout).toMatch(current);
    // The content still is: one changed byte in a document and both ways see the drift.
    const pets = docs[0]!;
    writeFileSync(pets, readFileSync(pets, "utf8").replace("enum: [calm, playful]", "enum: [calm, playful, sleepy]"));
    for (const args of [
      ["--registry", reg, "--out", byPaths],
      [...docs, "--out", byRegistry],
    ]) {
      const drift = await runCli(["check", ...args]);
      expect(drift.code).toBe(1);
      expect(drift.stdout).toMatch(/pets\/types\.ts \(stale\)/);
      expect(drift.stdout).not.toMatch(/math\//);
    }
  });
});
