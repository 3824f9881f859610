/**
 * Differential folds: `conform frame-wire --target A --differential B` feeds the same generated
 * streams (valid and hostile, from the property generators in properties.ts, fixed seed) to two
 * fold commands speaking the `frame-wire fold` protocol and reports the first stream on which their
 * outcomes differ, shrunk to a minimal stream (delta debugging over its events: no single event can
 * be removed and keep the disagreement), with both outcomes side by side. This is how the 1.3.0
 * amendments were found: two implementations diffed against each other, no expected outcome needed.
 *
 * Outcomes compare as JSON, messages only where the contract pins them (the gap message and an
 * `error` event's own message): other wording is each implementation's own.
 */
import fc from "fast-check";
import { CheckFailure, type Check, type CheckContext, type Suite } from "../harness/check.js";
import { hostileJsonStream, ruleAimedStream, validStream } from "./properties.js";
import { lastLine, runOnce } from "./run-vectors.js";

export interface DifferentialTarget {
  a: string;
  b: string;
  /** Processes running at the same time. Default 4. */
  concurrency?: number;
  /** Per-process limit. Default 15 s. */
  timeoutMs?: number;
  /**
   * Comparisons the shrinker may spend (each starts both commands). Default 150: enough for the
   * generated streams (a few to ~30 events); when it runs out the report says the stream is
   * smaller but not shown minimal.
   */
  maxShrinkSteps?: number;
}

/** What one command made of one stream: its outcome line, or why there is none. */
export type CommandOutput = { outcome: unknown } | { failure: string };

export function streamStdin(events: readonly unknown[]): string {
  return events.map((e) => JSON.stringify(e)).join("\n") + "\n";
}

export async function foldWith(
  command: string,
  events: readonly unknown[],
  timeoutMs?: number,
): Promise<CommandOutput> {
  const exit = await runOnce(command, streamStdin(events), { timeoutMs });
  if (exit.spawnError) return { failure: `could not start: ${exit.spawnError}` };
  if (exit.timedOut) return { failure: `no exit within ${timeoutMs ?? 15_000} ms` };
  const line = lastLine(exit.stdout);
  try {
    if (line === undefined) throw new Error("stdout is empty");
    return { outcome: JSON.parse(line) };
  } catch (e) {
    return {
      failure: `no outcome line (${(e as Error).message}); exit ${exit.exitCode ?? exit.signal}; stderr: ${exit.stderr.slice(-300)}`,
    };
  }
}

/** The outcome with unpinned messages blanked (`events` tells whether the abort came from an error event). */
export function comparable(output: CommandOutput, events: readonly unknown[]): unknown {
  if ("failure" in output) return { failure: true };
  const o = output.outcome as {
    turn?: Record<string, unknown>;
    abort?: { code?: unknown; message?: unknown; at?: unknown } | null;
  };
  if (o === null || typeof o !== "object" || !o.abort || typeof o.abort !== "object") return o;
  const at = o.abort.at;
  const fromErrorEvent = typeof at === "number" && (events[at] as { type?: unknown } | undefined)?.type === "error";
  if (o.abort.code === "block_start_index_gap" || fromErrorEvent) return o;
  const turn =
    o.turn && typeof o.turn === "object" && "error_message" in o.turn
      ? { ...o.turn, error_message: "<not pinned>" }
      : o.turn;
  return { ...o, turn, abort: { ...o.abort, message: "<not pinned>" } };
}

/** JSON with sorted keys, so member order is not a difference. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0)))
      : x,
  );
}

export interface Comparison {
  events: unknown[];
  a: CommandOutput;
  b: CommandOutput;
  differ: boolean;
}

export async function compareOn(target: DifferentialTarget, events: unknown[]): Promise<Comparison> {
  const [a, b] = await Promise.all([
    foldWith(target.a, events, target.timeoutMs),
    foldWith(target.b, events, target.timeoutMs),
  ]);
  return { events, a, b, differ: canonical(comparable(a, events)) !== canonical(comparable(b, events)) };
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

/**
 * Delta debugging (ddmin over complements): removes ever smaller chunks of events while the two
 * folds still disagree, until no single event can go. Candidates of one round run concurrently.
 */
export async function shrinkDisagreement(
  target: DifferentialTarget,
  found: Comparison,
  onStep?: (c: Comparison) => void,
): Promise<{ shrunk: Comparison; steps: number; minimal: boolean }> {
  let current = found;
  let n = 2;
  let steps = 0;
  const budget = target.maxShrinkSteps ?? 150;
  const pairs = Math.max(1, Math.floor((target.concurrency ?? 4) / 2));
  while (current.events.length >= 1) {
    if (steps >= budget) return { shrunk: current, steps, minimal: false };
    const len = current.events.length;
    const chunk = Math.ceil(len / Math.min(n, len));
    const candidates: unknown[][] = [];
    for (let i = 0; i < len; i += chunk)
      candidates.push([...current.events.slice(0, i), ...current.events.slice(i + chunk)]);
    const results = await mapLimit(candidates, pairs, (c) => compareOn(target, c));
    steps += results.length;
    const smaller = results.find((r) => r.differ);
    if (smaller) {
      current = smaller;
      onStep?.(smaller);
      n = Math.max(n - 1, 2);
      continue;
    }
    if (chunk === 1) break; // every single event was needed
    n = Math.min(len, n * 2);
  }
  return { shrunk: current, steps, minimal: true };
}

