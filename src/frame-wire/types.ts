/**
 * TypeScript shapes of the frame-wire 1.3.0 contract (contracts/frame-wire/frame_wire.json).
 * Hand-written for the reference fold; codegen's src/generated/frame-wire types describe the same
 * documents and may replace these once they exist.
 */
import type { JsonObject, JsonValue } from "../json/index.js";

/** A block of the turn: `kind` plus free content members (forge_block.json). */
export interface ForgeBlock {
  kind: string;
  [member: string]: JsonValue;
}

export interface ToolCall {
  id: string;
  name: string;
  arguments: JsonObject;
  result?: JsonValue;
}

export interface FieldSetDelta {
  op: "field_set";
  path: string;
  value: JsonValue;
}

export interface ElementAppendDelta {
  op: "element_append";
  path: string;
  value: JsonValue;
}

export interface BlockStartEvent {
  type: "block_start";
  index: number;
  block_id: string;
  block: ForgeBlock;
}

export interface BlockDeltaEvent {
  type: "block_delta";
  index: number;
  block_id: string;
  seq: number;
  delta: FieldSetDelta | ElementAppendDelta;
}

export interface ToolCallEvent {
  type: "tool_call";
  call: ToolCall;
}

export interface DoneEvent {
  type: "done";
  finish_reason: string;
}

export interface ErrorEvent {
  type: "error";
  code: string;
  message: string;
}

export type FrameEvent = BlockStartEvent | BlockDeltaEvent | ToolCallEvent | DoneEvent | ErrorEvent;

/** What a fold builds. `error_code`/`error_message` are present only after an abort. */
export interface FrameTurn {
  blocks: ForgeBlock[];
  tool_calls: ToolCall[];
  finish_reason: string | null;
  error_code?: string;
  error_message?: string;
}

export interface FoldAbort {
  /** A code of the discard/abort table (src/frame-wire/codes.ts), or an ErrorEvent's own code. */
  code: string;
  message: string;
  /** 0-based position of the offending event; null for a property of the completed turn. */
  at: number | null;
}

export interface FoldOutcome {
  turn: FrameTurn;
  abort: FoldAbort | null;
}

/** A silently discarded event, reported to an optional observer (never part of the outcome). */
export interface FoldDiscard {
  code: string;
  message: string;
  at: number;
}
