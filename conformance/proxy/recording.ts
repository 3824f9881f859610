/**
 * A recorded proxy session (`proxy ... --record FILE`): language-neutral vectors in one JSON file,
 * `{"suite", "recorded_by", "vectors": [...]}`, rewritten whole after each exchange so a proxy
 * stopped at any moment leaves a readable file. frame-wire vectors are the files of
 * conformance/vectors/frame-wire (plus the request that produced the stream); Wit and wright-agent
 * vectors are request/answer pairs (decision 313). `conform <suite> --replay FILE` reads it back.
 */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { UsageError } from "../../src/usage-error.js";

export const RECORDED_BY = "contract-suite proxy";

export class Recorder<V> {
  private readonly vectors: V[] = [];

  constructor(
    private readonly file: string,
    private readonly suite: string,
  ) {
    this.write();
  }

  add(vector: V): void {
    this.vectors.push(vector);
    this.write();
  }

  get size(): number {
    return this.vectors.length;
  }

  private write(): void {
    const doc = { suite: this.suite, recorded_by: RECORDED_BY, vectors: this.vectors };
    writeFileSync(this.file, JSON.stringify(doc, null, 2) + "\n");
  }
}

/** The vectors of a recording of `suite`; a file that is not one is a usage error (exit 2, one line). */
export function readRecording(file: string, suite: string): unknown[] {
  let text: string;
  try {
    if (statSync(file).size > 64 * 1024 * 1024) throw new UsageError(`--replay ${file} is larger than 64 MiB`);
    text = readFileSync(file, "utf8");
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`--replay: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new UsageError(`--replay ${file} is not JSON`);
  }
  const d = doc as { suite?: unknown; vectors?: unknown };
  if (d === null || typeof d !== "object" || !Array.isArray(d.vectors) || typeof d.suite !== "string")
    throw new UsageError(
      `--replay ${file} is not a recording ({"suite", "vectors": [...]}, written by proxy --record)`,
    );
  if (d.suite !== suite) throw new UsageError(`--replay ${file} is a recording of ${d.suite}, not of ${suite}`);
  return d.vectors;
}
