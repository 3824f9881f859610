/**
 * How to run a root's Wit daemon as a process: this package's own CLI bin, found beside this module
 * (the contract-suite package lays src/ out beside bin/, as the repository does). The package exports
 * it as `contract-suite/wit-daemon`, so a client package that ships no daemon asks the installed CLI
 * for its command through Node's package resolution, never by guessing a path inside it.
 */
import { fileURLToPath } from "node:url";

/** This package's bin (the repository's, or the installed contract-suite package's). */
export const CLI_BIN = fileURLToPath(new URL("../../bin/contract-suite.mjs", import.meta.url));

/** The command line that runs the root's daemon in the foreground (`wit daemon run`). */
export function witDaemonCommand(root: string, args: readonly string[] = []): { command: string; args: string[] } {
  return { command: process.execPath, args: [CLI_BIN, "wit", "daemon", "run", "--root", root, ...args] };
}
