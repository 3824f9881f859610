/**
 * TypeScript shapes of frame-wire 1.3.0: the contract's generated types (src/generated/frame-wire,
 * from contracts/frame-wire/frame_wire.json), plus the fold's own outcome types, which are not on
 * the wire.
 */
export type {
  ForgeBlock,
  ToolCall,
  FieldSetDelta,
  ElementAppendDelta,
  BlockStartEvent,
  BlockDeltaEvent,
  ToolCallEvent,
  DoneEvent,
  ErrorEvent,
  FrameEvent,
  FrameTurn,
} from "../generated/frame-wire/types.js";
import type { FrameTurn } from "../generated/frame-wire/types.js";

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
