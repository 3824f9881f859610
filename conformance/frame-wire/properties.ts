/**
 * fast-check properties any frame-wire fold must satisfy, written against a TARGET:
 * `(events) => outcome` (async allowed), so the same checks run against our fold, a wrapped child
 * process, or a third party's. Each check is a plain function taking the target and
 * `{seed, numRuns}`; it resolves when the property holds and rejects with fast-check's report
 * (seed, path, shrunk counterexample) when it does not. The streams they draw live in
 * stream-arbitraries.ts (hostile and valid streams) and rule-streams.ts (streams aimed at one
 * pointer rule); both are re-exported here.
 */
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import type { FoldTarget } from "./vectors.js";
import { snap, json, hostileEvent, hostileJsonStream, hostileJsStream, validStream } from "./stream-arbitraries.js";
import { probe, ruleAimedStream } from "./rule-streams.js";

export { hostileJsonStream, hostileJsStream, validStream } from "./stream-arbitraries.js";
export { INHERITED_NAMES, ruleAimedStream } from "./rule-streams.js";

export interface PropertyOptions {
  seed: number;
  numRuns: number;
}

/** The incremental side of a fold: one event at a time, the live turn, then the outcome. */
export interface IncrementalFoldTarget {
  (): { push(event: unknown): unknown; readonly turn: unknown; finish(): unknown };
}

type Outcome = { turn: Record<string, unknown>; abort: { code: string; message: string; at: number | null } | null };

const sameJson = (a: unknown, b: unknown): boolean => isDeepStrictEqual(snap(a), snap(b));

const run = async (target: FoldTarget, events: unknown[]): Promise<Outcome> => (await target(events)) as Outcome;

// ---------------------------------------------------------------- outcome shape

/** Problems with an outcome's shape (empty when well-formed), independent of the schema. */
export function outcomeShapeProblems(outcome: unknown, streamLength: number): string[] {
  const p: string[] = [];
  if (outcome === null || typeof outcome !== "object") return ["the outcome is not an object"];
  const { turn, abort } = outcome as Outcome;
  if (turn === null || typeof turn !== "object") return ["the outcome has no turn object"];
  if (!Array.isArray(turn.blocks)) p.push("turn.blocks is not an array");
  if (!Array.isArray(turn.tool_calls)) p.push("turn.tool_calls is not an array");
  if (turn.finish_reason !== null && typeof turn.finish_reason !== "string")
    p.push("turn.finish_reason is neither a string nor null");
  if (abort === null) {
    if ("error_code" in turn || "error_message" in turn) p.push("a turn without abort carries error members");
  } else if (abort === undefined || typeof abort !== "object") {
    p.push("abort is neither null nor an object");
  } else {
    if (typeof abort.code !== "string" || typeof abort.message !== "string")
      p.push("abort.code/message are not strings");
    if (!(abort.at === null || (Number.isInteger(abort.at) && abort.at >= 0 && abort.at < streamLength)))
      p.push(`abort.at ${String(abort.at)} is not null or a position of the stream`);
    if (turn.error_code !== abort.code) p.push("turn.error_code differs from abort.code");
    if (turn.error_message !== abort.message) p.push("turn.error_message differs from abort.message");
  }
  return p;
}

// ---------------------------------------------------------------- properties

export interface NoExceptionOptions extends PropertyOptions {
  /** "js" adds values only an in-process caller can pass (undefined, cycles, throwing getters). */
  hostility?: "json" | "js";
  /** When given, every outcome's turn must validate (e.g. ajv's FrameTurn validator). */
  validateTurn?: (turn: unknown) => boolean;
}

/** Hostile streams never make the target throw, and always yield a well-formed outcome. */
export async function checkNoExceptionEscapes(target: FoldTarget, opts: NoExceptionOptions): Promise<void> {
  const streams =
    opts.hostility === "js"
      ? hostileJsStream()
      : fc.oneof({ weight: 3, arbitrary: hostileJsonStream() }, { weight: 1, arbitrary: ruleAimedStream() });
  await fc.assert(
    fc.asyncProperty(streams, async (events) => {
      const outcome = await run(target, events);
      const problems = outcomeShapeProblems(outcome, events.length);
      if (opts.validateTurn && !opts.validateTurn(outcome.turn))
        problems.push("the turn does not validate against FrameTurn");
      if (problems.length > 0) throw new Error(problems.join("; "));
    }),
    { seed: opts.seed, numRuns: opts.numRuns, includeErrorInReport: true },
  );
}

