/**
 * proxy.frameWire: what `proxy frame-wire` adds to a stream. One turn of 2,000 events from our mock
 * (pace 0), fetched to its last byte directly and through the proxy (real loopback sockets, the
 * proxy checking every frame and folding), in interleaved rounds (A B, B A, ...) in the same run;
 * the figure is the median of the per-round quotients (proxied over direct).
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { createFrameWireServer } from "../../src/frame-wire/serve.js";
import { createFrameWireProxy } from "../../conformance/proxy/frame-wire.js";
import { ViolationLog } from "../../conformance/proxy/log.js";
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export const proxyFrameWireBench: Bench = {
  name: "proxy.frameWire",
  what: "a 2,000-event stream to its last byte through `proxy frame-wire` (every frame checked and folded) over the same stream direct, same run",
  target: "<= 2x",
  async run({ size }) {
    const events = turn(2000);
    const mock = createFrameWireServer({ token: "t", vectors: new Map([["big", events]]) });
    const upstream = await listen(mock);
    const log = new ViolationLog(new Writable({ write: (_c, _e, cb) => cb() }), "json");
    const proxy = createFrameWireProxy({ upstream: new URL(upstream), log });
    const via = await listen(proxy);
    const path = "/v1/turns/stream?vector=big";
    const rounds = bySize(size, 3, 15, 30);
    const direct: number[] = [];
    const proxied: number[] = [];
    try {
      await timeStream(upstream + path);
      await timeStream(via + path);
      for (let i = 0; i < rounds; i++) {
        if (i % 2 === 0) {
          direct.push(await timeStream(upstream + path));
          proxied.push(await timeStream(via + path));
        } else {
          proxied.push(await timeStream(via + path));
          direct.push(await timeStream(upstream + path));
        }
      }
    } finally {
      proxy.closeAllConnections();
      mock.closeAllConnections();
      proxy.close();
      mock.close();
    }
    if (log.count !== 0) throw new Error(`the benchmark stream broke the contract ${log.count} time(s)`);
    const ratio = median(proxied.map((p, i) => p / direct[i]!));
    return {
      value: Math.round(median(proxied) * 10) / 10,
      unit: "ms",
      baseline: `direct ${median(direct).toFixed(1)} ms`,
      ratio: Math.round(ratio * 100) / 100,
      target: this.target,
      note: `${rounds} rounds; ${(((median(proxied) - median(direct)) * 1000) / events.length).toFixed(1)} µs per event`,
    };
  },
};
