/**
 * The architecture's import rules (.dependency-cruiser.cjs) hold on the repository, and each rule
 * fails on a small tree that breaks it — so a broken rule cannot pass silently.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const REPO = join(import.meta.dirname, "../..");
const DEPCRUISE = join(REPO, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

async function cruise(cwd: string, roots: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(
      process.execPath,
      [DEPCRUISE, ...roots, "--config", join(REPO, ".dependency-cruiser.cjs"), "--output-type", "err"],
      { cwd, maxBuffer: 16 * 1024 * 1024, timeout: 240_000 },
    );
    return { code: 0, out: stdout };
  } catch (e) {
    const err = e as { code?: number; stdout?: string };
    return { code: err.code ?? 1, out: err.stdout ?? "" };
  }
}

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "cs-rules-"));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", allowJs: true } }),
  );
  symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe("import rules (dependency-cruiser)", { timeout: 300_000 }, () => {
  it("the repository keeps every rule", async () => {
    const r = await cruise(REPO, ["src", "codegen", "conformance"]);
    expect(r.out).toMatch(/no dependency violations found/);
    expect(r.code).toBe(0);
  });

  it("each rule fails on a tree that breaks it", async () => {
    const dir = tree({
      "src/a.ts": `import { b } from "./b.js";\nexport const a = b;\n`,
      "src/b.ts": `import { a } from "./a.js";\nexport const b = () => a;\n`,
      "src/generated/wit/client.ts": `import { open } from "../../wit/daemon/db.js";\nexport const c = open;\n`,
      "src/wit/daemon/db.ts": `export const open = 1;\n`,
      "src/entry/wit-client.ts": `export * from "../wit/client/index.js";\n`,
      "src/wit/client/index.ts": `import { open } from "../daemon/db.js";\nexport const x = open;\n`,
      "src/json/parse.ts": `import { readFileSync } from "node:fs";\nexport const r = readFileSync;\n`,
      "src/cli/context.ts": `export const ctx = 1;\n`,
      "src/rpc/engine.ts": `import { ctx } from "../cli/context.js";\nexport const e = ctx;\n`,
      "codegen/generate.ts": `import { lint } from "../src/review/lint.js";\nexport const g = lint;\n`,
      "src/review/lint.ts": `export const lint = 1;\n`,
      "src/review/mirror.ts": `import { g } from "../../codegen/generate.js";\nexport const m = g;\n`,
      "src/frame-wire/fold.ts": `import { check } from "../../conformance/frame-wire/suite.js";\nexport const f = check;\n`,
      "conformance/frame-wire/suite.ts": `export const check = 1;\n`,
      // A contract importing another's implementation and another's generated code (its own is fine).
      "src/wright-agent/host/stdio.ts": `import { v } from "../../wit/protocol.js";\nimport { t } from "../../generated/wit/types.js";\nimport { o } from "../../generated/wright-agent/types.js";\nexport const s = [v, t, o];\n`,
      "src/wit/protocol.ts": `import { o } from "../generated/wit/types.js";\nexport const v = o;\n`,
      "src/generated/wit/types.ts": `export const t = 1;\nexport const o = 2;\n`,
      "src/generated/wright-agent/types.ts": `export const o = 3;\n`,
      // The ground floor reaching up.
      "src/io/lines.ts": `import { e } from "../rpc/engine.js";\nexport const l = e;\n`,
      // The daemon importing its client.
      "src/wit/daemon/daemon.ts": `import { start } from "../client/lifecycle.js";\nexport const d = start;\n`,
      "src/wit/client/lifecycle.ts": `export const start = 1;\n`,
      // A JSON-RPC server reading its request bodies itself instead of through the one handler.
      "src/wit/daemon/http.ts": `import { readCappedBody } from "../../io/body.js";\nexport const h = readCappedBody;\n`,
      "src/io/body.ts": `export const readCappedBody = 1;\n`,
    });
    const r = await cruise(dir, ["src", "codegen", "conformance"]);
    expect(r.code).not.toBe(0);
    for (const rule of [
      "no-circular",
      "generated-imports-runtime-only",
      "client-packages-stay-client-side",
      "frame-wire-entry-browser-safe",
      "library-never-imports-cli",
      "codegen-below-review-and-conformance",
      "review-below-codegen",
      "implementations-never-import-conformance",
      "contracts-never-import-each-other",
      "io-and-json-below-everything",
      "wit-daemon-never-imports-its-client",
      "json-rpc-over-http-through-one-handler",
    ]) {
      expect(r.out, rule).toMatch(new RegExp(`error ${rule}:`));
    }
    // Exactly the two cross-contract imports: a contract's own generated code is not one.
    const crossings = r.out.split("\n").filter((l) => l.includes("error contracts-never-import-each-other:"));
    expect(crossings.map((l) => l.replace(/^.*: /, "")).sort()).toEqual([
      "src/wright-agent/host/stdio.ts → src/generated/wit/types.ts",
      "src/wright-agent/host/stdio.ts → src/wit/protocol.ts",
    ]);
  });
});
