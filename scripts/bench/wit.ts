/**
 * wit.throughput and wit.latency: lock.acquire + lock.release pairs over the daemon's Unix socket
 * from 16 concurrent keep-alive clients, against a bare node:http server on a Unix socket that reads
 * the body and answers a constant JSON-RPC result — both as separate processes, measured in the same
 * run. The daemon runs at the durability the reliability tests demand (WAL, synchronous=NORMAL:
 * nothing acknowledged is lost when the process is killed; power loss can lose the last commits).
 * wit.serverCpu<N> divide the server process's own CPU time (/proc/<pid>/stat) by the pairs it
 * answered, daemon over bare, at 1, 16 and 64 clients: the load generator shares the two cores, so
 * wall throughput alone understates what the daemon costs. wit.throughputFull runs a second daemon
 * at synchronous=FULL (`wit daemon run --synchronous FULL`, no change to src/wit).
 */
import http from "node:http";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { startDaemonProcess, stopDaemonProcess } from "../../src/wit/client/lifecycle.js";
import { connectablePath } from "../../src/wit/socket-path.js";
import {
  bySize,
  cpuBetween,
  latencyFigures,
  latencyRow,
  median,
  pinProcess,
  processCpu,
  quartiles,
  type Bench,
  type LatencyFigures,
} from "./measure.js";

const CLIENTS = 16;

export function post(agent: http.Agent, socketPath: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath,
        path: "/rpc",
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (data += c));
        res.on("end", () => resolve(data));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export const rpc = (method: string, params: unknown, id: number | string) =>
  JSON.stringify({ jsonrpc: "2.0", witVersion: "1", id, method, params });

/** Which symbol client `c` locks in its `k`-th pair (wit-tree.ts spreads them over a generated tree). */
export type SymbolChooser = (client: number, k: number) => string;
const benchSymbol: SymbolChooser = (c, k) => `src/bench${c}.ts:fn${k % 64}`;

