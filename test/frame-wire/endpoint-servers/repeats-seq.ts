/** Broken: a delta is sent again with the same seq, then a new change reuses it (caught by endpoint/seq-increasing). */
import { frame, startPatched } from "./_proxy.js";
export const caughtBy = "frame-wire/endpoint/seq-increasing";
export const start = () =>
  startPatched({
    // Every delta's seq restarts from 0 after the first one: a receiver keeps only the first change.
    stream: (events) =>
      events.map((e) => ((e as { type: string }).type === "block_delta" ? { ...(e as object), seq: 0 } : e)).map(frame),
  });
