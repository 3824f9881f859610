/**
 * The frame-wire 1.3.0 reference fold: events in, one FrameTurn out, incrementally.
 *
 * `createFold()` takes one event per `push`; `turn` is the partial turn at any moment (a renderer
 * may read it while bytes arrive); `finish()` applies the completed-turn checks and returns the
 * outcome. The rules and the discard/abort table are in docs/frame-wire.md; the codes are in
 * ./codes.ts. Every pointer is resolved by src/json in receiver mode (own members only,
 * no __proto__/constructor/prototype, RFC 6901 array indices).
 *
 * Hot path: a valid event costs a few own-member checks, one memoised pointer lookup and the write;
 * nothing lives on after it except what the turn keeps (and copies, unless `adoptEvents`). With
 * `adoptEvents`, the common block_delta goes through `fastDelta`, which applies it only when every
 * check passes and otherwise leaves it, untouched, to the full path that decides it exactly.
 *
 * Over 500 lines for one reason: the fold is one state machine (FrameFold) whose fast path and
 * full path must decide every event alike, so they are kept side by side with the checks they share.
 */
import {
  adoptJson,
  isPlainObject,
  jsonKind,
  NOT_JSON,
  setOwn,
  isReceiverSafe,
  compilePointer,
  evaluatePointer,
  PointerError,
  RECEIVER_FORBIDDEN_MEMBERS,
  resolveTarget,
  type JsonObject,
  type JsonValue,
  type PointerErrorCode,
  type SafeParseOptions,
} from "../json/index.js";
import type { FrameWireCode } from "./codes.js";
import { gapMessage } from "./gap.js";
import { fastApply } from "./pointer-fast.js";
import type { FoldAbort, FoldDiscard, FoldOutcome, ForgeBlock, FrameTurn, ToolCall } from "./types.js";

/**
 * How the fold's readers (the SSE client, `frame-wire fold`) parse an event: src/json's defaults,
 * except that a member named twice keeps the last (JSON.parse's own reading) instead of being
 * refused. The refusal's check costs ~13% of the parse of a typical event (two counts over the
 * line and its value), which the fold's budget (fold.vsJsonParse <= 1.35x bare JSON.parse) cannot
 * carry; and a renderer has no second reader of the same bytes to disagree with (decision 262).
 * Servers, which do, refuse.
 */
export const EVENT_PARSE: Readonly<SafeParseOptions> = Object.freeze({ duplicateKeys: "last-wins" });

export interface FoldOptions {
  /**
   * Events are fresh output of a JSON parser (e.g. src/json's parseJson) that nobody else holds:
   * the fold keeps their values without copying them (they become part of the turn and may be
   * mutated by later deltas) and without re-checking that they are JSON (a parser's output always
   * is); the event shapes are still checked. The fold command does this. The default checks every
   * value and copies it, so a caller's objects are never aliased or changed.
   */
  adoptEvents?: boolean;
  /** Observer of silent discards (block_id_mismatch, stale_seq). They never reach the outcome. */
  onDiscard?: (discard: FoldDiscard) => void;
}

export interface Fold {
  /**
   * Folds one event. Returns true while the fold accepts further events; false once it has
   * aborted or finished (later pushes are ignored). Never throws.
   */
  push(event: unknown): boolean;
  /** The turn folded so far; the same live object throughout. Read it, don't mutate it. */
  readonly turn: FrameTurn;
  /** The abort, once there is one. */
  readonly abort: FoldAbort | null;
  /** Number of events pushed while the fold was accepting them. */
  readonly position: number;
  /** End of stream: applies the completed-turn checks once and returns the outcome (idempotent). */
  finish(): FoldOutcome;
  /**
   * Aborts from outside the event sequence (the fold command uses it for a line that is not JSON).
   * The event at the current position counts as the offending one. Ignored once aborted/finished.
   */
  abortAt(code: string, message: string): void;
}

