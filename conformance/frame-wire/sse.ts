/**
 * frame-wire over SSE, for a streaming CLIENT: the response body is text/event-stream made of
 * data-only messages, one event each (docs/frame-wire.md "The stream"); the client folds the
 * events in order, so its outcome for a vector's events is the vector's expected outcome.
 *
 * What the client must accept is what the SSE parsing rules (WHATWG HTML, "Server-sent events",
 * event stream interpretation) let any server or proxy send for the same messages: bytes split
 * anywhere (inside a line, inside a UTF-8 sequence), CRLF, CR or LF line ends, `data:` with or
 * without the one optional space, and comment lines (`: keep-alive`). None of these may change
 * the outcome. The checks build the bytes themselves (they never use our encoder).
 */
import fc from "fast-check";
import { CheckFailure, property, type Check } from "../harness/check.js";
import { diffOutcome, loadFrameWireVectors, type FrameWireVector } from "./vectors.js";

/** A streaming client: folds an SSE response body, resolves with `{turn, abort}` when it ends. */
export type SseClientTarget = (body: ReadableStream<Uint8Array>) => Promise<unknown>;

export interface SseFraming {
  lineEnd: "\n" | "\r\n" | "\r";
  /** `data: ` (the usual form) or `data:` (the space is optional). */
  space: boolean;
  /** A comment line before each message (what keep-alives look like). */
  comments: boolean;
}

const STANDARD: SseFraming = { lineEnd: "\n", space: true, comments: false };

/** The SSE text of a stream of events, one data-only message per event. */
export function sseText(events: unknown[], framing: SseFraming = STANDARD): string {
  const nl = framing.lineEnd;
  return events
    .map(
      (e) =>
        `${framing.comments ? `: keep-alive${nl}` : ""}data:${framing.space ? " " : ""}${JSON.stringify(e)}${nl}${nl}`,
    )
    .join("");
}

/** Bytes cut at the given (sorted, in-range) offsets: chunk boundaries anywhere, UTF-8 sequences included. */
export function chunked(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let from = 0;
  for (const c of [...new Set(cuts)].filter((x) => x > 0 && x < bytes.length).sort((a, b) => a - b)) {
    out.push(bytes.slice(from, c));
    from = c;
  }
  out.push(bytes.slice(from));
  return out;
}

export function bodyOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
  });
}

const encoder = new TextEncoder();
const FOLD_VECTORS = () => loadFrameWireVectors().filter((v) => v.level === "fold");

async function expectVector(
  target: SseClientTarget,
  v: FrameWireVector,
  chunks: Uint8Array[],
  how: string,
): Promise<void> {
  const outcome = await target(bodyOf(chunks));
  const diff = diffOutcome(v, outcome, "pinned");
  if (diff.length > 0)
    throw new CheckFailure(`vector ${v.name} over SSE (${how}): ${diff.join("; ")}`, {
      counterexample: { vector: v.name, how },
    });
}

