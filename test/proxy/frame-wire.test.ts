/**
 * `proxy frame-wire`: between our reference client (streamTurn, the SSE client) and our reference
 * server (`serve frame-wire`, a real process) the proxy forwards the very bytes the server sends,
 * reports nothing and exits 0; the recorded session replays green against our fold and red against
 * a broken one. With a broken server from test/frame-wire/endpoint-servers in the middle, each
 * violation kind is reported with its event, index and pointer, and the proxy exits 1.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamTurn } from "../../src/frame-wire/sse.js";
import type { StreamTurnRequestBody } from "../../src/generated/frame-wire-api/types.js";
import { createFrameWireProxy } from "../../conformance/proxy/frame-wire.js";
import { ViolationLog, type Violation } from "../../conformance/proxy/log.js";
import { runCli } from "../helpers/cli.js";
import { listen, TOKEN, type Running as Upstream } from "../frame-wire/endpoint-servers/_proxy.js";
import * as repeatsSeq from "../frame-wire/endpoint-servers/repeats-seq.js";
import * as deltaBeforeStart from "../frame-wire/endpoint-servers/delta-before-start.js";
import * as namedEvents from "../frame-wire/endpoint-servers/named-events.js";
import * as noDone from "../frame-wire/endpoint-servers/no-done.js";
import * as doneSentinel from "../frame-wire/endpoint-servers/done-sentinel.js";
import * as wrongContentType from "../frame-wire/endpoint-servers/wrong-content-type.js";
import * as oneBasedIndices from "../frame-wire/endpoint-servers/one-based-indices.js";
import { jsonLines, ROOT, startCli, type Running } from "./helpers.js";

const BODY: StreamTurnRequestBody = { messages: [{ role: "user", content: "Say hello." }] };
const tmp = mkdtempSync(join(tmpdir(), "cs-proxy-fw-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function bytes(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Buffer; type: string | null }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(BODY),
    ...init,
  });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), type: res.headers.get("content-type") };
}

describe("between our reference client and server (real processes)", { timeout: 60_000 }, () => {
  let server: Running;
  let proxy: Running;
  const record = join(tmp, "session.json");
  beforeAll(async () => {
    server = await startCli(["serve", "frame-wire", "--port", "0", "--pace", "0", "--token", TOKEN]);
    proxy = await startCli([
      "proxy",
      "frame-wire",
      "--listen",
      "127.0.0.1:0",
      "--upstream",
      server.first,
      "--record",
      record,
      "--format",
      "json",
    ]);
  });
  afterAll(async () => {
    await proxy?.stop();
    await server?.stop();
  });

  it("forwards the same bytes the server sends, folds the same turn, reports nothing, records each stream", async () => {
    expect(proxy.first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/turns\/stream$/);
    for (const query of ["?seed=7", "?vector=basic-turn", "?vector=element-append-array-is-one-element"]) {
      const direct = await bytes(server.first + query);
      const proxied = await bytes(proxy.first + query);
      expect(proxied.status).toBe(200);
      expect(proxied.type).toBe(direct.type);
      expect(proxied.body.equals(direct.body)).toBe(true);
    }
    // A refusal passes unchanged too (a 401 is declared: no violation).
    const refused = await bytes(proxy.first, {
      headers: { authorization: "Bearer nope", "content-type": "application/json" },
    });
    expect(refused.status).toBe(401);
    const base = proxy.first.replace(/\/v1\/turns\/stream$/, "");
    const outcome = await streamTurn({ baseUrl: base }, { headers: { Authorization: `Bearer ${TOKEN}` }, body: BODY });
    expect(outcome.abort).toBeNull();
    expect(outcome.turn.finish_reason).toBe("done");
    const end = await proxy.stop();
    expect(end.code, end.stdout + end.stderr).toBe(0);
    const lines = jsonLines(end.stdout);
    expect(lines).toEqual([{ summary: { exchanges: 5, violations: 0, byKind: {} } }]);
    const recording = JSON.parse(readFileSync(record, "utf8"));
    expect(recording.suite).toBe("frame-wire");
    expect(recording.vectors.map((v: { name: string }) => v.name)).toEqual([
      "exchange-1",
      "exchange-2",
      "exchange-3",
      "exchange-5",
    ]);
  });

  it("the recording replays green against our fold and red against a broken one", async () => {
    const green = await runCli(["conform", "frame-wire", "--replay", record, "--format", "json"]);
    expect(green.code, green.stdout + green.stderr).toBe(0);
    const report = JSON.parse(green.stdout);
    expect(report.suites[0].results.map((r: { status: string }) => r.status)).toEqual(["pass", "pass", "pass", "pass"]);
    const broken = `node --import tsx ${ROOT}/test/frame-wire/broken-folds/splices-appended-array.ts`;
    const red = await runCli(["conform", "frame-wire", "--replay", record, "--target", broken, "--format", "json"]);
    expect(red.code, red.stdout + red.stderr).toBe(1);
    const failed = JSON.parse(red.stdout).suites[0].results.filter((r: { status: string }) => r.status === "fail");
    expect(failed.map((r: { id: string }) => r.id)).toEqual(["frame-wire/replay/exchange-3"]);
  });
});

/** A proxy in this process (real sockets) in front of one upstream; what it reported for one request. */
async function throughProxy(
  upstream: string,
  request: { body?: string; headers?: Record<string, string> } = {},
): Promise<Violation[]> {
  const out: string[] = [];
  const log = new ViolationLog({ write: (s: string) => out.push(s) } as unknown as NodeJS.WritableStream, "json");
  let resolveEnded!: () => void;
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));
  const proxyServer: Server = createFrameWireProxy({
    upstream: new URL(upstream),
    log,
    onVector: () => resolveEnded(),
  });
  const url = (await listen(proxyServer)) + "/v1/turns/stream";
  const res = await fetch(url, {
    method: "POST",
    headers: request.headers ?? { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: request.body ?? JSON.stringify(BODY),
  });
  await res.arrayBuffer();
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) await ended;
  proxyServer.closeAllConnections();
  await new Promise((r) => proxyServer.close(r));
  return out.map((l) => JSON.parse(l) as Violation);
}

