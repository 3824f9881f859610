/**
 * Shared harness of the deliberately broken folds: our real fold command with ONE behaviour
 * patched, either by rewriting each parsed event before the fold sees it (`mapEvent`, which may
 * turn one event into several) or by rewriting the outcome after it (`mapOutcome`). Lines that are
 * not JSON pass through untouched, so the command's own line rules still apply.
 */
import { PassThrough } from "node:stream";
import { runFoldCommand } from "../../../src/cli/frame-wire-fold.js";

export interface Patch {
  mapEvent?: (event: any) => unknown[];
  mapOutcome?: (outcome: any) => unknown;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

export async function runPatchedFold(patch: Patch): Promise<void> {
  const input = await readAll(process.stdin);
  const lines = input.split("\n").flatMap((line) => {
    if (!patch.mapEvent) return [line];
    try {
      const event = JSON.parse(line);
      return patch.mapEvent(event).map((e) => JSON.stringify(e));
    } catch {
      return [line];
    }
  });
  const inStream = new PassThrough();
  const outStream = new PassThrough();
  let out = "";
  outStream.on("data", (b) => (out += b));
  inStream.end(lines.join("\n"));
  const code = await runFoldCommand(inStream, outStream, process.stderr);
  const outcome = JSON.parse(out.trim().split("\n").pop()!);
  process.stdout.write(JSON.stringify(patch.mapOutcome ? patch.mapOutcome(outcome) : outcome) + "\n");
  process.exitCode = code;
}
