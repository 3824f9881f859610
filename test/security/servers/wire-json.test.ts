/**
 * What arrives on the wire is read one way (decision 262), on real server processes of all three
 * contracts: a member named twice is refused (never last-wins: `{"op":"capabilities","op":"compile"}`
 * must not compile), and a number id that JSON cannot carry exactly (an integer beyond 2^53 - 1)
 * is refused with a clear reason instead of being echoed rounded.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectablePath } from "../../../src/wit/socket-path.js";
import { removeTempRoots, spawnDaemon, tempRoot, type DaemonProcess } from "../../wit/daemon-helpers.js";
import { exchange, responses } from "./raw-http.js";

const BIN = join(import.meta.dirname, "../../../bin/contract-suite.mjs");
const BEYOND = "9007199254740993";

/** Runs `serve wright-agent` with these lines on stdin; resolves with the reply lines and the folder it ran in. */
function serveWright(
  transport: string,
  lines: string[],
): Promise<{ replies: any[]; cwd: string; code: number | null }> {
  const cwd = mkdtempSync(join(tmpdir(), "wire-json-"));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, "serve", "wright-agent", "--transport", transport], {
      cwd,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.on("close", (code) =>
      resolve({
        replies: out
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
        cwd,
        code,
      }),
    );
    child.stdin.end(lines.map((l) => `${l}\n`).join(""));
  });
}

describe("wright-agent: a member named twice is refused on every transport", { timeout: 60_000 }, () => {
  it('stdio: {"op":"capabilities","op":"compile"} is a malformed request and compiles nothing', async () => {
    const r = await serveWright("stdio", ['{"op":"capabilities","op":"compile","output":"out.ow"}', '{"op":"ping"}']);
    expect(r.replies[0]).toEqual({
      error: {
        code: "malformed-request",
        message:
          'a request line must be one JSON object: JSON input names the member "op" twice in one object (line 1, column 22)',
      },
    });
    expect(existsSync(join(r.cwd, "out.ow"))).toBe(false);
    expect(r.replies).toHaveLength(2); // the session goes on
  });

  it("JSON-RPC: -32600 with id null, nothing compiled; an id beyond 2^53 - 1 is refused, not rounded", async () => {
    const r = await serveWright("jsonrpc", [
      '{"jsonrpc":"2.0","id":1,"method":"request","params":{"op":"capabilities","op":"compile","output":"out.ow"}}',
      `{"jsonrpc":"2.0","id":${BEYOND},"method":"request","params":{"op":"capabilities"}}`,
      `{"jsonrpc":"2.0","id":"${BEYOND}","method":"request","params":{"op":"capabilities"}}`,
    ]);
    expect(r.replies[0]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(r.replies[0].error.data.reason).toMatch(/names the member "op" twice/);
    expect(existsSync(join(r.cwd, "out.ow"))).toBe(false);
    expect(r.replies[1]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(r.replies[1].error.data.reason).toMatch(/beyond 2\^53 - 1/);
    expect(r.replies[2]).toMatchObject({ id: BEYOND, result: { result: { operations: expect.any(Array) } } });
  });

  it("MCP: -32600 with id null", async () => {
    const r = await serveWright("mcp", [
      '{"jsonrpc":"2.0","id":1,"method":"initialize","method":"tools/list","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}',
    ]);
    expect(r.replies[0]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(r.replies[0].error.data.reason).toMatch(/names the member "method" twice/);
  });
});

describe("Wit daemon (real process)", { timeout: 120_000 }, () => {
  let daemon: DaemonProcess;
  let address: { path: string };
  beforeAll(async () => {
    daemon = await spawnDaemon(tempRoot("wire-json-wit-"));
    address = { path: connectablePath(daemon.socket) };
  });
  afterAll(async () => {
    await daemon?.stop();
    removeTempRoots();
  });
  const post = async (body: string) => {
    const r = await exchange(address, [
      `POST /rpc HTTP/1.1\r\nHost: wit\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    ]);
    const [one, ...more] = responses(r.text);
    expect(more).toEqual([]);
    return JSON.parse(one!.body);
  };

  it("a member named twice is INVALID_REQUEST with id null", async () => {
    const r = await post('{"jsonrpc":"2.0","witVersion":"1","id":1,"method":"ping","method":"lock.query"}');
    expect(r).toMatchObject({ witVersion: "1", id: null, error: { code: -32600, message: "INVALID_REQUEST" } });
    expect(r.error.data.reason).toMatch(/names the member "method" twice/);
  });

  it("an id beyond 2^53 - 1 is refused; the same digits as a string are echoed", async () => {
    const refused = await post(`{"jsonrpc":"2.0","witVersion":"1","id":${BEYOND},"method":"ping"}`);
    expect(refused).toMatchObject({ id: null, error: { code: -32600, message: "INVALID_REQUEST" } });
    expect(refused.error.data.reason).toMatch(/send it as a string/);
    expect(await post(`{"jsonrpc":"2.0","witVersion":"1","id":"${BEYOND}","method":"ping"}`)).toMatchObject({
      id: BEYOND,
      result: "pong",
    });
  });
});

describe("frame-wire mock (real process)", { timeout: 60_000 }, () => {
  it("a request body naming a member twice is 400, naming it", async () => {
    const child = spawn(process.execPath, [BIN, "serve", "frame-wire", "--port", "0", "--token", "t"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const url = await new Promise<string>((resolve) =>
        child.stdout.once("data", (c: Buffer) => resolve(c.toString().split("\n")[0]!)),
      );
      const res = await fetch(url, {
        method: "POST",
        headers: { authorization: "Bearer t", "content-type": "application/json" },
        body: '{"messages":[{"role":"user","content":"a"}],"messages":[]}',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: "bad_request",
        message: 'JSON input names the member "messages" twice in one object (line 1, column 45)',
      });
    } finally {
      child.kill("SIGTERM");
    }
  });
});
