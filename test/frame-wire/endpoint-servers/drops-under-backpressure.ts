/**
 * Broken: a server that does not wait for 'drain': while the socket is backed up (write() returned
 * false) it drops frames instead of queueing them. A reader that keeps up sees a whole stream; one
 * that stops reading for a moment loses the frames written meanwhile, done included (caught by
 * endpoint/slow-reader). Its turn is large (about 19 MB), written without pauses, so the backlog outgrows the socket
 * buffers (a few MB on loopback) at once, however loaded the machine is.
 */
import { createServer } from "node:http";
import { listen, PATH, TOKEN, type Running } from "./_proxy.js";
import { frame } from "./_proxy.js";
export const caughtBy = "frame-wire/endpoint/slow-reader";

const CHUNK = "x".repeat(32 * 1024);

export async function start(): Promise<Running> {
  const server = createServer(async (req, res) => {
    let body = "";
    for await (const c of req) body += c;
    if (req.method !== "POST")
      return void res
        .writeHead(405, { allow: "POST", "content-type": "application/json" })
        .end('{"error":"method_not_allowed","message":"use POST"}');
    if (req.headers.authorization !== `Bearer ${TOKEN}`)
      return void res
        .writeHead(401, { "www-authenticate": 'Bearer realm="x"', "content-type": "application/json" })
        .end('{"error":"unauthorized","message":"no"}');
    try {
      const parsed = JSON.parse(body);
      if (!Array.isArray(parsed?.messages) || parsed.messages.length === 0) throw new Error("bad");
    } catch {
      return void res
        .writeHead(400, { "content-type": "application/json" })
        .end('{"error":"bad_request","message":"bad"}');
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    const events: unknown[] = [{ type: "block_start", index: 0, block_id: "b", block: { kind: "text", text: "" } }];
    for (let seq = 0; seq < 600; seq++)
      events.push({
        type: "block_delta",
        index: 0,
        block_id: "b",
        seq,
        delta: { op: "field_set", path: "/text", value: CHUNK },
      });
    events.push({ type: "done", finish_reason: "done" });
    let backedUp = false;
    res.on("drain", () => (backedUp = false));
    for (const e of events) {
      if (res.destroyed) return;
      if (!backedUp) backedUp = !res.write(frame(e)); // the bug: a frame written while backed up is lost
      await new Promise((r) => setImmediate(r));
    }
    res.end();
  });
  const url = (await listen(server)) + PATH;
  return {
    url,
    close: async () => (server.closeAllConnections(), await new Promise<void>((r) => server.close(() => r()))),
  };
}
