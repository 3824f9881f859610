/**
 * A deliberately defective Wit daemon in a process the test owns: the real daemon, started
 * through its in-process API with defects.ts wrapped around its handlers. Run as a script
 * (`node --import tsx test/wit/defective-daemon.ts <root> <defect>[,<defect>...]`) by
 * `spawnDefectiveDaemon`; stopped like any daemon (SIGTERM through its pid file).
 */
import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { pingDaemon, readPid, stopDaemonProcess } from "../../src/wit/client/lifecycle.js";
import { startDaemon } from "../../src/wit/daemon/index.js";
import { ensureWitDirectory } from "../../src/wit/client/lifecycle.js";
import { witPaths } from "../../src/wit/protocol.js";
import { applyDefects, parseDefects, type DefectName } from "./defects.js";
import type { DaemonProcess } from "./daemon-helpers.js";

const SELF = fileURLToPath(import.meta.url);
/** The child resolves `--import tsx` from its working directory: the repository, not the root. */
const REPO = fileURLToPath(new URL("../..", import.meta.url));

export async function spawnDefectiveDaemon(
  root: string,
  defects: readonly DefectName[],
  timeoutMs = 60_000,
): Promise<DaemonProcess> {
  const p = witPaths(root);
  ensureWitDirectory(root);
  const log = openSync(p.logFile, "a", 0o600);
  const child = spawn(process.execPath, ["--import", "tsx", SELF, root, defects.join(",")], {
    cwd: REPO,
    detached: true,
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  let exited = false;
  child.on("exit", () => (exited = true));
  child.unref();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !exited) {
    if (await pingDaemon(p.socket, 500)) {
      const pid = readPid(root);
      if (pid === null) throw new Error("defective daemon answered without a pid file");
      return { root, socket: p.socket, pid, stop: async () => void (await stopDaemonProcess(root)) };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`defective daemon (${defects.join(",")}) for ${root} did not answer; see ${p.logFile}`);
}

async function main(root: string, names: string): Promise<void> {
  const defects = parseDefects(names);
  const log = (m: string) => process.stdout.write(`${new Date().toISOString()} ${m}\n`);
  const daemon = await startDaemon({ root, log, decorateHandlers: (h, core) => applyDefects(h, core, defects) });
  log(`defective daemon (test only): ${defects.join(", ")}`);
  await new Promise<void>((resolve) => {
    process.once("SIGTERM", resolve);
    process.once("SIGINT", resolve);
  });
  await daemon.close();
}

if (process.argv[1] === SELF) {
  main(process.argv[2]!, process.argv[3] ?? "").then(
    () => process.exit(0),
    (e) => {
      console.error((e as Error).stack ?? String(e));
      process.exit(1);
    },
  );
}
