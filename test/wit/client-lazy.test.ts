/**
 * Importing the Wit client (and running the CLI's client commands) never loads SQLite, tree-sitter
 * or the daemon: checked in fresh processes with a module-resolution hook that reports every
 * specifier, while the client talks to a real daemon.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDaemon, type RunningDaemon } from "../../src/wit/daemon/index.js";
import { removeTempRoots, tempRoot } from "./daemon-helpers.js";
import { traceResolves } from "../helpers/trace-resolves.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SERVER_ONLY =
  /better-sqlite3|web-tree-sitter|tree-sitter-wasm|\/wit\/store\/|\/wit\/analysis\/(index|analyzer|runtime)|\/wit\/daemon\//;

let daemon: RunningDaemon;
beforeAll(async () => {
  daemon = await startDaemon({ root: tempRoot(), warmUp: false });
});
afterAll(async () => {
  await daemon?.close();
  removeTempRoots();
});

describe("the client loads no server modules", () => {
  it("importing src/wit/client and calling a real daemon", async () => {
    const t = await traceResolves(`
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
    const t = await traceResolves(`
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
    const t = await traceResolves(
      `await import(${JSON.stringify(path.join(repoRoot, "src/wit/daemon/index.ts"))}); return null;`,
    );
    expect(t.resolved.filter((s) => SERVER_ONLY.test(s)).length).toBeGreaterThan(0);
  });
});
