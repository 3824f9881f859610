import { relative } from "node:path";
import { entryPath, type ContractEntry, type Registry } from "./registry.js";
import { loadDocument, type LoadedDocument } from "./load.js";
import { validateDocument } from "./validate.js";
import type { Problem } from "./problem.js";

export interface LoadedContract {
  entry: ContractEntry;
  doc: LoadedDocument;
  /** Load problems (unresolved refs) and meta-schema problems, paths relative to the registry. */
  problems: Problem[];
}

/** Loads a registered contract (or one of its history versions) and validates it. */
export async function loadContract(
  registry: Registry,
  entry: ContractEntry,
  entryFile: string = entry.entry,
): Promise<LoadedContract> {
  const { doc, problems } = await loadDocument(
    entryPath(registry, entryFile),
    registry.documentRoots?.get(entry.name) ?? registry.root,
  );
  problems.push(...validateDocument(entry.kind, doc));
  for (const p of problems) p.file = relative(process.cwd(), p.file) || p.file;
  return { entry, doc, problems };
}
