/**
 * The built CLI generates types on a worker thread (codegen/types-worker.ts, decision 341); run from
 * the TypeScript sources, as here, on the calling thread. Both write the same bytes: the built CLI,
 * spawned on a real document, and runGen in this process, on the same document.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { documentRegistry } from "../../src/contracts/documents.js";
import { REPO_ROOT, runGen } from "../../codegen/generate.js";

const tmp = mkdtempSync(join(tmpdir(), "cs-types-worker-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of (readdirSync(dir, { recursive: true }) as string[]).sort())
    if (statSync(join(dir, f)).isFile()) out[f] = readFileSync(join(dir, f), "utf8");
  return out;
}

describe("types on a worker thread", () => {
  it("the built CLI (worker thread) and runGen from sources (this thread) write the same files", async () => {
    const doc = join(REPO_ROOT, "contracts/wit/openrpc.json");
    const cli = spawnSync(
      process.execPath,
      [join(REPO_ROOT, "bin/contract-suite.mjs"), "gen", doc, "--out", join(tmp, "cli")],
      { encoding: "utf8" },
    );
    expect(cli.status, cli.stderr).toBe(0);
    await runGen(documentRegistry([doc]), { outDir: join(tmp, "here") });
    const a = files(join(tmp, "cli"));
    expect(Object.keys(a)).toContain("openrpc/types.ts");
    expect(a["openrpc/types.ts"]).toContain("export interface");
    expect(files(join(tmp, "here"))).toEqual(a);
  });
});
