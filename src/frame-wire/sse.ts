/**
 * frame-wire over SSE. Server side: one event -> one data-only SSE message. Client side: the
 * generated OpenAPI client sends the POST (with its Authorization header); this module reads the
 * response body as it streams, parses SSE with eventsource-parser (no EventSource: it is GET-only
 * and cannot send headers) and folds each frame, so a renderer sees the partial turn as bytes arrive.
 */
import { createParser } from "eventsource-parser";
import { JsonParseError, parseJson } from "../json/index.js";
import { createFrameWireApiClient, type StreamTurnInput } from "../generated/frame-wire-api/operations.js";
import type { HttpClientConfig } from "../http/operation.js";
import { createFold, EVENT_PARSE } from "./fold.js";
import type { FoldOutcome, FrameTurn } from "./types.js";

/** One event as one data-only SSE message. JSON.stringify never emits a raw newline, so one `data:` line suffices. */
export function encodeSseEvent(event: unknown): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

export interface StreamFoldOptions {
  /** Called after every applied frame with the live partial turn (read it, don't keep mutating it). */
  onTurn?: (turn: FrameTurn, position: number) => void;
}

/** Folds an SSE response body as it arrives; resolves with the outcome when the body ends. */
export async function foldSseBody(
  body: ReadableStream<Uint8Array>,
  options: StreamFoldOptions = {},
): Promise<FoldOutcome> {
  const fold = createFold({ adoptEvents: true });
  const parser = createParser({
    onEvent(message) {
      if (fold.abort !== null) return;
      let event: unknown;
      try {
        event = parseJson(message.data, EVENT_PARSE);
      } catch (e) {
        fold.abortAt(
          "malformed_event",
          `SSE frame ${fold.position} is not JSON (${e instanceof JsonParseError ? e.kind : "syntax"})`,
        );
        return;
      }
      fold.push(event);
      options.onTurn?.(fold.turn, fold.position);
    },
  });
  // A TextDecoder in streaming mode, not TextDecoderStream: the same in Node and browsers, and its
  // types hold under both Node's and the DOM's lib (their stream generics disagree).
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let lastChar = "";
  const feed = (text: string) => {
    parser.feed(text);
    if (text.length > 0) lastChar = text[text.length - 1]!;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        feed(decoder.decode());
        break;
      }
      feed(decoder.decode(value, { stream: true }));
      // Abort means no further event may be applied: stop reading (a server that keeps the stream
      // open must not hold the client), keep the partial turn.
      if (fold.abort !== null) {
        await reader.cancel().catch(() => {});
        break;
      }
    }
    // A lone CR is a whole line end (SSE allows CR, LF and CRLF), but the parser holds a final
    // one back in case LF follows: complete it, or a CR-framed stream loses its last message.
    if (fold.abort === null && lastChar === "\r") parser.feed("\n");
  } finally {
    reader.releaseLock();
  }
  return fold.finish();
}

/** Calls the streaming endpoint through the generated client and folds the stream. */
export async function streamTurn(
  config: HttpClientConfig,
  input: StreamTurnInput,
  options: StreamFoldOptions = {},
): Promise<FoldOutcome> {
  const res = await createFrameWireApiClient(config).streamTurn(input);
  if (!res.body) throw new Error("streamTurn: the response has no body");
  return foldSseBody(res.body, options);
}
