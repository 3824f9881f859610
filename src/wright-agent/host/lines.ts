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
    // Stryker disable next-line Regex: equivalent: a CR inside a request line is JSON whitespace or invalid either way
    const item: LineItem = discarding ? { oversize: size } : { line: Buffer.concat(parts, size).toString("utf8").replace(/\r$/, "") };
    parts = [];
    size = 0;
    discarding = false;
    return item;
  };
  for await (const raw of input) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent: a chunk given as a string is encoded as UTF-8 either way
    let chunk = typeof raw === "string" ? Buffer.from(raw, "utf8") : Buffer.from(raw as Uint8Array);
    while (chunk.length) {
      const nl = chunk.indexOf(0x0a);
      const piece = nl < 0 ? chunk : chunk.subarray(0, nl);
      size += piece.length;
      // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: own choice: where the 16 MiB line cap (decision 075) is enforced, and its boundary
      if (size > maxBytes) {
        discarding = true;
        // Stryker disable next-line ArrayDeclaration: equivalent: what a discarded line's buffer holds until the line ends
        parts = [];
        // (Once discarding, size stays over the cap until the line ends: every later piece lands here.)
      } else parts.push(piece);
      if (nl < 0) break;
      yield finish();
      chunk = chunk.subarray(nl + 1);
    }
  }
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: own choice: a last line without its newline when the input ends is still served
  if (size > 0 || discarding) yield finish();
}

/** Writes one line; resolves once the stream accepted it (waits for drain under backpressure). */
export function writeLine(output: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // Stryker disable next-line ArrowFunction: not a protocol check: a reply the output stream failed to take, and waiting for drain
    const onError = (e: unknown) => reject(e);
    // Stryker disable next-line StringLiteral: not a protocol check: a reply the output stream failed to take, and waiting for drain
    output.once("error", onError);
    const done = () => {
      // Stryker disable next-line StringLiteral: not a protocol check: a reply the output stream failed to take, and waiting for drain
      output.off("error", onError);
      resolve();
    };
    if (output.write(text + "\n")) return done();
    // Stryker disable next-line StringLiteral: not a protocol check: a reply the output stream failed to take, and waiting for drain
    output.once("drain", done);
  });
}
