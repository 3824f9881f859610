/**
 * The server CPU clock of the wit.serverCpu rows (scripts/bench/measure.ts): the ns sum over a
 * process's alive threads loses a thread that exits between two readings; `cpuBetween` must then
 * fall back to /proc/<pid>/stat, which keeps exited threads' time. A real child process whose worker
 * thread burns CPU and exits, read from outside like the bench reads its servers.
 */
import { describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { cpuBetween, processCpu, type ProcessCpuReading } from "../../scripts/bench/measure.js";

const reading = (threadsMs: number, statMs: number, tids: string[]): ProcessCpuReading => ({ threadsMs, statMs, tids: new Set(tids) });

describe("cpuBetween", () => {
  it("takes the ns sum when the same threads are alive and the clocks agree", () => {
    expect(cpuBetween(reading(100, 100, ["1", "2"]), reading(355.5, 360, ["1", "2", "3"]))).toEqual({ ms: 255.5, clock: "schedstat" });
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
