/** Broken: every frame carries `event: frame` and an id (caught by endpoint/data-only). */
import { startPatched } from "./_proxy.js";
export const caughtBy = "frame-wire/endpoint/data-only";
export const start = () =>
  startPatched({ stream: (events) => events.map((e, i) => `event: frame\nid: ${i}\ndata: ${JSON.stringify(e)}\n\n`) });
