/**
 * "Nothing acknowledged is lost when the process is killed": a real child process commits and
 * acknowledges rows, gets SIGKILL mid-stream, and every acknowledged row must be there on reopen.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { WitStore } from "../../src/wit/store/index.js";

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), "store-child.ts");
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function runAndKill(file: string, sync: string, ackTarget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["--import", "tsx", child, file, sync], { stdio: ["ignore", "pipe", "pipe"] });
    let lastAck = -1;
    let buffered = "";
    let stderr = "";
    p.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    p.stdout.on("data", (d: Buffer) => {
      buffered += d.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        const m = /^acked (\d+)$/.exec(line);
        if (m) lastAck = Number(m[1]);
      }
      if (lastAck >= ackTarget) p.kill("SIGKILL");
    });
    p.on("exit", (code, signal) => {
      if (signal === "SIGKILL") resolve(lastAck);
      else reject(new Error(`child exited with ${code}: ${stderr}`));
    });
  });
}

describe("durability under kill -9", () => {
  it.each(["NORMAL", "FULL"])("synchronous=%s keeps every acknowledged commit", async (sync) => {
    dir = mkdtempSync(path.join(tmpdir(), "wit-kill-"));
    const file = path.join(dir, "wit.db");
    const lastAck = await runAndKill(file, sync, 200);
    expect(lastAck).toBeGreaterThanOrEqual(200);
    const store = WitStore.open(file);
    try {
      const paths = new Set(store.locks.listActive({}, 0).map((l) => l.symbolPath));
      for (let n = 0; n <= lastAck; n++) expect(paths.has(`src/f${n}.ts:fn`), `row ${n}`).toBe(true);
    } finally {
      store.close();
    }
  });
});
