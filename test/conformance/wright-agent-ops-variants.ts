/**
 * Our mock served in process over stdio (the public host API on a Unix socket, reached through
 * test/mutation/socket-relay.mjs, as in test/mutation/wright-agent-suite.ts), optionally broken:
 * behind a FAULT (a function that rewrites the service's responses the way a broken server would
 * answer; wright-agent-ops-power.test.ts) or as any service made from the mock (one handler swapped,
 * runCheck: the wright-agent-power-*.test.ts files).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runSuite } from "../../conformance/harness/runner.js";
import { wrightAgentSuite } from "../../conformance/wright-agent/suite.js";
import { createWrightAgentTarget } from "../../conformance/wright-agent/targets.js";
import { serveToolService } from "../../src/wright-agent/host/serve.js";
import { createMockService, type MockService } from "../../src/wright-agent/mock/index.js";
import type { ToolHandlers } from "../../src/wright-agent/handlers.js";
import { createToolService, type ToolService } from "../../src/wright-agent/service.js";

const relay = fileURLToPath(new URL("../mutation/socket-relay.mjs", import.meta.url));

import type { Fault } from "./wright-agent-ops-faults.js";

/** Runs the given checks against the (faulty) mock over stdio: [id, status, message] each. */
export function runOn(ids: readonly string[], fault?: Fault): Promise<[string, string, string | undefined][]> {
  return runOnService(
    ids,
    fault
      ? (mock) => ({
          ...mock,
          handle: async (r: unknown) => fault(r, structuredClone(await mock.handle(r)), (q) => mock.handle(q)),
        })
      : undefined,
  );
}

/** A broken variant of our mock: the handlers it swaps in (the mock's own handlers reachable through `mock`). */
export type Break = (mock: MockService) => Partial<ToolHandlers>;

/** Runs one check over stdio against our mock, with `broken`'s handlers swapped in: [status, message]. */
export async function runCheck(id: string, broken?: Break): Promise<[string, string | undefined]> {
  const [[, status, message]] = (await runOnService(
    [id],
    broken ? (mock) => createToolService({ ...mock.handlers, ...broken(mock) }) : undefined,
  )) as [[string, string, string | undefined]];
  return [status, message];
}

/** Runs the given checks over stdio against the service `serve` makes of a fresh mock per connection (the mock itself without it). */
export async function runOnService(
  ids: readonly string[],
  serve?: (mock: MockService) => ToolService,
): Promise<[string, string, string | undefined][]> {
  const dir = mkdtempSync(join(tmpdir(), "wa-ops-"));
  const sock = join(dir, "stdio.sock");
  const t = createWrightAgentTarget({
    command: [process.execPath, relay, sock, "{fixture}"],
    transports: ["stdio"],
    name: "mock in process",
  });
  const fixture = t.target.config.fixture!.path;
  const live = new Set<Socket>();
  const server = createServer((socket) => {
    live.add(socket);
    socket.on("error", () => {});
    const mock = createMockService({ fixturePath: fixture, cwd: t.target.config.cwd });
    const service = serve ? serve(mock) : mock;
    void serveToolService(service, { transport: "stdio", input: socket, output: socket }).finally(() => socket.end());
  });
  await new Promise<void>((done) => server.listen(sock, done));
  try {
    const report = await runSuite(wrightAgentSuite, t.target, t.name, { only: [...ids] });
    return report.results.map((r) => [r.id, r.status, r.message]);
  } finally {
    await t.close?.();
    for (const s of live) s.destroy();
    await new Promise((done) => server.close(done));
    rmSync(dir, { recursive: true, force: true });
  }
}
