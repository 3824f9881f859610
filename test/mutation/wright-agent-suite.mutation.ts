/**
 * The killing suite of `npm run mutation -- --only wright-agent`: the wright-agent conformance
 * suite check by check against our mock served IN THIS PROCESS by the public host API
 * (createMockService + serveToolService, one service per connection, exactly what
 * `serve wright-agent` does per process) on one Unix socket per transport. The suite's clients
 * still start a command and speak over its stdin/stdout (the target is unchanged); the command is
 * test/mutation/socket-relay.mjs, which only relays bytes to the socket. Because the host runs
 * here, Stryker sees which checks reach a mutant, so coverage is per test (decision 224), and the
 * active mutant needs no environment variable.
 * Named *.mutation.ts so `npm test` does not run it (test/wright-agent/conformance.test.ts runs the
 * same suite against the built CLI).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultContext } from "../../conformance/harness/check.js";
import { describeFailure, runCheck } from "../../conformance/harness/runner.js";
import { wrightAgentSuite } from "../../conformance/wright-agent/suite.js";
import type { SuiteTarget } from "../../conformance/harness/target.js";
import { TRANSPORTS, type Transport, type WrightAgentTarget } from "../../conformance/wright-agent/target.js";
import { createWrightAgentTarget } from "../../conformance/wright-agent/targets.js";
import { serveToolService } from "../../src/wright-agent/host/serve.js";
import { createMockService } from "../../src/wright-agent/mock/index.js";

const relay = fileURLToPath(new URL("./socket-relay.mjs", import.meta.url));

/** Serves one connection as one `serve wright-agent --transport <t>` process would. */
async function serveConnection(socket: Socket, transport: Transport, fixturePath: string, cwd: string): Promise<void> {
  socket.on("error", () => {}); // the client went away: nothing left to serve
  try {
    await serveToolService(createMockService({ fixturePath, cwd }), { transport, input: socket, output: socket });
  } finally {
    socket.end();
  }
}

// Made per run (not at import): each mutant gets fresh sessions. Nothing in beforeAll runs mutated
// code (a mutant that broke a hook would leave the tests "skipped", which Stryker counts as
// survived): the mock and host start when a check's client connects.
let served: SuiteTarget<WrightAgentTarget>;
let sockets: string;
const servers: Server[] = [];
const open = new Set<Socket>();
beforeAll(async () => {
  sockets = mkdtempSync(join(tmpdir(), "wa-mut-"));
  served = createWrightAgentTarget({ command: [process.execPath, relay, join(sockets, "{transport}.sock"), "{fixture}"], name: "mock in process" });
  const { fixture, cwd } = served.target.config;
  for (const transport of TRANSPORTS) {
    const server = createServer((socket) => {
      open.add(socket);
      socket.once("close", () => open.delete(socket));
      void serveConnection(socket, transport, fixture!.path, cwd).catch(() => socket.destroy());
    });
    await new Promise<void>((done, fail) => server.once("error", fail).listen(join(sockets, `${transport}.sock`), done));
    servers.push(server);
  }
});
afterAll(async () => {
  await served?.close?.();
  for (const s of open) s.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
  rmSync(sockets, { recursive: true, force: true });
});

describe("conform wright-agent: our mock in process, check by check", () => {
  for (const check of wrightAgentSuite.checks) {
    it(check.id, async () => {
      const r = await runCheck(check, served.target, defaultContext());
      expect(r.status, describeFailure(r)).toBe("pass");
    });
  }
});
