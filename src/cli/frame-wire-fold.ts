/**
 * Core of `contract-suite frame-wire fold` (node-only: it reads Node streams, so it lives in src/cli,
 * outside the browser-safe src/frame-wire entry): NDJSON events in (one per line), one compact JSON
 * outcome line `{"turn":...,"abort":...}` out, as the last line of stdout. Diagnostics (discards,
 * malformed lines, the abort) go to stderr. Never throws on bad input.
 *
 * Line rules (docs/frame-wire.md, decision 027): blank or whitespace-only lines are skipped and are
 * not events; a trailing "\r" is dropped; every other line is one event, parsed with src/json's
 * safe parser. A line that is not JSON aborts the fold with `malformed_event` at its event
 * position. After an abort the rest of the input is read and ignored, so a writer never sees EPIPE.
 *
 * Lines come from the repository's one capped line reader (the stdio transports' readLines), capped
 * at the parser's own size limit: a line over it is dropped as it streams in (memory stays bounded
 * however long the line) and aborts as `too-large`, exactly as parseJson would have refused it.
 */
import { DEFAULT_MAX_BYTES, JsonParseError, parseJson, type SafeParseOptions } from "../json/index.js";
import { createFold, EVENT_PARSE } from "../frame-wire/fold.js";
import { readLines } from "../io/lines.js";
import { terminalText } from "../report/terminal.js";

export interface FoldCommandOptions {
  /** Limits for each line, passed to parseJson (defaults: 16 MiB, depth 512). */
  parse?: SafeParseOptions;
}

const PREFIX = "frame-wire fold: ";

export async function runFoldCommand(
  input: NodeJS.ReadableStream,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
  options: FoldCommandOptions = {},
): Promise<number> {
  // Diagnostics quote event data: escaped for the terminal (src/report/terminal.ts).
  const say = (s: string) => err.write(terminalText(s));
  let lineNo = 0;
  const fold = createFold({
    adoptEvents: true,
    onDiscard: (d) => say(`${PREFIX}line ${lineNo}: event ${d.at} discarded (${d.code}): ${d.message}\n`),
  });
  const maxBytes = options.parse?.maxBytes ?? DEFAULT_MAX_BYTES;
  let ignored = 0;
  try {
    for await (const item of readLines(input, maxBytes)) {
      lineNo++;
      if ("oversize" in item) {
        if (fold.abort !== null) ignored++;
        else {
          say(`${PREFIX}line ${lineNo} is not JSON: it exceeds ${maxBytes} bytes (${item.oversize} bytes read)\n`);
          fold.abortAt("malformed_event", `line ${lineNo} is not JSON (too-large)`);
        }
        continue;
      }
      const line = item.line; // readLines already dropped the "\r" before "\n"
      if (line.trim() === "") continue;
      if (fold.abort !== null) {
        ignored++;
        continue;
      }
      let event: unknown;
      try {
        event = parseJson(line, { ...EVENT_PARSE, ...options.parse });
      } catch (e) {
        // The outcome names the line and the kind of failure (stable across Node versions);
        // the parser's own wording goes to stderr.
        const kind = e instanceof JsonParseError ? e.kind : "syntax";
        say(`${PREFIX}line ${lineNo} is not JSON: ${e instanceof Error ? e.message : String(e)}\n`);
        fold.abortAt("malformed_event", `line ${lineNo} is not JSON (${kind})`);
        continue;
      }
      fold.push(event);
    }
  } catch (e) {
    // The input stream itself failed: fold what arrived; the outcome says the stream was cut short.
    say(`${PREFIX}reading input failed: ${e instanceof Error ? e.message : String(e)}\n`);
  }
  const outcome = fold.finish();
  if (outcome.abort !== null) {
    const where = outcome.abort.at === null ? "the completed turn" : `event ${outcome.abort.at}`;
    say(`${PREFIX}aborted at ${where} (${outcome.abort.code}): ${outcome.abort.message}\n`);
  }
  if (ignored > 0) say(`${PREFIX}${ignored} event line(s) after the abort were ignored\n`);
  let text: string;
  try {
    text = JSON.stringify(outcome) + "\n";
  } catch (e) {
    // Not reachable with the fold's limits (pointer length, value depth); never a crash regardless.
    say(
      `${PREFIX}internal error: the outcome could not be serialised: ${e instanceof Error ? e.message : String(e)}\n`,
    );
    return 70;
  }
  return await new Promise<number>((resolve) => {
    let settled = false;
    const settle = (e?: Error | null) => {
      if (settled) return;
      settled = true;
      if (e) say(`${PREFIX}writing the outcome failed: ${e.message}\n`);
      resolve(e ? 1 : 0);
    };
    // A closed stdout (EPIPE) is reported through the exit code, not an unhandled 'error' event
    // (the listener stays: the stream may emit the error after the write callback ran).
    out.on("error", settle);
    out.write(text, settle);
  });
}
