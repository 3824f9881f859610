/**
 * Protocol fidelity of our own clients: the typed client, the lifecycle ping, the CLI, the hook and
 * `conform wit` send UUID v4 request ids, as the Wit examples do. A recording proxy on a second
 * root's socket sees every request on its way to a real daemon (real socket, SQLite, tree-sitter).
 */
import { execFileSync } from "node:child_process";
import http from "node:http";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSuite } from "../../conformance/harness/runner.js";
import { witSuite } from "../../conformance/wit/suite.js";
import { socketTarget } from "../../conformance/wit/target.js";
import { createWitClient } from "../../src/wit/client/index.js";
import { pingDaemon } from "../../src/wit/client/lifecycle.js";
import { startDaemon, type RunningDaemon } from "../../src/wit/daemon/index.js";
import { runPreCommit } from "../../src/wit/hook/pre-commit.js";
import { witPaths } from "../../src/wit/protocol.js";
import { runCli } from "../helpers/cli.js";
import { rawRequest, removeTempRoots, tempRoot, writeFiles } from "./daemon-helpers.js";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let daemon: RunningDaemon;
let proxy: http.Server;
let front: string;
const seen: { method: unknown; id: unknown }[] = [];

beforeAll(async () => {
  daemon = await startDaemon({ root: tempRoot("wit-ids-back-"), warmUp: false });
  front = tempRoot("wit-ids-front-");
  mkdirSync(witPaths(front).dir, { mode: 0o700 });
  proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const parsed = JSON.parse(body) as unknown;
        for (const m of Array.isArray(parsed) ? parsed : [parsed])
          if (m && typeof m === "object" && "id" in m)
            seen.push({ method: (m as { method?: unknown }).method, id: (m as { id: unknown }).id });
      } catch {
        /* the parse-error check sends bodies that are not JSON */
      }
      const headers: Record<string, string | number> = { "content-length": Buffer.byteLength(body) };
      if (req.headers["content-type"]) headers["content-type"] = req.headers["content-type"];
      const back = await rawRequest(daemon.socketPath, { method: req.method, path: req.url, headers, body });
      res.writeHead(back.status, { "content-type": "application/json" });
      res.end(back.body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(witPaths(front).socket, resolve));
});
afterAll(async () => {
  await new Promise((r) => proxy?.close(r));
  await daemon?.close();
  removeTempRoots();
});

const idsSince = (mark: number) => seen.slice(mark);
const expectUuids = (entries: { method: unknown; id: unknown }[], who: string) => {
  expect(entries.length, `${who} sent nothing through the proxy`).toBeGreaterThan(0);
  for (const e of entries)
    expect(
      typeof e.id === "string" && UUID_V4.test(e.id),
      `${who}: ${String(e.method)} sent id ${JSON.stringify(e.id)}`,
    ).toBe(true);
};

describe("our clients send UUID v4 ids", () => {
  it("the typed client and the lifecycle ping", async () => {
    const mark = seen.length;
    const client = createWitClient({ socketPath: witPaths(front).socket, autoStart: false });
    try {
      expect(await client.ping()).toBe("pong");
      await client.lock.query({});
    } finally {
      await client.close();
    }
    expect(await pingDaemon(witPaths(front).socket)).toBe(true);
    expectUuids(idsSince(mark), "client/ping");
  });

  it("the CLI", async () => {
    const mark = seen.length;
    const r = await runCli(["wit", "status", "--root", front, "--no-start", "--format", "json"]);
    expect(r.code, r.stderr).toBe(0);
    expectUuids(idsSince(mark), "wit status");
  });

  it("the pre-commit hook", async () => {
    execFileSync("git", ["init", "-q"], { cwd: front });
    writeFiles(front, { "src/a.ts": "export function f(x: number): number { return x; }\n" });
    execFileSync("git", ["add", path.join("src", "a.ts")], { cwd: front });
    const mark = seen.length;
    const result = await runPreCommit(front);
    expect(result.outcome).toBe("clean");
    expectUuids(idsSince(mark), "hook");
  });

  it("conform wit (generic checks whose ids are not the point)", async () => {
    const mark = seen.length;
    const r = await runSuite(witSuite, await socketTarget(witPaths(front).socket), "proxy", {
      only: [
        "wit/openrpc/results-validate",
        "wit/openrpc/unknown-method",
        "wit/openrpc/envelope",
        "wit/envelope-required",
      ],
    });
    expect(r.results.map((c) => [c.id, c.status])).toEqual([
      ["wit/openrpc/results-validate", "pass"],
      ["wit/openrpc/unknown-method", "pass"],
      ["wit/openrpc/envelope", "pass"],
      ["wit/envelope-required", "pass"],
    ]);
    // The envelope check also sends the ids JSON-RPC allows (null, numbers) on purpose; the rest are UUIDs.
    const ours = idsSince(mark).filter((e) => typeof e.id === "string");
    expectUuids(ours, "conform wit");
    expect(idsSince(mark).filter((e) => typeof e.id !== "string").length).toBeLessThan(ours.length / 4);
  });
});
