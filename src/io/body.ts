/**
 * The one capped body reader: an HTTP request body on a server, an HTTP response body on a client.
 * Past the cap it behaves one way everywhere: it settles `too-large` at once (a declared
 * Content-Length over the cap before reading a byte), keeps none of what it read, and leaves the
 * stream flowing into nothing, so a peer still writing is never blocked and can read the answer.
 * What happens next is the caller's: a server answers 413 and closes (`refuseAndClose` in
 * ./http-server.ts), a client drops the connection.
 */
import type { Readable } from "node:stream";

export type BodyRead =
  | { kind: "body"; bytes: Buffer }
  | { kind: "too-large"; limit: number }
  /** The stream broke or ended early (the peer went away, a malformed chunk). */
  | { kind: "aborted"; reason: string };

export interface BodyReadOptions {
  /** The Content-Length the peer declared, if any: over the cap settles `too-large` before reading. */
  declaredLength?: string | number;
}

export function readCappedBody(stream: Readable, maxBytes: number, options: BodyReadOptions = {}): Promise<BodyRead> {
  return new Promise((resolve) => {
    let settled = false;
    let discarding = false;
    let chunks: Buffer[] = [];
    let size = 0;
    const settle = (read: BodyRead) => {
      if (settled) return;
      settled = true;
      resolve(read);
    };
    const overCap = () => {
      discarding = true;
      chunks = [];
      settle({ kind: "too-large", limit: maxBytes });
    };
    stream.on("data", (chunk: Buffer | string) => {
      if (discarding) return;
      const piece = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      size += piece.length;
      if (size > maxBytes) overCap();
      else chunks.push(piece);
    });
    stream.on("end", () => settle({ kind: "body", bytes: Buffer.concat(chunks, size) }));
    stream.on("error", (e: Error) => settle({ kind: "aborted", reason: e.message }));
    stream.on("close", () => settle({ kind: "aborted", reason: "the stream closed before its end" }));
    const declared = Number(options.declaredLength);
    if (options.declaredLength !== undefined && Number.isFinite(declared) && declared > maxBytes) overCap();
  });
}

/** A copy of the bytes passing through a stream that is forwarded anyway, kept up to a cap for checking. */
export interface KeptCopy {
  /** Bytes seen so far, kept or not. */
  readonly size: number;
  /** Whether every byte seen is kept (none was past the cap). */
  readonly whole: boolean;
  /** The kept bytes as UTF-8. */
  text(): string;
}

/**
 * Keeps a copy of what `stream` carries while someone else consumes it (a proxy pipes it on). Past
 * `maxBytes` it keeps nothing more and says so (`whole` false): the copy is for checking, and a
 * check of a cut copy would report a fault the peer did not commit.
 */
export function keepCopy(stream: Readable, maxBytes: number): KeptCopy {
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on("data", (chunk: Buffer | string) => {
    const piece = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    size += piece.length;
    if (size <= maxBytes) chunks.push(piece);
  });
  return {
    get size() {
      return size;
    },
    get whole() {
      return size <= maxBytes;
    },
    text: () => Buffer.concat(chunks).toString("utf8"),
  };
}
