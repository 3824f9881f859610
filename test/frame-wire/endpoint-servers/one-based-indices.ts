/** Broken: blocks are numbered from 1 (caught by endpoint/indices-contiguous). */
import { frame, startPatched } from "./_proxy.js";
export const caughtBy = "frame-wire/endpoint/indices-contiguous";
export const start = () =>
  startPatched({
    stream: (events) =>
      events
        .map((e) =>
          typeof (e as { index?: unknown }).index === "number"
            ? { ...(e as object), index: (e as { index: number }).index + 1 }
            : e,
        )
        .map(frame),
  });
