/**
 * Upstream's committed wright-agent/v1 schema (wrightkit/wright, two stored versions under
 * test/fixtures/upstream/wright-agent/) as a test oracle: a client team builds against upstream's
 * shapes, so our mock's results and our request validation are measured against them.
 *
 * Where the seed's prose is newer than every stored upstream version it wins; each such place is one
 * entry of PROSE_DIFFERENCES below — a replacement for one upstream definition, with the prose
 * sentence that requires it. docs/wright-agent.md carries the same table (a test keeps them equal).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

type Schema = Record<string, unknown>;
interface Doc {
  $defs: Record<string, Schema>;
  [k: string]: unknown;
}

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/upstream/wright-agent/${name}`, import.meta.url));
export const UPSTREAM_48499628: Doc = JSON.parse(readFileSync(fixture("wright-agent-v1.48499628.schema.json"), "utf8")) as Doc;
export const UPSTREAM_2901ED5: Doc = JSON.parse(readFileSync(fixture("wright-agent-v1.2901ed5.schema.json"), "utf8")) as Doc;

/** Operations both we and upstream have, with upstream's result definition (lookup only in 2901ed5). */
export const SHARED_RESULT_DEFS: Record<string, { version: "48499628" | "2901ed5"; def: string }> = Object.fromEntries([
  ...["capabilities", "compile", "check", "analyze", "inspect", "project", "rules", "symbols", "references", "usage", "cfg", "findings", "persistentObjects", "lint", "lintRules", "callGraph", "costEstimate", "targetMetadata", "validateEditTransaction", "providerValidateEdit"].map(
    (op) => [op, { version: "48499628" as const, def: `${op[0]!.toUpperCase()}${op.slice(1)}Result` }],
  ),
  ["lookup", { version: "2901ed5" as const, def: "LookupResult" }],
]);

export interface ProseDifference {
  /** The upstream definition (48499628 unless it says otherwise) this entry replaces or changes. */
  def: string;
  upstream: string;
  ours: string;
  /** The seed sentence that requires the difference (quoted from /work/shared/seeds). */
  prose: string;
  /** Replaces the definition when validating our results against upstream (undefined: request-side only). */
  schema?: Schema;
}

const ref = (def: string) => ({ $ref: `#/$defs/${def}` });
const nonNegative = { type: "integer", minimum: 0 };
/** The prose's default cap: a capped list becomes {items, truncation}. */
const capped = (item: Schema) => ({ anyOf: [{ type: "array", items: item }, { type: "object", required: ["items", "truncation"], properties: { items: { type: "array", items: item }, truncation: { type: "object" } } }] });
const listResult = (member: string, item: Schema, extra: Record<string, Schema> = {}, required: string[] = ["snapshot"]) => ({
  type: "object",
  required: [member, ...required],
  properties: { [member]: capped(item), snapshot: nonNegative, selection: ref("SelectionSummary"), ...extra },
});

export const PROSE_DIFFERENCES: ProseDifference[] = [];
export const UPSTREAM_DIFFERENCE_DEFS = (): Set<string> => new Set(PROSE_DIFFERENCES.map((d) => d.def));

function withDifferences(doc: Doc): Doc {
  const copy = structuredClone(doc);
  for (const d of PROSE_DIFFERENCES) if (d.schema) copy.$defs[d.def] = d.schema;
  return copy;
}

function ajvFor(doc: Doc): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...doc, $id: "urn:upstream:wright-agent" } as object);
  return ajv;
}

const ajvs = new Map<string, Ajv2020>();
function ajvOf(key: string): Ajv2020 {
  let a = ajvs.get(key);
  if (!a) {
    const [version, adjusted] = key.split(":");
    const doc = version === "2901ed5" ? UPSTREAM_2901ED5 : UPSTREAM_48499628;
    a = ajvFor(adjusted === "prose" ? withDifferences(doc) : doc);
    ajvs.set(key, a);
  }
  return a;
}

/** A validator for one upstream definition, as upstream wrote it or with the prose differences applied. */
export function upstreamValidator(def: string, options: { version?: "48499628" | "2901ed5"; prose?: boolean } = {}): ValidateFunction {
  const a = ajvOf(`${options.version ?? "48499628"}:${options.prose ? "prose" : "raw"}`);
  const v = a.getSchema(`urn:upstream:wright-agent#/$defs/${def}`);
  if (!v) throw new Error(`upstream has no definition ${def}`);
  return v;
}

/** Upstream's result definition for an operation, or undefined when upstream has no such operation. */
export function upstreamResultValidator(op: string, options: { prose?: boolean } = {}): ValidateFunction | undefined {
  const shared = SHARED_RESULT_DEFS[op];
  return shared && upstreamValidator(shared.def, { version: shared.version, prose: options.prose ?? false });
}
