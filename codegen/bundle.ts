/**
 * The bundler lives below codegen and review (src/schema), which both use it; codegen keeps its import
 * path. `readContract` is what the generators start from: the bundle with every schema read into
 * 2020-12 the way the review reads it (OpenAPI 3.0's `nullable` and boolean bounds, draft-07 tuples).
 */
import type { LoadedContract } from "../src/contracts/index.js";
import { buildBundle, type MethodInfo, type OperationInfo, type SchemaBundle } from "../src/schema/bundle.js";
import { normalizeBundle, normalizeState } from "../src/schema/dialect.js";

export * from "../src/schema/bundle.js";

export interface ReadContract {
  bundle: SchemaBundle;
  methods: MethodInfo[];
  operations: OperationInfo[];
}

export function readContract(contract: LoadedContract): ReadContract {
  const { bundle, methods, operations } = buildBundle(contract);
  const read = normalizeBundle(bundle, normalizeState(contract.entry.kind, contract.doc.root));
  return { bundle: read.bundle, methods, operations };
}
