/**
 * proxy.frameWire: what `proxy frame-wire` adds to a stream. One turn of 2,000 events from our mock
 * (pace 0), fetched to its last byte directly and through the proxy (real loopback sockets, the
 * proxy checking every frame and folding), in interleaved rounds (A B, B A, ...) in the same run;
 * the figure is the median of the per-round quotients, proxied over a bare relay: a dozen lines of
 * node:http that pipe the request and the answer through and check nothing. Any proxy pays that
 * hop (on an unpaced stream of small chunks it alone doubles the time to the last byte, measured
 * beside it here), so the bare relay isolates what `proxy` itself adds: the checks and the fold.
 * The proxy runs as a user runs it, `contract-suite proxy frame-wire` in a process of its own,
 * and so does the relay.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createFrameWireServer } from "../../src/frame-wire/serve.js";
import { spawn, type ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { bySize, type Bench } from "./measure.js";

function turn(events: number): unknown[] {
  const out: unknown[] = [{ type: "block_start", index: 0, block_id: "b0", block: { kind: "text", text: "" } }];
  let text = "";
  for (let seq = 0; out.length < events - 1; seq++) {
    text += "word ";
    out.push({
      type: "block_delta",
      index: 0,
      block_id: "b0",
      seq,
      delta: { op: "field_set", path: "/text", value: text.slice(-200) },
    });
  }
  out.push({ type: "done", finish_reason: "done" });
  return out;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function timeStream(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: "POST",
    headers: { authorization: "Bearer t", "content-type": "application/json" },
    body: JSON.stringify({ messages: [{ role: "user", content: "hi" }] }),
  });
  await res.arrayBuffer();
  return performance.now() - t0;
}

const CLI = join(resolve(import.meta.dirname, "../.."), "bin/contract-suite.mjs");

/** `contract-suite proxy frame-wire` in front of `upstream`, and the base URL it listens on (its first stdout line). */
async function startProxy(upstream: string): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const child = spawn(
    process.execPath,
    [CLI, "proxy", "frame-wire", "--listen", "127.0.0.1:0", "--upstream", upstream, "--format", "json"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let rest = "";
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolveLine, reject) => {
    lines.once("line", resolveLine);
    child.once("exit", (code) => reject(new Error(`proxy exited ${code} before listening`)));
  });
  lines.on("line", (l) => (rest += l + "\n"));
  child.stderr!.resume();
  return { child, base: new URL(first).origin, output: () => rest };
}

/** The hop without the checks: a relay in a process of its own that pipes both ways and reads nothing. */
async function startBareRelay(upstream: string): Promise<{ child: ChildProcess; base: string }> {
  const { hostname, port } = new URL(upstream);
  const source = `const http = require("node:http");
const s = http.createServer((req, res) => {
  const up = http.request({ host: ${JSON.stringify(hostname)}, port: ${Number(port)}, path: req.url, method: req.method, headers: req.headers }, (u) => {
    res.writeHead(u.statusCode, u.headers);
    u.pipe(res);
  });
  req.pipe(up);
});
s.listen(0, "127.0.0.1", () => console.log("http://127.0.0.1:" + s.address().port));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  const base = await new Promise<string>((resolveLine) =>
    createInterface({ input: child.stdout! }).once("line", resolveLine),
  );
  return { child, base };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export const proxyFrameWireBench: Bench = {
  name: "proxy.frameWire",
  what: "a 2,000-event stream to its last byte through `proxy frame-wire` (every frame checked and folded) over the same stream through a bare relay (the hop alone), same run; direct beside them",
  target: "<= 1.5x a bare relay",
  async run({ size }) {
    const events = turn(2000);
    const mock = createFrameWireServer({ token: "t", vectors: new Map([["big", events]]) });
    const upstream = await listen(mock);
    const proxy = await startProxy(upstream);
    const relay = await startBareRelay(upstream);
    const path = "/v1/turns/stream?vector=big";
    const rounds = bySize(size, 3, 15, 30);
    const direct: number[] = [];
    const bare: number[] = [];
    const proxied: number[] = [];
    const order: [number[], string][] = [
      [direct, upstream],
      [bare, relay.base],
      [proxied, proxy.base],
    ];
    try {
      for (const [, base] of order) await timeStream(base + path);
      for (let i = 0; i < rounds; i++) {
        // Rotated each round, so no candidate always runs first or last.
        for (let k = 0; k < order.length; k++) {
          const [into, base] = order[(i + k) % order.length]!;
          into.push(await timeStream(base + path));
        }
      }
    } finally {
      for (const child of [proxy.child, relay.child]) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      mock.closeAllConnections();
      mock.close();
    }
    // Violations are JSON lines, and so is the summary at the end.
    const violations = proxy
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{") && !l.startsWith('{"summary"'));
    if (violations.length !== 0) throw new Error(`the benchmark stream broke the contract: ${violations[0]}`);
    const ratio = median(proxied.map((p, i) => p / bare[i]!));
    return {
      value: Math.round(median(proxied) * 10) / 10,
      unit: "ms",
      baseline: `bare relay ${median(bare).toFixed(1)} ms, direct ${median(direct).toFixed(1)} ms (proxied over direct ${median(proxied.map((p, i) => p / direct[i]!)).toFixed(2)}x)`,
      ratio: Math.round(ratio * 100) / 100,
      target: this.target,
      note: `${rounds} rounds; the checks add ${(((median(proxied) - median(bare)) * 1000) / events.length).toFixed(1)} µs per event over the bare hop`,
    };
  },
};