/** What the fold remembers about one open index. */
interface Slot {
  blockId: string;
  /** Highest seq applied at this index; -1 before the first delta. Survives a repeated block_start. */
  lastSeq: number;
  block: ForgeBlock;
}

const RECEIVER = { mode: "receiver" } as const;

/** A delta path decoded once: its tokens and whether the receiver rule lets it take the fast path. */
interface CompiledPath {
  tokens: readonly string[];
  /** The path is "/kind", whose value must stay a string. */
  kind: boolean;
  /**
   * No token is __proto__/constructor/prototype (the fast path may write with plain assignment),
   * and there are 1 to MAX_POINTER_TOKENS of them (the lengths the full path accepts).
   */
  fast: boolean;
}
const PATH_CACHE_LIMIT = 4096;
const paths = new Map<string, CompiledPath>();

/**
 * A direct-mapped memo in front of `paths` for fastDelta, its entry chosen by the path's length and
 * two of its characters. V8's JSON.parse internalizes only short string values (10 characters or
 * fewer), so a longer path arrives as a fresh string each time, and a Map lookup hashes it anew;
 * comparing it with the one remembered string does not (decision 213). A stream that cycles
 * through paths that collide here pays the Map lookup as before.
 */
const RECENT_PATHS = 64;
const recentNames: (string | undefined)[] = new Array<string | undefined>(RECENT_PATHS).fill(undefined);
const recentPaths: (CompiledPath | undefined)[] = new Array<CompiledPath | undefined>(RECENT_PATHS).fill(undefined);

/** The compiled path if `compilePath` has seen it (and not forgotten it), else undefined. */
function knownPath(path: string): CompiledPath | undefined {
  const n = path.length;
  // Any entry would do (the string comparison below decides), so these mutants are equivalent too.
  const h = n < 3 ? n : (n * 31 + path.charCodeAt(n - 1) * 7 + path.charCodeAt(n - 3)) & (RECENT_PATHS - 1);
  // Forced true, the memo never fills (the return comes first): every lookup declines.
  if (recentNames[h] === path) return recentPaths[h];
  const c = paths.get(path);
  if (c !== undefined) {
    recentNames[h] = path;
    recentPaths[h] = c;
  }
  return c;
}

/** compilePointer plus the receiver-rule verdict, cached together (throws PointerError like it). */
function compilePath(path: string): CompiledPath {
  let c = paths.get(path);
  if (c === undefined) {
    const tokens = compilePointer(path);
    const kind = tokens.length === 1 && tokens[0] === "kind";
    // A private, unfrozen copy: compilePointer's lists are frozen (they are shared), and V8 (Node 20)
    // reads a frozen array's elements through a generic keyed-load call, ~80 instructions per delta
    // in the fast path's walk (decision 213).
    c = {
      tokens: tokens.slice(),
      kind,
      fast: isReceiverSafe(tokens) && tokens.length > 0 && tokens.length <= MAX_POINTER_TOKENS,
    };
    if (paths.size >= PATH_CACHE_LIMIT) paths.clear();
    paths.set(path, c);
  }
  return c;
}

/** Indices below this live in an array (no hashing); larger ones, rare, in a Map. */
const DENSE_SLOTS = 1024;

/**
 * Longest delta path accepted. Content can only be written where a path reaches, so this bounds a
 * turn's depth (path + value depth), which keeps serialising the outcome safe from deep nesting
 * built up one delta at a time.
 */
export const MAX_POINTER_TOKENS = 512;
const hasOwn = Object.prototype.hasOwnProperty;

const POINTER_CODES: Record<PointerErrorCode, FrameWireCode> = {
  "pointer-syntax": "pointer_syntax",
  "forbidden-member": "pointer_forbidden_member",
  "leading-zero": "pointer_leading_zero",
  "invalid-array-index": "pointer_invalid_index",
  "index-out-of-range": "pointer_index_out_of_range",
  "missing-member": "pointer_missing_container",
  "not-a-container": "pointer_not_a_container",
};

