/**
 * A JSON-RPC transport over HTTP with `fetch` (browser-safe): each message is one
 * `POST` of `application/json`; the reply body is the answer. A notification's 204 resolves with an
 * empty body. Any other status without a JSON-RPC body is an error naming the status.
 */
import type { RpcTransport } from "./client.js";

export interface HttpTransportOptions {
  /** Headers sent with every request (e.g. authorization). */
  headers?: Record<string, string>;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

export class RpcHttpError extends Error {
  override readonly name = "RpcHttpError";
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`JSON-RPC over HTTP: status ${status}${body ? `: ${body.slice(0, 200)}` : ""}`);
  }
}

export function httpTransport(url: string | URL, options: HttpTransportOptions = {}): RpcTransport {
  const send = options.fetch ?? fetch;
  return {
    async send(body: string): Promise<string> {
      const res = await send(url, {
        method: "POST",
        headers: { ...options.headers, "content-type": "application/json", accept: "application/json" },
        body,
      });
      const text = await res.text();
      if (res.status === 204) return "";
      // A JSON-RPC server answers its own refusals (parse errors, bad envelopes) with a JSON-RPC body.
      if (!res.ok && !(res.headers.get("content-type") ?? "").includes("json"))
        throw new RpcHttpError(res.status, text);
      return text;
    },
  };
}
