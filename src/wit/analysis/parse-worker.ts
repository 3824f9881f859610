/**
 * A worker thread of the parse pool (parse-pool.ts): loads tree-sitter once, then answers each
 * batch of contents with their facts. The same extraction as the daemon's own thread, so the
 * facts are identical wherever they were computed. Only runs as a worker (never on import).
 */
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { extractFacts } from "./extract.js";
import type { FileFacts } from "./facts.js";
import type { LanguageId } from "./languages.js";
import { loadGrammars } from "./runtime.js";

export const PARSE_WORKER_TAG = "wit-parse-worker";

export interface ParseBatch {
  id: number;
  items: { language: LanguageId; text: string }[];
}

export interface ParseBatchResult {
  id: number;
  facts: FileFacts[];
}

if (!isMainThread && parentPort && (workerData as { tag?: string } | null)?.tag === PARSE_WORKER_TAG) {
  const port = parentPort;
  const grammars = loadGrammars();
  port.on("message", (batch: ParseBatch) => {
    void grammars.then(
      (g) => port.postMessage({ id: batch.id, facts: batch.items.map((i) => extractFacts(g, i.language, i.text)) } satisfies ParseBatchResult),
      (e: unknown) => port.postMessage({ id: batch.id, error: (e as Error).message }),
    );
  });
}
