/**
 * Importing the Wit client (and running the CLI's client commands) never loads SQLite, tree-sitter
 * or the daemon: checked in fresh processes with a module-resolution hook that reports every
 * specifier, while the client talks to a real daemon.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDaemon, type RunningDaemon } from "../../src/wit/daemon/index.js";
import { removeTempRoots, tempRoot } from "./daemon-helpers.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SERVER_ONLY = /better-sqlite3|web-tree-sitter|tree-sitter-wasm|\/wit\/store\/|\/wit\/analysis\/(index|analyzer|runtime)|\/wit\/daemon\//;

let daemon: RunningDaemon;
beforeAll(async () => {
  daemon = await startDaemon({ root: tempRoot(), warmUp: false });
});
afterAll(async () => {
  await daemon?.close();
  removeTempRoots();
});

/**
 * Runs `body` (an async function body) in a fresh process; returns every resolved specifier and
 * URL. Asynchronous: the daemon under test runs in this process's event loop.
 */
async function traced(body: string): Promise<{ resolved: string[]; cjs: string[]; output: unknown }> {
  const hook = `let port;
    export function initialize(data) { port = data.port; }
    export async function resolve(specifier, context, next) {
      const r = await next(specifier, context);
      port.postMessage(specifier + " -> " + r.url);
      return r;
    }`;
  const script = `
    import { register, createRequire } from "node:module";
    import { MessageChannel } from "node:worker_threads";
    const { port1, port2 } = new MessageChannel();
    const resolved = [];
    port1.on("message", (m) => resolved.push(m));
    port1.unref();
    register("data:text/javascript," + encodeURIComponent(${JSON.stringify(hook)}), { data: { port: port2 }, transferList: [port2] });
    const output = await (async () => { ${body} })();
    await new Promise((r) => setTimeout(r, 100));
    const cjs = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify({ resolved, cjs, output }));
  `;
  const r = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: repoRoot, encoding: "utf8", timeout: 60_000 }, (e, stdout, stderr) =>
      resolve({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split("\n").pop()!) as { resolved: string[]; cjs: string[]; output: unknown };
}

describe("the client loads no server modules", () => {
  it("importing src/wit/client and calling a real daemon", async () => {
    const t = await traced(`
      const { createWitClient } = await import(${JSON.stringify(path.join(repoRoot, "src/wit/client/index.ts"))});
      const c = createWitClient({ socketPath: ${JSON.stringify(daemon.socketPath)}, validateResults: true });
      const pong = await c.ping();
      const locks = await c.lock.query({});
      await c.close();
      return { pong, locks };
    `);
    expect(t.output).toEqual({ pong: "pong", locks: [] });
    expect(t.resolved.some((s) => s.includes("src/wit/client/index.ts"))).toBe(true);
    expect(t.resolved.filter((s) => SERVER_ONLY.test(s))).toEqual([]);
    expect(t.cjs.filter((s) => SERVER_ONLY.test(s))).toEqual([]);
  });

  it("the CLI's client commands (wit status) load none either; `wit daemon run` is the only way in", async () => {
    const t = await traced(`
      const { main } = await import(${JSON.stringify(path.join(repoRoot, "src/cli/main.ts"))});
      const { PassThrough, Readable } = await import("node:stream");
      const out = new PassThrough(); let text = ""; out.on("data", (d) => (text += d));
      const code = await main(["node", "cs", "wit", "status", "--root", ${JSON.stringify(daemon.root)}, "--no-start", "--json"], { stdout: out, stderr: new PassThrough(), stdin: Readable.from([]) });
      return { code, locks: JSON.parse(text).locks };
    `);
    expect(t.output).toEqual({ code: 0, locks: [] });
    expect(t.resolved.filter((s) => SERVER_ONLY.test(s))).toEqual([]);
  });

  it("the hook test detects a server module when one is loaded (the check can fail)", async () => {
    const t = await traced(`await import(${JSON.stringify(path.join(repoRoot, "src/wit/daemon/index.ts"))}); return null;`);
    expect(t.resolved.filter((s) => SERVER_ONLY.test(s)).length).toBeGreaterThan(0);
  });
});
