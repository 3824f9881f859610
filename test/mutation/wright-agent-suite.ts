/**
 * The killing suite of `npm run mutation -- --only wright-agent`, for the long-lived check runner
 * (scripts/mutation/check-runner.mjs, decision 226): the wright-agent conformance suite against
 * our mock served IN THIS PROCESS by the public host API (createMockService + serveToolService, one
 * service per connection, exactly what `serve wright-agent` does per process) on one Unix socket per
 * transport. The suite's clients still start a command and speak over its stdin/stdout (the target
 * is unchanged); the command is test/mutation/socket-relay.mjs, which only relays bytes to the
 * socket. Because the host runs here, Stryker sees which checks reach a mutant (coverage perTest,
 * decision 224). The runner imports this module once per process and calls open() per mutant run:
 * fresh sockets, hosts and sessions each time, so nothing a mutant did carries over.
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
import { TRANSPORTS, type Transport, type WrightAgentTarget } from "../../conformance/wright-agent/target.js";
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
 */
async function open(): Promise<OpenedSuite> {
  const sockets = mkdtempSync(join(tmpdir(), "wa-mut-"));
  const served = createWrightAgentTarget({ command: [process.execPath, relay, join(sockets, "{transport}.sock"), "{fixture}"], name: "mock in process", timeoutMs: EXCHANGE_TIMEOUT_MS });
  const { fixture, cwd } = served.target.config;
  const servers: Server[] = [];
  const live = new Set<Socket>();
  for (const transport of TRANSPORTS) {
    const server = createServer((socket) => {
      live.add(socket);
      socket.once("close", () => live.delete(socket));
      void serveConnection(socket, transport, fixture!.path, cwd).catch(() => socket.destroy());
    });
    await new Promise<void>((done, fail) => server.once("error", fail).listen(join(sockets, `${transport}.sock`), done));
    servers.push(server);
  }
  const byId = new Map(wrightAgentSuite.checks.map((c) => [c.id, c]));
  const shared = creditSharedSessions(served.target);
  return {
    async run(checkId) {
      const check = byId.get(checkId);
      if (!check) return { ok: false, message: `no check ${checkId}` };
      const r = await runCheck(check, served.target, defaultContext());
      return r.status === "pass" ? { ok: true } : { ok: false, message: describeFailure(r) };
    },
    async close() {
      await shared.during(async () => {
        await served.close?.();
        for (const s of live) s.destroy();
        await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
      });
      rmSync(sockets, { recursive: true, force: true });
      shared.credit();
    },
  };
}

/** Stryker's global as the instrumented code reads it (undefined outside a Stryker run). */
type StrykerNs = { currentTestId?: string; mutantCoverage?: { static: Record<string, number>; perTest: Record<string, Record<string, number>> } };
const strykerNs = () => (globalThis as { __stryker__?: StrykerNs }).__stryker__;
/** The pseudo check id the shared sessions' code is recorded under, then credited to their users. */
export const SHARED_SESSIONS = "(shared sessions)";

/**
 * The target keeps ONE session per transport for the whole run (opened by the first check that
 * asks for it: the MCP initialize and tools/list, the first capabilities exchange, the host's and
 * the mock's start for that connection) and caches capabilities. Recorded under the first check
 * only, a mutant there (mcpTool's input schema, initialize's answer, serverInfo) ran against that
 * check alone, and the later checks that would see it never ran (the wit suite's start-up fault of
 * round 7). So the code that runs while a shared session opens, while capabilities is first asked,
 * and while the target closes is recorded under SHARED_SESSIONS and then credited to EVERY check
 * that used the target's shared sessions; the session still opens inside a check, so a mutant that
 * breaks it fails that check. (Static coverage instead would give each such mutant a fresh process:
 * nearly every host mutant runs during a session's first exchange.)
 */
export function creditSharedSessions(target: WrightAgentTarget): { during<T>(f: () => Promise<T>): Promise<T>; credit(): void } {
  const users = new Set<string>();
  let depth = 0;
  let outer: string | undefined;
  const during = async <T>(f: () => Promise<T>): Promise<T> => {
    const ns = strykerNs();
    if (!ns) return f();
    if (depth++ === 0) outer = ns.currentTestId;
    ns.currentTestId = SHARED_SESSIONS;
    try {
      return await f();
    } finally {
      if (--depth === 0) ns.currentTestId = outer;
    }
  };
  const t = target as unknown as Record<"stdio" | "jsonrpc" | "mcp" | "capabilities", () => Promise<unknown>>;
  for (const name of ["stdio", "jsonrpc", "mcp", "capabilities"] as const) {
    const original = t[name].bind(target);
    let first: Promise<unknown> | undefined;
    t[name] = () => {
      const current = depth > 0 ? outer : strykerNs()?.currentTestId;
      if (current !== undefined) users.add(current);
      return (first ??= during(original));
    };
  }
  return {
    during,
    credit() {
      const cov = strykerNs()?.mutantCoverage;
      const recorded = cov?.perTest[SHARED_SESSIONS];
      if (!cov || !recorded) return;
      delete cov.perTest[SHARED_SESSIONS];
      for (const id of users) {
        const own = (cov.perTest[id] ??= {});
        for (const [mutant, hits] of Object.entries(recorded)) own[mutant] = (own[mutant] ?? 0) + hits;
      }
    },
  };
}

export const mutationSuite: MutationSuite = { checks: wrightAgentSuite.checks, open };