/**
 * Own enumerable string-keyed members, as for-in + hasOwnProperty counts them. Object.keys, not
 * that loop: inside the fold it executes fewer instructions and took less CPU (the loop's two counts
 * per block_delta were 0.12x of parseJson's time at 100k events; docs/decisions/212), though an
 * isolated microbenchmark of round 5 ranked them the other way.
 */
function ownCount(obj: object): number {
  return Object.keys(obj).length;
}

function isIndex(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v) && v >= 0;
}

function isNonEmptyString(v: unknown): v is string {
  return typeof v === "string" && v.length > 0;
}

/** Names the first member of `obj` outside `allowed` (failure path only). */
function extraMember(obj: object, allowed: readonly string[]): string | undefined {
  for (const key of Object.keys(obj)) if (!allowed.includes(key)) return key;
  return undefined;
}

/** Position of `index` in the ascending `opened` list, or where it would be inserted (~pos). */
function search(opened: number[], index: number): number {
  let lo = 0;
  let hi = opened.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = opened[mid]!;
    if (v === index) return mid;
    if (v < index) lo = mid + 1;
    else hi = mid - 1;
  }
  return ~lo;
}

const BLOCK_START_MEMBERS = ["type", "index", "block_id", "block"] as const;
const BLOCK_DELTA_MEMBERS = ["type", "index", "block_id", "seq", "delta"] as const;
const DELTA_MEMBERS = ["op", "path", "value"] as const;
const TOOL_CALL_EVENT_MEMBERS = ["type", "call"] as const;
const TOOL_CALL_MEMBERS = ["id", "name", "arguments", "result"] as const;
const DONE_MEMBERS = ["type", "finish_reason"] as const;
const ERROR_MEMBERS = ["type", "code", "message"] as const;

/** Thrown inside `push` only, caught there: an event that is not a FrameEvent. */
class InvalidEvent {
  constructor(readonly reason: string) {}
}

/**
 * The object has every required member (the first `members.length - optional`) as its own, and
 * no member outside `members`. Counted (one short-lived key array), not compared: the names are read only when it fails.
 */
function requireMembers(
  obj: Record<string, unknown>,
  members: readonly string[],
  optional: number,
  where: string,
): void {
  const required = members.length - optional;
  let present = 0;
  for (let i = 0; i < members.length; i++) {
    if (hasOwn.call(obj, members[i]!)) present++;
    else if (i < required) throw new InvalidEvent(`${where} has no member ${JSON.stringify(members[i])}`);
  }
  if (present !== ownCount(obj)) {
    const extra = extraMember(obj, members);
    throw new InvalidEvent(
      extra === undefined
        ? `${where} has members outside ${members.join(", ")}`
        : `${where} has the unknown member ${JSON.stringify(extra)}`,
    );
  }
}

/** Why a block_delta is not a FrameEvent: the checks in schema order, first failure wins. */
function describeInvalidBlockDelta(e: Record<string, unknown>): string {
  try {
    requireMembers(e, BLOCK_DELTA_MEMBERS, 0, "block_delta");
    if (!isIndex(e.index)) return "block_delta.index must be an integer >= 0";
    if (!isNonEmptyString(e.block_id)) return "block_delta.block_id must be a non-empty string";
    if (!isIndex(e.seq)) return "block_delta.seq must be an integer >= 0";
    const delta = e.delta;
    if (!isPlainObject(delta)) return "block_delta.delta must be an object";
    requireMembers(delta, DELTA_MEMBERS, 0, "block_delta.delta");
    if (delta.op !== "field_set" && delta.op !== "element_append")
      return `block_delta.delta.op ${JSON.stringify(delta.op)} is neither "field_set" nor "element_append"`;
    if (typeof delta.path !== "string") return "block_delta.delta.path must be a string";
  } catch (err) {
    if (err instanceof InvalidEvent) return err.reason;
    throw err;
  }
  return "block_delta does not match BlockDeltaEvent";
}

