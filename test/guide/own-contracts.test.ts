/**
 * docs/guide/own-contracts.md, run as a newcomer would (issue 33's acceptance): every fenced block
 * in order, in an empty temporary folder. A block with `file=PATH` is written there; a `sh` block
 * runs with `bash -e` and must exit as its `exit=N` says (default 0). The install step links the
 * workspace packages instead of downloading them (the same packages `npm pack` ships: the runtime,
 * the CLI); a port is chosen free. Each step's outcome is asserted, and the whole path must take
 * under 60 s of machine time (CPU time of every process the blocks start).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const REPO = join(import.meta.dirname, "../..");
const GUIDE = join(REPO, "docs/guide/own-contracts.md");

interface Block {
  lang: string;
  file?: string;
  exit: number;
  body: string;
}

export function guideBlocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1]!,
    file: /\bfile=(\S+)/.exec(m[2]!)?.[1],
    exit: Number(/\bexit=(\d+)/.exec(m[2]!)?.[1] ?? 0),
    body: m[3]!,
  }));
}

/** What `npm install` would have put in node_modules: the workspace packages and the tools, linked. */
function linkPackages(dir: string): void {
  const link = (target: string, at: string) => {
    mkdirSync(dirname(join(dir, "node_modules", at)), { recursive: true });
    symlinkSync(target, join(dir, "node_modules", at));
  };
  link(join(REPO, "packages/runtime"), "@contract-suite/runtime");
  link(join(REPO, "packages/cli"), "contract-suite");
  link(join(REPO, "node_modules/typescript"), "typescript");
  link(join(REPO, "node_modules/@types/node"), "@types/node");
  link("../contract-suite/bin/contract-suite.mjs", ".bin/contract-suite");
  link("../typescript/bin/tsc", ".bin/tsc");
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** Children's CPU seconds from bash's `times` (its second line: user and system time of waited-for children). */
function childSeconds(times: string): number {
  const line = times.trim().split("\n")[1] ?? "";
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((s, m) => s + Number(m[1]) * 60 + Number(m[2]), 0);
}

describe("docs/guide/own-contracts.md", () => {
  it("takes a newcomer from two documents to a served, typed, checked API, each step as the guide says", async () => {
    const blocks = guideBlocks(readFileSync(GUIDE, "utf8"));
    const dir = mkdtempSync(join(tmpdir(), "cs-guide-"));
    const port = String(await freePort());
    const env = {
      ...process.env,
      npm_config_update_notifier: "false",
      npm_config_fund: "false",
      npm_config_audit: "false",
      GIT_AUTHOR_NAME: "Guide",
      GIT_AUTHOR_EMAIL: "guide@example.com",
      GIT_COMMITTER_NAME: "Guide",
      GIT_COMMITTER_EMAIL: "guide@example.com",
      GIT_CONFIG_NOSYSTEM: "1",
      HOME: dir,
    };
    let cpu = 0;
    const started = Date.now();
    const ran: { body: string; stdout: string; stderr: string }[] = [];
    for (const block of blocks) {
      if (block.file) {
        mkdirSync(dirname(join(dir, block.file)), { recursive: true });
        writeFileSync(join(dir, block.file), block.body);
        continue;
      }
      if (block.lang !== "sh") continue;
      let body = block.body.replaceAll("8080", port);
      if (/npm install/.test(body)) {
        body = body
          .split("\n")
          .filter((l) => !l.startsWith("npm install"))
          .join("\n");
        linkPackages(dir);
      }
      writeFileSync(join(dir, ".block.sh"), body);
      const r = spawnSync("bash", ["-c", "bash -e .block.sh; rc=$?; times > .times; exit $rc"], {
        cwd: dir,
        env,
        encoding: "utf8",
        timeout: 120_000,
      });
      cpu += childSeconds(readFileSync(join(dir, ".times"), "utf8"));
      expect(r.status, `${block.body}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`).toBe(block.exit);
      ran.push({ body: block.body, stdout: r.stdout, stderr: r.stderr });
    }
    const step = (command: string) => {
      const found = ran.filter((r) => r.body.includes(command));
      expect(found.length, `no block runs ${command}`).toBeGreaterThan(0);
      return found;
    };
    // 1. documents given directly
    expect(step("validate contracts/pets.yaml")[0]!.stdout).toMatch(/ok +pets[\s\S]*ok +inventory/);
    // 2. the registry init wrote, and gen's output
    expect(step("contract-suite init")[0]!.stdout).toMatch(/next:\n {2}contract-suite validate --registry contracts/);
    const index = JSON.parse(readFileSync(join(dir, "contracts/index.json"), "utf8"));
    expect(index.contracts.map((c: { name: string; kind: string }) => `${c.name}:${c.kind}`).sort()).toEqual([
      "inventory:openrpc",
      "pets:openapi",
    ]);
    for (const f of ["pets/validators.ts", "pets/operations.ts", "inventory/handlers.ts", "inventory/client.ts"])
      expect(existsSync(join(dir, "src/generated", f)), f).toBe(true);
    expect(readFileSync(join(dir, "src/generated/pets/operations.ts"), "utf8")).toMatch(/mood\?: T\.Mood/);
    // 3-4. compiled from dist/, served over HTTP and stdio, called, a payload validated
    expect(existsSync(join(dir, "dist/main.js"))).toBe(true);
    const run = step("node dist/main.js")[0]!.stdout;
    expect(run).toMatch(/stock: kibble 15/);
    expect(run).toMatch(/cat valid: true/);
    expect(run).toMatch(/ten lives valid: false/);
    expect(JSON.parse(step("--stdio")[0]!.stdout)).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: { item: "kibble", count: 12 },
    });
    // 5. the gate: passes, then fails on drift naming the file, then passes once regenerated
    const checks = step("check --registry contracts --out src/generated");
    expect(checks.map((c) => /check passed/.test(c.stdout))).toEqual([true, false, true]);
    expect(checks[1]!.stdout).toMatch(/FAIL +gen --check[\s\S]*pets\/types\.ts \(stale\)/);
    expect(checks[0]!.stdout).toMatch(/skip +compat/);
    // 6. the pull request's diff: breaking, with its counterexample
    expect(step("contract-suite diff git:HEAD")[0]!.stdout).toMatch(/breaking/);
    const seconds = (Date.now() - started) / 1000;
    console.log(`guide: ${cpu.toFixed(1)} s of machine time (CPU of its processes), ${seconds.toFixed(1)} s wall`);
    expect(cpu).toBeLessThan(60);
  }, 240_000);
});
