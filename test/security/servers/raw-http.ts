/** Raw HTTP/1.1 over a socket, byte for byte: what a hostile or clumsy client actually sends. */
import net from "node:net";

export interface RawExchange {
  /** Everything the server wrote before it closed the connection (or the deadline passed). */
  text: string;
  /** Whether the server closed the connection before the deadline. */
  closed: boolean;
}

export type Address = { path: string } | { port: number; host?: string };

function connect(address: Address): net.Socket {
  return "path" in address ? net.connect(address.path) : net.connect(address.port, address.host ?? "127.0.0.1");
}

/**
 * Writes `chunks` in order (a string is written as is), optionally half-closes the connection,
 * then reads until the server closes it or `timeoutMs` passes.
 */
export function exchange(
  address: Address,
  chunks: (string | Buffer)[],
  options: { halfClose?: boolean; timeoutMs?: number } = {},
): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(address);
    const parts: Buffer[] = [];
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(parts).toString("utf8"), closed });
    };
    const timer = setTimeout(() => finish(false), options.timeoutMs ?? 10_000);
    socket.on("data", (d: Buffer) => parts.push(d));
    socket.on("close", () => finish(true));
    socket.on("error", (e) => (parts.length ? finish(true) : reject(e)));
    socket.on("connect", () => {
      for (const c of chunks) socket.write(c);
      if (options.halfClose) socket.end();
    });
  });
}

/** The responses in a raw exchange: status and body of each `HTTP/1.1 NNN` message. */
export function responses(text: string): { status: number; body: string; head: string }[] {
  const out: { status: number; body: string; head: string }[] = [];
  let rest = text;
  while (rest.startsWith("HTTP/1.1 ")) {
    const headEnd = rest.indexOf("\r\n\r\n");
    if (headEnd < 0) break;
    const head = rest.slice(0, headEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let body: string;
    if (length) {
      const bytes = Buffer.from(rest.slice(headEnd + 4), "utf8").subarray(0, Number(length[1]));
      body = bytes.toString("utf8");
      rest = rest.slice(headEnd + 4 + body.length);
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      body = "";
      let at = headEnd + 4;
      for (;;) {
        const lineEnd = rest.indexOf("\r\n", at);
        const size = parseInt(rest.slice(at, lineEnd), 16);
        if (!(size > 0)) {
          at = lineEnd + 4;
          break;
        }
        body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
        at = lineEnd + 2 + size + 2;
      }
      rest = rest.slice(at);
    } else {
      body = rest.slice(headEnd + 4);
      rest = "";
    }
    out.push({ status, body, head });
  }
  return out;
}

/** Opens `count` connections that send half a request line and then nothing. */
export async function halfOpen(address: Address, count: number): Promise<net.Socket[]> {
  const sockets: net.Socket[] = [];
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve) => {
          const s = connect(address);
          s.on("error", () => undefined);
          s.on("connect", () => {
            s.write("POST /rpc HTTP/1.1\r\nHost: x\r\n");
            resolve();
          });
          s.on("close", () => resolve());
          sockets.push(s);
        }),
    ),
  );
  return sockets;
}
