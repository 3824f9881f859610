/**
 * What a review command reads: registered contracts by name (from `--registry`, default the bundled
 * contracts/), or documents given as paths, each read inside its own folder (decision 330).
 */
import { documentRegistry, isDocumentArgument, loadRegistry, type Registry } from "../contracts/index.js";
import { UsageError } from "./context.js";

export interface Targets {
  registry: Registry;
  /** Contract names to restrict to (empty: all); always empty for documents. */
  names: string[];
  /** True when the arguments were documents. */
  documents: boolean;
}

export function resolveTargets(args: readonly string[], opts: { registry?: string; refRoot: string[] }): Targets {
  const docs = args.filter(isDocumentArgument);
  if (docs.length === 0)
    return { registry: loadRegistry(opts.registry, { refRoots: opts.refRoot }), names: [...args], documents: false };
  if (docs.length !== args.length)
    throw new UsageError(
      `give contract names or document paths, not both (${args.find((a) => !isDocumentArgument(a))} is a name, ${docs[0]} a document)`,
    );
  if (opts.registry !== undefined)
    throw new UsageError(
      "--registry names contracts by name; documents given as paths are read as they are (give one or the other)",
    );
  return { registry: documentRegistry(docs, opts.refRoot), names: [], documents: true };
}
