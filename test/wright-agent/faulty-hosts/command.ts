/** The argv that starts a real host behind the faulty proxy (proxy.ts) — run through tsx, from any cwd. */
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { mockCommand } from "../../../conformance/wright-agent/targets.js";
import type { FaultName } from "./faults.js";

const PROXY = fileURLToPath(new URL("./proxy.ts", import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/** The proxy, then the host command (default: our mock; the conform target appends --transport, which the proxy reads from the host's argv). */
export function faultyCommand(fault: FaultName | "none", host: readonly string[] = mockCommand()): string[] {
  return [process.execPath, "--import", TSX, PROXY, fault, "--", ...host];
}
