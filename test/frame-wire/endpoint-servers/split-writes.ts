/**
 * CONFORMING (not broken): the stream is written three bytes at a time, so lines, frames and UTF-8
 * sequences are split across writes. The endpoint checks must pass it: a frame may arrive split.
 */
import { startPatched } from "./_proxy.js";
export const caughtBy = null;
export const start = () =>
  startPatched({
    stream: (events) => {
      const withText = [
        ...events.slice(0, -1),
        { type: "tool_call", call: { id: "c-ü", name: "echo", arguments: { text: "ünïcødé ✓ — 𝄞" } } },
        events.at(-1),
      ];
      const bytes = new TextEncoder().encode(withText.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(""));
      const pieces: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += 3) pieces.push(bytes.subarray(i, i + 3));
      return pieces;
    },
  });
