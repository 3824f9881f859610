/**
 * gen and gen-lang own only what they wrote: no write, removal or read follows a symlink below the
 * output folder, and a file is replaced or removed only when the manifest lists it with the sha256
 * it still has (gen) or its generated header still holds (gen-lang). Anything else refuses the whole
 * run with exit 2 and one line, before anything is written.
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
import { runCli } from "../helpers/cli.js";
import { MANIFEST } from "../../codegen/generate.js";
import { sha256 } from "../../codegen/emit.js";
import { intactLangFile } from "../../codegen/lang/generate.js";
import { components, inspect } from "../../codegen/out-folder.js";

const FOREIGN = join(import.meta.dirname, "../fixtures/foreign-registry");
const base = mkdtempSync(join(tmpdir(), "cs-out-folder-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;
/** A fresh output folder and, beside it (outside), a victim file that must never change. */
function setup(): { out: string; victim: string; outside: string } {
  const dir = join(base, String(n++));
  const outside = join(dir, "outside");
  mkdirSync(outside, { recursive: true });
  const victim = join(outside, "deploy.sh");
  writeFileSync(victim, "#!/bin/sh\necho deploy\n");
  return { out: join(dir, "out"), victim, outside };
}
const gen = (out: string, ...more: string[]) =>
  runCli(["gen", "--registry", FOREIGN, "--out", out, "--only", "simple-math", ...more]);

function expectRefused(r: { code: number; stderr: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).toMatch(/nothing was written/);
}

describe("gen writes through no symlink", () => {
  it("refuses a symlink planted where it writes a file, even one its manifest lists, and leaves the target alone", async () => {
    const { out, victim } = setup();
    expect((await gen(out)).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST), "utf8")) as { files: Record<string, string> };
    rmSync(join(out, "simple-math", "types.ts"));
    symlinkSync(victim, join(out, "simple-math", "types.ts"));
    // The attacker also records the victim's hash, so only the symlink check stands in the way.
    manifest.files["simple-math/types.ts"] = sha256(readFileSync(victim));
    writeFileSync(join(out, MANIFEST), JSON.stringify(manifest));
    expectRefused(await gen(out), /simple-math\/types\.ts is a symlink/);
    expect(readFileSync(victim, "utf8")).toBe("#!/bin/sh\necho deploy\n");
  });

  it("refuses a symlinked sub-folder and a symlinked output folder", async () => {
    const { out, outside } = setup();
    mkdirSync(out);
    symlinkSync(outside, join(out, "simple-math"));
    expectRefused(await gen(out), /simple-math is a symlink/);
    expect(readdirSync(outside)).toEqual(["deploy.sh"]);
    const linked = join(out, "..", "linked-out");
    symlinkSync(outside, linked);
    const r = await gen(linked);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is a symlink: give the output folder's real path/);
    expect(readdirSync(outside)).toEqual(["deploy.sh"]);
  });

  it("refuses a manifest that is a symlink", async () => {
    const { out, victim } = setup();
    mkdirSync(out);
    symlinkSync(victim, join(out, MANIFEST));
    const r = await gen(out);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is a symlink: refusing to read the manifest/);
  });
});

