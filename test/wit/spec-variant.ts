/**
 * A Wit daemon that follows the spec and the contract but not our daemon's own choices (issue 13
 * item 6): our real daemon behind a proxy on another socket in the same `.wit/` folder, which
 *   - answers anything but `POST /rpc` with `application/json` with a plain-text 400 (the spec
 *     names no HTTP statuses or bodies for those; ours are 404/405/413/415 with JSON-RPC bodies);
 *   - lets a request without `witVersion` through (the spec says requests carry it, not that a
 *     daemon must refuse one that does not);
 *   - has no `rpc.discover` (optional in OpenRPC): METHOD_NOT_FOUND, like any unknown method;
 *   - takes TTL 0 as "expires at the end of this instant": a TTL-0 lock keeps its holder for 50 ms
 *     (a lock is active while now <= expiresAt, and this daemon's instants are 50 ms long).
 * `conform wit --profile protocol` passes it; `--profile reference` fails it.
 */
import http from "node:http";
import { rmSync } from "node:fs";
import path from "node:path";
import { RPC_PATH, WIT_ENVELOPE } from "../../src/wit/protocol.js";
import { connectablePath } from "../../src/wit/socket-path.js";

export interface Proxy {
  socket: string;
  close(): Promise<void>;
}

type Json = Record<string, any>;
const INSTANT_MS = 50;

export async function startSpecVariant(daemonSocket: string): Promise<Proxy> {
  const socket = path.join(path.dirname(daemonSocket), "spec-variant.sock");
  rmSync(socket, { force: true });
  /** TTL-0 locks this variant still counts as held: symbolPath -> [sessionId, until]. */
  const instants = new Map<string, [string, number]>();
  const forward = (body: string) =>
    new Promise<string>((resolve, reject) => {
      const req = http.request({
        socketPath: connectablePath(daemonSocket),
        method: "POST",
        path: RPC_PATH,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        agent: false,
      });
      req.on("error", reject);
      req.on("response", (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve(text));
      });
      req.end(body);
    });
  const one = async (m: unknown): Promise<Json | undefined> => {
    if (m === null || typeof m !== "object" || Array.isArray(m)) return JSON.parse(await forward(JSON.stringify(m)));
    const req = { ...(m as Json) };
    if (!("witVersion" in req)) req.witVersion = WIT_ENVELOPE.witVersion;
    if (req.method === "rpc.discover")
      return {
        jsonrpc: "2.0",
        ...WIT_ENVELOPE,
        id: req.id ?? null,
        error: { code: -32601, message: "METHOD_NOT_FOUND", data: { method: req.method } },
      };
    const p = (req.params ?? {}) as Json;
    if (req.method === "lock.acquire" && typeof p.symbolPath === "string") {
      const held = instants.get(p.symbolPath);
      if (held && held[1] >= Date.now() && held[0] !== p.sessionId) {
        return {
          jsonrpc: "2.0",
          ...WIT_ENVELOPE,
          id: req.id ?? null,
          error: {
            code: -32000,
            message: "LOCK_CONFLICT",
            data: { heldBy: held[0], expiresAt: new Date(held[1]).toISOString() },
          },
        };
      }
    }
    const answer = JSON.parse(await forward(JSON.stringify(req))) as Json;
    if (req.method === "lock.acquire" && answer.result && p.ttlMs === 0)
      instants.set(answer.result.symbolPath, [answer.result.sessionId, Date.now() + INSTANT_MS]);
    return answer;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const type = String(req.headers["content-type"] ?? "")
          .split(";")[0]!
          .trim();
        if (req.method !== "POST" || req.url !== RPC_PATH || type !== "application/json") {
          res.writeHead(400, { "content-type": "text/plain" }).end("bad request\n");
          return;
        }
        const body = Buffer.concat(chunks).toString("utf8");
        let text: string;
        try {
          const parsed: unknown = JSON.parse(body);
          const out =
            Array.isArray(parsed) && parsed.length > 0
              ? (await Promise.all(parsed.map(one))).filter((a) => a !== undefined)
              : await one(parsed);
          text = JSON.stringify(out);
        } catch {
          // Not JSON, or too deep for this proxy to re-encode: the daemon answers it as it is.
          text = await forward(body);
        }
        res.writeHead(200, { "content-type": "application/json" }).end(text);
      })().catch((e) => res.writeHead(500).end(String(e)));
    });
  });
  await new Promise<void>((resolve) => server.listen(connectablePath(socket, { create: true }), resolve));
  return {
    socket,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        rmSync(socket, { force: true });
      }),
  };
}
