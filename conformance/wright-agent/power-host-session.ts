/**
 * The raw newline-delimited JSON-RPC session the host transport checks (power-host.ts,
 * power-host-mcp.ts) speak on: one spawned host per session, lines out, replies read by id, and
 * the reply assertions they share.
 */
import { expect, fail } from "../harness/check.js";
import { JsonRpcChannel } from "../../src/wright-agent/client/index.js";
import type { Transport, WrightAgentTarget } from "./target.js";
import { obj } from "./util.js";

export const INITIALIZE = {
  protocolVersion: "2025-11-25",
  capabilities: {},
  clientInfo: { name: "contract-suite", version: "0.1.0" },
};

export type Reply = {
  jsonrpc?: unknown;
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown };
};

/** A raw session of its own over `transport` (closed by `use`'s end). */
export async function withRawSession<T>(
  target: WrightAgentTarget,
  transport: Transport,
  use: (s: RawSession) => Promise<T>,
): Promise<T> {
  const ch = JsonRpcChannel.spawn(target.command(transport), {
    cwd: target.config.cwd,
    env: target.config.env,
    timeoutMs: target.config.timeoutMs ?? 30_000,
  });
  try {
    return await use(new RawSession(ch, target.config.timeoutMs ?? 30_000));
  } finally {
    await ch.close();
  }
}

export class RawSession {
  constructor(
    readonly ch: JsonRpcChannel,
    readonly timeoutMs: number,
  ) {}

  /** Sends one line and parses the reply (a check failure when none comes or it is not JSON). */
  async ask(line: string, what: string): Promise<Reply> {
    const reply = await this.ch.exchange(line);
    try {
      return JSON.parse(reply!) as Reply;
    } catch {
      fail(`${what}: the reply is not JSON: ${String(reply).slice(0, 200)}`);
    }
  }

  /** Sends one line that must get no reply; the request after it must be answered with its own id. */
  async silent(line: string, what: string, next: { method: string; params?: unknown }): Promise<void> {
    const got = await this.ch.exchange(line, { reply: false, settleMs: 300 });
    expect(got === undefined, `${what} must get no reply, got ${String(got).slice(0, 200)}`);
    const id = `after-${Math.random().toString(36).slice(2, 8)}`;
    const after = await this.ask(
      JSON.stringify({
        jsonrpc: "2.0",
        id,
        method: next.method,
        ...(next.params === undefined ? {} : { params: next.params }),
      }),
      `the request after ${what}`,
    );
    expect(
      after.id === id && after.result !== undefined,
      `after ${what} the next request must be answered with its own id ${id}: ${JSON.stringify(after).slice(0, 200)}`,
    );
  }

  /**
   * Writes `first` without its newline, pauses, then the newline with `second` (and its own
   * newline) behind it: a read that starts with the line end. Two lines, so two replies, in order.
   */
  async newlineFirst(
    first: Record<string, unknown>,
    second: Record<string, unknown>,
    what: string,
  ): Promise<[Reply, Reply]> {
    this.ch.process.child.stdin!.write(JSON.stringify(first));
    await new Promise((r) => setTimeout(r, 50));
    const a = await this.ask(`\n${JSON.stringify(second)}`, what);
    const line = await this.ch.process.next(this.timeoutMs);
    if (line === undefined) fail(`${what}: the second line got no reply (one reply for two lines)`, a);
    try {
      return [a, JSON.parse(line) as Reply];
    } catch {
      fail(`${what}: the second reply is not JSON: ${line.slice(0, 200)}`);
    }
  }

  /** Writes one request in two pieces with a pause between them (a line that arrives in two reads). */
  async split(request: Record<string, unknown>, what: string): Promise<Reply> {
    const line = JSON.stringify(request);
    const half = Math.floor(line.length / 2);
    this.ch.process.child.stdin!.write(line.slice(0, half));
    await new Promise((r) => setTimeout(r, 50));
    return this.ask(line.slice(half), what);
  }
}

export function expectError(reply: Reply, code: number | readonly number[], id: unknown, what: string): void {
  const codes: readonly number[] = typeof code === "number" ? [code] : code;
  expect(reply.jsonrpc === "2.0", `${what}: the response lacks jsonrpc "2.0"`, reply);
  expect(
    reply.error !== undefined && !("result" in reply),
    `${what}: expected a JSON-RPC error ${codes.join(" or ")}, got ${JSON.stringify(reply).slice(0, 300)}`,
  );
  expect(
    codes.includes(reply.error!.code as number),
    `${what}: expected error code ${codes.join(" or ")}, got ${String(reply.error!.code)}`,
    reply,
  );
  expect(typeof reply.error!.message === "string", `${what}: an error message must be a string`, reply);
  expect(
    JSON.stringify(reply.id) === JSON.stringify(id),
    `${what}: the response id must be ${JSON.stringify(id)}, got ${JSON.stringify(reply.id)}`,
    reply,
  );
}

export function expectResultId(reply: Reply, id: unknown, what: string): unknown {
  expect(
    reply.jsonrpc === "2.0" && reply.id === id && "result" in reply && reply.error === undefined,
    `${what}: expected a result for id ${JSON.stringify(id)}, got ${JSON.stringify(reply).slice(0, 300)}`,
  );
  return reply.result;
}

export async function initialized(s: RawSession): Promise<Record<string, unknown>> {
  const init = obj(
    expectResultId(
      await s.ask(JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: INITIALIZE }), "initialize"),
      0,
      "initialize",
    ),
  );
  const none = await s.ch.exchange(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), {
    reply: false,
    settleMs: 100,
  });
  expect(none === undefined, `notifications/initialized was answered: ${String(none).slice(0, 200)}`);
  return init;
}

export const request = (id: unknown, method: string, params?: unknown) =>
  JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