class FrameFold implements Fold {
  readonly turn: FrameTurn = { blocks: [], tool_calls: [], finish_reason: null };
  abort: FoldAbort | null = null;
  position = 0;
  private readonly copy: boolean;
  private readonly onDiscard: ((d: FoldDiscard) => void) | undefined;
  private readonly denseSlots: (Slot | undefined)[] = [];
  private readonly sparseSlots = new Map<number, Slot>();
  /** Opened indices, ascending; `turn.blocks[i]` is the block opened at `opened[i]`. */
  private readonly opened: number[] = [];
  private readonly toolCallPositions = new Map<string, number>();
  private done = false;
  private finished = false;
  private outcome: FoldOutcome | null = null;

  constructor(options: FoldOptions) {
    this.copy = options.adoptEvents !== true;
    this.onDiscard = options.onDiscard;
  }

  push(event: unknown): boolean {
    if (this.abort !== null || this.finished) return false;
    const at = this.position++;
    try {
      if (this.copy || !this.fastDelta(event)) this.apply(event, at);
    } catch (e) {
      // InvalidEvent by design; anything else means reading the input itself threw (a getter,
      // a proxy): either way the event is not a FrameEvent, and nothing escapes.
      const reason =
        e instanceof InvalidEvent ? e.reason : `reading it threw (${e instanceof Error ? e.message : String(e)})`;
      this.fail("invalid_event", `not a FrameEvent: ${reason}`, at);
    }
    return this.abort === null;
  }

  abortAt(code: string, message: string): void {
    if (this.abort !== null || this.finished) return;
    this.fail(code, message, this.position++);
  }

  finish(): FoldOutcome {
    if (this.outcome !== null) return this.outcome;
    this.finished = true;
    if (this.abort === null) {
      if (!this.done) this.fail("stream_without_done", "the stream ended without a done event", null);
      else {
        const gap = gapMessage(this.opened);
        if (gap !== null) this.fail("block_start_index_gap", gap, null);
      }
    }
    this.outcome = { turn: this.turn, abort: this.abort };
    return this.outcome;
  }

  private fail(code: string, message: string, at: number | null): void {
    this.abort = { code, message, at };
    this.turn.error_code = code;
    this.turn.error_message = message;
  }

  private slot(index: number): Slot | undefined {
    return index < DENSE_SLOTS ? this.denseSlots[index] : this.sparseSlots.get(index);
  }

  private discard(code: FrameWireCode, message: string, at: number): void {
    this.onDiscard?.({ code, message, at });
  }

  /**
   * An event or delta object. Parser output (adoptEvents) only ever has plain prototypes, so the
   * prototype is checked only for in-process input, where a class instance may show up.
   */
  private isObject(v: unknown): v is Record<string, unknown> {
    if (this.copy) return isPlainObject(v);
    return typeof v === "object" && v !== null && !Array.isArray(v);
  }

  private adopt(value: unknown, where: string): JsonValue {
    if (!this.copy) {
      if (value === undefined) throw new InvalidEvent(`${where} is not a JSON value`);
      return value as JsonValue;
    }
    const v = adoptJson(value, true);
    if (v === NOT_JSON) throw new InvalidEvent(`${where} is not a JSON value`);
    return v;
  }

  private apply(event: unknown, at: number): void {
    if (!this.isObject(event)) throw new InvalidEvent("an event is a JSON object");
    switch (event.type) {
      case "block_delta": // most events: first
        return this.blockDelta(event, at);
      case "block_start":
        return this.blockStart(event, at);
      case "tool_call":
        return this.toolCall(event, at);
      case "done":
        return this.doneEvent(event, at);
      case "error":
        return this.errorEvent(event, at);
      default:
        if (!hasOwn.call(event, "type")) throw new InvalidEvent('the event has no member "type"');
        throw new InvalidEvent(`unknown event type ${JSON.stringify(event.type)}`);
    }
  }

