/**
 * The server CPU clock of the wit.serverCpu rows (scripts/bench/measure.ts): the ns sum over a
 * process's alive threads loses a thread that exits between two readings; `cpuBetween` must then
 * fall back to /proc/<pid>/stat, which keeps exited threads' time. A real child process whose worker
 * thread burns CPU and exits, read from outside like the bench reads its servers.
 */
import { describe, expect, it } from "vitest";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { cpuBetween, pinProcess, processCpu, quartiles, type ProcessCpuReading } from "../../scripts/bench/measure.js";
import { placeProcesses } from "../../scripts/bench/wit.js";

const reading = (threadsMs: number, statMs: number, tids: string[]): ProcessCpuReading => ({
  threadsMs,
  statMs,
  tids: new Set(tids),
});

describe("cpuBetween", () => {
  it("takes the ns sum when the same threads are alive and the clocks agree", () => {
    expect(cpuBetween(reading(100, 100, ["1", "2"]), reading(355.5, 360, ["1", "2", "3"]))).toEqual({
      ms: 255.5,
      clock: "schedstat",
    });
  });
  it("takes stat's ticks when a thread of the first reading is gone", () => {
    expect(cpuBetween(reading(100, 100, ["1", "2"]), reading(150, 160, ["1"]))).toEqual({ ms: 60, clock: "stat" });
  });
  it("takes stat's ticks when they ran ahead by more than their error (a thread born and gone in between)", () => {
    expect(cpuBetween(reading(100, 100, ["1"]), reading(150, 400, ["1"]))).toEqual({ ms: 300, clock: "stat" });
    // Within the ticks' error (30 ms + 10 %): still the ns sum.
    expect(cpuBetween(reading(100, 100, ["1"]), reading(150, 180, ["1"]))).toEqual({ ms: 50, clock: "schedstat" });
  });
});

/**
 * A child whose worker thread burns `ms` of its own CPU (its /proc/thread-self/schedstat) and
 * exits, once per line on stdin; answers "ready" at start and "done" after each worker ended.
 */
const CHILD = `
const { Worker } = require("node:worker_threads");
const readline = require("node:readline");
const burn = "const fs = require('node:fs'); const cpu = () => Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6; const t0 = cpu(); let x = 0; while (cpu() - t0 < 300) for (let i = 0; i < 1e5; i++) x += i; require('node:worker_threads').parentPort.postMessage(x);";
const rl = readline.createInterface({ input: process.stdin });
rl.on("line", (l) => {
  const w = new Worker(burn, { eval: true });
  w.once("message", () => {});
  w.once("exit", () => console.log("done"));
  if (l === "hold") w.once("online", () => console.log("online"));
});
console.log("ready");
`;

function nextLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => child.stdout!.once("data", (d: Buffer) => resolve(d.toString().trim())));
}

describe.runIf(existsSync("/proc/self/task"))("processCpu on a real process whose thread exits", () => {
  it("counts the CPU of a worker thread born and gone between two readings", async () => {
    const child = spawn(process.execPath, ["-e", CHILD], { stdio: ["pipe", "pipe", "inherit"] });
    try {
      expect(await nextLine(child)).toBe("ready");
      const before = processCpu(child.pid!)!;
      child.stdin!.write("go\n");
      expect(await nextLine(child)).toBe("done");
      await new Promise((r) => setTimeout(r, 50)); // the thread's exit reaches /proc
      const after = processCpu(child.pid!)!;
      // The alive threads' sum misses most of the worker's 300 ms; stat keeps it.
      expect(after.threadsMs - before.threadsMs).toBeLessThan(200);
      const cpu = cpuBetween(before, after);
      expect(cpu.clock).toBe("stat");
      expect(cpu.ms).toBeGreaterThanOrEqual(280);
    } finally {
      child.kill();
    }
  }, 60_000);

  it("counts the CPU of a worker thread alive at the first reading and gone at the second", async () => {
    const child = spawn(process.execPath, ["-e", CHILD], { stdio: ["pipe", "pipe", "inherit"] });
    try {
      expect(await nextLine(child)).toBe("ready");
      child.stdin!.write("hold\n");
      expect(await nextLine(child)).toBe("online");
      const before = processCpu(child.pid!)!;
      expect(await nextLine(child)).toBe("done");
      await new Promise((r) => setTimeout(r, 50));
      const after = processCpu(child.pid!)!;
      expect([...before.tids].some((t) => !after.tids.has(t))).toBe(true);
      expect(cpuBetween(before, after).clock).toBe("stat");
    } finally {
      child.kill();
    }
  }, 60_000);
});

describe("quartiles", () => {
  it("prints the lower and upper quartile (nearest rank) of the rounds, not their extremes", () => {
    expect(quartiles([0.9, 0.1, 0.5, 0.6, 0.4, 0.7, 0.3, 0.2])).toBe("0.30-0.70");
  });
});

const hasTaskset = (() => {
  try {
    execFileSync("taskset", ["-p", String(process.pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe.runIf(hasTaskset && availableParallelism() >= 2 && existsSync("/proc/self/task"))(
  "pinProcess (the wit rows' 1-client rounds)",
  () => {
    it("sets every thread of a real process to the given cores, and back", async () => {
      // A child with worker threads besides its main thread: -a must reach all of them.
      const child = spawn(
        process.execPath,
        [
          "-e",
          "new (require('node:worker_threads').Worker)('setInterval(() => {}, 1000)', { eval: true }); console.log('ready'); setInterval(() => {}, 1000);",
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      try {
        expect(await nextLine(child)).toBe("ready");
        const allowed = () =>
          readdirSync(`/proc/${child.pid}/task`).map(
            (t) => /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync(`/proc/${child.pid}/task/${t}/status`, "utf8"))![1],
          );
        const last = String(availableParallelism() - 1);
        expect(pinProcess(child.pid!, last)).toBe(true);
        const pinned = allowed();
        expect(pinned.length).toBeGreaterThan(2);
        expect(new Set(pinned)).toEqual(new Set([last]));
        expect(pinProcess(child.pid!, `0-${last}`)).toBe(true);
        expect(new Set(allowed())).toEqual(new Set([`0-${last}`]));
      } finally {
        child.kill();
      }
    });
    it("placeProcesses puts a server and this process on separate cores, and every round after puts both back", async () => {
      const child = spawn(process.execPath, ["-e", "console.log('ready'); setInterval(() => {}, 1000);"], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      const cores = availableParallelism();
      const all = `0-${cores - 1}`;
      const list = (pid: number) => /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1];
      try {
        expect(await nextLine(child)).toBe("ready");
        // Three rounds: a count taken while pinned (one core fewer) would leave the second round pinned.
        for (let round = 0; round < 3; round++) {
          expect(placeProcesses([child.pid!], true, cores)).toBe(true);
          expect(list(child.pid!)).toBe(String(cores - 1));
          expect(list(process.pid)).toBe(cores === 2 ? "0" : `0-${cores - 2}`);
          expect(placeProcesses([child.pid!], false, cores)).toBe(true);
          expect([list(child.pid!), list(process.pid)]).toEqual([all, all]);
        }
      } finally {
        placeProcesses([], false, cores);
        child.kill();
      }
    });
    it("answers false, and throws nothing, for a process that is not there", () => {
      expect(pinProcess(2 ** 22 + 12345, "0")).toBe(false);
    });
  },
);
