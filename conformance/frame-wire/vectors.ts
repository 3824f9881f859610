/**
 * Reading the language-neutral frame-wire vectors (conformance/vectors/frame-wire/) and comparing
 * an outcome with a vector's expected one. Shared by the in-process and the command runner.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { formatPointer, type JsonValue } from "../../src/json/index.js";
import { assetPath } from "../../src/assets.js";

export const FRAME_WIRE_VECTOR_DIR = assetPath("conformance/vectors/frame-wire");

export interface ExpectedOutcome {
  turn: unknown;
  abort: { code: string; message: string; at: number | null } | null;
}

export interface FrameWireVector {
  name: string;
  description: string;
  covers: string[];
  /** "fold": `events` is the stream. "command": `stdin` is the exact NDJSON text. */
  level: "fold" | "command";
  events?: unknown[];
  stdin?: string;
  expected: ExpectedOutcome;
  /** False when the expected abort message is this suite's wording rather than the contract's. */
  message_pinned: boolean;
  /** The earliest contract version that requires this outcome (absent: every version). */
  requires?: string;
}

/** How messages are compared: "exact" always; "pinned" only where the contract fixes them. */
export type MessageMode = "exact" | "pinned";

export function loadFrameWireVectors(dir = FRAME_WIRE_VECTOR_DIR): FrameWireVector[] {
  const index = JSON.parse(readFileSync(join(dir, "index.json"), "utf8")) as { vectors: { file: string }[] };
  return index.vectors.map(({ file }) => {
    const v = JSON.parse(readFileSync(join(dir, file), "utf8")) as FrameWireVector;
    if (
      typeof v.name !== "string" ||
      (v.level === "fold" && !Array.isArray(v.events)) ||
      (v.level === "command" && typeof v.stdin !== "string")
    ) {
      throw new Error(`${file} is not a frame-wire vector`);
    }
    return v;
  });
}

/**
 * Known values of the contract: every fold-level vector's events and every expected outcome
 * (a FrameTurn with its abort). Seeds for sampling checks (mirror, validator rewrites, benchmarks).
 */
export function vectorSamples(vectors: FrameWireVector[] = loadFrameWireVectors()): JsonValue[] {
  return vectors.flatMap((v) => [...((v.events ?? []) as JsonValue[]), v.expected as unknown as JsonValue]);
}

/** The NDJSON text a command receives for a vector. */
export function vectorStdin(v: FrameWireVector): string {
  if (v.stdin !== undefined) return v.stdin;
  return (v.events ?? []).map((e) => JSON.stringify(e) + "\n").join("");
}

const MESSAGE_PLACEHOLDER = "<message: suite wording, not compared>";

function withoutFreeMessages(o: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(o ?? null)) as Record<string, any> | null;
  if (copy && typeof copy === "object") {
    if (copy.abort && typeof copy.abort === "object" && "message" in copy.abort)
      copy.abort.message = MESSAGE_PLACEHOLDER;
    if (copy.turn && typeof copy.turn === "object" && "error_message" in copy.turn)
      copy.turn.error_message = MESSAGE_PLACEHOLDER;
  }
  return copy;
}

/**
 * Differences between the expected and the actual outcome as readable lines
 * (`/turn/blocks/0/text: expected "Hello", got "Hel"`); empty when they are deeply equal as JSON
 * (member order ignored, array order significant).
 */
export function diffOutcome(vector: FrameWireVector, actual: unknown, messages: MessageMode = "exact"): string[] {
  let want: unknown = vector.expected;
  let got: unknown = JSON.parse(JSON.stringify(actual ?? null));
  if (messages === "pinned" && !vector.message_pinned) {
    want = withoutFreeMessages(want);
    got = withoutFreeMessages(got);
  }
  const out: string[] = [];
  diffJson(want, got, [], out, 20);
  return out;
}

const show = (v: unknown): string => {
  if (v === undefined) return "(absent)";
  const s = JSON.stringify(v);
  return s.length > 120 ? s.slice(0, 117) + "..." : s;
};

function kind(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

function diffJson(want: unknown, got: unknown, path: string[], out: string[], limit: number): void {
  if (out.length >= limit) return;
  const where = formatPointer(path) || "/";
  if (kind(want) !== kind(got)) {
    out.push(`${where}: expected ${show(want)}, got ${show(got)}`);
    return;
  }
  if (Array.isArray(want)) {
    const g = got as unknown[];
    if (want.length !== g.length) out.push(`${where}: expected ${want.length} element(s), got ${g.length}`);
    for (let i = 0; i < Math.min(want.length, g.length); i++) diffJson(want[i], g[i], [...path, String(i)], out, limit);
    return;
  }
  if (want !== null && typeof want === "object") {
    const w = want as Record<string, unknown>;
    const g = got as Record<string, unknown>;
    const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
    for (const k of Object.keys(w)) {
      if (!has(g, k)) out.push(`${formatPointer([...path, k])}: expected ${show(w[k])}, got (absent)`);
      else diffJson(w[k], g[k], [...path, k], out, limit);
    }
    for (const k of Object.keys(g))
      if (!has(w, k)) out.push(`${formatPointer([...path, k])}: expected (absent), got ${show(g[k])}`);
    return;
  }
  if (!Object.is(want, got) && !(want === 0 && got === 0))
    out.push(`${where}: expected ${show(want)}, got ${show(got)}`);
}

/** An in-process fold target: the whole stream in, the outcome out. */
export type FoldTarget = (events: unknown[]) => unknown | Promise<unknown>;

export interface VectorResult {
  name: string;
  ok: boolean;
  /** Why it failed: the outcome differs, or no usable outcome was produced. */
  failure?: "mismatch" | "threw" | "timeout" | "no-outcome" | "exit-code" | "spawn-error";
  diff?: string[];
  detail?: string;
  durationMs: number;
}

/** Runs the fold-level vectors against an in-process target (command-level ones are skipped). */
export async function runVectorsAgainstFold(
  target: FoldTarget,
  vectors: FrameWireVector[],
  opts: { messages?: MessageMode } = {},
): Promise<VectorResult[]> {
  const results: VectorResult[] = [];
  for (const v of vectors) {
    if (v.level !== "fold") continue;
    const t0 = performance.now();
    try {
      // Each run gets its own copy: a target must not be able to change the next run's input.
      const outcome = await target(JSON.parse(JSON.stringify(v.events)) as unknown[]);
      const diff = diffOutcome(v, outcome, opts.messages);
      results.push({
        name: v.name,
        ok: diff.length === 0,
        ...(diff.length ? { failure: "mismatch" as const, diff } : {}),
        durationMs: performance.now() - t0,
      });
    } catch (e) {
      results.push({
        name: v.name,
        ok: false,
        failure: "threw",
        detail: e instanceof Error ? e.message : String(e),
        durationMs: performance.now() - t0,
      });
    }
  }
  return results;
}

/** One readable paragraph per failed vector. */
export function formatVectorFailures(results: VectorResult[]): string {
  return results
    .filter((r) => !r.ok)
    .map((r) =>
      [
        `vector ${r.name}: ${r.failure}${r.detail ? ` (${r.detail})` : ""}`,
        ...(r.diff ?? []).map((d) => `  ${d}`),
      ].join("\n"),
    )
    .join("\n");
}
