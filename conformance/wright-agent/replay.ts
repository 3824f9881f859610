/**
 * `conform wright-agent --replay FILE`: the sessions of a recorded proxy session (proxy wright-agent
 * --record) replayed against our mock or any server (--target): a fresh server per session, each
 * recorded client line sent in order, and the server lines that followed it in the recording
 * awaited and compared as JSON (member order ignored; `snapshot` values, per-process counters, are
 * not compared). Decision 313.
 */
import { spawn } from "node:child_process";
import { isDeepStrictEqual } from "node:util";
import { CheckFailure, type Suite } from "../harness/check.js";
import { readRecording } from "../proxy/recording.js";
import { LineSplitter } from "../proxy/log.js";
import type { WrightAgentVector } from "../proxy/wright-agent.js";
import { tryParseJson } from "../../src/json/index.js";
import { UsageError } from "../../src/usage-error.js";
import { normalise, TRANSPORTS, type Transport, type WrightAgentTarget } from "./target.js";

export function loadReplaySessions(file: string): WrightAgentVector[] {
  return readRecording(file, "wright-agent").map((raw, i) => {
    const v = raw as WrightAgentVector;
    if (
      v === null ||
      typeof v !== "object" ||
      typeof v.name !== "string" ||
      !(TRANSPORTS as readonly string[]).includes(v.transport) ||
      !Array.isArray(v.exchanges) ||
      !v.exchanges.every((e) => typeof e?.request === "string" && Array.isArray(e.responses))
    )
      throw new UsageError(`--replay ${file}: vector ${i} is not a wright-agent session`);
    return v;
  });
}

/** The transports a recording uses (a replay opens only those). */
export function replayTransports(file: string): Transport[] {
  return [...new Set(loadReplaySessions(file).map((v) => v.transport))];
}

const show = (v: unknown) => {
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > 400 ? `${s.slice(0, 399)}…` : s;
};

/** Replays one session; the first difference as a failure. */
async function replaySession(target: WrightAgentTarget, v: WrightAgentVector, timeoutMs: number): Promise<void> {
  const command = target.command(v.transport);
  const child =
    typeof command === "string"
      ? spawn(command, { shell: true, cwd: target.config.cwd, stdio: ["pipe", "pipe", "ignore"] })
      : spawn(command[0]!, command.slice(1), { cwd: target.config.cwd, stdio: ["pipe", "pipe", "ignore"] });
  const lines: unknown[] = [];
  let wake: (() => void) | undefined;
  let exited = false;
  const splitter = new LineSplitter((line) => {
    if (typeof line !== "string" || line.trim() === "") return;
    const parsed = tryParseJson(line);
    lines.push(parsed.ok ? parsed.value : line);
    wake?.();
  });
  child.stdout.on("data", (c: Buffer) => splitter.feed(c));
  child.on("close", () => {
    exited = true;
    wake?.();
  });
  child.on("error", () => {
    exited = true;
    wake?.();
  });
  child.stdin.on("error", () => undefined);
  const next = async (): Promise<unknown> => {
    const deadline = Date.now() + timeoutMs;
    while (lines.length === 0) {
      if (exited) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
    return lines.shift();
  };
  try {
    for (const [i, e] of v.exchanges.entries()) {
      if (e.request !== "") child.stdin.write(e.request + "\n");
      for (const [k, want] of e.responses.entries()) {
        const got = await next();
        if (got === undefined)
          throw new CheckFailure(
            `${v.name} (${v.transport}), exchange ${i + 1}: no answer ${k + 1} within ${timeoutMs} ms${exited ? " (the server exited)" : ""}`,
            { counterexample: { request: e.request, expected: want } },
          );
        if (!isDeepStrictEqual(normalise(got), normalise(want)))
          throw new CheckFailure(
            `${v.name} (${v.transport}), exchange ${i + 1}: expected ${show(want)}, got ${show(got)}`,
            { counterexample: { request: e.request, expected: want, got } },
          );
      }
    }
  } finally {
    child.stdin.end();
    if (!exited) child.kill();
  }
}

export function wrightAgentReplaySuite(file: string, timeoutMs = 15_000): Suite<WrightAgentTarget> {
  const sessions = loadReplaySessions(file);
  return {
    name: "wright-agent",
    description: `The recorded sessions of ${file}, replayed line by line and compared with the recorded answers.`,
    checks: sessions.map((v, i) => ({
      id: `wright-agent/replay/${v.name}${sessions.length > 1 ? `-${i + 1}` : ""}`,
      title: `${v.name} (${v.transport}, ${v.exchanges.length} exchange(s))`,
      doc: "A recorded session: each client line in order, each recorded answer compared.",
      run: (target: WrightAgentTarget) => replaySession(target, v, timeoutMs),
    })),
  };
}
