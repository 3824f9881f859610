/**
 * The frame-wire suite for the conformance harness: one check per vector (events in, expected
 * outcome out), plus the fold properties for in-process targets. A target is our reference fold
 * (in process) or any fold exposed as a command in the `frame-wire fold` protocol, so a Rust,
 * Python or Dart fold can be checked in its own CI with `conform frame-wire --target "<command>"`.
 */
import { CheckFailure, SkipCheck, type Check, type CheckContext, type Suite } from "../harness/check.js";
import {
  formatVectorFailures,
  loadFrameWireVectors,
  runVectorsAgainstFold,
  type FoldTarget,
  type FrameWireVector,
  type MessageMode,
  type VectorResult,
} from "./vectors.js";
import { runVectorsAgainstCommand } from "./run-vectors.js";
import { inProcessChecks } from "./in-process.js";
import {
  checkDeterministic,
  checkIncrementalMatchesWhole,
  checkNoExceptionEscapes,
  checkPrototypeUntouched,
  checkShapeAgreesWithSchema,
  checkValidStreamsComplete,
  checkValueSitesPermissive,
  type IncrementalFoldTarget,
} from "./properties.js";
import { validateFrameEvent, validateFrameTurn } from "../../src/generated/frame-wire/validators.js";

export interface FrameWireTarget {
  /** Runs every vector once (results are shared by the per-vector checks). */
  runVectors(vectors: FrameWireVector[]): Promise<VectorResult[]>;
  /** An in-process fold enables the property checks. */
  fold?: FoldTarget;
  incremental?: IncrementalFoldTarget;
}

const VECTORS = loadFrameWireVectors();
const results = new WeakMap<FrameWireTarget, Promise<Map<string, VectorResult>>>();

/** Runs the given vectors once per target (all of them unless `prepare` chose a subset). */
function vectorResults(
  target: FrameWireTarget,
  vectors: FrameWireVector[] = VECTORS,
): Promise<Map<string, VectorResult>> {
  let r = results.get(target);
  if (!r) {
    r = target.runVectors(vectors).then((list) => new Map(list.map((x) => [x.name, x])));
    results.set(target, r);
  }
  return r;
}

const VECTOR_CHECK = "frame-wire/vector/";

function vectorCheck(v: FrameWireVector): Check<FrameWireTarget> {
  return {
    id: `${VECTOR_CHECK}${v.name}`,
    title: v.name,
    doc: v.description,
    ...(v.requires ? { since: v.requires } : {}),
    async run(target) {
      const r = (await vectorResults(target)).get(v.name);
      if (!r)
        throw new SkipCheck(
          `a ${v.level}-level vector; this target runs ${v.level === "command" ? "in process" : "as a command"}`,
        );
      if (!r.ok)
        throw new CheckFailure(`vector ${v.name} failed: ${formatVectorFailures([r])}`, {
          counterexample: v.events ?? v.stdin,
        });
    },
  };
}

/** Wraps a property function that throws fast-check's report into a harness check. */
function propertyCheck(
  id: string,
  title: string,
  doc: string,
  base: number,
  run: (target: FrameWireTarget, opts: { seed: number; numRuns: number }) => Promise<void>,
): Check<FrameWireTarget> {
  return {
    id: `frame-wire/property/${id}`,
    title,
    doc,
    async run(target, ctx: CheckContext) {
      if (!target.fold) throw new SkipCheck("properties need an in-process fold");
      const numRuns = ctx.runs(base);
      try {
        await run(target, { seed: ctx.seed, numRuns });
        ctx.cases += numRuns;
      } catch (e) {
        if (e instanceof SkipCheck) throw e; // not applicable to this target: a skip, not a failure
        throw new CheckFailure(e instanceof Error ? e.message : String(e), { seed: ctx.seed });
      }
    },
  };
}

export const frameWireSuite: Suite<FrameWireTarget> = {
  name: "frame-wire",
  description: "The frame-wire vectors (any fold, in process or as a command) and the fold properties.",
  // A vector's `requires` is its check's `since`; the properties hold for every version.
  versions: ["1.2.0", "1.3.0"],
  // Only the selected vectors are run (concurrently, for command targets).
  async prepare(target, checks) {
    const names = new Set(
      checks.filter((c) => c.id.startsWith(VECTOR_CHECK)).map((c) => c.id.slice(VECTOR_CHECK.length)),
    );
    await vectorResults(
      target,
      VECTORS.filter((v) => names.has(v.name)),
    );
  },
  checks: [
    ...VECTORS.map(vectorCheck),
    propertyCheck(
      "no-exception",
      "Hostile streams never throw",
      "Arbitrary hostile streams always give a well-formed outcome whose turn validates against FrameTurn.",
      300,
      (t, o) => checkNoExceptionEscapes(t.fold!, { ...o, hostility: "js", validateTurn: (x) => validateFrameTurn(x) }),
    ),
    propertyCheck(
      "prototype-untouched",
      "No stream changes a built-in prototype",
      "Object/Array/Function/String prototypes are unchanged after folding hostile streams.",
      300,
      (t, o) => checkPrototypeUntouched(t.fold!, o),
    ),
    propertyCheck(
      "deterministic",
      "Same stream, same outcome",
      "Two folds of independent copies of a stream give the same outcome.",
      200,
      (t, o) => checkDeterministic(t.fold!, o),
    ),
    propertyCheck(
      "incremental-matches-whole",
      "Incremental equals whole-stream",
      "The live turn after each push equals the whole-stream fold of that prefix.",
      100,
      (t, o) =>
        t.incremental
          ? checkIncrementalMatchesWhole(t.incremental, t.fold!, o)
          : Promise.reject(new SkipCheck("no incremental fold")),
    ),
    propertyCheck(
      "value-sites-permissive",
      "Every JSON value at every value site",
      "field_set, element_append and tool_call results accept any JSON value.",
      200,
      (t, o) => checkValueSitesPermissive(t.fold!, { ...o, validateEvent: (e) => validateFrameEvent(e) }),
    ),
    propertyCheck(
      "valid-streams-complete",
      "Valid streams complete",
      "Generated valid streams fold without abort to a turn that validates.",
      200,
      (t, o) => checkValidStreamsComplete(t.fold!, { ...o, validateTurn: (x) => validateFrameTurn(x) }),
    ),
    propertyCheck(
      "shape-agrees-with-schema",
      "Shape errors match the schema",
      "The fold refuses an event as invalid exactly when the FrameEvent schema does.",
      200,
      (t, o) => checkShapeAgreesWithSchema(t.fold!, (e) => validateFrameEvent(e), o),
    ),
    ...inProcessChecks<FrameWireTarget>(),
  ],
};

/** Our reference fold, in process. */
export async function referenceFoldTarget(): Promise<FrameWireTarget> {
  const { createFold, foldEvents } = await import("../../src/frame-wire/fold.js");
  const fold: FoldTarget = (events) => foldEvents(events);
  return { fold, incremental: () => createFold(), runVectors: (vectors) => runVectorsAgainstFold(fold, vectors) };
}

/** Any fold behind a command speaking the `frame-wire fold` protocol. */
export function commandTarget(
  command: string,
  options: { messages?: MessageMode; concurrency?: number; timeoutMs?: number } = {},
): FrameWireTarget {
  return {
    runVectors: (vectors) =>
      runVectorsAgainstCommand(command, vectors, {
        messages: options.messages ?? "pinned",
        concurrency: options.concurrency ?? 2,
        timeoutMs: options.timeoutMs,
      }),
  };
}
