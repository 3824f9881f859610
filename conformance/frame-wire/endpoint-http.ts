/**
 * The HTTP side of the endpoint checks: one request with a deadline, optionally read slowly
 * (the response paused so TCP backpressure reaches the server) or abandoned after the first bytes
 * of the body. node:http rather than fetch: pausing the socket is the point of the slow reader, and
 * fetch's buffering would hide it.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";

export interface HttpExchange {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as text (UTF-8); empty when the request left early. */
  body: string;
  /** Body chunks as they arrived (a frame may be split across them). */
  chunks: number;
}

export interface RequestOptions {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange must finish within this. */
  timeoutMs: number;
  /** Stop reading for this long once the headers arrived (the slow reader). */
  pauseMs?: number;
  /** Destroy the connection as soon as the first body bytes arrived (the client that leaves). */
  leaveAfterFirstChunk?: boolean;
}

export class HttpTimeout extends Error {
  override readonly name = "HttpTimeout";
}

export function exchange(url: string, options: RequestOptions): Promise<HttpExchange> {
  const send = url.startsWith("https:") ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers["content-length"] = String(Buffer.byteLength(options.body));
    // A fresh connection per exchange: one request's failure must not reach the next through a pool.
    const req = send(url, { method: options.method, headers, agent: false });
    const timer = setTimeout(() => {
      req.destroy(new HttpTimeout(`${options.method} ${url}: no complete response within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    const settle = (fn: () => void) => {
      clearTimeout(timer);
      fn();
    };
    req.on("error", (e) => settle(() => reject(e)));
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      let chunks = 0;
      const base = () => ({ status: res.statusCode ?? 0, headers: res.headers, chunks });
      res.on("data", (b: Buffer) => {
        chunks++;
        parts.push(b);
        if (options.leaveAfterFirstChunk) {
          req.destroy();
          settle(() => resolve({ ...base(), body: Buffer.concat(parts).toString("utf8") }));
        }
      });
      res.on("end", () => settle(() => resolve({ ...base(), body: Buffer.concat(parts).toString("utf8") })));
      res.on("error", (e) => settle(() => reject(e)));
      if (options.pauseMs) {
        res.pause();
        setTimeout(() => res.resume(), options.pauseMs);
      }
    });
    req.end(options.body);
  });
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(header: string | undefined): string {
  return (header ?? "").split(";")[0]!.trim().toLowerCase();
}
