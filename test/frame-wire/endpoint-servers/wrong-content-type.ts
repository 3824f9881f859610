/** Broken: the stream is labelled text/plain (caught by endpoint/content-type). */
import { startPatched } from "./_proxy.js";
export const caughtBy = "frame-wire/endpoint/content-type";
export const start = () =>
  startPatched({
    head: (status, headers) => ({
      status,
      headers: status === 200 ? { ...headers, "content-type": "text/plain; charset=utf-8" } : headers,
    }),
  });
