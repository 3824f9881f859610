/**
 * Newline-delimited framing shared by the three stdio transports: a reader that yields one line
 * at a time (CR before LF dropped) with a byte cap, so a peer that never sends a newline cannot
 * grow the buffer without bound, and a writer that honours backpressure.
 */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** A line, or the size of a line that exceeded the cap (its bytes were discarded). */
export type LineItem = { line: string } | { oversize: number };

export async function* readLines(input: AsyncIterable<unknown>, maxBytes = MAX_LINE_BYTES): AsyncGenerator<LineItem> {
  let parts: Buffer[] = [];
  let size = 0;
  let discarding = false;
  const finish = (): LineItem => {
    const item: LineItem = discarding
      ? { oversize: size }
      : { line: Buffer.concat(parts, size).toString("utf8").replace(/\r$/, "") };
    parts = [];
    size = 0;
    discarding = false;
    return item;
  };
  for await (const raw of input) {
    let chunk = typeof raw === "string" ? Buffer.from(raw, "utf8") : Buffer.from(raw as Uint8Array);
    while (chunk.length) {
      const nl = chunk.indexOf(0x0a);
      const piece = nl < 0 ? chunk : chunk.subarray(0, nl);
      size += piece.length;
      if (size > maxBytes) {
        discarding = true;
        parts = [];
        // (Once discarding, size stays over the cap until the line ends: every later piece lands here.)
      } else parts.push(piece);
      if (nl < 0) break;
      yield finish();
      chunk = chunk.subarray(nl + 1);
    }
  }
  if (size > 0 || discarding) yield finish();
}

/** Writes one line; resolves once the stream accepted it (waits for drain under backpressure). */
export function writeLine(output: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (e: unknown) => reject(e);
    output.once("error", onError);
    const done = () => {
      output.off("error", onError);
      resolve();
    };
    if (output.write(text + "\n")) return done();
    output.once("drain", done);
  });
}
