import { FORMATS, type Format } from "../report/format.js";
import { Option } from "commander";

/** Exit codes of every command (also printed by --help). */
export const EXIT = { ok: 0, failed: 1, usage: 2, internal: 3 } as const;

export const EXIT_CODES_HELP = `
Exit codes:
  0  success
  1  a check failed (invalid contract, drift, failed conformance check, breaking change...)
  2  usage error (unknown command or option, bad argument)
  3  internal error (a bug in contract-suite; please report it)
`;

export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
}

/** What every command action gets: where to write, and how to report its exit code. */
export interface CliContext {
  io: Io;
  /** Records an exit code; the highest recorded wins. */
  exit(code: number): void;
  readonly code: number;
}

export function createContext(io: Io): CliContext {
  let code = 0;
  return {
    io,
    exit(c) {
      code = Math.max(code, c);
    },
    get code() {
      return code;
    },
  };
}

export function formatOption(formats: readonly string[] = FORMATS, fallback = "text"): Option {
  return new Option("--format <format>", "output format").choices(formats as string[]).default(fallback);
}

export function write(stream: NodeJS.WritableStream, text: string): void {
  stream.write(text.endsWith("\n") || text === "" ? text : text + "\n");
}

export type { Format };

export { UsageError } from "../usage-error.js";
