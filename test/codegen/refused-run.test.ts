/**
 * gen refuses a run with an invalid contract (exit 1) and then writes nothing at all (decision 342):
 * no output folder when there was none, and in an existing one no file, no removal and no manifest
 * change — also for the valid contracts registered beside the invalid one.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { MANIFEST } from "../../codegen/generate.js";

const base = mkdtempSync(join(tmpdir(), "cs-refused-run-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const VALID = { $schema: "https://json-schema.org/draft/2020-12/schema", $defs: { A: { type: "string" } } };
/** Invalid: a pattern that is no regular expression under the "u" flag validate reads patterns with. */
const INVALID = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $defs: { A: { type: "string", pattern: "^\\p{Foo}$" } },
};

function folder(name: string, docs: Record<string, unknown>): string {
  const dir = join(base, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, doc] of Object.entries(docs)) writeFileSync(join(dir, file), JSON.stringify(doc));
  return dir;
}

/** Every file under `dir` with its bytes (an absent folder is an empty map). */
function snapshot(dir: string): Map<string, string> {
  if (!existsSync(dir)) return new Map();
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => statSync(join(dir, f)).isFile());
  return new Map(files.sort().map((f) => [f, readFileSync(join(dir, f), "utf8")] as const));
}

describe("a refused gen writes nothing", () => {
  it("into a fresh --out: the folder is not even created", async () => {
    const docs = folder("fresh", { "api.json": INVALID });
    const out = join(base, "fresh-out");
    const r = await runCli(["gen", join(docs, "api.json"), "--out", out]);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stderr).toContain("invalid contract api (nothing generated)");
    expect(r.stdout).toContain("wrote nothing: 1 invalid contract(s)");
    expect(existsSync(out)).toBe(false);
  });

  it("into an existing --out: every file and the manifest stay as they were, the valid contract's too", async () => {
    const docs = folder("existing", { "a.json": VALID, "b.json": VALID });
    const out = join(base, "existing-out");
    const args = ["gen", join(docs, "a.json"), join(docs, "b.json"), "--out", out];
    const first = await runCli(args);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const before = snapshot(out);
    expect([...before.keys()]).toContain(MANIFEST);
    expect([...before.keys()].some((f) => f.startsWith("a/"))).toBe(true);

    // b becomes invalid and a changes: a run that wrote a's new code would change a/ and the manifest.
    writeFileSync(join(docs, "a.json"), JSON.stringify({ ...VALID, $defs: { A: { type: "integer" } } }));
    writeFileSync(join(docs, "b.json"), JSON.stringify(INVALID));
    const refused = await runCli(args);
    expect(refused.code, refused.stdout + refused.stderr).toBe(1);
    expect(refused.stderr).toContain("invalid contract b (nothing generated)");
    expect(snapshot(out)).toEqual(before);

    // Once b is valid again, the same command writes a's new code (the check above could fail).
    writeFileSync(join(docs, "b.json"), JSON.stringify(VALID));
    const again = await runCli(args);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(snapshot(out).get(MANIFEST)).not.toEqual(before.get(MANIFEST));
    expect(snapshot(out).get("a/types.ts")).not.toEqual(before.get("a/types.ts"));
  });
});
