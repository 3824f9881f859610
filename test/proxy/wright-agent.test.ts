/**
 * `proxy wright-agent`: the command our reference client starts instead of our mock (real
 * processes, real pipes). On each transport the session passes unchanged, nothing is reported, and
 * the recorded session replays green against the mock and red against a broken server; hostile
 * lines from a client and a broken server from test/wright-agent/faulty-hosts are reported by kind.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectWrightAgent } from "../../src/wright-agent/client/index.js";
import { faultyCommand } from "../wright-agent/faulty-hosts/command.js";
import { runCli } from "../helpers/cli.js";
import { BIN, jsonLines } from "./helpers.js";

const tmp = mkdtempSync(join(tmpdir(), "cs-proxy-wa-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const mock = (transport: string) => [process.execPath, BIN, "serve", "wright-agent", "--transport", transport];
const proxied = (transport: string, name: string, server: string[]) => [
  process.execPath,
  BIN,
  "proxy",
  "wright-agent",
  "--transport",
  transport,
  "--format",
  "json",
  "--report",
  join(tmp, `${name}.report`),
  "--record",
  join(tmp, `${name}.json`),
  "--",
  ...server,
];

/** The proxy's report once it has ended (the client closed the session). */
async function reportOf(name: string): Promise<Record<string, unknown>[]> {
  const file = join(tmp, `${name}.report`);
  for (let i = 0; i < 100; i++) {
    const text = (() => {
      try {
        return readFileSync(file, "utf8");
      } catch {
        return "";
      }
    })();
    if (text.includes('"summary"')) return jsonLines(text);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no summary in ${file}`);
}

describe("our client through the proxy to our mock, each transport", { timeout: 120_000 }, () => {
  for (const transport of ["stdio", "jsonrpc", "mcp"] as const) {
    it(`${transport}: answers pass unchanged, nothing is reported; the recording replays green`, async () => {
      const direct = await connectWrightAgent({ command: mock(transport), transport });
      const client = await connectWrightAgent({ command: proxied(transport, transport, mock(transport)), transport });
      try {
        for (const op of ["project", "findings", "rules"] as const)
          expect(await client.call(op)).toEqual(await direct.call(op));
      } finally {
        await client.close();
        await direct.close();
      }
      expect(await reportOf(transport)).toEqual([
        expect.objectContaining({ summary: expect.objectContaining({ violations: 0 }) }),
      ]);
      const green = await runCli(["conform", "wright-agent", "--replay", join(tmp, `${transport}.json`)]);
      expect(green.code, green.stdout + green.stderr).toBe(0);
    });
  }

  it("the stdio recording replays red against a server whose findings break their schema", async () => {
    const broken = faultyCommand("findings-result-invalid", [process.execPath, BIN, "serve", "wright-agent"]).join(" ");
    const red = await runCli([
      "conform",
      "wright-agent",
      "--replay",
      join(tmp, "stdio.json"),
      "--target",
      broken,
      "--format",
      "json",
    ]);
    expect(red.code, red.stdout + red.stderr).toBe(1);
    const [failed] = JSON.parse(red.stdout).suites[0].results;
    expect(failed.status).toBe("fail");
    expect(failed.message).toMatch(/^session \(stdio\), exchange 3: expected \{"result":\{"findings"/);
  });
});

/** Sends lines through a proxy process and returns what it reported (the client's stdout is ignored). */
async function session(
  name: string,
  transport: string,
  server: string[],
  lines: string[],
): Promise<{ code: number | null; report: Record<string, unknown>[] }> {
  const [node, ...args] = proxied(transport, name, server);
  const child = spawn(node!, args, { stdio: ["pipe", "ignore", "ignore"] });
  for (const line of lines) child.stdin.write(line + "\n");
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, report: await reportOf(name) };
}

describe("violations by kind, exit 1", { timeout: 60_000 }, () => {
  it("stdio: a client's lines that are no requests, a server whose findings break their schema", async () => {
    const { code, report } = await session(
      "stdio-broken",
      "stdio",
      faultyCommand("findings-result-invalid", mock("stdio")),
      ['{"op":"capabilities"}', "not json", '{"op":"no-such-op"}', '{"op":"findings"}'],
    );
    expect(code).toBe(1);
    expect(report).toContainEqual(expect.objectContaining({ kind: "request-json", side: "client", exchange: 2 }));
    expect(report).toContainEqual(expect.objectContaining({ kind: "request-schema", side: "client", exchange: 3 }));
    expect(report).toContainEqual(
      expect.objectContaining({ kind: "result-schema", side: "server", exchange: 4, pointer: "/result/snapshot" }),
    );
  });

  it("stdio: a server that answers a blank line", async () => {
    const { code, report } = await session(
      "stdio-blank",
      "stdio",
      faultyCommand("answers-blank-lines", mock("stdio")),
      ['{"op":"capabilities"}', "", '{"op":"project"}'],
    );
    expect(code).toBe(1);
    expect(report).toContainEqual(expect.objectContaining({ kind: "response-unexpected", side: "server" }));
  });

  it("jsonrpc: a request that is no JSON-RPC request, a ToolRequest that is not one", async () => {
    const { code, report } = await session("jsonrpc-broken", "jsonrpc", mock("jsonrpc"), [
      '{"jsonrpc":"1.0","id":1,"method":"request","params":{"op":"capabilities"}}',
      '{"jsonrpc":"2.0","id":2,"method":"request","params":{"op":"project","bogus":1}}',
    ]);
    expect(code).toBe(1);
    expect(report).toContainEqual(
      expect.objectContaining({ kind: "request-envelope", side: "client", exchange: 1, pointer: "/jsonrpc" }),
    );
    expect(report).toContainEqual(expect.objectContaining({ kind: "request-schema", side: "client", exchange: 2 }));
  });

  it("a server command that does not start is exit 2", async () => {
    const r = await runCli(["proxy", "wright-agent", "--", join(tmp, "no-such-server")]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/did not start \(ENOENT\)/);
  });
});