describe("gen replaces and removes only its own files", () => {
  it("refuses to replace a generated file edited since, writing nothing; regenerates once it is restored", async () => {
    const { out } = setup();
    expect((await gen(out)).code).toBe(0);
    const file = join(out, "simple-math", "client.ts");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, `${original}// my note\n`);
    rmSync(join(out, "simple-math", "types.ts")); // would be rewritten if the run went ahead
    expectRefused(
      await gen(out),
      /simple-math\/client\.ts was not written by contract-suite gen, or was changed since/,
    );
    expect(existsSync(join(out, "simple-math", "types.ts"))).toBe(false);
    writeFileSync(file, original);
    expect((await gen(out)).code).toBe(0);
    expect(existsSync(join(out, "simple-math", "types.ts"))).toBe(true);
  });

  it("does not remove a file the manifest lists when its content changed, nor names outside the folder", async () => {
    const { out, victim } = setup();
    expect((await gen(out)).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST), "utf8")) as { files: Record<string, string> };
    writeFileSync(join(out, "simple-math", "notes.md"), "mine");
    manifest.files["simple-math/notes.md"] = sha256("something else");
    manifest.files["../outside/deploy.sh"] = sha256(readFileSync(victim));
    manifest.files[victim] = sha256(readFileSync(victim));
    writeFileSync(join(out, MANIFEST), JSON.stringify(manifest));
    expectRefused(await gen(out), /simple-math\/notes\.md was changed since gen wrote it/);
    expect(readFileSync(join(out, "simple-math", "notes.md"), "utf8")).toBe("mine");
    expect(existsSync(victim)).toBe(true);
    // With the stale entry gone the names outside are ignored, never removed.
    delete manifest.files["simple-math/notes.md"];
    writeFileSync(join(out, MANIFEST), JSON.stringify(manifest));
    expect((await gen(out)).code).toBe(0);
    expect(existsSync(victim)).toBe(true);
    const rewritten = JSON.parse(readFileSync(join(out, MANIFEST), "utf8")) as { files: Record<string, string> };
    expect(Object.keys(rewritten.files).every((f) => f.startsWith("simple-math/"))).toBe(true);
  });

  it("reads a manifest of the format before hashes: intact generated files stay its own", async () => {
    const { out } = setup();
    expect((await gen(out)).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST), "utf8")) as { files: Record<string, string> };
    writeFileSync(join(out, MANIFEST), JSON.stringify({ ...manifest, files: Object.keys(manifest.files) }));
    writeFileSync(
      join(out, "simple-math", "client.ts"),
      readFileSync(join(out, "simple-math", "client.ts"), "utf8").replace(
        /\/\/ input: sha256-[0-9a-f]{64}/,
        `// input: sha256-${"0".repeat(64)}`,
      ),
    ); // stale, not edited
    const r = await gen(out);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, MANIFEST), "utf8")).files).toEqual(manifest.files);
  });
});

describe("the output folder's primitives", () => {
  it("refuses names that could leave the folder and reads nothing through a symlink", () => {
    for (const bad of ["../x", "/etc/passwd", "a/../b", "a//b", ".", "a\\b"]) expect(() => components(bad)).toThrow();
    const { out, victim } = setup();
    mkdirSync(out);
    symlinkSync(victim, join(out, "f.ts"));
    expect(inspect(out, "f.ts")).toEqual({ kind: "other", why: "f.ts is a symlink" });
    expect(inspect(out, "none/f.ts")).toEqual({ kind: "missing" });
  });

  it("tells gen-lang's intact files from edited or foreign ones", () => {
    const body = "x = 1\n";
    const text = `# @generated by contract-suite gen-lang (Python) from a.json — do not edit.\n# input: sha256-${"0".repeat(64)} (…)\n# content: ${sha256(body)}\n${body}`;
    expect(intactLangFile(text)).toBe(true);
    expect(intactLangFile(`${text}y = 2\n`)).toBe(false);
    expect(intactLangFile(body)).toBe(false);
  });
});

describe("gen-lang writes through no symlink and over no file of someone else's", () => {
  it("refuses a planted symlink and a foreign file, writing nothing", async () => {
    const { out, victim } = setup();
    const args = ["gen-lang", "--lang", "python", "--registry", FOREIGN, "--contract", "simple-math", "--out", out];
    expect((await runCli(args)).code).toBe(0);
    const written = join(out, "python", "simple-math");
    const [file] = readdirSync(written);
    rmSync(join(written, file!));
    symlinkSync(victim, join(written, file!));
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is a symlink/);
    expect(readFileSync(victim, "utf8")).toBe("#!/bin/sh\necho deploy\n");
    rmSync(join(written, file!));
    writeFileSync(join(written, file!), "# mine\n");
    const foreign = await runCli(args);
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toMatch(/was not written by contract-suite gen-lang/);
    expect(readFileSync(join(written, file!), "utf8")).toBe("# mine\n");
  });
});
