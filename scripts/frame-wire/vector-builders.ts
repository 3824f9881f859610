/** The frame-wire vector sources' shape and event builders (pure data; no fold logic). */
export type J = unknown;

export interface VectorSource {
  name: string;
  description: string;
  /** Codes of the discard/abort table this vector pins (aborts and silent discards). */
  covers: string[];
  /** The events, one per NDJSON line. */
  events?: J[];
  /** Command-level vectors only: the exact NDJSON text (for lines that are not JSON). */
  stdin?: string;
  expected: { turn: J; abort: { code: string; message: string; at: number | null } | null };
}

export const start = (index: number, block_id: string, block: J): J => ({
  type: "block_start",
  index,
  block_id,
  block,
});
export const set = (index: number, block_id: string, seq: number, path: string, value: J): J => ({
  type: "block_delta",
  index,
  block_id,
  seq,
  delta: { op: "field_set", path, value },
});
export const append = (index: number, block_id: string, seq: number, path: string, value: J): J => ({
  type: "block_delta",
  index,
  block_id,
  seq,
  delta: { op: "element_append", path, value },
});
export const done = (finish_reason = "done"): J => ({ type: "done", finish_reason });
export const error = (code: string, message: string): J => ({ type: "error", code, message });
export const toolCall = (call: J): J => ({ type: "tool_call", call });

export const turn = (blocks: J[], finish_reason: string | null = "done", tool_calls: J[] = []): Record<string, J> => ({
  blocks,
  tool_calls,
  finish_reason,
});
export const aborted = (
  t: Record<string, J>,
  code: string,
  message: string,
  at: number | null,
): VectorSource["expected"] => ({
  turn: { ...t, error_code: code, error_message: message },
  abort: { code, message, at },
});
export const ok = (t: Record<string, J>): VectorSource["expected"] => ({ turn: t, abort: null });

export const NO_DONE = "the stream ended without a done event";

export const text = (t: string): J => ({ kind: "text", text: t });
export const list = (items: J[]): J => ({ kind: "list", items });
