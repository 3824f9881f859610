/**
 * What a conforming frame-wire *sender* owes, as pure functions over one received SSE body. A
 * receiver is lenient where the contract lets it be (a stale `seq` is discarded silently), so a
 * sender that relies on that leniency loses data without anyone noticing: these rules are stricter
 * than the fold on purpose, and only state what docs/frame-wire.md requires of every server.
 */
import { createParser } from "eventsource-parser";
import { tryParseJson } from "../../src/json/index.js";
import { validateFrameEvent } from "../../src/generated/frame-wire/validators.js";

export interface SseFrame {
  data: string;
  event?: string;
  id?: string;
}

export interface ParsedBody {
  frames: SseFrame[];
  /** `retry:` fields seen (a data-only stream has none). */
  retries: number;
}

/** Parses an SSE body (the whole text; eventsource-parser copes with any split). */
export function parseSseBody(body: string): ParsedBody {
  const frames: SseFrame[] = [];
  let retries = 0;
  const parser = createParser({
    onEvent: (m) =>
      frames.push({
        data: m.data,
        ...(m.event !== undefined ? { event: m.event } : {}),
        ...(m.id !== undefined ? { id: m.id } : {}),
      }),
    onRetry: () => retries++,
  });
  parser.feed(body);
  // A last message without its blank line is not dispatched by SSE: it was never sent whole.
  return { frames, retries };
}

/** A rule's verdict: null, or the first problem with the frame position it was found at. */
export type Problem = { at: number | null; message: string } | null;

export function dataOnlyProblem(body: ParsedBody): Problem {
  const i = body.frames.findIndex((f) => f.event !== undefined || f.id !== undefined);
  if (i >= 0) {
    const f = body.frames[i]!;
    return {
      at: i,
      message: `frame ${i} has ${f.event !== undefined ? `an event field (${JSON.stringify(f.event)})` : `an id field (${JSON.stringify(f.id)})`}; frames are data-only`,
    };
  }
  if (body.retries > 0)
    return { at: null, message: `the stream sets retry ${body.retries} time(s); frames are data-only` };
  return null;
}

/** Each frame's data as a FrameEvent, or why it is not one. */
export type DecodedFrame = { ok: true; event: Record<string, unknown> } | { ok: false; message: string };

export function decodeFrames(frames: SseFrame[]): DecodedFrame[] {
  return frames.map((f): DecodedFrame => {
    const parsed = tryParseJson(f.data);
    if (!parsed.ok)
      return { ok: false, message: `not JSON (${parsed.error.kind}): ${JSON.stringify(f.data.slice(0, 80))}` };
    if (!validateFrameEvent(parsed.value))
      return { ok: false, message: `not a valid FrameEvent: ${JSON.stringify(f.data.slice(0, 120))}` };
    return { ok: true, event: parsed.value as Record<string, unknown> };
  });
}

export function frameEventProblem(decoded: DecodedFrame[]): Problem {
  if (decoded.length === 0) return { at: null, message: "the stream carried no frame" };
  const i = decoded.findIndex((d) => !d.ok);
  return i < 0 ? null : { at: i, message: `frame ${i} is ${(decoded[i] as { message: string }).message}` };
}

/** The valid events with their frame positions (the other rules look at these only). */
function events(decoded: DecodedFrame[]): { at: number; e: Record<string, unknown> }[] {
  return decoded.flatMap((d, at) => (d.ok ? [{ at, e: d.event }] : []));
}

const isTerminal = (e: Record<string, unknown>) => e.type === "done" || e.type === "error";

export function terminationProblem(decoded: DecodedFrame[]): Problem {
  const list = events(decoded);
  const first = list.findIndex((x) => isTerminal(x.e));
  if (first < 0)
    return { at: null, message: `the stream ended after ${decoded.length} frame(s) without a done or error event` };
  if (first !== list.length - 1) {
    const after = list[first + 1]!;
    return {
      at: after.at,
      message: `frame ${after.at} (${String(after.e.type)}) follows the ${String(list[first]!.e.type)} at frame ${list[first]!.at}; nothing may follow it`,
    };
  }
  return null;
}

export function deltaIndexProblem(decoded: DecodedFrame[]): Problem {
  const opened = new Set<number>();
  for (const { at, e } of events(decoded)) {
    if (e.type === "block_start") opened.add(e.index as number);
    else if (e.type === "block_delta" && !opened.has(e.index as number))
      return {
        at,
        message: `frame ${at} is a block_delta for index ${String(e.index)}, which no earlier block_start opened`,
      };
  }
  return null;
}

export function seqProblem(decoded: DecodedFrame[]): Problem {
  const last = new Map<number, number>();
  for (const { at, e } of events(decoded)) {
    if (e.type !== "block_delta") continue;
    const index = e.index as number;
    const seq = e.seq as number;
    const prev = last.get(index);
    if (prev !== undefined && seq <= prev) {
      return {
        at,
        message: `frame ${at}: seq ${seq} at index ${index} after seq ${prev}; a receiver discards it as stale, so its change is lost`,
      };
    }
    last.set(index, seq);
  }
  return null;
}

export function indexGapProblem(decoded: DecodedFrame[]): Problem {
  const opened = new Set<number>();
  for (const { e } of events(decoded)) if (e.type === "block_start") opened.add(e.index as number);
  const sorted = [...opened].sort((a, b) => a - b);
  const gap = sorted.findIndex((v, i) => v !== i);
  if (gap >= 0)
    return {
      at: null,
      message: `block indices opened: ${sorted.join(", ")}; index ${gap} is missing (indices run from 0 without gaps)`,
    };
  return null;
}
