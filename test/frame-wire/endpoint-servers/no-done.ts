/** Broken: the stream ends without its done event (caught by endpoint/terminates). */
import { frame, startPatched } from "./_proxy.js";
export const caughtBy = "frame-wire/endpoint/terminates";
export const start = () =>
  startPatched({ stream: (events) => events.filter((e) => (e as { type: string }).type !== "done").map(frame) });
