/**
 * The types are generated on a second thread while the validators are compiled on the first
 * (decision 341): on a 4 MB description (Stripe) each is seconds of work and neither reads the
 * other's output. The worker runs this module's compiled JavaScript; run from the TypeScript sources
 * (tsx, vitest) there is no such file for a worker to load, and the types are generated on the
 * calling thread instead — the same function on the same bundle, so the same bytes.
 */
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { SchemaBundle } from "./bundle.js";

const TASK = "contract-suite gen: types";

interface Task {
  task: typeof TASK;
  bundle: SchemaBundle;
  rootName: string;
}
type Answer = { ts: string } | { error: string };

/** generateTypes(bundle, rootName), on a worker thread when this module runs as JavaScript. */
export async function generateTypesAside(bundle: SchemaBundle, rootName: string): Promise<string> {
  const self = fileURLToPath(import.meta.url);
  if (!self.endsWith(".js")) return (await import("./types.js")).generateTypes(bundle, rootName);
  const task: Task = { task: TASK, bundle, rootName };
  return new Promise<string>((resolve, reject) => {
    const worker = new Worker(self, { workerData: task });
    worker.once("message", (a: Answer) => ("ts" in a ? resolve(a.ts) : reject(new Error(a.error))));
    worker.once("error", reject);
    // After an answer this settles nothing; without one (the thread died) it is the failure.
    worker.once("exit", (code) => reject(new Error(`the types thread stopped (exit ${code}) without an answer`)));
  });
}

if (!isMainThread && (workerData as Partial<Task> | null)?.task === TASK) {
  const { bundle, rootName } = workerData as Task;
  import("./types.js")
    .then(({ generateTypes }) => generateTypes(bundle, rootName))
    .then(
      (ts) => parentPort!.postMessage({ ts } satisfies Answer),
      (e: unknown) => parentPort!.postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies Answer),
    );
}
