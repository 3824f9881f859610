/**
 * wit.throughput and wit.latency: lock.acquire + lock.release pairs over the daemon's Unix socket
 * from 16 concurrent keep-alive clients, against a bare node:http server on a Unix socket that reads
 * the body and answers a constant JSON-RPC result — both as separate processes, measured in the same
 * run. The daemon runs at the durability the reliability tests demand (WAL, synchronous=NORMAL:
 * nothing acknowledged is lost when the process is killed).
 */
import http from "node:http";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDaemonProcess, stopDaemonProcess } from "../../src/wit/client/lifecycle.js";
import { connectablePath } from "../../src/wit/socket-path.js";
import { bySize, median, type Bench } from "./measure.js";

const CLIENTS = 16;

function post(agent: http.Agent, socketPath: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, path: "/rpc", method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
      let data = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (data += c));
      res.on("end", () => resolve(data));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const rpc = (method: string, params: unknown, id: number) => JSON.stringify({ jsonrpc: "2.0", witVersion: "1", id, method, params });

/** Runs the pair loop on every client for `ms`; returns pairs/s and per-request latencies (ms). */
async function load(socketPath: string, ms: number): Promise<{ pairsPerSecond: number; latencies: number[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const latencies: number[] = [];
  let pairs = 0;
  const deadline = performance.now() + ms;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      let id = 0;
      while (performance.now() < deadline) {
        const symbolPath = `src/bench${c}.ts:fn${id % 64}`;
        for (const [method, params] of [["lock.acquire", { symbolPath, sessionId: `s${c}` }], ["lock.release", { symbolPath, sessionId: `s${c}` }]] as const) {
          const t = performance.now();
          const reply = await post(agent, socketPath, rpc(method, params, ++id));
          latencies.push(performance.now() - t);
          if (!reply.includes('"result"')) throw new Error(`${method} failed: ${reply.slice(0, 300)}`);
        }
        pairs++;
      }
    }),
  );
  agent.destroy();
  return { pairsPerSecond: (pairs / (performance.now() - t0)) * 1000, latencies };
}

const BARE = `
const http = require("node:http");
const body = JSON.stringify({ jsonrpc: "2.0", witVersion: "1", id: 1, result: { released: true } });
http.createServer((req, res) => {
  let n = 0;
  req.on("data", (c) => (n += c.length));
  req.on("end", () => res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body));
}).listen(process.argv[1], () => console.log("ready"));
`;

async function startBare(socketPath: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", BARE, socketPath], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`bare server exited ${code}`)));
  });
  return child;
}

let cached: Promise<{ daemon: { pairsPerSecond: number; latencies: number[] }; bare: { pairsPerSecond: number } }> | undefined;

/** Both rows come from one measurement (interleaved rounds, medians). */
function measure(size: "tiny" | "quick" | "full") {
  return (cached ??= (async () => {
    const root = mkdtempSync(join(tmpdir(), "wit-bench-"));
    const bareSocket = join(root, "bare.sock");
    const started = await startDaemonProcess(root, { timeoutMs: 60_000 });
    const witSocket = connectablePath(started.socket);
    const bare = await startBare(bareSocket);
    try {
      const ms = bySize(size, 200, 1_000, 3_000);
      const rounds = bySize(size, 1, 2, 3);
      await load(witSocket, 300); // warm-up: caches, JIT, SQLite pages
      await load(bareSocket, 300);
      const d: number[] = [];
      const b: number[] = [];
      const latencies: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const x = await load(witSocket, ms);
        d.push(x.pairsPerSecond);
        latencies.push(...x.latencies);
        b.push((await load(bareSocket, ms)).pairsPerSecond);
      }
      return { daemon: { pairsPerSecond: median(d), latencies }, bare: { pairsPerSecond: median(b) } };
    } finally {
      bare.kill();
      await stopDaemonProcess(root);
      rmSync(root, { recursive: true, force: true });
    }
  })());
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export const witBenches: Bench[] = [
  {
    name: "wit.throughput",
    what: "lock.acquire+lock.release pairs over the Unix socket, 16 concurrent clients",
    target: ">= 0.25x the bare server",
    async run({ size }) {
      const m = await measure(size);
      return { value: Math.round(m.daemon.pairsPerSecond), unit: "pairs/s", baseline: `bare node:http on a Unix socket: ${Math.round(m.bare.pairsPerSecond)} pairs/s`, ratio: m.daemon.pairsPerSecond / m.bare.pairsPerSecond };
    },
  },
  {
    name: "wit.latency",
    what: "p50/p99 request latency of the same load",
    target: "p99 <= 10 ms",
    async run({ size }) {
      const m = await measure(size);
      const p50 = percentile(m.daemon.latencies, 50);
      const p99 = percentile(m.daemon.latencies, 99);
      return { value: Math.round(p99 * 100) / 100, unit: "ms (p99)", baseline: `p50 ${p50.toFixed(2)} ms over ${m.daemon.latencies.length} requests`, ratio: Math.round(p99 * 100) / 100 };
    },
  },
];
