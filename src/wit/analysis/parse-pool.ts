/**
 * Parsing a cold tree on every core (decision 147): a cold scan of 10,000 files is mostly
 * tree-sitter parses and fact extraction, which are pure functions of (language, content). The
 * pool runs them in worker threads (parse-worker.ts), one per core (at most 4), each given its
 * share of the batches up front; results are the same facts the analyzer's own thread computes.
 *
 * The pool is an optimisation only: no worker (the compiled worker file is absent, as when the
 * sources run under a TypeScript loader, or a worker cannot start or dies) means the contents are
 * parsed on the calling thread, with the same result. Workers are started for a cold scan and
 * stopped when it is done, so an idle daemon holds no extra threads.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { extractFacts } from "./extract.js";
import type { FileFacts } from "./facts.js";
import type { LanguageId } from "./languages.js";
import { PARSE_WORKER_TAG, type ParseBatch, type ParseBatchResult } from "./parse-worker.js";
import type { Grammars } from "./runtime.js";

/** Below this many contents a pool is not worth its start-up (each worker loads four grammars). */
export const MIN_POOL_ITEMS = 64;
const BATCH = 32;

export interface ParseItem {
  language: LanguageId;
  text: string;
}

function workerFile(): string | null {
  const file = fileURLToPath(new URL("./parse-worker.js", import.meta.url));
  return existsSync(file) ? file : null;
}

/** How many workers a scan of `items` contents gets: one per core, at most 4, none for few items. */
export function poolSize(items: number): number {
  if (items < MIN_POOL_ITEMS) return 0;
  return Math.max(0, Math.min(4, availableParallelism(), Math.ceil(items / (BATCH * 2))));
}

/**
 * Facts of every item, in order. `log` hears why workers were not used (once per call).
 * Never rejects for a worker's sake: whatever a worker could not do is parsed here.
 */
export async function parseAll(grammars: Grammars, items: readonly ParseItem[], log: (m: string) => void = () => undefined): Promise<FileFacts[]> {
  const out: (FileFacts | undefined)[] = new Array(items.length);
  const size = poolSize(items.length);
  const file = size > 0 ? workerFile() : null;
  const local = (from: number, to: number) => {
    for (let i = from; i < to; i++) out[i] ??= extractFacts(grammars, items[i]!.language, items[i]!.text);
  };
  if (!file) {
    await parseHereYielding(local, items.length);
    return out as FileFacts[];
  }
  // Every worker gets its share of the batches at once (round robin), so it never waits for this
  // thread to hand it the next one; this thread only collects, and stays free to answer requests.
  const shares: [number, number][][] = Array.from({ length: size }, () => []);
  for (let from = 0, k = 0; from < items.length; from += BATCH, k++) shares[k % size]!.push([from, Math.min(items.length, from + BATCH)]);
  const runWorker = (share: [number, number][]): Promise<void> =>
    new Promise<void>((resolve) => {
      let worker: Worker;
      try {
        worker = new Worker(file, { workerData: { tag: PARSE_WORKER_TAG } });
      } catch (e) {
        log(`analysis: no parse worker (${(e as Error).message}); parsing on the daemon's thread`);
        return resolve();
      }
      let pending = share.length;
      let done = false;
      const finish = (failed: boolean) => {
        if (done) return;
        done = true;
        if (failed) log("analysis: a parse worker failed; its files are parsed on the daemon's thread");
        void worker.terminate();
        resolve();
      };
      worker.on("message", (m: ParseBatchResult & { error?: string }) => {
        if (m.error !== undefined) return finish(true);
        m.facts.forEach((f, i) => (out[m.id + i] = f));
        if (--pending === 0) finish(false);
      });
      worker.on("error", () => finish(true));
      worker.on("exit", () => finish(pending > 0));
      if (pending === 0) return finish(false);
      for (const [from, to] of share) {
        const batch: ParseBatch = { id: from, items: items.slice(from, to).map((i) => ({ language: i.language, text: i.text })) };
        worker.postMessage(batch);
      }
    });
  await Promise.all(shares.map(runWorker));
  // Whatever no worker delivered (none could start, or one failed) is parsed here.
  await parseHereYielding(local, items.length);
  return out as FileFacts[];
}

/** Parses on this thread in slices, yielding between them so the daemon keeps answering. */
async function parseHereYielding(local: (from: number, to: number) => void, n: number): Promise<void> {
  for (let from = 0; from < n; from += BATCH) {
    local(from, Math.min(n, from + BATCH));
    if (from + BATCH < n) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
