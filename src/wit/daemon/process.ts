/**
 * `contract-suite wit daemon run`: one daemon in this process until SIGTERM/SIGINT. Log lines go
 * to stdout (the log file when started detached). Hostile input is answered by the server; an
 * exception that still escapes is logged and the daemon keeps serving.
 */
import { startDaemon, type DaemonOptions } from "./daemon.js";
import { parseDefects } from "./defects.js";

export async function runDaemonProcess(options: Omit<DaemonOptions, "clock" | "defects" | "log">, out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const log = (m: string) => out.write(`${new Date().toISOString()} ${m}\n`);
  const clock = process.env.WIT_CLOCK === "manual" ? "manual" : "system";
  if (clock === "manual") log("TEST-ONLY manual clock enabled (WIT_CLOCK=manual): POST /_test/clock moves it");
  const daemon = await startDaemon({ ...options, clock, defects: parseDefects(process.env.WIT_TEST_DEFECTS), log });
  process.on("uncaughtException", (e) => log(`uncaught exception (still serving): ${e.stack ?? String(e)}`));
  process.on("unhandledRejection", (e) => log(`unhandled rejection (still serving): ${(e as Error)?.stack ?? String(e)}`));
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log(`${signal}: shutting down`);
      resolve();
    };
    process.once("SIGTERM", () => stop("SIGTERM"));
    process.once("SIGINT", () => stop("SIGINT"));
  });
  await daemon.close();
  log("stopped");
  return 0;
}
