/**
 * The host checks added to kill mutation survivors (conformance/wright-agent/power-host.ts): our
 * mock served by the public host API passes them; hosts broken their way fail them. Each host runs
 * in this process on a Unix socket behind test/mutation/socket-relay.mjs (as the killing suite
 * serves it), a broken one being our host with one line-level fault in front of it:
 * - answers a JSON-RPC response the client sends with an error (wright-agent/mcp-framing);
 * - accepts initialize without clientInfo, as a lenient server would (wright-agent/mcp-params);
 * - drops the parameters of an alias call instead of refusing them (wright-agent/jsonrpc-params);
 * - answers an alias's service refusal as a top-level JSON-RPC error (wright-agent/jsonrpc-alias-refusal).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runSuite } from "../../conformance/harness/runner.js";
import { powerHostChecks } from "../../conformance/wright-agent/power-host.js";
import { wrightAgentSuite } from "../../conformance/wright-agent/suite.js";
import { createWrightAgentTarget } from "../../conformance/wright-agent/targets.js";
import { createJsonRpcHost } from "../../src/wright-agent/host/jsonrpc.js";
import { readLines, writeLine } from "../../src/wright-agent/host/lines.js";
import { createMcpHost } from "../../src/wright-agent/host/mcp.js";
import { serveToolService } from "../../src/wright-agent/host/serve.js";
import { createMockService } from "../../src/wright-agent/mock/index.js";

const RELAY = fileURLToPath(new URL("../mutation/socket-relay.mjs", import.meta.url));
const ids = powerHostChecks.map((c) => c.id);

type Fault = { transport: "mcp" | "jsonrpc"; handle(line: string, next: (line: string) => Promise<string | undefined>): Promise<string | undefined> };

const parsed = (line: string): Record<string, any> | undefined => {
  try {
    const v = JSON.parse(line);
    return v !== null && typeof v === "object" && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
};

/** Answers a response message (no method) with -32600, as a server that takes it for a bad request. */
const answersResponses: Fault = {
  transport: "mcp",
  async handle(line, next) {
    const v = parsed(line);
    if (v && !("method" in v) && ("result" in v || "error" in v)) return JSON.stringify({ jsonrpc: "2.0", id: v.id ?? null, error: { code: -32600, message: "Invalid Request" } });
    return next(line);
  },
};

/** Fills in a missing clientInfo, as a server that does not require it. */
const lenientInitialize: Fault = {
  transport: "mcp",
  async handle(line, next) {
    const v = parsed(line);
    if (v?.method === "initialize" && v.params && typeof v.params === "object" && !("clientInfo" in v.params)) return next(JSON.stringify({ ...v, params: { ...v.params, clientInfo: { name: "?", version: "?" } } }));
    return next(line);
  },
};

/** Drops an alias's parameters, as a server whose aliases ignore them. */
const aliasesIgnoreParams: Fault = {
  transport: "jsonrpc",
  async handle(line, next) {
    const v = parsed(line);
    if (v && ["check", "analyze", "inspect", "compile"].includes(v.method)) {
      const { params: _p, ...rest } = v;
      return next(JSON.stringify(rest));
    }
    return next(line);
  },
};

/** Answers an alias's service refusal as a top-level JSON-RPC error, as a server that keeps result for envelopes. */
const aliasRefusalsAsErrors: Fault = {
  transport: "jsonrpc",
  async handle(line, next) {
    const reply = await next(line);
    const v = parsed(line);
    const r = reply === undefined ? undefined : parsed(reply);
    if (v && ["check", "analyze", "inspect", "compile"].includes(v.method) && r?.result?.error) return JSON.stringify({ jsonrpc: "2.0", id: r.id, error: { code: -32000, message: r.result.error.message } });
    return reply;
  },
};

const opened: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const o of opened.splice(0)) await o.close();
});

/** Serves our mock in process (one service per connection); `fault` sits in front of one transport's host. */
async function serve(fault?: Fault) {
  const sockets = mkdtempSync(join(tmpdir(), "wa-host-power-"));
  const served = createWrightAgentTarget({ command: [process.execPath, RELAY, join(sockets, "{transport}.sock"), "{fixture}"], name: fault ? "broken host" : "our host", timeoutMs: 5_000 });
  const { fixture, cwd } = served.target.config;
  const servers: Server[] = [];
  const live = new Set<Socket>();
  for (const transport of ["stdio", "jsonrpc", "mcp"] as const) {
    const server = createServer((socket) => {
      live.add(socket);
      socket.once("close", () => live.delete(socket));
      socket.on("error", () => {});
      const service = createMockService({ fixturePath: fixture!.path, cwd });
      const run = async () => {
        if (fault?.transport !== transport) return serveToolService(service, { transport, input: socket, output: socket });
        const host = transport === "mcp" ? createMcpHost(service) : createJsonRpcHost(service);
        for await (const item of readLines(socket)) {
          // An over-long line: what our host answers for any line that is not JSON (-32700).
          const reply = "line" in item ? await fault.handle(item.line, (l) => host.handleLine(l)) : await host.handleLine("not JSON");
          if (reply !== undefined) await writeLine(socket, reply);
        }
      };
      void run().finally(() => socket.end()).catch(() => socket.destroy());
    });
    await new Promise<void>((done, fail) => server.once("error", fail).listen(join(sockets, `${transport}.sock`), done));
    servers.push(server);
  }
  const handle = {
    target: served.target,
    async close() {
      await served.close?.();
      for (const s of live) s.destroy();
      await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
      rmSync(sockets, { recursive: true, force: true });
    },
  };
  opened.push(handle);
  return handle;
}

async function outcome(fault?: Fault, only: readonly string[] = ids) {
  const { target } = await serve(fault);
  const report = await runSuite(wrightAgentSuite, target, "host", { only: [...only] });
  return report.results.map((r) => [r.id, r.status, r.message] as const);
}

describe("wright-agent host power checks", () => {
  it("our host passes them", async () => {
    expect((await outcome()).map(([id, status, message]) => [id, status, status === "pass" ? undefined : message])).toEqual(ids.map((id) => [id, "pass", undefined]));
  });

  it("a host that answers a client's response fails wright-agent/mcp-framing", async () => {
    const [r] = await outcome(answersResponses, ["wright-agent/mcp-framing"]);
    expect(r![1]).toBe("fail");
    expect(String(r![2])).toContain("a response to no request (result) must get no reply");
  });

  it("a host that accepts initialize without clientInfo fails wright-agent/mcp-params", async () => {
    const [r] = await outcome(lenientInitialize, ["wright-agent/mcp-params"]);
    expect(r![1]).toBe("fail");
    expect(String(r![2])).toContain("initialize without clientInfo: expected a JSON-RPC error -32602");
  });

  it("a host whose aliases ignore their parameters fails wright-agent/jsonrpc-params", async () => {
    const [r] = await outcome(aliasesIgnoreParams, ["wright-agent/jsonrpc-params"]);
    expect(r![1]).toBe("fail");
    expect(String(r![2])).toMatch(/(check|analyze|inspect) with \{force: true\}: expected a JSON-RPC error -32602/);
  });

  it("a host that answers an alias's refusal as a JSON-RPC error fails wright-agent/jsonrpc-alias-refusal", async () => {
    const [r] = await outcome(aliasRefusalsAsErrors, ["wright-agent/jsonrpc-alias-refusal"]);
    expect(r![1]).toBe("fail");
    expect(String(r![2])).toMatch(/alias (analyze|inspect) over a broken fixture: a service refusal came back as JSON-RPC error -32000/);
  });
});
