/** Runs the CLI in-process with captured output. */
import { PassThrough, Readable } from "node:stream";
import { main } from "../../src/cli/main.js";

export async function runCli(args: string[], stdin = ""): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = "";
  let stderr = "";
  out.on("data", (d) => (stdout += d));
  err.on("data", (d) => (stderr += d));
  const code = await main(["node", "contract-suite", ...args], {
    stdout: out,
    stderr: err,
    stdin: Readable.from([stdin]),
  });
  return { code, stdout, stderr };
}
