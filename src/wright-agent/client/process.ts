/**
 * A server child process spoken to line by line: the stdio and JSON-RPC connections sit on it.
 * A command given as one string runs through `sh -c "exec <command>"` (so the server, not a shell,
 * gets our signals); as an argv array it is spawned directly.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readLines } from "../../io/lines.js";

export type Command = string | readonly string[];

export interface SpawnOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** command + args for spawn(), for a shell string or an argv array. */
export function commandLine(command: Command): { command: string; args: string[] } {
  if (typeof command === "string") return { command: "/bin/sh", args: ["-c", `exec ${command}`] };
  if (command.length === 0) throw new Error("empty command");
  return { command: command[0]!, args: command.slice(1) };
}

export class TransportError extends Error {
  override readonly name = "TransportError";
}

/** Keeps the last `limit` characters of a stream (for error messages). */
class Tail {
  text = "";
  constructor(private readonly limit = 4000) {}
  push(chunk: unknown): void {
    this.text = (this.text + String(chunk)).slice(-this.limit);
  }
}

export class LineProcess {
  readonly child: ChildProcess;
  private readonly stderr = new Tail();
  private readonly queue: string[] = [];
  private waiters: ((line: string | undefined) => void)[] = [];
  private ended = false;
  /** Resolves with the exit code (or signal) when the process is gone. */
  readonly exited: Promise<number | string | null>;

  constructor(command: Command, options: SpawnOptions = {}) {
    const { command: cmd, args } = commandLine(command);
    this.child = spawn(cmd, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stderr!.on("data", (c) => this.stderr.push(c));
    this.child.stdin!.on("error", () => {}); // EPIPE after the server died surfaces through exited/next()
    this.exited = new Promise((resolve) => this.child.once("close", (code, signal) => resolve(code ?? signal)));
    this.child.once("error", (e) => this.stderr.push(`spawn failed: ${e.message}`));
    void this.pump();
  }

  private async pump(): Promise<void> {
    try {
      for await (const item of readLines(this.child.stdout!)) this.deliver("line" in item ? item.line : "");
    } catch {
      /* stream error: treated as end of output */
    }
    this.ended = true;
    for (const w of this.waiters.splice(0)) w(undefined);
  }

  private deliver(line: string): void {
    const w = this.waiters.shift();
    if (w) w(line);
    else this.queue.push(line);
  }

  /** The last lines the server wrote to stderr. */
  get stderrTail(): string {
    return this.stderr.text;
  }

  send(line: string): void {
    if (!this.child.stdin!.writable || this.child.exitCode !== null) {
      const status = this.child.exitCode !== null ? ` (it exited with code ${this.child.exitCode})` : "";
      throw new TransportError(
        `server is not accepting input${status}${this.stderr.text ? `; stderr: ${this.stderr.text.trim()}` : ""}`,
      );
    }
    this.child.stdin!.write(line + "\n");
  }

  /** The next output line; undefined at end of output or after `timeoutMs`. */
  next(timeoutMs: number): Promise<string | undefined> {
    const queued = this.queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.ended) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(undefined);
      }, timeoutMs);
      const waiter = (line: string | undefined) => {
        clearTimeout(timer);
        resolve(line);
      };
      this.waiters.push(waiter);
    });
  }

  /**
   * Why no reply came: a server whose output ended is reported at once with its exit status and
   * stderr (a target that dies at start must not read as a slow one); otherwise the timeout.
   */
  async noReply(timeoutMs: number): Promise<string> {
    const stderr = () => (this.stderr.text.trim() ? `; stderr: ${this.stderr.text.trim()}` : "");
    if (this.ended) {
      const status = await Promise.race([
        this.exited,
        new Promise<"running">((r) => setTimeout(() => r("running"), 1000)),
      ]);
      const how =
        status === "running"
          ? "closed its output"
          : typeof status === "string"
            ? `was killed by ${status}`
            : `exited with code ${String(status)}`;
      return `the server ${how} before replying${stderr()}`;
    }
    return `no reply within ${timeoutMs} ms${stderr()}`;
  }

  get outputEnded(): boolean {
    return this.ended && this.queue.length === 0;
  }

  /** Closes stdin and waits for the process; kills it after `graceMs`. */
  async close(graceMs = 2000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.stdin!.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Runs `fn` calls one at a time (a connection has one exchange in flight). */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.tail.then(fn);
    this.tail = next.catch(() => undefined);
    return next;
  }
}
