/**
 * The frame-wire discard/abort table: every code the fold (or the fold command) raises itself.
 * An ErrorEvent from the server aborts with the server's own code, which is not in this table.
 * docs/frame-wire.md renders the same table; a test keeps the two in step.
 */

export type Disposition = "abort" | "discard";

/** Where an abort is found: at an event (`at` is its position) or on the completed turn (`at` null). */
export type FoundAt = "event" | "turn";

export interface CodeInfo {
  disposition: Disposition;
  foundAt: FoundAt;
  /** One line for the table. */
  when: string;
}

export const FRAME_WIRE_CODES = {
  malformed_event: {
    disposition: "abort",
    foundAt: "event",
    when: "fold command only: a non-blank input line is not JSON (or exceeds the parser's size/depth limits)",
  },
  invalid_event: {
    disposition: "abort",
    foundAt: "event",
    when: "the event does not validate against FrameEvent: not an object, unknown type, a missing, extra or mistyped member, a value that is not JSON",
  },
  pointer_syntax: {
    disposition: "abort",
    foundAt: "event",
    when: 'a delta\'s path is not RFC 6901 syntax (not "" and not "/"-prefixed, or a "~" not followed by 0 or 1)',
  },
  pointer_too_long: {
    disposition: "abort",
    foundAt: "event",
    when: "a delta's path has more than 512 reference tokens (a receiver limit, like the parser's depth limit: it keeps a turn's depth bounded)",
  },
  pointer_root: {
    disposition: "abort",
    foundAt: "event",
    when: 'a delta\'s path is the root pointer "" (a delta never replaces a whole block)',
  },
  pointer_forbidden_member: {
    disposition: "abort",
    foundAt: "event",
    when: "a delta's path names __proto__, constructor or prototype at any position",
  },
  block_start_after_done: { disposition: "abort", foundAt: "event", when: "a block_start arrives after done" },
  event_after_done: {
    disposition: "abort",
    foundAt: "event",
    when: "a block_delta, tool_call, done or error event arrives after done",
  },
  block_delta_unknown_index: {
    disposition: "abort",
    foundAt: "event",
    when: "a block_delta names an index no block_start opened",
  },
  block_id_mismatch: {
    disposition: "discard",
    foundAt: "event",
    when: "a block_delta's block_id differs from the block_id of the block open at its index",
  },
  stale_seq: {
    disposition: "discard",
    foundAt: "event",
    when: "a block_delta's seq is not greater than the last seq applied at its index (stale or replayed)",
  },
  pointer_missing_container: {
    disposition: "abort",
    foundAt: "event",
    when: "a container on the path (or element_append's target array) is not an own member of its parent",
  },
  pointer_not_a_container: { disposition: "abort", foundAt: "event", when: "the path traverses a scalar or null" },
  pointer_invalid_index: {
    disposition: "abort",
    foundAt: "event",
    when: 'an array is addressed by a token that is not an index ("x", "-1", or "-" anywhere but field_set\'s last token)',
  },
  pointer_leading_zero: {
    disposition: "abort",
    foundAt: "event",
    when: 'an array is addressed by an index with a leading zero ("01")',
  },
  pointer_index_out_of_range: {
    disposition: "abort",
    foundAt: "event",
    when: "an array index beyond the array: >= length on the way or for element_append, > length for field_set's last token",
  },
  element_append_not_array: {
    disposition: "abort",
    foundAt: "event",
    when: "element_append's target exists but is not an array",
  },
  block_kind_not_string: {
    disposition: "abort",
    foundAt: "event",
    when: 'field_set "/kind" with a value that is not a string (a ForgeBlock\'s kind is a string)',
  },
  stream_without_done: {
    disposition: "abort",
    foundAt: "turn",
    when: "the stream ends without a done event (checked at finish, before the gap)",
  },
  block_start_index_gap: {
    disposition: "abort",
    foundAt: "turn",
    when: "the completed turn's opened indices are not contiguous from 0 (checked at finish)",
  },
} as const satisfies Record<string, CodeInfo>;

export type FrameWireCode = keyof typeof FRAME_WIRE_CODES;

export function isFrameWireCode(code: string): code is FrameWireCode {
  return Object.prototype.hasOwnProperty.call(FRAME_WIRE_CODES, code);
}

/**
 * Whether the contract fixes an abort's message word for word: the gap message (its pattern is
 * part of the contract) and an ErrorEvent's message (passed through verbatim). Other messages are
 * our wording; conformance may compare them or not (see the vector runner's `messages` option).
 */
export function isMessagePinned(code: string): boolean {
  return code === "block_start_index_gap" || !isFrameWireCode(code);
}