  /**
   * The common block_delta of parser output, applied when every check passes on the fast path;
   * false (with nothing changed) sends the event down the full path, which decides it exactly.
   */
  private fastDelta(event: unknown): boolean {
    // An array with own members named like an event's would pass the member count: the full path
    // refuses it, so the fast path must not take it.
    if (typeof event !== "object" || event === null || Array.isArray(event)) return false;
    const e = event as Record<string, unknown>;
    if (e.type !== "block_delta" || this.done) return false;
    const index = e.index;
    const blockId = e.block_id;
    const seq = e.seq;
    const delta = e.delta;
    if (
      typeof index !== "number" ||
      typeof seq !== "number" ||
      typeof delta !== "object" ||
      delta === null ||
      Array.isArray(delta)
    )
      return false;
    // A hit in the dense array means index is an integer in [0, DENSE_SLOTS).
    const slot = index < DENSE_SLOTS ? this.denseSlots[index] : undefined;
    if (slot === undefined || slot.blockId !== blockId || !(seq > slot.lastSeq) || !Number.isInteger(seq)) return false;
    const d = delta as Record<string, unknown>;
    const path = d.path;
    if (typeof path !== "string") return false;
    const compiled = knownPath(path);
    if (compiled === undefined || !compiled.fast) return false;
    if (ownCount(e) !== 5) return false;
    // The delta's own keys also answer whether "value" is own in the common order (op, path,
    // value) without a hasOwnProperty call (~165 instructions through Function.prototype.call).
    const keys = Object.keys(d);
    if (keys.length !== 3 || (keys[2] !== "value" && !hasOwn.call(d, "value"))) return false;
    const value = d.value;
    if (value === undefined) return false;
    const op = d.op;
    let append: boolean;
    if (op === "field_set") {
      if (compiled.kind && typeof value !== "string") return false;
      append = false;
    } else if (op === "element_append") append = true;
    else return false;
    if (!fastApply(slot.block, compiled.tokens, append, value as JsonValue)) return false;
    slot.lastSeq = seq;
    return true;
  }

  private blockStart(e: Record<string, unknown>, at: number): void {
    requireMembers(e, BLOCK_START_MEMBERS, 0, "block_start");
    const index = e.index;
    const blockId = e.block_id;
    if (!isIndex(index)) throw new InvalidEvent("block_start.index must be an integer >= 0");
    if (!isNonEmptyString(blockId)) throw new InvalidEvent("block_start.block_id must be a non-empty string");
    const raw = e.block;
    if (!isPlainObject(raw)) throw new InvalidEvent("block_start.block must be an object");
    if (!hasOwn.call(raw, "kind") || typeof raw.kind !== "string")
      throw new InvalidEvent('block_start.block must have a string member "kind"');
    const block = this.adopt(raw, "block_start.block") as ForgeBlock;
    if (this.done) return this.fail("block_start_after_done", `block_start for index ${index} after done`, at);
    const slot = this.slot(index);
    if (slot !== undefined) {
      // Last-write-wins in place; lastSeq deliberately survives.
      slot.blockId = blockId;
      slot.block = block;
      this.turn.blocks[search(this.opened, index)] = block;
      return;
    }
    const fresh: Slot = { blockId, lastSeq: -1, block };
    if (index < DENSE_SLOTS) this.denseSlots[index] = fresh;
    else this.sparseSlots.set(index, fresh);
    const n = this.opened.length;
    if (n === 0 || this.opened[n - 1]! < index) {
      this.opened.push(index);
      this.turn.blocks.push(block);
    } else {
      const pos = ~search(this.opened, index);
      this.opened.splice(pos, 0, index);
      this.turn.blocks.splice(pos, 0, block);
    }
  }

