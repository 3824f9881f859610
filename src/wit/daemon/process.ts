/**
 * `contract-suite wit daemon run`: one daemon in this process until SIGTERM/SIGINT. Log lines go
 * to stdout (the log file when started detached). Hostile input is answered by the server; an
 * exception that still escapes is logged and the daemon keeps serving.
 */
import { startDaemon, type DaemonOptions } from "./daemon.js";

export async function runDaemonProcess(
  options: Pick<DaemonOptions, "root" | "synchronous" | "limits" | "warmUp">,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const log = (m: string) => out.write(`${new Date().toISOString()} ${m}\n`);
  const daemon = await startDaemon({ ...options, log });
  process.on("uncaughtException", (e) => log(`uncaught exception (still serving): ${e.stack ?? String(e)}`));
  process.on("unhandledRejection", (e) =>
    log(`unhandled rejection (still serving): ${(e as Error)?.stack ?? String(e)}`),
  );
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
