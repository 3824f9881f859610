import type { RpcEngine } from "./engine.js";
import type { RpcTransport } from "./client.js";

/** An in-process transport straight into an engine: for tests and embedding, no socket involved. */
export function loopbackTransport(engine: RpcEngine): RpcTransport {
  return {
    async send(body) {
      return (await engine.handle(body)) ?? "";
    },
  };
}
