/** Broken: a `data: [DONE]` sentinel after the last event, as some chat APIs send (caught by endpoint/frame-event). */
import { frame, startPatched } from "./_proxy.js";
export const caughtBy = "frame-wire/endpoint/frame-event";
export const start = () => startPatched({ stream: (events) => [...events.map(frame), "data: [DONE]\n\n"] });
