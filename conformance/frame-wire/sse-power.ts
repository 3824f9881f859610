/**
 * SSE client checks of what the framing property reaches only by luck: its 150 random cases pick the few vectors with non-ASCII text, cut
 * byte by byte, rarely. Here every cut inside every multi-byte UTF-8 sequence of those vectors is
 * made deterministically. SSE streams are UTF-8 ("Event streams are always decoded as UTF-8") and a
 * chunk boundary carries no meaning, so a client that decodes chunk by chunk without carrying a
 * split sequence over (U+FFFD instead of the character) folds a different turn.
 */
import { CheckFailure, type Check } from "../harness/check.js";
import { bodyOf, chunked, sseText, type SseClientTarget } from "./sse.js";
import { diffOutcome, loadFrameWireVectors } from "./vectors.js";

const encoder = new TextEncoder();

/** Offsets that fall inside a multi-byte UTF-8 sequence (before a continuation byte 10xxxxxx). */
export function cutsInsideSequences(bytes: Uint8Array): number[] {
  const cuts: number[] = [];
  for (let i = 1; i < bytes.length; i++) if ((bytes[i]! & 0xc0) === 0x80) cuts.push(i);
  return cuts;
}

export function ssePowerChecks(): Check<SseClientTarget>[] {
  return [
    {
      id: "frame-wire/sse/utf-8-split",
      title: "A UTF-8 sequence split across chunks is one character",
      doc: "Every fold-level vector whose SSE bytes hold multi-byte UTF-8 sequences is sent cut inside each such sequence in turn (two chunks), and with every byte its own chunk: the outcome is the vector's (the decoder must carry a split sequence over to the next chunk).",
      async run(target) {
        const vectors = loadFrameWireVectors().filter((v) => v.level === "fold");
        let tried = 0;
        for (const v of vectors) {
          const bytes = encoder.encode(sseText(v.events ?? []));
          const inside = cutsInsideSequences(bytes);
          if (inside.length === 0) continue;
          tried++;
          const splits = [...inside.map((c) => [c]), Array.from({ length: bytes.length }, (_, i) => i)];
          for (const cuts of splits) {
            const outcome = await target(bodyOf(chunked(bytes, cuts)));
            const diff = diffOutcome(v, outcome, "pinned");
            const how = cuts.length === 1 ? `cut at byte ${cuts[0]}` : "byte by byte";
            if (diff.length > 0)
              throw new CheckFailure(
                `vector ${v.name} over SSE (${how}, inside a UTF-8 sequence): ${diff.join("; ")}`,
                { counterexample: { vector: v.name, how } },
              );
          }
        }
        // The vector set must keep non-ASCII text, or this check would pass vacuously.
        if (tried === 0) throw new CheckFailure("no fold vector has non-ASCII text: nothing to split");
      },
    },
  ];
}