  private blockDelta(e: Record<string, unknown>, at: number): void {
    const index = e.index;
    const blockId = e.block_id;
    const seq = e.seq;
    const delta = e.delta;
    // Fast shape check; the precise reason is worked out only when it fails. Members read as
    // undefined fail their type check, so typed members + the own-member count pin the shape.
    if (!(isIndex(index) && isNonEmptyString(blockId) && isIndex(seq) && this.isObject(delta) && ownCount(e) === 5)) {
      throw new InvalidEvent(describeInvalidBlockDelta(e));
    }
    const op = delta.op;
    const path = delta.path;
    if (
      !(
        (op === "field_set" || op === "element_append") &&
        typeof path === "string" &&
        ownCount(delta) === 3 &&
        hasOwn.call(delta, "value")
      )
    ) {
      throw new InvalidEvent(describeInvalidBlockDelta(e));
    }
    const value = this.adopt(delta.value, "block_delta.delta.value");

    // Rules of the pointer itself hold whatever state the fold is in; the forbidden-member rule
    // is checked here only for deltas that will not reach src/json (which checks it again).
    let compiled: CompiledPath;
    try {
      compiled = compilePath(path); // cached: a stream that repeats a path decodes it once
    } catch (err) {
      return this.fail("pointer_syntax", `${op} path ${JSON.stringify(path)}: ${(err as PointerError).message}`, at);
    }
    const tokens = compiled.tokens;
    if (tokens.length === 0) return this.fail("pointer_root", `${op} may not use the root pointer ""`, at);
    if (tokens.length > MAX_POINTER_TOKENS) {
      return this.fail(
        "pointer_too_long",
        `${op} path has ${tokens.length} reference tokens; at most ${MAX_POINTER_TOKENS} are accepted`,
        at,
      );
    }

    const slot = this.done ? undefined : this.slot(index);
    if (slot === undefined || slot.blockId !== blockId || seq <= slot.lastSeq) {
      if (this.forbiddenToken(tokens, op, path, at)) return;
      if (this.done) return this.fail("event_after_done", "block_delta event after done", at);
      if (slot === undefined)
        return this.fail(
          "block_delta_unknown_index",
          `block_delta for index ${index}, which no block_start opened`,
          at,
        );
      if (slot.blockId !== blockId) {
        if (this.onDiscard)
          this.discard(
            "block_id_mismatch",
            `block_delta for index ${index} carries block_id ${JSON.stringify(blockId)}; the open block is ${JSON.stringify(slot.blockId)}`,
            at,
          );
        return;
      }
      if (this.onDiscard)
        this.discard(
          "stale_seq",
          `block_delta seq ${seq} at index ${index} is not greater than the last applied seq ${slot.lastSeq}`,
          at,
        );
      return;
    }

    // Happy path without result objects (./pointer-fast.ts); anything unusual goes to src/json.
    // A "/kind" set to a non-string goes there too, which refuses it.
    if (compiled.fast) {
      // the lengths were checked above, so this is the receiver rule
      const kindToNonString = compiled.kind && op === "field_set" && typeof value !== "string";
      if (!kindToNonString && fastApply(slot.block, tokens, op === "element_append", value)) {
        slot.lastSeq = seq;
        return;
      }
    }

    if (op === "field_set") {
      const r = resolveTarget(slot.block, tokens, RECEIVER);
      if (!r.ok) return this.pointerFail(r.error, op, path, at);
      const target = r.value;
      if (target.kind === "object") {
        if (tokens.length === 1 && target.key === "kind" && typeof value !== "string") {
          return this.fail(
            "block_kind_not_string",
            `field_set "/kind" must set a string, not a ${jsonKind(value)}`,
            at,
          );
        }
        setOwn(target.parent, target.key, value);
      } else {
        const arr = target.parent;
        if (target.index > arr.length) {
          return this.fail(
            "pointer_index_out_of_range",
            `field_set path ${JSON.stringify(path)}: array index ${target.index} is beyond the end (length ${arr.length})`,
            at,
          );
        }
        arr[target.index] = value;
      }
    } else {
      const r = evaluatePointer(slot.block, tokens, RECEIVER);
      if (!r.ok) return this.pointerFail(r.error, op, path, at);
      if (!Array.isArray(r.value)) {
        return this.fail(
          "element_append_not_array",
          `element_append path ${JSON.stringify(path)}: the target is a ${jsonKind(r.value)}, not an array`,
          at,
        );
      }
      r.value.push(value);
    }
    slot.lastSeq = seq;
  }

