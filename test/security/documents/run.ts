/**
 * Runs the built CLI in a child process, as CI runs it on a pull request, and measures it: exit
 * code, output, wall time and the child's peak resident memory (its own `process.resourceUsage()`
 * at exit, written to a side pipe so stdout and stderr stay the CLI's).
 */
import { spawn } from "node:child_process";
import { resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../../..");
const BIN = resolve(ROOT, "bin/contract-suite.mjs");

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall time, seconds. */
  seconds: number;
  /** Peak resident set size, MB. */
  peakMb: number;
}

const PRELOAD = `
process.on("exit", () => { try { require("node:fs").writeSync(3, String(process.resourceUsage().maxRSS)); } catch {} });
process.argv.splice(1, 0, ${JSON.stringify(BIN)});
import(${JSON.stringify(BIN)});
`;

export function runChild(args: string[], options: { cwd?: string; timeoutMs?: number } = {}): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, ["-e", PRELOAD, "--", ...args], {
    cwd: options.cwd ?? ROOT,
    stdio: ["ignore", "pipe", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  let stdout = "";
  let stderr = "";
  let rss = "";
  child.stdout!.on("data", (d) => (stdout += d));
  child.stderr!.on("data", (d) => (stderr += d));
  (child.stdio[3] as NodeJS.ReadableStream).on("data", (d) => (rss += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
  return new Promise((done) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      done({
        code,
        stdout,
        stderr,
        seconds: (performance.now() - started) / 1000,
        peakMb: Number(rss) / 1024,
      });
    }),
  );
}
