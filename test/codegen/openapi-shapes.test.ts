/**
 * `validate` and `gen --registry` on the shapes real OpenAPI descriptions have
 * (test/fixtures/openapi-shapes): a 3.1 pet store with `discriminator.mapping`, `allOf` composition,
 * a recursive component, a format ajv does not know and a header `$ref`; a 3.0.0 document with
 * `nullable` (beside `type` and beside `anyOf`), a boolean `exclusiveMinimum` and `example`.
 * The output is compiled by a consumer project made with the real `tsc --init` (TypeScript's
 * defaults) plus `"module": "nodenext"` and an `outDir`, then run by Node from that `outDir`, and
 * bundled by esbuild from the TypeScript sources (decision 291: validators.ts, not .js + .d.ts).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const REPO = join(import.meta.dirname, "../..");
const SHAPES = join(import.meta.dirname, "../fixtures/openapi-shapes");
const TSC = join(REPO, "node_modules/typescript/bin/tsc");
const ESBUILD = join(REPO, "node_modules/esbuild/bin/esbuild");
// Verdicts checked by hand against the documents: lives > 9 and a numeric name fail, an unmapped
// kind matches no branch; amount 0 fails 3.0's boolean exclusiveMinimum, customer 7 is no string/object.
const VERDICTS = [true, true, false, false, false, true, true, false, false, "calm"];

/** A consumer project: `tsc --init` as TypeScript writes it, then module nodenext, src/ -> dist/. */
function consumerProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "cs-shapes-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  execFileSync(process.execPath, [TSC, "--init"], { cwd: dir });
  const config = readFileSync(join(dir, "tsconfig.json"), "utf8")
    .replace(/\/\/ *"rootDir": *"[^"]*",/, '"rootDir": "./src",')
    .replace(/\/\/ *"outDir": *"[^"]*",/, '"outDir": "./dist",')
    .replace(/"module": *"[^"]*"/, '"module": "nodenext"');
  expect(config).toMatch(/"outDir": "\.\/dist"/);
  writeFileSync(join(dir, "tsconfig.json"), config);
  mkdirSync(join(dir, "node_modules/@contract-suite"), { recursive: true });
  symlinkSync(join(REPO, "packages/runtime"), join(dir, "node_modules/@contract-suite/runtime"));
  for (const dep of ["ajv", "ajv-formats"])
    symlinkSync(join(REPO, "node_modules", dep), join(dir, "node_modules", dep));
  return dir;
}

function tsc(dir: string): string {
  try {
    execFileSync(process.execPath, [TSC, "-p", "tsconfig.json"], { cwd: dir, encoding: "utf8" });
    return "";
  } catch (e) {
    return String((e as { stdout?: string }).stdout ?? e);
  }
}

const MAIN = `import { validatePet, type Pet, type Mood } from "./pets/index.js";
import { validateCharge, type Charge } from "./legacy/index.js";
const tom: Pet = { kind: "cat", name: "Tom", lives: 9, price: "12.50" };
const rex: Pet = { kind: "dog", name: "Rex", puppies: [{ kind: "dog", name: "Bit" }] };
const charge: Charge = { amount: 100, note: null, customer: { id: "c1", parent: { id: "c0" } } };
const mood: Mood = "calm";
console.log(JSON.stringify([
  validatePet(tom), validatePet(rex), validatePet({ kind: "cat", name: "Tom", lives: 10 }),
  validatePet({ kind: "dog", name: 5 }), validatePet({ kind: "bird", name: "Tweety" }),
  validateCharge(charge), validateCharge({ amount: 1, customer: null }),
  validateCharge({ amount: 0, customer: "c" }), validateCharge({ amount: 1, customer: 7 }), mood,
]));
`;

describe("validate and gen on the shapes real OpenAPI documents have", { timeout: 120_000 }, () => {
  let out: string;
  beforeAll(async () => {
    const v = await runCli(["validate", "--registry", SHAPES]);
    expect(v.stdout + v.stderr).not.toMatch(/error|fail/i);
    expect(v.code).toBe(0);
    out = mkdtempSync(join(tmpdir(), "cs-shapes-out-"));
    const g = await runCli(["gen", "--registry", SHAPES, "--out", out]);
    expect(g.stderr).toBe("");
    expect(g.code).toBe(0);
  });

  it("types: the discriminated union, allOf as an intersection, the recursive component, 3.0's nullable", () => {
    const pets = readFileSync(join(out, "pets/types.ts"), "utf8");
    expect(pets).toMatch(/export type Pet = \(?Cat \| Dog\)?/);
    expect(pets).toMatch(/export type Cat = \(?Base & \{/);
    expect(pets).toMatch(/puppies\?: Dog\[\]/);
    const legacy = readFileSync(join(out, "legacy/types.ts"), "utf8");
    expect(legacy).toMatch(/note\?: \(?string \| null\)?/);
    expect(legacy).toMatch(/customer: \(?null \| \(?string \| Customer\)?\)?/);
  });

  it("a project made by tsc --init with module nodenext compiles the output, and Node runs it from outDir", () => {
    const dir = consumerProject();
    cpSync(join(out, "pets"), join(dir, "src/pets"), { recursive: true });
    cpSync(join(out, "legacy"), join(dir, "src/legacy"), { recursive: true });
    writeFileSync(join(dir, "src/main.ts"), MAIN);
    expect(tsc(dir)).toBe("");
    const run = execFileSync(process.execPath, ["dist/main.js"], { cwd: dir, encoding: "utf8" });
    expect(JSON.parse(run)).toEqual(VERDICTS);
    // A bundler reads the same sources: one file, no import left to resolve at run time.
    execFileSync(ESBUILD, ["src/main.ts", "--bundle", "--format=esm", "--platform=neutral", "--outfile=bundle.mjs"], {
      cwd: dir,
      stdio: "pipe",
    });
    expect(readFileSync(join(dir, "bundle.mjs"), "utf8")).not.toMatch(/\bfrom\s+"/);
    const bundled = execFileSync(process.execPath, ["bundle.mjs"], { cwd: dir, encoding: "utf8" });
    expect(JSON.parse(bundled)).toEqual(VERDICTS);
  });

  it("a wrong payload type does not compile", () => {
    const dir = consumerProject();
    cpSync(join(out, "pets"), join(dir, "src/pets"), { recursive: true });
    writeFileSync(
      join(dir, "src/main.ts"),
      `import type { Pet } from "./pets/index.js";\nexport const p: Pet = { kind: "cat", name: 5 };\n`,
    );
    expect(tsc(dir)).toMatch(/main\.ts\(2,.*TS2322/);
  });
});