function prototypeSnapshot(): unknown[] {
  const protos = [Object.prototype, Array.prototype, Function.prototype, String.prototype];
  return protos.map((proto) => [
    Object.getPrototypeOf(proto),
    ...Reflect.ownKeys(proto).map((k) => [k, Object.getOwnPropertyDescriptor(proto, k)]),
  ]);
}

function prototypeChanged(before: unknown[]): boolean {
  const after = prototypeSnapshot();
  // Descriptors compare by value: a replaced method or a new member both show.
  return !isDeepStrictEqual(before, after) || ({} as Record<string, unknown>).polluted !== undefined;
}

/** No stream, however hostile, changes Object.prototype (or Array/Function/String.prototype). */
export async function checkPrototypeUntouched(
  target: FoldTarget,
  opts: PropertyOptions & { hostility?: "json" | "js" },
): Promise<void> {
  const streams = opts.hostility === "js" ? hostileJsStream() : hostileJsonStream();
  await fc.assert(
    fc.asyncProperty(streams, async (events) => {
      const before = prototypeSnapshot();
      try {
        await target(events);
      } catch {
        // Throwing is checkNoExceptionEscapes' concern; this property is about the prototypes only.
      }
      if (prototypeChanged(before)) throw new Error("a built-in prototype changed while folding this stream");
    }),
    { seed: opts.seed, numRuns: opts.numRuns, includeErrorInReport: true },
  );
}

/** The same stream (as two independent copies) gives the same outcome. */
export async function checkDeterministic(target: FoldTarget, opts: PropertyOptions): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        hostileJsonStream(),
        ruleAimedStream(),
        validStream().map((s) => s.events),
      ),
      async (events) => {
        const a = await run(target, snap(events) as unknown[]);
        const b = await run(target, snap(events) as unknown[]);
        if (!sameJson(a, b))
          throw new Error(`two folds of the same stream differ:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`);
      },
    ),
    { seed: opts.seed, numRuns: opts.numRuns, includeErrorInReport: true },
  );
}

/** A whole-stream turn without what only finish() adds (the completed-turn abort's error members). */
function turnBeforeFinish(outcome: Outcome): unknown {
  if (outcome.abort === null || outcome.abort.at !== null) return outcome.turn;
  const { error_code: _c, error_message: _m, ...rest } = outcome.turn;
  return rest;
}

/**
 * After k pushes, the incremental fold's live turn equals the whole-stream fold of the first k
 * events (before finish adds completed-turn aborts); its final outcome equals the whole fold's.
 */
export async function checkIncrementalMatchesWhole(
  incremental: IncrementalFoldTarget,
  whole: FoldTarget,
  opts: PropertyOptions,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        hostileJsonStream(16),
        ruleAimedStream(),
        validStream().map((s) => s.events),
      ),
      async (events) => {
        const fold = incremental();
        for (let k = 1; k <= events.length; k++) {
          fold.push(snap(events[k - 1]));
          const live = snap(fold.turn);
          const prefix = await run(whole, snap(events.slice(0, k)) as unknown[]);
          if (!sameJson(live, turnBeforeFinish(prefix))) {
            throw new Error(
              `after ${k} event(s) the live turn ${JSON.stringify(live)} differs from the fold of the prefix ${JSON.stringify(turnBeforeFinish(prefix))}`,
            );
          }
        }
        const final = fold.finish();
        const all = await run(whole, snap(events) as unknown[]);
        if (!sameJson(final, all))
          throw new Error(`finish() ${JSON.stringify(final)} differs from the whole fold ${JSON.stringify(all)}`);
      },
    ),
    { seed: opts.seed, numRuns: opts.numRuns, includeErrorInReport: true },
  );
}

