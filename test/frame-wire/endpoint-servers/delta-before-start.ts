/** Broken: each block's first delta is sent before its block_start (caught by endpoint/delta-opened-index). */
import { frame, startPatched } from "./_proxy.js";
export const caughtBy = "frame-wire/endpoint/delta-opened-index";
export const start = () =>
  startPatched({
    stream: (events) => {
      const out = [...events] as { type: string; index?: number }[];
      for (let i = 0; i < out.length - 1; i++) {
        if (
          out[i]!.type === "block_start" &&
          out[i + 1]!.type === "block_delta" &&
          out[i + 1]!.index === out[i]!.index
        ) {
          [out[i], out[i + 1]] = [out[i + 1]!, out[i]!];
          i++;
        }
      }
      return out.map(frame);
    },
  });
