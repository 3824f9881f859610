/**
 * Targets of `contract-suite conform wit`: the daemon behind `--socket`, or, without one, our
 * reference daemon started as a real process (through the package bin) in a temporary root with
 * the test clock (WIT_CLOCK=manual).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startDaemonProcess, stopDaemonProcess } from "../../src/wit/client/lifecycle.js";
import type { ConformOptions, SuiteTarget } from "../harness/target.js";
import { socketTarget, type WitTarget } from "./target.js";

export async function witTargets(options: ConformOptions): Promise<SuiteTarget<WitTarget>[]> {
  if (options.socket) {
    const target = await socketTarget(options.socket);
    return [{ name: `daemon at ${options.socket}${target.clock ? " (test clock)" : " (real time)"}`, target }];
  }
  const root = mkdtempSync(path.join(tmpdir(), "wit-conform-"));
  const env: NodeJS.ProcessEnv = { ...process.env, WIT_CLOCK: "manual" };
  delete env.WIT_TEST_DEFECTS;
  try {
    const started = await startDaemonProcess(root, { env });
    return [
      {
        name: "reference daemon (temporary root, test clock)",
        target: await socketTarget(started.socket),
        async close() {
          await stopDaemonProcess(root);
          rmSync(root, { recursive: true, force: true });
        },
      },
    ];
  } catch (e) {
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
}
