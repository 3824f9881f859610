/**
 * `conform`'s target pre-check (conformance/harness/probe.ts): a target that does not start, does
 * not answer or does not speak the protocol stops the run with one line on stderr and exit 2,
 * before any check; a working target (our fold command, our mock endpoint, our daemon, our
 * wright-agent mock) passes the probe and the run goes on.
 */
import { createServer as createHttpServer, type Server } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { probeEndpoint, probeFoldCommand } from "../../conformance/frame-wire/probe.js";
import { probeWit } from "../../conformance/wit/probe.js";
import { socketTarget } from "../../conformance/wit/target.js";
import { createWrightAgentTarget } from "../../conformance/wright-agent/targets.js";
import { probeWrightAgent } from "../../conformance/wright-agent/probe.js";
import { createFrameWireServer } from "../../src/frame-wire/serve.js";
import { oneLine } from "../../conformance/harness/probe.js";

const ROOT = resolve(import.meta.dirname, "../..");
const BIN = `node ${ROOT}/bin/contract-suite.mjs`;
const dir = mkdtempSync(join(tmpdir(), "conform-probe-"));
const servers: Server[] = [];

async function listenTcp(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const a = server.address() as { port: number };
  return `http://127.0.0.1:${a.port}`;
}

afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** A run that stops at the probe: exit 2, one stderr line, no report on stdout. */
async function stopsWith(args: string[], pattern: RegExp) {
  const r = await runCli(["conform", ...args]);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
  expect(r.stdout).toBe("");
}

describe("frame-wire", () => {
  it("stops on a fold command that does not exist, naming the shell's answer", async () => {
    await stopsWith(
      ["frame-wire", "--target", "no-such-fold-command-x"],
      /does not speak the fold protocol.*not found/,
    );
  });

  it("stops on a command that prints no outcome line (cat echoes the events)", async () => {
    await stopsWith(["frame-wire", "--target", "cat"], /"cat" does not speak the fold protocol/);
  });

  it("stops when --differential's second command is the broken one", async () => {
    await stopsWith(
      ["frame-wire", "--target", `${BIN} frame-wire fold`, "--differential", "exit 3"],
      /"exit 3" does not speak/,
    );
  }, 60_000);

  it("passes our fold command, and a fold that is merely wrong (the suite judges it, not the probe)", async () => {
    expect(await probeFoldCommand(`${BIN} frame-wire fold`)).toBeUndefined();
    const wrong = `node -e 'process.stdin.resume();process.stdin.on("end",()=>console.log(JSON.stringify({turn:null,abort:null})))'`;
    expect(await probeFoldCommand(wrong)).toBeUndefined();
  }, 60_000);

  it("stops on an endpoint nobody listens on, and on a server that is not the streaming operation", async () => {
    await stopsWith(
      ["frame-wire", "--endpoint", "http://127.0.0.1:1/v1/turns/stream"],
      /does not answer: .*ECONNREFUSED/,
    );
    const html = await listenTcp(
      createHttpServer((_q, s) => s.writeHead(404, { "content-type": "text/html" }).end("<h1>no</h1>")),
    );
    await stopsWith(
      ["frame-wire", "--endpoint", `${html}/v1/turns/stream`],
      /answers a valid request with 404 \(text\/html\)/,
    );
  });

  it("passes our mock, with its token and without one (401 still speaks the protocol); a wrong token stops", async () => {
    const url = `${await listenTcp(createFrameWireServer({ token: "t0k" }))}/v1/turns/stream`;
    expect(await probeEndpoint(url, "t0k")).toBeUndefined();
    expect(await probeEndpoint(url, undefined)).toBeUndefined();
    expect(await probeEndpoint(url, "wrong")).toMatch(/refuses the token/);
  });
});

describe("wit", () => {
  it("stops on a missing socket and on a socket that is not a JSON-RPC endpoint", async () => {
    await stopsWith(["wit", "--socket", join(dir, "missing.sock")], /does not exist: ENOENT/);
    const sock = join(dir, "html.sock");
    const server = createHttpServer((_q, s) => s.writeHead(200, { "content-type": "text/html" }).end("<p>hi</p>"));
    servers.push(server);
    await new Promise<void>((r) => server.listen(sock, r));
    await stopsWith(["wit", "--socket", sock], /answers HTTP 200 without a JSON body/);
    const file = join(dir, "plain-file");
    writeFileSync(file, "");
    await stopsWith(["wit", "--socket", file], /is not a socket/);
  });

  it("passes our daemon (a JSON-RPC answer)", async () => {
    const { startDaemon } = await import("../../src/wit/daemon/index.js");
    const root = mkdtempSync(join(tmpdir(), "conform-probe-wit-"));
    const daemon = await startDaemon({ root, warmUp: false });
    try {
      expect(await probeWit(await socketTarget(daemon.socketPath))).toBeUndefined();
    } finally {
      await daemon.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("wright-agent", () => {
  it("stops on a server that exits at once, naming the transport and the exit", async () => {
    await stopsWith(
      ["wright-agent", "--target", "no-such-agent-server-x", "--transport", "stdio"],
      /does not answer over stdio: .*exited with code 127/,
    );
    await stopsWith(["wright-agent", "--target", "true", "--transport", "jsonrpc"], /over jsonrpc/);
  }, 60_000);

  it("passes our mock over all three transports", async () => {
    const t = createWrightAgentTarget();
    try {
      expect(await probeWrightAgent(t.target)).toBeUndefined();
    } finally {
      await t.close?.();
    }
  }, 60_000);
});

describe("oneLine", () => {
  it("keeps the last non-empty line, strips control characters and bounds the length", () => {
    expect(oneLine("first\nsecond\n\n")).toBe("second");
    expect(oneLine("a\u001b[31mred")).toBe("a [31mred");
    expect(oneLine("x".repeat(300), 10)).toBe(`${"x".repeat(10)}…`);
  });
});
