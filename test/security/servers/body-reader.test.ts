/**
 * The one capped body reader (src/io/body.ts) on real sockets: a body at the cap is read whole;
 * past it, declared or streamed, it settles too-large at once and keeps nothing; a peer that
 * goes away mid-body is `aborted`. The Wit client's answers go through it too.
 */
import http from "node:http";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readCappedBody, type BodyRead } from "../../../src/io/body.js";
import { UnixSocketTransport, WitUnavailableError } from "../../../src/wit/client/index.js";

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A server that reads every request with the capped reader and reports what it read. */
async function reader(max: number): Promise<{ port: number; reads: Promise<BodyRead>[] }> {
  const reads: Promise<BodyRead>[] = [];
  const server = http.createServer((req, res) => {
    const read = readCappedBody(req, max, { declaredLength: req.headers["content-length"] });
    reads.push(read);
    void read.then((r) => res.end(r.kind));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { port: (server.address() as AddressInfo).port, reads };
}

describe("readCappedBody", () => {
  it("reads a body of exactly the cap; one byte more is too-large, declared or streamed", async () => {
    const { port, reads } = await reader(10);
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}/`, { method: "POST", body, headers }).then((r) => r.text());
    expect(await post("0123456789")).toBe("body");
    expect(await reads[0]).toEqual({ kind: "body", bytes: Buffer.from("0123456789") });
    expect(await post("0123456789A")).toBe("too-large");
    expect(await reads[1]).toEqual({ kind: "too-large", limit: 10 });
    // Streamed without a length: the cap is found while reading.
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode("01234"));
        c.enqueue(new TextEncoder().encode("56789AB"));
        c.close();
      },
    });
    const res = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: stream, duplex: "half" } as never);
    expect(await res.text()).toBe("too-large");
  });

  it("a peer that goes away mid-body is aborted", async () => {
    const { port, reads } = await reader(1000);
    await new Promise<void>((resolve) => {
      const req = http.request({ port, method: "POST", headers: { "content-length": "100" } });
      req.on("error", () => resolve());
      req.write("only part of it");
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 100);
    });
    await new Promise((r) => setTimeout(r, 100));
    expect((await reads[0])!.kind).toBe("aborted");
  });
});

describe("the Wit client's answers", () => {
  it("an answer over maxResponseBytes is refused as broken", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "wit-big-answer-"));
    const socket = path.join(dir, "s.sock");
    const server = http.createServer((_req, res) => res.end("x".repeat(5000)));
    servers.push(server);
    await new Promise<void>((r) => server.listen(socket, r));
    const transport = new UnixSocketTransport(socket, { maxResponseBytes: 4096, keepAlive: false });
    try {
      const error = await transport.send("{}").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WitUnavailableError);
      expect((error as WitUnavailableError).reason).toBe("broken");
      expect((error as Error).message).toBe("answer larger than 4096 bytes");
    } finally {
      transport.close();
    }
  });
});

describe("keepCopy: a capped copy of bytes forwarded anyway", () => {
  it("keeps every byte up to the cap, and past it keeps no more and says the copy is not whole", async () => {
    const { PassThrough } = await import("node:stream");
    const { keepCopy } = await import("../../../src/io/body.js");
    const within = new PassThrough();
    const a = keepCopy(within, 8);
    within.end(Buffer.from("12345678"));
    within.resume();
    await new Promise((r) => within.on("end", r));
    expect([a.size, a.whole, a.text()]).toEqual([8, true, "12345678"]);
    const past = new PassThrough();
    const b = keepCopy(past, 8);
    past.write("12345");
    past.end("6789");
    past.resume();
    await new Promise((r) => past.on("end", r));
    expect([b.size, b.whole, b.text()]).toEqual([9, false, "12345"]);
  });
});
