/** Broken: the request body is never looked at, any body gets a stream (caught by endpoint/malformed-body). */
import { startPatched } from "./_proxy.js";
export const caughtBy = "frame-wire/endpoint/malformed-body";
export const start = () =>
  startPatched({
    request: (req) => ({ ...req, body: JSON.stringify({ messages: [{ role: "user", content: "anything" }] }) }),
  });