  /** The receiver rule, for deltas that are not applied: same code and message as src/json's. */
  private forbiddenToken(tokens: readonly string[], op: string, path: string, at: number): boolean {
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (RECEIVER_FORBIDDEN_MEMBERS.has(t)) {
        this.fail(
          "pointer_forbidden_member",
          `${op} path ${JSON.stringify(path)}: reference token ${i} names the forbidden member ${JSON.stringify(t)}`,
          at,
        );
        return true;
      }
    }
    return false;
  }

  private pointerFail(error: PointerError, op: string, path: string, at: number): void {
    this.fail(POINTER_CODES[error.code], `${op} path ${JSON.stringify(path)}: ${error.message}`, at);
  }

  private toolCall(e: Record<string, unknown>, at: number): void {
    requireMembers(e, TOOL_CALL_EVENT_MEMBERS, 0, "tool_call");
    const raw = e.call;
    if (!isPlainObject(raw)) throw new InvalidEvent("tool_call.call must be an object");
    requireMembers(raw, TOOL_CALL_MEMBERS, 1, "tool_call.call");
    if (!isNonEmptyString(raw.id)) throw new InvalidEvent("tool_call.call.id must be a non-empty string");
    if (!isNonEmptyString(raw.name)) throw new InvalidEvent("tool_call.call.name must be a non-empty string");
    if (!isPlainObject(raw.arguments)) throw new InvalidEvent("tool_call.call.arguments must be an object");
    const args = this.adopt(raw.arguments, "tool_call.call.arguments") as JsonObject;
    const call: ToolCall = { id: raw.id, name: raw.name, arguments: args };
    if (hasOwn.call(raw, "result")) call.result = this.adopt(raw.result, "tool_call.call.result");
    if (this.done) return this.fail("event_after_done", "tool_call event after done", at);
    const pos = this.toolCallPositions.get(call.id);
    if (pos === undefined) {
      this.toolCallPositions.set(call.id, this.turn.tool_calls.length);
      this.turn.tool_calls.push(call);
    } else this.turn.tool_calls[pos] = call;
  }

  private doneEvent(e: Record<string, unknown>, at: number): void {
    requireMembers(e, DONE_MEMBERS, 0, "done");
    if (typeof e.finish_reason !== "string") throw new InvalidEvent("done.finish_reason must be a string");
    if (this.done) return this.fail("event_after_done", "done event after done", at);
    this.done = true;
    this.turn.finish_reason = e.finish_reason;
  }

  private errorEvent(e: Record<string, unknown>, at: number): void {
    requireMembers(e, ERROR_MEMBERS, 0, "error");
    if (!isNonEmptyString(e.code)) throw new InvalidEvent("error.code must be a non-empty string");
    if (typeof e.message !== "string") throw new InvalidEvent("error.message must be a string");
    if (this.done) return this.fail("event_after_done", "error event after done", at);
    this.fail(e.code, e.message, at);
  }
}

/** A new incremental fold. */
export function createFold(options: FoldOptions = {}): Fold {
  return new FrameFold(options);
}

/** Folds a whole stream: every event pushed in order, then `finish()`. */
export function foldEvents(events: Iterable<unknown>, options: FoldOptions = {}): FoldOutcome {
  const fold = createFold(options);
  for (const event of events) if (!fold.push(event)) break;
  return fold.finish();
}