/**
 * Any JSON value is accepted at all three value sites (FieldSetDelta.value,
 * ElementAppendDelta.value, ToolCall.result) and arrives in the turn unchanged; an appended array
 * is one element. With `validateEvent`, the schema must accept each event too.
 */
export async function checkValueSitesPermissive(
  target: FoldTarget,
  opts: PropertyOptions & { validateEvent?: (event: unknown) => boolean },
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(json(4), async (value) => {
      const events = [
        { type: "block_start", index: 0, block_id: "b", block: { kind: "probe", items: [] } },
        { type: "block_delta", index: 0, block_id: "b", seq: 0, delta: { op: "field_set", path: "/v", value } },
        {
          type: "block_delta",
          index: 0,
          block_id: "b",
          seq: 1,
          delta: { op: "element_append", path: "/items", value },
        },
        { type: "tool_call", call: { id: "c", name: "probe", arguments: {}, result: value } },
        { type: "done", finish_reason: "done" },
      ];
      if (opts.validateEvent)
        for (const e of events) if (!opts.validateEvent(e)) throw new Error(`the schema rejects ${JSON.stringify(e)}`);
      const o = await run(target, snap(events) as unknown[]);
      if (o.abort !== null) throw new Error(`aborted: ${JSON.stringify(o.abort)}`);
      const block = (o.turn.blocks as Record<string, unknown>[])[0];
      const call = (o.turn.tool_calls as Record<string, unknown>[])[0];
      if (!block || !sameJson(block.v, value)) throw new Error("field_set value did not arrive unchanged");
      if (!Array.isArray(block.items) || block.items.length !== 1 || !sameJson(block.items[0], value))
        throw new Error("element_append did not append exactly one element equal to the value");
      if (!call || !sameJson(call.result, value)) throw new Error("ToolCall.result did not arrive unchanged");
    }),
    { seed: opts.seed, numRuns: opts.numRuns, includeErrorInReport: true },
  );
}

/** Valid streams complete: no abort, every block 0..n-1 present, finish_reason "done". */
export async function checkValidStreamsComplete(
  target: FoldTarget,
  opts: PropertyOptions & { validateTurn?: (turn: unknown) => boolean },
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(validStream(), async ({ events, blocks }) => {
      const o = await run(target, snap(events) as unknown[]);
      if (o.abort !== null) throw new Error(`a valid stream aborted: ${JSON.stringify(o.abort)}`);
      if ((o.turn.blocks as unknown[]).length !== blocks)
        throw new Error(`expected ${blocks} block(s), got ${(o.turn.blocks as unknown[]).length}`);
      if (o.turn.finish_reason !== "done") throw new Error('finish_reason is not "done"');
      if (opts.validateTurn && !opts.validateTurn(o.turn))
        throw new Error("the turn does not validate against FrameTurn");
    }),
    { seed: opts.seed, numRuns: opts.numRuns, includeErrorInReport: true },
  );
}

/** Codes a fold raises when an event fails the FrameEvent schema. */
export const SHAPE_CODES: readonly string[] = ["invalid_event", "pointer_syntax"];

/**
 * The fold's shape check agrees with the schema: as the first event of a stream, an event the
 * FrameEvent schema rejects aborts at 0 with a shape code, and one it accepts never does.
 */
export async function checkShapeAgreesWithSchema(
  target: FoldTarget,
  validateEvent: (event: unknown) => boolean,
  opts: PropertyOptions,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(hostileEvent, async (event) => {
      const valid = validateEvent(snap(event));
      const o = await run(target, [snap(event), { type: "done", finish_reason: "done" }]);
      const shapeAbort = o.abort !== null && o.abort.at === 0 && SHAPE_CODES.includes(o.abort.code);
      if (valid && shapeAbort)
        throw new Error(`the schema accepts the event but the fold rejects its shape: ${JSON.stringify(o.abort)}`);
      if (!valid && !shapeAbort)
        throw new Error(
          `the schema rejects the event but the fold did not abort at it with a shape code: ${JSON.stringify(o.abort)}`,
        );
    }),
    { seed: opts.seed, numRuns: opts.numRuns, includeErrorInReport: true },
  );
}