/** Runs the pair loop on every client for `ms`; returns pairs/s and per-request latencies (ms). */
export async function load(
  socketPath: string,
  ms: number,
  clients = CLIENTS,
  symbolFor: SymbolChooser = benchSymbol,
): Promise<{ pairs: number; pairsPerSecond: number; latencies: number[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const latencies: number[] = [];
  let pairs = 0;
  const deadline = performance.now() + ms;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      let id = 0;
      let k = 0;
      while (performance.now() < deadline) {
        const symbolPath = symbolFor(c, k++);
        for (const [method, params] of [
          ["lock.acquire", { symbolPath, sessionId: `s${c}` }],
          ["lock.release", { symbolPath, sessionId: `s${c}` }],
        ] as const) {
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
  return { pairs, pairsPerSecond: (pairs / (performance.now() - t0)) * 1000, latencies };
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

export async function startBare(socketPath: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", BARE, socketPath], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`bare server exited ${code}`)));
  });
  return child;
}

/**
 * One load run against a server process: wall pairs/s, latencies, and the server's own CPU ms per
 * pair (every thread: ns schedstat sums, or stat's ticks when a thread exited meanwhile; measure.ts).
 */
async function loadWithCpu(socketPath: string, pid: number, ms: number, clients: number) {
  const c0 = processCpu(pid);
  const r = await load(socketPath, ms, clients);
  const c1 = processCpu(pid);
  if (c0 === undefined || c1 === undefined) throw new Error(`no /proc CPU clock for server process ${pid}`);
  const cpu = cpuBetween(c0, c1);
  if (cpu.clock === "stat") statRounds++;
  return { ...r, cpuMsPerPair: cpu.ms / Math.max(1, r.pairs) };
}

/** Server runs whose CPU came from stat's ticks because a thread exited (reported in the rows). */
let statRounds = 0;

interface WitFigures {
  /** Median over rounds of daemon pairs/s over bare pairs/s (16 clients, wall). */
  throughputRatio: number;
  /** Lower and upper quartile of the rounds' quotients, beside each median ratio, so a reader sees its spread. */
  throughputQuartiles: string;
  rounds: number;
  /** Median over rounds of each round's p50 / p99 (ms) and the number of requests timed. */
  daemon: { pairsPerSecond: number } & LatencyFigures;
  bare: { pairsPerSecond: number };
  /** Per client count: median over rounds of (daemon CPU per pair / bare CPU per pair), and the medians. */
  cpu: Record<number, { ratio: number; quartiles: string; daemonMs: number; bareMs: number }>;
  full: { ratio: number; quartiles: string; pairsPerSecond: number; normalPairsPerSecond: number };
  /** Which clock the server CPU came from, for the rows' baselines. */
  cpuClock: string;
  /** Whether every 1-client round ran with the servers on their own core (taskset), for wit.serverCpu1's baseline. */
  oneClientPinned: boolean;
}

let cached: Promise<WitFigures> | undefined;

/**
 * Puts the servers' threads on the last of `cpus` cores and this process's (the load generator's) on
 * the others, or (`on` false) this process and the servers back on every core; true when each took.
 * Every process is asked, so a failure halfway leaves none of them pinned by mistake after `off`.
 * `cpus` is counted before the first pin: availableParallelism() reads this process's affinity, so
 * while pinned it answers one core fewer.
 */
export function placeProcesses(servers: number[], on: boolean, cpus: number): boolean {
  if (cpus < 2) return false;
  const all = `0-${cpus - 1}`;
  const placed = servers.map((pid) => pinProcess(pid, on ? String(cpus - 1) : all));
  placed.push(pinProcess(process.pid, on ? `0-${cpus - 2}` : all));
  return placed.every(Boolean);
}

const CPU_CLIENTS = [1, 16, 64];
/** Load on each daemon before the per-client-count warm-ups (see measure). */
const DAEMON_WARM_MS = 2_000;

/** Every wit row comes from one measurement (interleaved rounds, medians). */
function measure(size: "tiny" | "quick" | "full") {
  return (cached ??= (async () => {
    const root = mkdtempSync(join(tmpdir(), "wit-bench-"));
    const fullRoot = mkdtempSync(join(tmpdir(), "wit-bench-full-"));
    const bareSocket = join(root, "bare.sock");
    const started = await startDaemonProcess(root, { timeoutMs: 60_000 });
    const startedFull = await startDaemonProcess(fullRoot, { timeoutMs: 60_000, args: ["--synchronous", "FULL"] });
    const witSocket = connectablePath(started.socket);
    const fullSocket = connectablePath(startedFull.socket);
    const bare = await startBare(bareSocket);
    const cores = availableParallelism(); // before any pin (placeProcesses)
    try {
      if (!started.pid || !startedFull.pid || !bare.pid) throw new Error("no pid for a server process");
      // The 1-client rounds run with the servers and the load generator on separate cores; the rest
      // run unpinned, as before (decision 214).
      const servers = [started.pid, startedFull.pid, bare.pid];
      let oneClientPinned = true;
      // Many short rounds, the servers back to back in rotating order (decision 202: daemon, bare /
      // bare, daemon; with the FULL daemon at 16 clients, every server in every position equally
      // often), and medians of each round's quotient: the machine is shared, and a quotient of runs
      // a second apart sees the same load, where a quotient of two medians does not. Server CPU is
      // counted in ns (schedstat), so a round need not last for many 10 ms ticks. Quick runs 12
      // rounds (was 7, whose median moved 16-17 % between quiet runs for the wall-time rows): a
      // multiple of 2 and 3, so each server of the pair and of the 16-client triple sits in every
      // position equally often.
      const ms = bySize(size, 200, 500, 1_500);
      const rounds = bySize(size, 1, 24, 9);
      // Warm-up of every server at every client count: the daemon's JIT, statement cache and SQLite
      // pages, the bare server's JIT, and the sockets' first connections.
      // Each daemon first gets 2 s of 16-client load (decision 208): after 250 ms its first timed
      // round still ran at about half its later pairs/s (1,339-1,535 against 2,400-3,400), so round 0
      // of every run counted the JIT's climb, not the daemon.
      for (const socket of [witSocket, fullSocket])
        await load(socket, bySize(size, 100, DAEMON_WARM_MS, DAEMON_WARM_MS), CLIENTS);
      for (const socket of [witSocket, fullSocket, bareSocket])
        for (const clients of CPU_CLIENTS) await load(socket, bySize(size, 100, 250, 400), clients);
      const d: number[] = [];
      const b: number[] = [];
      const throughputRatios: number[] = [];
      const latencies: number[][] = [];
      const cpuRatios: Record<number, number[]> = Object.fromEntries(CPU_CLIENTS.map((c) => [c, []]));
      const cpuMs: Record<number, { d: number[]; b: number[] }> = Object.fromEntries(
        CPU_CLIENTS.map((c) => [c, { d: [], b: [] }]),
      );
      const fullRatios: number[] = [];
      const f: number[] = [];
      for (let r = 0; r < rounds; r++) {
        for (const clients of CPU_CLIENTS) {
          if (clients === 1) oneClientPinned = placeProcesses(servers, true, cores) && oneClientPinned;
          type Run = Awaited<ReturnType<typeof loadWithCpu>>;
          const sides: Record<string, () => Promise<Run>> = {
            daemon: () => loadWithCpu(witSocket, started.pid!, ms, clients),
            bare: () => loadWithCpu(bareSocket, bare.pid!, ms, clients),
          };
          // synchronous=FULL in the same rotation, compared with the bare server of the same round.
          if (clients === CLIENTS) sides.full = () => loadWithCpu(fullSocket, startedFull.pid!, ms, clients);
          // Rotating order, started at position r: each server runs first, middle and last alike.
          const order = Object.keys(sides);
          const runs: Record<string, Run> = {};
          for (let j = 0; j < order.length; j++) {
            const name = order[(j + r) % order.length]!;
            runs[name] = await sides[name]!();
          }
          if (clients === 1) placeProcesses(servers, false, cores);
          const x = runs.daemon!;
          const y = runs.bare!;
          cpuRatios[clients]!.push(x.cpuMsPerPair / y.cpuMsPerPair);
          cpuMs[clients]!.d.push(x.cpuMsPerPair);
          cpuMs[clients]!.b.push(y.cpuMsPerPair);
          if (clients === CLIENTS) {
            d.push(x.pairsPerSecond);
            b.push(y.pairsPerSecond);
            throughputRatios.push(x.pairsPerSecond / y.pairsPerSecond);
            latencies.push(x.latencies);
            const z = runs.full!;
            f.push(z.pairsPerSecond);
            fullRatios.push(z.pairsPerSecond / y.pairsPerSecond);
          }
        }
      }
      return {
        throughputRatio: median(throughputRatios),
        throughputQuartiles: quartiles(throughputRatios),
        rounds,
        daemon: { pairsPerSecond: median(d), ...latencyFigures(latencies) },
        bare: { pairsPerSecond: median(b) },
        cpu: Object.fromEntries(
          CPU_CLIENTS.map((c) => [
            c,
            {
              ratio: median(cpuRatios[c]!),
              quartiles: quartiles(cpuRatios[c]!),
              daemonMs: median(cpuMs[c]!.d),
              bareMs: median(cpuMs[c]!.b),
            },
          ]),
        ),
        full: {
          ratio: median(fullRatios),
          quartiles: quartiles(fullRatios),
          pairsPerSecond: median(f),
          normalPairsPerSecond: median(d),
        },
        oneClientPinned,
        cpuClock:
          statRounds === 0
            ? "every thread's schedstat, ns"
            : `every thread's schedstat, ns; ${statRounds} server runs on /proc stat ticks (a thread exited during the run)`,
      };
    } finally {
      placeProcesses([], false, cores); // this process, after a 1-client round that threw (the servers stop here)
      bare.kill();
      await stopDaemonProcess(root);
      await stopDaemonProcess(fullRoot);
      rmSync(root, { recursive: true, force: true });
      rmSync(fullRoot, { recursive: true, force: true });
    }
  })());
}

export const witBenches: Bench[] = [
  {
    name: "wit.throughput",
    what: "lock.acquire+lock.release pairs over the Unix socket, 16 concurrent clients",
    target: ">= 0.25x the bare server",
    async run({ size }) {
      const m = await measure(size);
      return {
        value: Math.round(m.daemon.pairsPerSecond),
        unit: "pairs/s",
        baseline: `bare node:http on a Unix socket: ${Math.round(m.bare.pairsPerSecond)} pairs/s (medians; ratio = median of ${m.rounds} paired rounds, quartiles ${m.throughputQuartiles})`,
        ratio: m.throughputRatio,
      };
    },
  },
  {
    name: "wit.latency",
    what: "p50/p99 request latency of the same load",
    target: "p99 <= 10 ms",
    async run({ size }) {
      const m = await measure(size);
      return latencyRow(m.daemon, m.rounds);
    },
  },
  ...CPU_CLIENTS.map(
    (clients): Bench => ({
      name: `wit.serverCpu${clients}`,
      what: `server process CPU per lock.acquire+lock.release pair, daemon over bare server, ${clients} client(s)`,
      target: "reported",
      async run({ size }) {
        const all = await measure(size);
        const m = all.cpu[clients]!;
        const clock = all.cpuClock;
        return {
          value: Math.round(m.daemonMs * 1000) / 1000,
          unit: "CPU ms/pair",
          baseline: `bare node:http: ${m.bareMs.toFixed(3)} CPU ms/pair; ratio = daemon over bare (median of rounds, quartiles ${m.quartiles}); clock: ${clock}${clients === 1 ? (all.oneClientPinned ? "; servers on the last core, load generator on the others (taskset)" : "; not pinned in every round (no taskset, or a pin failed)") : ""}`,
          ratio: m.ratio,
        };
      },
    }),
  ),
  {
    name: "wit.throughputFull",
    what: "wit.throughput with the daemon at synchronous=FULL (power-loss durability)",
    target: "reported",
    async run({ size }) {
      const m = (await measure(size)).full;
      return {
        value: Math.round(m.pairsPerSecond),
        unit: "pairs/s",
        baseline: `bare node:http as in wit.throughput; the synchronous=NORMAL daemon did ${Math.round(m.normalPairsPerSecond)} pairs/s; ratio's quartiles over rounds ${m.quartiles}`,
        ratio: m.ratio,
      };
    },
  },
];
