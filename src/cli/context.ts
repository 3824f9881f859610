import { FORMATS, type Format } from "../report/format.js";
import { terminalText } from "../report/terminal.js";
import { Option } from "commander";

/** Exit codes of every command (also printed by --help). */
export const EXIT = { ok: 0, failed: 1, usage: 2, internal: 3 } as const;

/** The exit-code section of --help; `failed` is what exit 1 means for the command. */
export function exitCodesHelp(
  failed = "a check failed (invalid contract, drift, failed conformance check, breaking change...)",
): string {
  return `
Exit codes:
  0  success
  1  ${failed}
  2  usage error (unknown command or option, bad argument)
  3  internal error (a bug in contract-suite; please report it)
`;
}

export const EXIT_CODES_HELP = exitCodesHelp();

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

/**
 * `--ref-root DIR` (repeatable): folders beyond the registry's (or the document's) own where
 * `$ref`s and registry entries may resolve. Without it nothing outside is read (docs/security.md).
 */
export function refRootOption(): Option {
  return new Option(
    "--ref-root <dir>",
    "also let $refs and registry entries resolve inside DIR (repeatable); by default nothing outside the registry's folder (or a document argument's folder) is read",
  )
    .argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value])
    .default([] as string[]);
}

/**
 * Writes a text and its final newline. Control and bidi characters other than newline and tab are
 * escaped (src/report/terminal.ts): what commands print carries names and strings from documents,
 * repositories and clients, and a terminal or CI log must show them, not obey them.
 */
export function write(stream: NodeJS.WritableStream, text: string): void {
  const safe = terminalText(text);
  stream.write(safe.endsWith("\n") || safe === "" ? safe : safe + "\n");
}

export type { Format };

export { UsageError } from "../usage-error.js";