describe("with a broken server in the middle, each violation kind is reported", { timeout: 60_000 }, () => {
  const cases: [string, { start(): Promise<Upstream> }, Partial<Violation>[]][] = [
    [
      "repeats-seq",
      repeatsSeq,
      [
        { kind: "seq-increasing", pointer: "/seq" },
        { kind: "fold/stale_seq", pointer: "/seq" },
      ],
    ],
    [
      "delta-before-start",
      deltaBeforeStart,
      [
        { kind: "delta-opened-index", pointer: "/index", index: 0 },
        { kind: "fold/block_delta_unknown_index", pointer: "/index", index: 0 },
      ],
    ],
    ["named-events", namedEvents, [{ kind: "data-only", index: 0 }]],
    ["no-done", noDone, [{ kind: "fold/stream_without_done", index: null }]],
    ["done-sentinel", doneSentinel, [{ kind: "frame-json" }]],
    ["wrong-content-type", wrongContentType, [{ kind: "content-type", index: null }]],
    ["one-based-indices", oneBasedIndices, [{ kind: "fold/block_start_index_gap", index: null }]],
  ];
  for (const [name, server, expected] of cases) {
    it(name, async () => {
      const upstream = await server.start();
      try {
        const seen = await throughProxy(upstream.url);
        for (const want of expected) expect(seen, JSON.stringify(seen)).toContainEqual(expect.objectContaining(want));
        expect(seen.every((v) => v.side === "server" && v.transport === "frame-wire" && v.exchange === 1)).toBe(true);
      } finally {
        await upstream.close();
      }
    });
  }

  it("a client's request: a body the schema refuses (with its pointer), no Authorization", async () => {
    const upstream = await repeatsSeq.start();
    try {
      const seen = await throughProxy(upstream.url, {
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "robot", content: "hi" }] }),
      });
      expect(seen).toContainEqual(expect.objectContaining({ kind: "request-authorization", side: "client" }));
      expect(seen).toContainEqual(
        expect.objectContaining({ kind: "request-body", side: "client", pointer: "/messages/0/role" }),
      );
    } finally {
      await upstream.close();
    }
  });
});

describe("usage and setup errors are exit 2 with one line", () => {
  it("a busy port, an upstream nobody listens on, a listen address that is not loopback, not HOST:PORT", async () => {
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen(0, "127.0.0.1", r));
    const busy = (holder.address() as net.AddressInfo).port;
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const free = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    try {
      const up = `http://127.0.0.1:${busy}`;
      const cases: [string[], RegExp][] = [
        [["--listen", `127.0.0.1:${busy}`, "--upstream", up], /--listen \d+: 127\.0\.0\.1:\d+ is already in use/],
        [["--listen", "127.0.0.1:0", "--upstream", `http://127.0.0.1:${free}`], /nothing accepts connections/],
        [["--listen", "0.0.0.0:0", "--upstream", up], /must be a loopback address/],
        [["--listen", "8788", "--upstream", up], /takes HOST:PORT/],
        [["--listen", "127.0.0.1:0", "--upstream", "ftp://x"], /http or https URL/],
      ];
      for (const [args, pattern] of cases) {
        const r = await runCli(["proxy", "frame-wire", ...args]);
        expect(r.code, r.stderr).toBe(2);
        expect(r.stderr.trim().split("\n")).toHaveLength(1);
        expect(r.stderr).toMatch(pattern);
      }
    } finally {
      holder.close();
    }
  });
});