/**
 * The streams both folds get, from the property generators: in every six, four rule-aimed streams
 * (short, each event aimed at a rule of the discard/abort table), one hostile stream (anything a
 * wire can carry) and one valid stream. Rule-aimed ones lead: they find a difference in a few
 * events, which keeps shrinking cheap when every comparison starts two processes.
 */
export function differentialStreams(seed: number, count: number): unknown[][] {
  const sixth = Math.ceil(count / 6);
  const aimed = fc.sample(ruleAimedStream(), { seed, numRuns: 4 * sixth });
  const hostile = fc.sample(hostileJsonStream(12), { seed: seed + 1, numRuns: sixth });
  const valid = fc.sample(
    validStream().map((v) => v.events),
    { seed: seed + 2, numRuns: sixth },
  );
  const out: unknown[][] = [];
  for (let i = 0; i < sixth; i++)
    out.push(aimed[4 * i]!, aimed[4 * i + 1]!, hostile[i]!, aimed[4 * i + 2]!, aimed[4 * i + 3]!, valid[i]!);
  return out.slice(0, count);
}

function pretty(output: CommandOutput): string {
  return "failure" in output ? `(no outcome) ${output.failure}` : JSON.stringify(output.outcome, null, 1);
}

/** Two texts in two columns, `a | b`, a `!` in the gutter where the lines differ. */
export function sideBySide(aTitle: string, a: string, bTitle: string, b: string, width = 60): string {
  const wrap = (t: string) =>
    t.split("\n").flatMap((l) => (l.length <= width ? [l] : l.match(new RegExp(`.{1,${width}}`, "g"))!));
  const left = [aTitle, "-".repeat(Math.min(width, aTitle.length)), ...wrap(a)];
  const right = [bTitle, "-".repeat(Math.min(width, bTitle.length)), ...wrap(b)];
  const rows: string[] = [];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const l = left[i] ?? "";
    const r = right[i] ?? "";
    rows.push(`${l.padEnd(width)} ${i >= 2 && l !== r ? "!" : "|"} ${r}`);
  }
  return rows.join("\n");
}

export function describeDisagreement(
  target: DifferentialTarget,
  c: Comparison,
  info: { seed: number; streamNo: number; original: number; steps: number; minimal?: boolean },
): string {
  const how =
    info.minimal === false
      ? `; the shrinking budget (${info.steps} comparisons) ran out, so it is smaller but not shown minimal`
      : "";
  return [
    `the folds disagree on generated stream ${info.streamNo} (seed ${info.seed}); shrunk from ${info.original} to ${c.events.length} event(s) in ${info.steps} comparison(s)${how}:`,
    ...c.events.map((e, i) => `  ${i}: ${JSON.stringify(e)}`),
    "",
    sideBySide(`A: ${target.a}`, pretty(c.a), `B: ${target.b}`, pretty(c.b)),
  ].join("\n");
}

export const differentialCheck: Check<DifferentialTarget> = {
  id: "frame-wire/differential/agree",
  title: "Two folds agree on generated streams",
  doc: "The same valid and hostile streams (fixed seed) fed to both fold commands give the same outcome, messages compared only where pinned. The first disagreement is shrunk to a minimal stream and shown side by side.",
  async run(target, ctx: CheckContext) {
    const streams = differentialStreams(ctx.seed, ctx.runs(24));
    const pairs = Math.max(1, Math.floor((target.concurrency ?? 4) / 2));
    // In batches, in order: the first disagreement (by stream number) is the one reported.
    for (let start = 0; start < streams.length; start += pairs) {
      const batch = streams.slice(start, start + pairs);
      const results = await mapLimit(batch, pairs, (s) => compareOn(target, s));
      ctx.cases += results.length;
      const k = results.findIndex((r) => r.differ);
      if (k < 0) continue;
      const found = results[k]!;
      const { shrunk, steps, minimal } = await shrinkDisagreement(target, found);
      throw new CheckFailure(
        describeDisagreement(target, shrunk, {
          seed: ctx.seed,
          streamNo: start + k,
          original: found.events.length,
          steps,
          minimal,
        }),
        {
          seed: ctx.seed,
          counterexample: {
            stream: shrunk.events,
            a: "failure" in shrunk.a ? shrunk.a : shrunk.a.outcome,
            b: "failure" in shrunk.b ? shrunk.b : shrunk.b.outcome,
          },
        },
      );
    }
  },
};

export const frameWireDifferentialSuite: Suite<DifferentialTarget> = {
  name: "frame-wire differential",
  description: "Two fold commands against each other on generated streams.",
  checks: [differentialCheck],
};
