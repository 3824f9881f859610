/**
 * The killing suite of `npm run mutation -- --only wright-agent`, for the long-lived check runner
 * (scripts/mutation/check-runner.mjs, decision 226): the wright-agent conformance suite against
 * our mock served IN THIS PROCESS by the public host API (createMockService + serveToolService, one
 * service per connection, exactly what `serve wright-agent` does per process) on one Unix socket per
 * transport. The suite's clients still start a command and speak over its stdin/stdout (the target
 * is unchanged); the command is test/mutation/socket-relay.mjs, which only relays bytes to the
 * socket. Because the host runs here, Stryker sees which checks reach a mutant (coverage perTest,
 * decision 224). The runner imports this module once per process and calls open() per mutant run:
 * fresh sockets each time, and fresh hosts and sessions per check, so nothing a mutant did carries over.
 * test/mutation/wright-agent-suite.mutation.ts runs the same through vitest.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultContext } from "../../conformance/harness/check.js";
import { describeFailure, runCheck } from "../../conformance/harness/runner.js";
import { wrightAgentSuite } from "../../conformance/wright-agent/suite.js";
import { TRANSPORTS, type Transport } from "../../conformance/wright-agent/target.js";
import { createWrightAgentTarget } from "../../conformance/wright-agent/targets.js";
import { serveToolService } from "../../src/wright-agent/host/serve.js";
import { createMockService } from "../../src/wright-agent/mock/index.js";

/**
 * Per exchange, instead of conform's 30 s (decision 233): in process an exchange takes
 * milliseconds (the slowest CHECK, mcp-argument-errors, 1.2-1.5 s for all its exchanges at load
 * ~4), so a mutant whose host never answers fails the check here, in the same runner process,
 * instead of running into Stryker's timeout (a wait plus a new process).
 */
export const EXCHANGE_TIMEOUT_MS = 2_000;

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

export interface OpenedSuite {
  run(checkId: string): Promise<{ ok: boolean; message?: string }>;
  close(): Promise<void>;
}

export interface MutationSuite {
  checks: readonly { id: string }[];
  open(): Promise<OpenedSuite>;
}

/**
 * Opens the sockets; nothing here runs mutated code (the mock and host start when a check's client
 * connects), so a mutant that breaks start-up fails a CHECK, and start-up code is covered by one.
 * Each check gets its OWN target (fixture copy, clients, hence hosts and sessions): the suite's
 * target shares one session per transport across checks, so the program a session loaded in the
 * first check that read it (Program, derive, the fixture checks) served every later check, and
 * Stryker recorded that code as the first check's coverage alone: a mutant there ran against that
 * check only, although the later checks read what it built.
 */
async function open(): Promise<OpenedSuite> {
  const sockets = mkdtempSync(join(tmpdir(), "wa-mut-"));
  const command = [process.execPath, relay, join(sockets, "{transport}.sock"), "{fixture}"];
  let served: ReturnType<typeof createWrightAgentTarget> | undefined;
  const servers: Server[] = [];
  const live = new Set<Socket>();
  for (const transport of TRANSPORTS) {
    const server = createServer((socket) => {
      live.add(socket);
      socket.once("close", () => live.delete(socket));
      const config = served?.target.config;
      if (!config?.fixture) return void socket.destroy(); // no check is running
      void serveConnection(socket, transport, config.fixture.path, config.cwd).catch(() => socket.destroy());
    });
    await new Promise<void>((done, fail) =>
      server.once("error", fail).listen(join(sockets, `${transport}.sock`), done),
    );
    servers.push(server);
  }
  const closeServed = async () => {
    const s = served;
    served = undefined;
    await s?.close?.();
    for (const socket of live) socket.destroy();
  };
  const byId = new Map(wrightAgentSuite.checks.map((c) => [c.id, c]));
  return {
    async run(checkId) {
      const check = byId.get(checkId);
      if (!check) return { ok: false, message: `no check ${checkId}` };
      served = createWrightAgentTarget({ command, name: "mock in process", timeoutMs: EXCHANGE_TIMEOUT_MS });
      try {
        const r = await runCheck(check, served.target, defaultContext());
        return r.status === "pass" ? { ok: true } : { ok: false, message: describeFailure(r) };
      } finally {
        await closeServed();
      }
    },
    async close() {
      await closeServed();
      await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
      rmSync(sockets, { recursive: true, force: true });
    },
  };
}

export const mutationSuite: MutationSuite = { checks: wrightAgentSuite.checks, open };