export function sseChecks(): Check<SseClientTarget>[] {
  return [
    {
      id: "frame-wire/sse/vectors",
      title: "Every vector over SSE gives its outcome",
      doc: "Each fold-level vector's events, sent as data-only SSE messages (one chunk per message), fold to the vector's expected outcome.",
      async run(target) {
        for (const v of FOLD_VECTORS()) {
          const chunks = (v.events ?? []).map((e) => encoder.encode(sseText([e])));
          await expectVector(target, v, chunks, "one chunk per message");
        }
      },
    },
    {
      id: "frame-wire/sse/framing",
      title: "SSE framing and chunking never change the outcome",
      doc: "The same vectors with the byte stream cut at arbitrary offsets (inside lines and UTF-8 sequences), CRLF / CR / LF line ends, `data:` with or without its optional space, and comment lines between messages: the outcome is the vector's.",
      async run(target, ctx) {
        const vectors = FOLD_VECTORS();
        const framing = fc.record({
          lineEnd: fc.constantFrom<SseFraming["lineEnd"]>("\n", "\r\n", "\r"),
          space: fc.boolean(),
          comments: fc.boolean(),
        });
        const arb = fc.tuple(fc.constantFrom(...vectors), framing, fc.array(fc.nat(), { maxLength: 12 }), fc.boolean());
        await property(ctx, 150, arb, async ([v, f, cuts, bytewise]) => {
          const bytes = encoder.encode(sseText(v.events ?? [], f));
          // Either random cuts, or every byte its own chunk (the harshest split).
          const offsets = bytewise
            ? Array.from({ length: bytes.length }, (_, i) => i)
            : cuts.map((c) => c % Math.max(1, bytes.length));
          await expectVector(
            target,
            v,
            chunked(bytes, offsets),
            `framing ${JSON.stringify(f)}, ${bytewise ? "byte by byte" : `cut at ${offsets.join(",")}`}`,
          );
        });
      },
    },
    {
      id: "frame-wire/sse/unterminated-message-dropped",
      title: "A last message without its blank line is not an event",
      doc: 'SSE: "If the file ends in the middle of an event, before the final empty line, the incomplete event is not dispatched." A stream whose last message lacks its terminating blank line (for each line-end style) folds like the stream without that message.',
      async run(target) {
        for (const v of FOLD_VECTORS().filter((x) => (x.events ?? []).length > 0)) {
          for (const lineEnd of ["\n", "\r\n", "\r"] as const) {
            const framing = { ...STANDARD, lineEnd };
            const events = v.events!;
            const full = sseText(events, framing);
            const cut = full.slice(0, full.length - lineEnd.length);
            const got = JSON.stringify(await target(bodyOf([encoder.encode(cut)])));
            const want = JSON.stringify(await target(bodyOf([encoder.encode(sseText(events.slice(0, -1), framing))])));
            if (got !== want)
              throw new CheckFailure(
                `vector ${v.name} with its last blank line cut (${JSON.stringify(lineEnd)}): got ${got}, the stream without the last message gives ${want}`,
              );
          }
        }
      },
    },
    {
      id: "frame-wire/sse/outcome-at-abort",
      title: "An abort ends the stream for the client",
      doc: "After an aborting event no further event may be applied, so the outcome is known: the client resolves with it although the server keeps the stream open (keep-alives, more frames), and the frames after the abort change nothing.",
      async run(target) {
        for (const v of FOLD_VECTORS().filter((x) => x.expected.abort !== null && x.expected.abort.at !== null)) {
          const head = (v.events ?? []).slice(0, v.expected.abort!.at! + 1);
          let sentHead = false;
          const body = new ReadableStream<Uint8Array>({
            async pull(controller) {
              if (!sentHead) {
                sentHead = true;
                controller.enqueue(encoder.encode(sseText(head)));
                return;
              }
              // Never ends: a keep-alive and a frame that must not be applied, now and then.
              await new Promise((r) => setTimeout(r, 5));
              controller.enqueue(
                encoder.encode(`: keep-alive\n\n${sseText([{ type: "done", finish_reason: "late" }])}`),
              );
            },
          });
          let timer: NodeJS.Timeout | undefined;
          const outcome = await Promise.race([
            target(body),
            new Promise((r) => (timer = setTimeout(() => r("timeout"), 2000))),
          ]);
          clearTimeout(timer);
          if (outcome === "timeout") {
            await body.cancel().catch(() => {});
            throw new CheckFailure(
              `vector ${v.name}: the client did not resolve within 2 s of the abort while the server kept the stream open`,
            );
          }
          const diff = diffOutcome(v, outcome, "pinned");
          if (diff.length > 0)
            throw new CheckFailure(`vector ${v.name} cut at its abort, stream left open: ${diff.join("; ")}`);
        }
      },
    },
  ];
}
