/** Real processes of the built CLI for the proxy tests: started, their first stdout line awaited, stopped by their pid. */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "../..");
export const BIN = join(ROOT, "bin/contract-suite.mjs");

export interface Running {
  child: ChildProcess;
  /** The first line it printed on stdout. */
  first: string;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then its exit. */
  stop(): Promise<{ code: number | null; stdout: string; stderr: string }>;
  exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** Starts `contract-suite ARGS` and waits for its first stdout line (rejects if it exits first). */
export function startCli(args: string[], options: { stdio?: "pipe" } = {}): Promise<Running> {
  void options;
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout!.on("data", (b: Buffer) => (out += b.toString("utf8")));
  child.stderr!.on("data", (b: Buffer) => (err += b.toString("utf8")));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout: out, stderr: err })),
  );
  return new Promise((resolve, reject) => {
    const onData = () => {
      const nl = out.indexOf("\n");
      if (nl < 0) return;
      child.stdout!.off("data", onData);
      resolve({
        child,
        first: out.slice(0, nl),
        stdout: () => out,
        stderr: () => err,
        exited,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
          return exited;
        },
      });
    };
    child.stdout!.on("data", onData);
    void exited.then((r) => reject(new Error(`exited ${r.code} before printing a line: ${r.stderr}`)));
  });
}

/** The JSON lines of a proxy's stdout (its first line is its URL). */
export function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
