/**
 * Runs the frame-wire vectors against a fold COMMAND (ours or anyone's): one process per vector,
 * started through the shell, the vector's NDJSON on stdin, the last non-empty stdout line read as
 * the outcome `{"turn":...,"abort":...}` and compared by deep equality. One process per vector is
 * the real protocol (a stream is a process's whole stdin), so nothing here batches vectors.
 */
import { spawn } from "node:child_process";
import { diffOutcome, vectorStdin, type FrameWireVector, type MessageMode, type VectorResult } from "./vectors.js";

export interface CommandRunOptions {
  /** Per-vector wall-clock limit; the process group is killed when it expires. Default 15 s. */
  timeoutMs?: number;
  /** Vectors run at the same time. Default 1. */
  concurrency?: number;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  messages?: MessageMode;
  /** Caps on what is kept of each stream. Defaults: 32 MiB stdout, 64 KiB stderr. */
  maxStdoutBytes?: number;
  maxStderrBytes?: number;
}

export interface CommandVectorResult extends VectorResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** The tail of the command's stderr, for diagnosis. */
  stderr: string;
}

export interface Exit {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  spawnError?: string;
}

export function runOnce(command: string, input: string, opts: CommandRunOptions): Promise<Exit> {
  const maxOut = opts.maxStdoutBytes ?? 32 * 1024 * 1024;
  const maxErr = opts.maxStderrBytes ?? 64 * 1024;
  return new Promise((resolve) => {
    // Its own process group, so a timeout can end the shell AND what it started (by group id).
    const child = spawn(command, {
      shell: true,
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let errText = "";
    let timedOut = false;
    let spawnError: string | undefined;
    child.stdout.on("data", (b: Buffer) => {
      if (outBytes < maxOut) out.push(b);
      outBytes += b.length;
    });
    child.stderr.on("data", (b: Buffer) => {
      errText += b.toString("utf8");
      if (errText.length > maxErr) errText = errText.slice(-maxErr);
    });
    child.stdin.on("error", () => {}); // a command may exit before reading everything
    child.on("error", (e) => (spawnError = e.message));
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, opts.timeoutMs ?? 15_000);
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      resolve({
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: errText,
        exitCode,
        signal,
        timedOut,
        ...(spawnError ? { spawnError } : {}),
      });
    });
    child.stdin.end(input);
  });
}

export function lastLine(text: string): string | undefined {
  const lines = text.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!.replace(/\r$/, "");
    if (l.trim() !== "") return l;
  }
  return undefined;
}

export async function runVectorAgainstCommand(
  command: string,
  vector: FrameWireVector,
  opts: CommandRunOptions = {},
): Promise<CommandVectorResult> {
  const t0 = performance.now();
  const exit = await runOnce(command, vectorStdin(vector), opts);
  const base = {
    name: vector.name,
    exitCode: exit.exitCode,
    signal: exit.signal,
    stderr: exit.stderr.slice(-2000),
    durationMs: performance.now() - t0,
  };
  if (exit.spawnError) return { ...base, ok: false, failure: "spawn-error", detail: exit.spawnError };
  if (exit.timedOut)
    return { ...base, ok: false, failure: "timeout", detail: `no exit within ${opts.timeoutMs ?? 15_000} ms` };
  const line = lastLine(exit.stdout);
  let outcome: unknown;
  try {
    if (line === undefined) throw new Error("stdout is empty");
    outcome = JSON.parse(line);
    if (outcome === null || typeof outcome !== "object" || !("turn" in outcome) || !("abort" in outcome))
      throw new Error("the last line is not {turn, abort}");
  } catch (e) {
    return {
      ...base,
      ok: false,
      failure: "no-outcome",
      detail: `${(e as Error).message}; exit ${exit.exitCode ?? exit.signal}`,
    };
  }
  const diff = diffOutcome(vector, outcome, opts.messages);
  if (diff.length > 0) return { ...base, ok: false, failure: "mismatch", diff };
  if (exit.exitCode !== 0)
    return {
      ...base,
      ok: false,
      failure: "exit-code",
      detail: `exit ${exit.exitCode ?? exit.signal} after printing an outcome (expected 0)`,
    };
  return { ...base, ok: true };
}

/** Runs every vector (fold- and command-level) against `command`; results in vector order. */
export async function runVectorsAgainstCommand(
  command: string,
  vectors: FrameWireVector[],
  opts: CommandRunOptions = {},
): Promise<CommandVectorResult[]> {
  const results = new Array<CommandVectorResult>(vectors.length);
  let next = 0;
  const worker = async () => {
    while (next < vectors.length) {
      const i = next++;
      results[i] = await runVectorAgainstCommand(command, vectors[i]!, opts);
    }
  };
  const n = Math.max(1, Math.min(opts.concurrency ?? 1, vectors.length));
  await Promise.all(Array.from({ length: n }, worker));
  return results;
}
