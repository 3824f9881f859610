/**
 * Parsing a cold tree on every core (decision 147): a cold scan of 10,000 files is mostly
 * tree-sitter parses and fact extraction, which are pure functions of (language, content). The
 * pool runs them in worker threads (parse-worker.ts), one per core (at most 4), and on the
 * analyzer's own thread between its other work; results are the same facts either way.
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
  let next = 0;
  const take = (): [number, number] | null => {
    if (next >= items.length) return null;
    const from = next;
    next = Math.min(items.length, next + BATCH);
    return [from, next];
  };
  const runWorker = async (): Promise<void> => {
    let worker: Worker;
    try {
      worker = new Worker(file, { workerData: { tag: PARSE_WORKER_TAG } });
    } catch (e) {
      log(`analysis: no parse worker (${(e as Error).message}); parsing on the daemon's thread`);
      return;
    }
    try {
      for (let range = take(); range; range = take()) {
        const [from, to] = range;
        const batch: ParseBatch = { id: from, items: items.slice(from, to).map((i) => ({ language: i.language, text: i.text })) };
        const result = await new Promise<ParseBatchResult | null>((resolve) => {
          const onMessage = (m: ParseBatchResult & { error?: string }) => {
            cleanup();
            resolve(m.error === undefined ? m : null);
          };
          const onGone = () => {
            cleanup();
            resolve(null);
          };
          const cleanup = () => {
            worker.off("message", onMessage);
            worker.off("error", onGone);
            worker.off("exit", onGone);
          };
          worker.on("message", onMessage);
          worker.on("error", onGone);
          worker.on("exit", onGone);
          worker.postMessage(batch);
        });
        if (!result) {
          log("analysis: a parse worker failed; its files are parsed on the daemon's thread");
          local(from, to);
          return;
        }
        result.facts.forEach((f, i) => (out[from + i] = f));
      }
    } finally {
      void worker.terminate();
    }
  };
  // The calling thread takes batches too (yielding between them, so the daemon keeps answering):
  // it would otherwise only wait, and a busy machine shares its cores per thread.
  const runHere = async (): Promise<void> => {
    for (let range = take(); range; range = take()) {
      local(range[0], range[1]);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  await Promise.all([...Array.from({ length: size }, runWorker), runHere()]);
  // Anything no worker took (none could start) is parsed here.
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
