/**
 * Broken: one stream at a time, and the "busy" flag is cleared only when a stream completes, so a
 * client that leaves mid-stream leaves the server busy for good (caught by endpoint/client-leaves).
 */
import { startPatched } from "./_proxy.js";
export const caughtBy = "frame-wire/endpoint/client-leaves";
export function start() {
  let busy = false;
  return startPatched({
    pieceDelayMs: 20,
    intercept: (req, res) => {
      if (req.method !== "POST" || !busy) return false;
      res.writeHead(503, { "retry-after": "1" }).end();
      return true;
    },
    stream: (events) => {
      busy = true;
      return events.map((e) => `data: ${JSON.stringify(e)}\n\n`);
    },
    onStreamEnd: (completed) => {
      if (completed) busy = false;
    },
  });
}
